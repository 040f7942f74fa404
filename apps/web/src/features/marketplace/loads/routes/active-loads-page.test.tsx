import type { LoadSummary, OperatorLoadState } from '@bhada/contracts/marketplace/loads';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, HttpResponse, http as mswHttp } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../../lib/i18n.ts';
import { storage } from '../../../../lib/storage.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { ok, renderApp } from '../../../../test/render.tsx';
import { ActiveLoadsPage } from './active-loads-page.tsx';

const server = setupMswServer();
const PATH = '/web-view/active-loads';

function load(demandId: string, lane: [string, string], state: OperatorLoadState = 'OPEN'): LoadSummary {
  return {
    demandId,
    state,
    loadState: 'OPEN',
    laneName: `${lane[0]} → ${lane[1]}`,
    originCity: lane[0],
    destinationCity: lane[1],
    distanceKm: 500,
    vehicleType: '10 Tyre Open',
    bodyType: 'OPEN',
    tyreCount: 10,
    tonnage: 19,
    lengthFeet: 22,
    material: 'Cotton bales',
    loadingAt: new Date(Date.now() + 86_400_000).toISOString(),
    biddingEndsAt: new Date(Date.now() + 3_600_000).toISOString(),
    timeLeft: 3600,
    tokenAmount: 1000,
    myQuote: state === 'QUOTED' ? 11_600 : null,
    consent: null,
    vehicleMatch: true,
    nearestVehicleKm: 15,
  };
}

/** A tiny server: loads by tab, and a rejected load stays gone (as the real one does). */
function board(byTab: Partial<Record<OperatorLoadState, LoadSummary[]>>, consentDelayMs = 0) {
  const rejected = new Set<string>();
  const consents: unknown[] = [];
  server.use(
    mswHttp.get('*/api/odin/v2/active-loads/states', () =>
      HttpResponse.json(
        ok(
          (['OPEN', 'QUOTED', 'WON', 'CONFIRMED', 'LOST'] as const).map((stateId) => ({
            stateId,
            label: stateId,
            labelHi: stateId,
            count: (byTab[stateId] ?? []).filter((l) => !rejected.has(l.demandId)).length,
          })),
        ),
      ),
    ),
    mswHttp.get('*/api/banner', () => HttpResponse.json(ok([]))),
    mswHttp.get('*/api/odin/v2/active-loads/search-option', ({ request }) =>
      HttpResponse.json(ok({ action: new URL(request.url).searchParams.get('action'), options: [] })),
    ),
    mswHttp.get('*/api/rest/tesseract/v1/load', ({ request }) => {
      const tab = (new URL(request.url).searchParams.get('state-id') ?? 'OPEN') as OperatorLoadState;
      const loads = (byTab[tab] ?? []).filter((l) => !rejected.has(l.demandId));
      return HttpResponse.json(ok({ loads, vehicleFreeWhatsapp: 'https://wa.me/911', pageNo: 0, pageSize: 20, totalCount: loads.length }));
    }),
    mswHttp.put('*/api/rest/tesseract/v1/load/:id/consent', async ({ params, request }) => {
      consents.push({ id: params.id, ...((await request.json()) as object) });
      await delay(consentDelayMs);
      rejected.add(String(params.id));
      return HttpResponse.json(ok({ demandId: String(params.id), loadConsent: 'REJECTED' }, 'Response saved'));
    }),
  );
  return { consents };
}

