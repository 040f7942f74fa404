import type { TripBalance } from '@bhada/contracts/money/payments';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../../lib/i18n.ts';
import { createQueryClient } from '../../../../lib/query-client.ts';
import { storage } from '../../../../lib/storage.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { ok, renderApp } from '../../../../test/render.tsx';
import { ConsignerTripsPage } from './consigner-trips-page.tsx';

const server = setupMswServer();

const trip = (tripId: string, overrides: Partial<TripBalance> = {}): TripBalance => ({
  tripId,
  demandId: `D-${tripId}`,
  vehicleNumber: 'RJ14GB1234',
  originCity: 'Jaipur',
  destinationCity: 'Delhi',
  state: 'IN_TRANSIT',
  createdAt: '2026-11-20T05:00:00.000Z',
  freightInPaisa: 4_500_000,
  tdsInPaisa: 45_000,
  paidInPaisa: 0,
  pendingInPaisa: 0,
  balanceInPaisa: 4_455_000,
  ...overrides,
});

function answer(balances: TripBalance[], status = 200, creditInPaisa = 0) {
  server.use(
    mswHttp.get('*/api/consigner/balance/trip', () =>
      status === 200
        ? HttpResponse.json(
            ok({
              userCode: 'CN1',
              balances,
              totalBalanceInPaisa: balances.reduce((s, b) => s + b.balanceInPaisa, 0),
              tdsAmount: balances.reduce((s, b) => s + b.tdsInPaisa, 0),
              creditInPaisa,
            }),
          )
        : HttpResponse.json({ success: false, message: 'Server is down', errorCode: 'INTERNAL' }, { status }),
    ),
  );
}

beforeEach(async () => {
  await setLanguage('en');
  storage.set('accessToken', 'tok');
});

describe('consigner trips with what is due', () => {
  it('shows money paid beyond a due as the consigner’s credit, and no credit note when there is none', async () => {
    answer([trip('TRP1')], 200, 1_683_000);
    const { unmount } = renderApp(<ConsignerTripsPage />);
    expect(await screen.findByTestId('consigner-credit')).toHaveTextContent(
      '₹16,830 paid beyond what a trip was due is kept as your credit',
    );
    unmount();
    answer([trip('TRP1')]);
    renderApp(<ConsignerTripsPage />);
    expect(await screen.findByTestId('total-due')).toBeInTheDocument();
    expect(screen.queryByTestId('consigner-credit')).toBeNull();
  });

  it('shows the total due, the TDS, and a card per trip with Pay only where something is due', async () => {
    answer([
      trip('TRP1'),
      trip('TRP2', { state: 'COMPLETED', paidInPaisa: 4_455_000, balanceInPaisa: 0 }),
      trip('TRP3', { pendingInPaisa: 4_455_000, balanceInPaisa: 0 }),
    ]);
    renderApp(<ConsignerTripsPage />);
    expect(await screen.findByTestId('total-due')).toHaveTextContent('₹44,550');
    expect(screen.getByText('₹1,350')).toBeInTheDocument(); // 3 × ₹450 TDS

    const due = within(screen.getByTestId('trip-TRP1'));
    expect(due.getByText('In transit')).toBeInTheDocument();
    expect(due.getByRole('link', { name: 'Pay' })).toHaveAttribute('href', '/portal/consigner/trips/TRP1/pay');

    const paid = within(screen.getByTestId('trip-TRP2'));
    expect(paid.getByText('Paid in full')).toBeInTheDocument();
    expect(paid.queryByRole('link', { name: 'Pay' })).not.toBeInTheDocument();

    const atBank = within(screen.getByTestId('trip-TRP3'));
    expect(atBank.getByText('Payment at the bank')).toBeInTheDocument();
    expect(atBank.queryByRole('link', { name: 'Pay' })).not.toBeInTheDocument();
  });

  it('says when there are no trips yet', async () => {
    answer([]);
    renderApp(<ConsignerTripsPage />);
    expect(await screen.findByText(/No trips yet/)).toBeInTheDocument();
  });

  it('shows the error with Try again when the list fails', async () => {
    answer([], 500);
    const queryClient = createQueryClient();
    queryClient.setDefaultOptions({ queries: { retry: false } });
    renderApp(<ConsignerTripsPage />, { queryClient });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('reads in Hindi', async () => {
    await setLanguage('hi');
    answer([trip('TRP1')]);
    renderApp(<ConsignerTripsPage />);
    expect(await screen.findByText('कुल बकाया')).toBeInTheDocument();
    expect(screen.getByText('रास्ते में')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'भुगतान करें' })).toBeInTheDocument();
  });
});
