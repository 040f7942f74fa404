import type { ConsignerVehicle } from '@bhada/contracts/operations/operations';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../../lib/i18n.ts';
import { storage } from '../../../../lib/storage.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { ok, renderApp } from '../../../../test/render.tsx';
import { ConsignerVehiclesPage } from './consigner-vehicles-page.tsx';

const server = setupMswServer();

const vehicle = (n: number): ConsignerVehicle => ({
  vNo: `RJ14GB${String(1000 + n)}`,
  vId: `VEH-${n}`,
  operatorId: 'OP1',
  operatorName: 'Shree Balaji Roadlines',
  tripId: `TRP-${n}`,
  tripState: n % 2 ? 'IN_TRANSIT' : 'COMPLETED',
  originCity: 'Jaipur',
  destinationCity: 'Delhi',
  tripCount: 1,
  lastLocation: { lat: 26.9, lng: 75.8, city: 'Jaipur', at: null },
  lastTripAt: '2026-11-20T05:00:00.000Z',
});
const all = Array.from({ length: 23 }, (_, i) => vehicle(i + 1));

/** A fake server that pages and filters like the real one, and records what it was asked. */
const asked: URLSearchParams[] = [];
function serve(status = 200) {
  server.use(
    mswHttp.get('*/api/vehicle/getFilters', () =>
      HttpResponse.json(
        ok({ states: ['COMPLETED', 'IN_TRANSIT'], lanes: [{ code: 'Jaipur|Delhi', label: 'Jaipur → Delhi' }], operators: [] }),
      ),
    ),
    mswHttp.get('*/api/vehicle/getConsignerVehicles', ({ request }) => {
      const q = new URL(request.url).searchParams;
      asked.push(q);
      if (status !== 200) return HttpResponse.json({ success: false, message: 'down', errorCode: 'INTERNAL' }, { status });
      const pageNo = Number(q.get('pageNo') ?? 0);
      const pageSize = Number(q.get('pageSize') ?? 10);
      const state = q.get('state');
      const rows = state ? all.filter((v) => v.tripState === state) : all;
      return HttpResponse.json(
        ok({
          list: rows.slice(pageNo * pageSize, (pageNo + 1) * pageSize),
          pageNo,
          pageSize,
          totalCount: rows.length,
          totalPages: Math.ceil(rows.length / pageSize),
        }),
      );
    }),
  );
}

beforeEach(async () => {
  asked.length = 0;
  await setLanguage('en');
  storage.set('accessToken', 'tok');
});

describe('consigner vehicles', () => {
  it('pages through the vehicles ten at a time', async () => {
    serve();
    renderApp(<ConsignerVehiclesPage />);
    expect(await screen.findByTestId('vehicle-count')).toHaveTextContent('23 vehicles');
    expect(screen.getAllByTestId('consigner-vehicle')).toHaveLength(10);
    expect(asked[0]?.get('pageSize')).toBe('10');
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() => expect(screen.getAllByTestId('consigner-vehicle')).toHaveLength(3));
    expect(screen.getByText('RJ14GB1023')).toBeInTheDocument();
  });

  it('filters by trip state and starts again at the first page', async () => {
    serve();
    const { user } = renderApp(<ConsignerVehiclesPage />);
    await screen.findByTestId('vehicle-count');
    await user.click(screen.getByRole('combobox', { name: 'Trip state' }));
    await user.click(await screen.findByRole('option', { name: 'Completed' }));
    await waitFor(() => expect(screen.getByTestId('vehicle-count')).toHaveTextContent('11 vehicles'));
    expect(asked.at(-1)?.get('state')).toBe('COMPLETED');
    expect(asked.at(-1)?.get('pageNo')).toBe('0');
  });

  it("shows the spec's message when the vehicles cannot be fetched", async () => {
    serve(500);
    renderApp(<ConsignerVehiclesPage />);
    expect(await screen.findByText('Error in fetching consigner vehicles.', {}, { timeout: 8000 })).toBeInTheDocument();
  });
});