describe('operator load board', () => {
  beforeEach(async () => {
    await setLanguage('en');
    storage.setMany({ accessToken: 'tok-op', menuType: 'OPERATOR', operatorId: 'OP1' });
  });

  it('lists the open loads and switches tabs', async () => {
    board({ OPEN: [load('DM-1', ['Delhi', 'Ludhiana'])], QUOTED: [load('DM-2', ['Jaipur', 'Delhi'], 'QUOTED')] });
    const { user } = renderApp(<ActiveLoadsPage />, { route: PATH, path: PATH });

    expect(await screen.findByText('Delhi → Ludhiana')).toBeInTheDocument();
    expect(screen.queryByText('Jaipur → Delhi')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: /My quotes/ }));
    expect(await screen.findByText('Jaipur → Delhi')).toBeInTheDocument();
    expect(screen.getByText('My quote ₹11,600')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Delhi → Ludhiana')).not.toBeInTheDocument());
    expect(screen.getByTestId('location')).toHaveTextContent('/web-view/active-loads?state=QUOTED');
  });

  it('shows a deep-linked tab selected, named as the app or as the API names it', async () => {
    board({ CONFIRMED: [load('DM-3', ['Pune', 'Surat'], 'CONFIRMED')], LOST: [load('DM-4', ['Agra', 'Kota'], 'LOST')] });
    const first = renderApp(<ActiveLoadsPage />, { route: `${PATH}?state=CONFIRMED`, path: PATH });
    expect(await screen.findByRole('tab', { name: /Confirmed/ })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Pune → Surat')).toBeInTheDocument();
    first.unmount();
    renderApp(<ActiveLoadsPage />, { route: `${PATH}?state-id=lost`, path: PATH });
    expect(await screen.findByRole('tab', { name: /Closed/ })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Agra → Kota')).toBeInTheDocument();
  });

  it('says so when a tab has no loads', async () => {
    board({ OPEN: [load('DM-1', ['Delhi', 'Ludhiana'])] });
    const { user } = renderApp(<ActiveLoadsPage />, { route: `${PATH}?state=WON`, path: PATH });
    expect(await screen.findByText('No won loads waiting for a token.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /New loads/ }));
    expect(await screen.findByText('Delhi → Ludhiana')).toBeInTheDocument();
  });

  it('takes a rejected load off the list at once, before the server answers, and it stays gone', async () => {
    const { consents } = board({ OPEN: [load('DM-1', ['Delhi', 'Ludhiana']), load('DM-3', ['Pune', 'Bengaluru'])] }, 1500);
    const { user } = renderApp(<ActiveLoadsPage />, { route: PATH, path: PATH });

    const card = (await screen.findByText('Delhi → Ludhiana')).closest('.mantine-Card-root') as HTMLElement;
    await user.click(within(card).getByRole('button', { name: 'Not interested' }));
    const dialog = await screen.findByRole('dialog', { name: 'Not interested in this load?' });
    await user.click(within(dialog).getByRole('button', { name: 'Not interested' }));
    // the server is still thinking (1.5 s) but the load has already left the list
    await waitFor(() => expect(screen.queryByText('Delhi → Ludhiana')).not.toBeInTheDocument(), { timeout: 500 });
    expect(consents).toEqual([{ id: 'DM-1', loadConsent: 'REJECTED' }]);
    expect(screen.getByText('Pune → Bengaluru')).toBeInTheDocument();

    // after the server answered and the board re-read, the load is still gone
    await waitFor(() => expect(screen.getByRole('tab', { name: /New loads/ })).toHaveTextContent('1'), { timeout: 4000 });
    expect(screen.queryByText('Delhi → Ludhiana')).not.toBeInTheDocument();
  });

  it('shows tabs, filters and list only once the banners above them are known, so nothing moves down (no layout shift)', async () => {
    board({ OPEN: [load('DM-1', ['Delhi', 'Ludhiana'])] });
    let releaseBanners = () => {};
    const bannersHeld = new Promise<void>((resolve) => {
      releaseBanners = resolve;
    });
    const requests: string[] = [];
    server.use(
      // notes the board's read and lets the handler above answer it
      mswHttp.get('*/api/rest/tesseract/v1/load', ({ request }) => {
        requests.push(request.url);
      }),
      mswHttp.get('*/api/banner', async () => {
        await bannersHeld;
        return HttpResponse.json(
          ok([
            {
              id: 'B1',
              tone: 'info',
              title: 'Diesel prices fall',
              titleHi: 'डीज़ल सस्ता',
              body: 'Quote sharper.',
              bodyHi: 'कम भाव लगाएँ।',
              link: null,
            },
          ]),
        );
      }),
    );
    renderApp(<ActiveLoadsPage />, { route: PATH, path: PATH });
    // the loads and tab counts have arrived but the banners have not: everything below the title waits
    await waitFor(() => expect(requests.some((u) => u.includes('/load?'))).toBe(true));
    expect(screen.queryByText('Delhi → Ludhiana')).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: /New loads/ })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Loading…')).toBeInTheDocument();
    releaseBanners();
    expect(await screen.findByText('Diesel prices fall')).toBeInTheDocument();
    expect(await screen.findByText('Delhi → Ludhiana')).toBeInTheDocument();
    // the tabs came with their counts at once
    expect(screen.getByRole('tab', { name: /New loads/ })).toHaveTextContent('1');
    expect(screen.queryByLabelText('Loading…')).not.toBeInTheDocument();
  });

  it('asks before "Not interested" takes a load away, and Keep it keeps it (issue 16 point 8)', async () => {
    const { consents } = board({ OPEN: [load('DM-1', ['Delhi', 'Ludhiana'])] });
    const { user } = renderApp(<ActiveLoadsPage />, { route: PATH, path: PATH });
    const card = (await screen.findByText('Delhi → Ludhiana')).closest('.mantine-Card-root') as HTMLElement;
    await user.click(within(card).getByRole('button', { name: 'Not interested' }));
    const dialog = await screen.findByRole('dialog', { name: 'Not interested in this load?' });
    expect(dialog).toHaveTextContent('Delhi → Ludhiana will leave your list');
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(consents).toEqual([]);
    expect(screen.getByText('Delhi → Ludhiana')).toBeInTheDocument();
  });

  it('filters the board by the values search-option offers, kept in the URL across tabs', async () => {
    board({ OPEN: [load('DM-1', ['Delhi', 'Ludhiana'])] });
    const asked: Array<Record<string, string>> = [];
    server.use(
      mswHttp.get('*/api/odin/v2/active-loads/search-option', ({ request }) => {
        const action = new URL(request.url).searchParams.get('action');
        const options =
          action === 'ORIGIN'
            ? [
                { value: 'Delhi', count: 1 },
                { value: 'Jaipur', count: 2 },
              ]
            : [];
        return HttpResponse.json(ok({ action, options }));
      }),
      mswHttp.get('*/api/rest/tesseract/v1/load', ({ request }) => {
        const q = Object.fromEntries(new URL(request.url).searchParams);
        asked.push(q);
        const loads = q.origin === 'Jaipur' ? [load('DM-9', ['Jaipur', 'Surat'])] : [load('DM-1', ['Delhi', 'Ludhiana'])];
        return HttpResponse.json(ok({ loads, vehicleFreeWhatsapp: 'https://wa.me/911', pageNo: 0, pageSize: 20, totalCount: 1 }));
      }),
    );
    const { user } = renderApp(<ActiveLoadsPage />, { route: PATH, path: PATH });
    expect(await screen.findByText('Delhi → Ludhiana')).toBeInTheDocument();
    await user.click(screen.getAllByLabelText('From')[0]!);
    await user.click(await screen.findByRole('option', { name: 'Jaipur (2)' }));
    expect(await screen.findByText('Jaipur → Surat')).toBeInTheDocument();
    expect(asked.at(-1)).toMatchObject({ 'state-id': 'OPEN', origin: 'Jaipur' });
    expect(screen.getByTestId('location')).toHaveTextContent('/web-view/active-loads?origin=Jaipur');
    await user.click(screen.getByRole('tab', { name: /My quotes/ }));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ 'state-id': 'QUOTED', origin: 'Jaipur' }));
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(asked.at(-1)?.origin).toBeUndefined());
  });

  it('offers my saved places as From and To choices and filters by one, in English and Hindi', async () => {
    board({ OPEN: [load('DM-1', ['Delhi', 'Ludhiana'])] });
    const asked: Array<Record<string, string>> = [];
    server.use(
      mswHttp.get('*/api/odin/v2/active-loads/search-option', ({ request }) => {
        const action = new URL(request.url).searchParams.get('action');
        const places = action === 'VEHICLE_TYPE' ? [] : [{ id: 'SP-7', placeName: 'Bhiwandi Warehouse 7', count: 3 }];
        return HttpResponse.json(ok({ action, options: action === 'ORIGIN' ? [{ value: 'Delhi', count: 1 }] : [], savedPlaces: places }));
      }),
      mswHttp.get('*/api/rest/tesseract/v1/load', ({ request }) => {
        const q = Object.fromEntries(new URL(request.url).searchParams);
        asked.push(q);
        const loads = q.originPlace === 'SP-7' ? [load('DM-9', ['Mumbai', 'Surat'])] : [load('DM-1', ['Delhi', 'Ludhiana'])];
        return HttpResponse.json(ok({ loads, vehicleFreeWhatsapp: 'https://wa.me/911', pageNo: 0, pageSize: 20, totalCount: 1 }));
      }),
    );
    const { user } = renderApp(<ActiveLoadsPage />, { route: PATH, path: PATH });
    expect(await screen.findByText('Delhi → Ludhiana')).toBeInTheDocument();
    await user.click(screen.getAllByLabelText('From')[0]!);
    expect(await screen.findByRole('group', { name: 'My places (within 50 km)' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Cities' })).toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Bhiwandi Warehouse 7 (3)' }));
    expect(await screen.findByText('Mumbai → Surat')).toBeInTheDocument();
    expect(asked.at(-1)).toMatchObject({ 'state-id': 'OPEN', originPlace: 'SP-7' });
    expect(asked.at(-1)?.origin).toBeUndefined();
    expect(screen.getByTestId('location')).toHaveTextContent('/web-view/active-loads?originPlace=SP-7');
    // choosing a city instead drops the place
    await user.click(screen.getAllByLabelText('From')[0]!);
    await user.click(await screen.findByRole('option', { name: 'Delhi (1)' }));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ origin: 'Delhi' }));
    expect(asked.at(-1)?.originPlace).toBeUndefined();

    await setLanguage('hi');
    await user.click((await screen.findAllByLabelText('कहाँ तक'))[0]!);
    expect(await screen.findByRole('group', { name: 'मेरी जगहें (50 किमी के अंदर)' })).toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Bhiwandi Warehouse 7 (3)' }));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ origin: 'Delhi', destinationPlace: 'SP-7' }));
  });
});
