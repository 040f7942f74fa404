import type { PaymentInfo, TripBalance } from '@bhada/contracts/money/payments';
import { DEFAULT_PSP_MODES } from '@bhada/contracts/money/payments';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http as mswHttp } from 'msw';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../../lib/i18n.ts';
import { createQueryClient } from '../../../../lib/query-client.ts';
import { storage } from '../../../../lib/storage.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { LocationProbe, ok, TestProviders } from '../../../../test/render.tsx';
import ConsignerTripPayPage from './consigner-trip-pay-page.tsx';

const server = setupMswServer();

const trip = (overrides: Partial<TripBalance> = {}): TripBalance => ({
  tripId: 'TRP1',
  demandId: 'DEM1',
  vehicleNumber: 'RJ14GB1234',
  originCity: 'Jaipur',
  destinationCity: 'Delhi',
  state: 'IN_TRANSIT',
  createdAt: '2026-11-20T05:00:00.000Z',
  freightInPaisa: 4_500_000,
  tdsInPaisa: 45_000,
  paidInPaisa: 1_000_000,
  pendingInPaisa: 0,
  balanceInPaisa: 3_455_000,
  ...overrides,
});

const info: PaymentInfo = {
  amount: 1000,
  merchantId: 'MID1',
  transactionCode: 'BHD5',
  checkSumHash: 'tok',
  customerId: 'CN1',
  pspModes: DEFAULT_PSP_MODES,
  host: '/api/sandbox/pg',
  expiresAt: new Date(Date.now() + 900_000).toISOString(),
};

function StateProbe() {
  return <output data-testid="state">{JSON.stringify(useLocation().state ?? null)}</output>;
}

function renderPage(balances: TripBalance[]) {
  const orders: unknown[] = [];
  server.use(
    mswHttp.get('*/api/consigner/balance/trip', () =>
      HttpResponse.json(ok({ userCode: 'CN1', balances, totalBalanceInPaisa: 0, tdsAmount: 0, creditInPaisa: 0 })),
    ),
    mswHttp.post('*/api/consigner/pay/create-order', async ({ request }) => {
      orders.push(await request.json());
      return HttpResponse.json(ok({ ...info, mid: 'MID1', orderId: 'BHD5', amountInPaisa: 100_000 }));
    }),
  );
  const user = userEvent.setup();
  render(
    <TestProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={['/portal/consigner/trips/TRP1/pay']}>
        <LocationProbe />
        <StateProbe />
        <Routes>
          <Route path="/portal/consigner/trips/:tripId/pay" element={<ConsignerTripPayPage />} />
          <Route path="*" element={null} />
        </Routes>
      </MemoryRouter>
    </TestProviders>,
  );
  return { user, orders };
}

beforeEach(async () => {
  await setLanguage('en');
  storage.set('accessToken', 'tok');
  storage.set('referralUrl', null);
});

describe('consigner trip payment page', () => {
  it('shows freight, TDS, paid and the balance due, with the whole balance filled in', async () => {
    renderPage([trip()]);
    expect(await screen.findByText('Jaipur → Delhi')).toBeInTheDocument();
    expect(screen.getByText('₹45,000.00')).toBeInTheDocument();
    expect(screen.getByText('− ₹450.00')).toBeInTheDocument();
    expect(screen.getByText('− ₹10,000.00')).toBeInTheDocument();
    expect(screen.getByTestId('trip-due')).toHaveTextContent('₹34,550.00');
    expect(screen.getByLabelText('Amount to pay (₹)')).toHaveValue('34550');
  });

  it('nothing paid yet reads − ₹0.00, never -₹0', async () => {
    renderPage([trip({ paidInPaisa: 0, balanceInPaisa: 4_455_000 })]);
    expect(await screen.findByText('− ₹0.00')).toBeInTheDocument();
    expect(screen.queryByText(/-₹0/)).not.toBeInTheDocument();
  });

  it('shows every amount as the checkout does: Indian grouping and always two decimals', async () => {
    renderPage([trip({ freightInPaisa: 10_001_990, tdsInPaisa: 1_990, paidInPaisa: 0, pendingInPaisa: 0, balanceInPaisa: 10_000_000 })]);
    expect(await screen.findByText('₹1,00,019.90')).toBeInTheDocument();
    expect(screen.getByText('− ₹19.90')).toBeInTheDocument();
    expect(screen.getByTestId('trip-due')).toHaveTextContent(/^₹1,00,000\.00$/);
  });

  it.each([
    ['', 'Invalid amount'],
    ['abc', 'Invalid amount'],
    ['0', 'Invalid amount'],
    ['12.345', 'Invalid amount'],
    ['34550.01', 'Amount is more than the balance due'],
  ])('%j → %s, and no order is requested', async (value, message) => {
    const { user, orders } = renderPage([trip()]);
    const input = await screen.findByLabelText('Amount to pay (₹)');
    await user.clear(input);
    if (value) await user.type(input, value);
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(orders).toEqual([]);
  });

  it('a part payment creates the order in paisa, remembers the trips page and opens the checkout for a trip', async () => {
    const { user, orders } = renderPage([trip()]);
    const input = await screen.findByLabelText('Amount to pay (₹)');
    await user.clear(input);
    await user.type(input, '1000.50');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/portal/payment'));
    expect(orders).toEqual([{ tripId: 'TRP1', amountInPaisa: 100_050 }]);
    expect(storage.get('referralUrl')).toBe('/portal/consigner/trips');
    expect(screen.getByTestId('state')).toHaveTextContent('"purpose":"CONSIGNER_TRIP"');
    expect(screen.getByTestId('state')).toHaveTextContent('"transactionCode":"BHD5"');
  });

  it('a server refusal shows its message in place', async () => {
    const { user } = renderPage([trip()]);
    server.use(
      mswHttp.post('*/api/consigner/pay/create-order', () =>
        HttpResponse.json({ success: false, message: 'Amount is more than the balance due', errorCode: 'BAD_REQUEST' }, { status: 400 }),
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Amount is more than the balance due');
    expect(screen.getAllByText('Amount is more than the balance due')).toHaveLength(1);
  });

  it('a trip with nothing due says so and offers no payment', async () => {
    renderPage([trip({ paidInPaisa: 4_455_000, balanceInPaisa: 0 })]);
    expect(await screen.findByText('Nothing is due on this trip.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue to payment' })).not.toBeInTheDocument();
  });

  it('a trip that is not in the account says so', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPage([]);
    expect(await screen.findByText('This trip is not in your account.')).toBeInTheDocument();
  });

  it('reads in Hindi', async () => {
    await setLanguage('hi');
    renderPage([trip()]);
    expect(await screen.findByText('बकाया राशि')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'भुगतान के लिए आगे बढ़ें' })).toBeInTheDocument();
  });
});
