import type { Place } from '@bhada/contracts/account/places';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../../lib/i18n.ts';
import { storage } from '../../../../lib/storage.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { ok, renderApp } from '../../../../test/render.tsx';
import { PostLoadForm } from './post-load-form.tsx';

const server = setupMswServer();

const depot: Place = {
  placeId: 'SP-1',
  name: 'Our Depot',
  address: 'Sitapura, Tonk Road, Jaipur 302022',
  city: 'Jaipur',
  state: 'Rajasthan',
  addressType: 'WAREHOUSE',
  location: { lat: 26.7843, lng: 75.8236 },
  saved: true,
};
const delhi: Place = {
  placeId: 'PL002',
  name: 'Delhi',
  address: 'Delhi',
  city: 'Delhi',
  state: 'Delhi',
  addressType: 'CITY',
  location: { lat: 28.7041, lng: 77.1025 },
};
const okhla: Place = {
  placeId: 'PL021',
  name: 'Okhla Industrial Area Phase II',
  address: 'Okhla Phase II, New Delhi 110020',
  city: 'Delhi',
  state: 'Delhi',
  addressType: 'INDUSTRIAL_AREA',
  location: { lat: 28.5355, lng: 77.2739 },
};

/** The search answers as the server does: the poster's saved places first, then the gazetteer. */
function places() {
  const saved: Array<Record<string, unknown>> = [];
  const posted: Array<Record<string, unknown>> = [];
  server.use(
    mswHttp.get('*/api/odin/v2/map/unloading-point/search', ({ request }) => {
      const text = (new URL(request.url).searchParams.get('searchText') ?? '').toLowerCase();
      return HttpResponse.json(ok([depot, delhi, okhla].filter((p) => !text || p.name.toLowerCase().startsWith(text.slice(0, 3)))));
    }),
    mswHttp.post('*/api/odin/v2/map/app/selection', () => HttpResponse.json(ok({ recorded: true }))),
    mswHttp.post('*/api/odin/v2/map/app/saved-places', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      saved.push(body);
      return HttpResponse.json(ok({ id: 'SP-2', city: 'Delhi', createdAt: '2026-11-25T00:00:00.000Z', placeId: null, ...body }));
    }),
    mswHttp.post('*/api/rest/tesseract/v1/demand', async ({ request }) => {
      posted.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json(ok({ demandId: 'DM-1' }));
    }),
  );
  return { saved, posted };
}

describe('post-load form places', () => {
  beforeEach(() => {
    storage.setMany({ accessToken: 'tok-cn', menuType: 'CONSIGNER' });
  });

  it('offers my saved places first, fills a point with one tap, and saves a typed place', async () => {
    await setLanguage('en');
    const { saved, posted } = places();
    const onPosted = vi.fn();
    const { user } = renderApp(<PostLoadForm onPosted={onPosted} />);

    // From city: a saved place is offered (in its own group) even though the field takes cities only
    await user.click(screen.getByRole('combobox', { name: /From city/ }));
    expect(await screen.findByRole('group', { name: 'My saved places' })).toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Our Depot — Jaipur' }));
    // a saved place needs no saving again
    expect(screen.queryByRole('button', { name: 'Save this place' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: /Loading point/ }));
    await user.click(await screen.findByRole('option', { name: 'Our Depot — Jaipur' }));

    await user.type(screen.getByRole('combobox', { name: /Unloading point/ }), 'okh');
    await user.click(await screen.findByRole('option', { name: 'Okhla Industrial Area Phase II — Delhi' }));
    await user.click(screen.getByRole('button', { name: 'Save this place' }));
    const name = screen.getByRole('textbox', { name: 'Save as' });
    await user.clear(name);
    await user.type(name, 'Customer gate, Okhla');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved as “Customer gate, Okhla”')).toBeInTheDocument();
    expect(saved).toEqual([{ placeName: 'Customer gate, Okhla', placeLat: 28.5355, placeLng: 77.2739, placeId: 'PL021' }]);

    await user.type(screen.getByRole('combobox', { name: /To city/ }), 'del');
    await user.click(await screen.findByRole('option', { name: 'Delhi — Delhi' }));
    await user.type(screen.getByRole('textbox', { name: /Material/ }), 'Cement bags');
    // issue 48: without a contact at each point the load is not posted
    await user.click(screen.getByRole('button', { name: 'Post load' }));
    expect((await screen.findAllByText('Enter the contact name at this point')).length).toBe(2);
    expect(posted).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: /Contact at loading point/ }), 'Vikram Meena');
    await user.type(screen.getByRole('textbox', { name: /Loading contact mobile/ }), '98290 12345');
    await user.type(screen.getByRole('textbox', { name: /Contact at unloading point/ }), 'Sanjay Arora');
    await user.type(screen.getByRole('textbox', { name: /Unloading contact mobile/ }), '12345');
    await user.click(screen.getByRole('button', { name: 'Post load' }));
    expect(await screen.findByText('Enter a valid 10-digit mobile number')).toBeInTheDocument();
    expect(posted).toHaveLength(0);
    await user.clear(screen.getByRole('textbox', { name: /Unloading contact mobile/ }));
    await user.type(screen.getByRole('textbox', { name: /Unloading contact mobile/ }), '9811122233');
    await user.click(screen.getByRole('button', { name: 'Post load' }));
    await waitFor(() => expect(onPosted).toHaveBeenCalledWith('DM-1'));
    // the saved place fills the load with its coordinates and the city it was picked from
    expect(posted[0]).toMatchObject({
      origin: { city: 'Jaipur', lat: 26.7843, lng: 75.8236 },
      destination: { city: 'Delhi', lat: 28.7041, lng: 77.1025 },
      loadingPoints: [
        {
          name: 'Our Depot',
          address: 'Sitapura, Tonk Road, Jaipur 302022',
          lat: 26.7843,
          lng: 75.8236,
          contactName: 'Vikram Meena',
          contactPhone: '9829012345',
        },
      ],
      unloadingPoints: [
        { name: 'Okhla Industrial Area Phase II', lat: 28.5355, lng: 77.2739, contactName: 'Sanjay Arora', contactPhone: '9811122233' },
      ],
    });
  });

  it('speaks Hindi', async () => {
    await setLanguage('hi');
    places();
    const { user } = renderApp(<PostLoadForm onPosted={() => undefined} />);
    const [origin] = screen.getAllByRole('combobox');
    await user.click(origin!);
    expect(await screen.findByRole('group', { name: 'मेरी सेव की हुई जगहें' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'सभी जगहें' })).toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Delhi — Delhi' }));
    await user.click(screen.getByRole('button', { name: 'यह जगह सेव करें' }));
    expect(screen.getByRole('textbox', { name: 'इस नाम से सेव करें' })).toHaveValue('Delhi');
    expect(screen.getByRole('button', { name: 'सेव करें' })).toBeInTheDocument();
  });
});
