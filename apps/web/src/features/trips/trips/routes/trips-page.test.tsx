import { TRIP_FILTERS } from '@bhada/contracts/trips/trips';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../../lib/i18n.ts';
import { storage } from '../../../../lib/storage.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { ok, renderApp } from '../../../../test/render.tsx';
import TripsPage from './trips-page.tsx';

const server = setupMswServer();

const trip = (id: string, state: string) => ({
  tripId: id,
  demandId: `D-${id}`,
  state,
  originCity: 'Jaipur',
  destinationCity: 'Delhi',
  vehicleId: 'V1',
  vehicleNumber: 'RJ14TA1234',
  driverName: 'Ramesh Yadav',
  driverNumber: '9812345678',
  consignerName: 'Hindustan Cement Works',
  agreedPriceInPaisa: 4_500_000,
  tokenAmountInPaisa: 200_000,
  createdAt: '2026-11-20T10:00:00Z',
  updatedAt: '2026-11-20T10:00:00Z',
});

describe('trips page', () => {
  beforeEach(async () => {
    await setLanguage('en');
    window.localStorage.clear();
    storage.setMany({ accessToken: 'tok', menuType: 'OPERATOR' });
    server.use(
      mswHttp.get('*/api/rest/tesseract/v1/trip/trip-state-filter', ({ request }) => {
        const selected = new URL(request.url).searchParams.get('selected');
        return HttpResponse.json(
          ok({
            filters: TRIP_FILTERS.map((f) => ({ key: f.key, label: f.label, labelHi: f.labelHi, selected: f.key === selected, count: 1 })),
          }),
        );
      }),
      mswHttp.get('*/api/rest/tesseract/v1/trip', ({ request }) => {
        const filter = new URL(request.url).searchParams.get('filter');
        const trips = filter === 'COMPLETED' ? [trip('T2', 'COMPLETED')] : [trip('T1', 'IN_TRANSIT')];
        return HttpResponse.json(ok({ trips, pageNo: 0, totalPageCount: 1, totalCount: 1 }));
      }),
    );
  });

  it('selecting a filter deselects the others and the choice survives a reload', async () => {
    const first = renderApp(<TripsPage />);
    expect(await screen.findByText('In transit')).toBeInTheDocument();
    const completed = await screen.findByRole('radio', { name: /Completed/ });
    await first.user.click(completed);
    await waitFor(() => expect(screen.getByRole('radio', { name: /Completed/ })).toBeChecked());
    expect(screen.getByRole('radio', { name: /Active/ })).not.toBeChecked();
    expect(await screen.findByText('Completed', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    first.unmount();

    renderApp(<TripsPage />);
    await waitFor(() => expect(screen.getByRole('radio', { name: /Completed/ })).toBeChecked());
    expect(screen.getAllByRole('radio').filter((r) => (r as HTMLInputElement).checked)).toHaveLength(1);
  });
});
