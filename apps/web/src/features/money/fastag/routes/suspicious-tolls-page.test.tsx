import type { TollFlagRow, TollFlagsResponse } from '@bhada/contracts/money/fastag';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../../lib/i18n.ts';
import { storage } from '../../../../lib/storage.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { ok, renderApp } from '../../../../test/render.tsx';
import SuspiciousTollsPage from './suspicious-tolls-page.tsx';

const server = setupMswServer();

const far: TollFlagRow = {
  id: 'TFL1',
  txnId: 'FTX1',
  vehicleId: 'VEH-1',
  vehicleNumber: 'RJ14GA1234',
  kind: 'FAR_FROM_PLAZA',
  state: 'OPEN',
  plaza: 'Kherki Daula Toll Plaza (NH48)',
  occurredAt: '2026-11-01T18:30:00Z',
  amountPaisa: 41_500,
  atStakePaisa: 41_500,
  recoveredPaisa: 0,
  evidence: {
    plaza: 'Kherki Daula Toll Plaza (NH48)',
    plazaPosition: { lat: 28.396, lng: 76.987, source: 'DATASET' },
    positions: [{ at: '2026-11-01T18:26:00Z', lat: 26.91, lng: 75.78, km: 228.4, minutesFromRead: -4 }],
    boundKm: 25,
  },
  dismissedReason: null,
  ticketId: null,
  dispute: { opensAt: '2026-11-16T18:30:00Z', closesAt: '2027-01-30T18:30:00Z', status: 'OPEN' },
};
const waiting: TollFlagRow = {
  ...far,
  id: 'TFL2',
  txnId: 'FTX2',
  kind: 'DOUBLE_READ',
  occurredAt: '2026-12-03T10:00:00Z',
  atStakePaisa: 12_34_500,
  evidence: { otherRead: { txnId: 'FTX0', at: '2026-12-03T09:50:00Z', amountPaisa: 41_500, minutesApart: 10, laneDirection: null } },
  dispute: { opensAt: '2026-12-18T10:00:00Z', closesAt: '2027-03-03T10:00:00Z', status: 'WAIT' },
};
const answer = (list: TollFlagRow[]): TollFlagsResponse => ({
  list,
  totalCount: list.length,
  totals: {
    atStakePaisa: list.reduce((a, f) => a + f.atStakePaisa, 0),
    recoveredPaisa: 20_000,
    byKind: [],
  },
});

describe('Suspicious tolls page', () => {
  beforeEach(async () => {
    await setLanguage('en');
    storage.setMany({ accessToken: 'tok-owner', menuType: 'OPERATOR', name: 'Ravi' });
  });

  it('shows the money at stake in Indian grouping, the evidence, and when each toll may be disputed; one tap disputes', async () => {
    let disputed = '';
    server.use(
      mswHttp.get('*/api/fastag/tollFlags', () => HttpResponse.json(ok(answer([far, waiting])))),
      mswHttp.post('*/api/fastag/tollFlags/:id/dispute', ({ params }) => {
        disputed = String(params.id);
        return HttpResponse.json(ok({ ticketId: 'TKT1', ticket: 1, created: true, flag: { ...far, state: 'DISPUTED', ticketId: 'TKT1' } }));
      }),
    );
    const { user } = renderApp(<SuspiciousTollsPage />, { route: '/portal/fastag/suspicious' });
    await waitFor(() => expect(screen.getByTestId('at-stake')).toHaveTextContent('₹12,760'));
    expect(screen.getByTestId('recovered')).toHaveTextContent('₹200');
    const farCard = await screen.findByRole('article', { name: 'RJ14GA1234: Truck was far from the plaza' });
    expect(within(farCard).getByText('Truck 228.4 km from the plaza, -4 min from the read')).toBeInTheDocument();
    // read at 18:30 UTC is midnight in India
    expect(within(farCard).getByText('Read 02 Nov 2026, 12:00 AM')).toBeInTheDocument();
    const waitCard = screen.getByRole('article', { name: 'RJ14GA1234: Charged twice at one plaza' });
    expect(within(waitCard).getByText('Can be disputed from 18 Dec 2026')).toBeInTheDocument();
    expect(within(waitCard).getByRole('button', { name: 'Dispute' })).toBeDisabled();
    await user.click(within(farCard).getByRole('button', { name: 'Dispute' }));
    await waitFor(() => expect(disputed).toBe('TFL1'));
    expect(await screen.findByText('Dispute raised with the evidence')).toBeInTheDocument();
  });

  it('shows the empty state, and the error state when the list fails', async () => {
    server.use(mswHttp.get('*/api/fastag/tollFlags', () => HttpResponse.json(ok(answer([])))));
    const first = renderApp(<SuspiciousTollsPage />, { route: '/portal/fastag/suspicious' });
    expect(await screen.findByText('No suspicious tolls. Every toll matched its trip.')).toBeInTheDocument();
    first.unmount();
    server.use(
      mswHttp.get('*/api/fastag/tollFlags', () =>
        HttpResponse.json({ success: false, message: 'Something went wrong', errorCode: 'INTERNAL' }, { status: 500 }),
      ),
    );
    renderApp(<SuspiciousTollsPage />, { route: '/portal/fastag/suspicious' });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('speaks Hindi on a Hindi screen', async () => {
    await setLanguage('hi');
    server.use(mswHttp.get('*/api/fastag/tollFlags', () => HttpResponse.json(ok(answer([far])))));
    renderApp(<SuspiciousTollsPage />, { route: '/portal/fastag/suspicious' });
    expect(await screen.findByRole('heading', { name: 'संदिग्ध टोल' })).toBeInTheDocument();
    expect((await screen.findAllByText('ट्रक टोल प्लाज़ा से दूर था')).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'शिकायत करें' })).toBeInTheDocument();
  });
});
