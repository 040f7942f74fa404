import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../../lib/i18n.ts';
import { storage } from '../../../../lib/storage.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { ok, renderApp } from '../../../../test/render.tsx';
import PlacesPage from './places-page.tsx';

const server = setupMswServer();
const mundra = {
  placeId: 'PL028',
  name: 'Mundra Port',
  address: 'Adani Ports, Mundra, Kutch 370421',
  city: 'Mundra',
  state: 'Gujarat',
  addressType: 'PORT',
  location: { lat: 22.8395, lng: 69.7216 },
};

describe('places', () => {
  beforeEach(async () => {
    await setLanguage('en');
    storage.setMany({ accessToken: 'tok-op', menuType: 'OPERATOR', operatorId: 'OP1' });
  });

  it('searches, saves the picked place under a name and records the selection', async () => {
    const saved: Array<Record<string, unknown>> = [];
    const selections: unknown[] = [];
    server.use(
      mswHttp.get('*/api/odin/v2/map/app/search', ({ request }) =>
        HttpResponse.json(ok(new URL(request.url).searchParams.get('text') === 'mun' ? [mundra] : [])),
      ),
      mswHttp.get('*/api/odin/v2/map/app/saved-places', () =>
        HttpResponse.json(
          ok(saved.map((s, i) => ({ id: `SP${i}`, placeId: 'PL028', city: 'Mundra', createdAt: '2026-11-24T00:00:00.000Z', ...s }))),
        ),
      ),
      mswHttp.post('*/api/odin/v2/map/app/selection', async ({ request }) => {
        selections.push(await request.json());
        return HttpResponse.json(ok({ recorded: true }));
      }),
      mswHttp.post('*/api/odin/v2/map/app/saved-places', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        saved.push(body);
        return HttpResponse.json(ok({ id: 'SP0', createdAt: '2026-11-24T00:00:00.000Z', placeId: 'PL028', city: 'Mundra', ...body }));
      }),
    );
    const { user } = renderApp(<PlacesPage />);
    expect(await screen.findByText(/No saved places yet/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Find a place'), 'mun');
    await user.click(await screen.findByRole('button', { name: /Mundra Port/ }, { timeout: 3000 }));
    const name = screen.getByLabelText('Save as');
    await user.clear(name);
    await user.type(name, 'Mundra CFS gate');
    await user.click(screen.getByRole('button', { name: 'Save place' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ placeName: 'Mundra CFS gate', placeLat: 22.8395, placeLng: 69.7216, placeId: 'PL028' });
    expect(selections).toEqual([{ placeId: 'PL028', text: 'mun', source: 'SEARCH' }]);
    expect(await screen.findByText('Mundra CFS gate')).toBeInTheDocument();
  });
});
