import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { insertAdmin, insertConsigner, insertOperator, insertVehicle } from '../../../../test/factories.ts';
import { placeSelections, savedPlaces } from '../../../db/schema/index.ts';
import { insertTrip } from '../../trips/trips/trips.test-factory.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const APP = '/api/odin/v2/map/app';

describe('place search', () => {
  it('finds places by name and type, and resolves a PIN code', async () => {
    const op = await insertOperator(t.db);
    const byName = await t.call({ method: 'GET', url: `${APP}/search?text=mundra&addressTypes=PORT`, token: op.owner.token });
    expect(byName.status).toBe(200);
    expect(byName.body.data[0]).toMatchObject({ name: 'Mundra Port', addressType: 'PORT' });
    const pin = await t.call({ method: 'GET', url: `${APP}/search?text=302022`, token: op.owner.token });
    expect(pin.body.data.map((p: { name: string }) => p.name)).toContain('Sitapura Industrial Area');
    // a PIN of the same sorting district finds the nearby places
    const near = await t.call({ method: 'GET', url: `${APP}/search?text=302099`, token: op.owner.token });
    expect(near.body.data.length).toBeGreaterThan(0);
    expect(near.body.data.every((p: { address: string }) => p.address.includes('302'))).toBe(true);
    expect((await t.call({ method: 'GET', url: `${APP}/search?text=x` })).status).toBe(401);
  });
});

describe('saved places', () => {
  it('saves, lists first in search, refuses a taken name, and keeps them per operator', async () => {
    const op = await insertOperator(t.db);
    const other = await insertOperator(t.db);
    const saved = await t.call({
      method: 'POST',
      url: `${APP}/saved-places`,
      token: op.owner.token,
      payload: { placeName: 'Sharma Godown Sitapura', placeLat: 26.78, placeLng: 75.82, placeId: 'PL019' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ placeName: 'Sharma Godown Sitapura', placeLat: 26.78, placeLng: 75.82, placeId: 'PL019' });
    const again = await t.call({
      method: 'POST',
      url: `${APP}/saved-places`,
      token: op.owner.token,
      payload: { placeName: 'Sharma Godown Sitapura', placeLat: 26.7, placeLng: 75.8 },
    });
    expect(again.status).toBe(409);
    const search = await t.call({ method: 'GET', url: `${APP}/search?text=sharma`, token: op.owner.token });
    expect(search.body.data[0]).toMatchObject({ name: 'Sharma Godown Sitapura', placeId: saved.body.data.id });
    expect((await t.call({ method: 'GET', url: `${APP}/saved-places`, token: other.owner.token })).body.data).toEqual([]);
    expect((await t.call({ method: 'GET', url: `${APP}/search?text=sharma`, token: other.owner.token })).body.data).toEqual([]);
    // another operator cannot remove it
    expect((await t.call({ method: 'DELETE', url: `${APP}/saved-places/${saved.body.data.id}`, token: other.owner.token })).status).toBe(
      404,
    );
    expect((await t.call({ method: 'DELETE', url: `${APP}/saved-places/${saved.body.data.id}`, token: op.owner.token })).status).toBe(200);
    expect(await t.db.select().from(savedPlaces).where(eq(savedPlaces.ownerId, op.operatorId))).toEqual([]);
  });

  it('lets consigners and admins keep places of their own, offered first in their place search', async () => {
    const consigner = await insertConsigner(t.db, 'Depot Owner');
    const otherConsigner = await insertConsigner(t.db, 'Someone Else');
    const op = await insertOperator(t.db);
    const admin = await insertAdmin(t.db);
    const payload = { placeName: 'Our Depot', placeLat: 26.7843, placeLng: 75.8236, placeId: 'PL019' };
    const saved = await t.call({ method: 'POST', url: `${APP}/saved-places`, token: consigner.user.token, payload });
    expect(saved.status).toBe(200);
    // picked from the gazetteer: it carries that place's city, so a load posted from it names a city
    expect(saved.body.data).toMatchObject({ placeName: 'Our Depot', placeId: 'PL019', city: 'Jaipur' });
    const id = saved.body.data.id;
    // the post-load form's search lists the poster's saved places first, with one tap's worth of data
    const search = await t.call({ method: 'GET', url: '/api/odin/v2/map/unloading-point/search?searchText=', token: consigner.user.token });
    expect(search.body.data[0]).toEqual({
      placeId: id,
      name: 'Our Depot',
      city: 'Jaipur',
      state: 'Rajasthan',
      address: 'Sitapura, Tonk Road, Jaipur 302022',
      addressType: 'WAREHOUSE',
      location: { lat: 26.7843, lng: 75.8236 },
      saved: true,
    });
    // nobody else sees, finds or removes it
    for (const token of [otherConsigner.user.token, op.owner.token, admin.token]) {
      expect((await t.call({ method: 'GET', url: `${APP}/saved-places`, token })).body.data).toEqual([]);
      const theirs = await t.call({ method: 'GET', url: '/api/odin/v2/map/unloading-point/search?searchText=our', token });
      expect(theirs.body.data.some((p: { placeId: string }) => p.placeId === id)).toBe(false);
      expect((await t.call({ method: 'DELETE', url: `${APP}/saved-places/${id}`, token })).status).toBe(404);
    }
    // the same name is free in another account; an admin keeps their own list
    const adminSaved = await t.call({ method: 'POST', url: `${APP}/saved-places`, token: admin.token, payload });
    expect(adminSaved.status).toBe(200);
    expect(
      (await t.call({ method: 'GET', url: `${APP}/saved-places`, token: admin.token })).body.data.map((p: { id: string }) => p.id),
    ).toEqual([adminSaved.body.data.id]);
    expect(
      (await t.call({ method: 'GET', url: `${APP}/saved-places`, token: consigner.user.token })).body.data.map((p: { id: string }) => p.id),
    ).toEqual([id]);
    expect((await t.call({ method: 'DELETE', url: `${APP}/saved-places/${id}`, token: consigner.user.token })).status).toBe(200);
  });

  it('refuses a place outside India and an empty name, and stores nothing', async () => {
    const op = await insertOperator(t.db);
    for (const payload of [
      { placeName: 'Dubai', placeLat: 25.2, placeLng: 55.3 },
      { placeName: '', placeLat: 26.9, placeLng: 75.8 },
    ]) {
      expect((await t.call({ method: 'POST', url: `${APP}/saved-places`, token: op.owner.token, payload })).status).toBe(400);
    }
    expect(await t.db.select().from(savedPlaces).where(eq(savedPlaces.ownerId, op.operatorId))).toEqual([]);
  });

  it('records which place a search led to', async () => {
    const op = await insertOperator(t.db);
    const res = await t.call({
      method: 'POST',
      url: `${APP}/selection`,
      token: op.owner.token,
      payload: { placeId: 'PL028', text: 'mun', position: 0 },
    });
    expect(res.status).toBe(200);
    const rows = await t.db.select().from(placeSelections).where(eq(placeSelections.userId, op.owner.userId));
    expect(rows).toMatchObject([{ placeId: 'PL028', searchText: 'mun', source: 'SEARCH', position: 0 }]);
  });
});

describe('autocomplete', () => {
  it('suggests my vehicles only, places, and consigners I work with', async () => {
    const op = await insertOperator(t.db);
    const other = await insertOperator(t.db);
    const mine = await insertVehicle(t.db, op.operatorId, { number: 'RJ14GB4321' });
    await insertVehicle(t.db, other.operatorId, { number: 'RJ14GB4322' });
    const v = await t.call({ method: 'GET', url: `${APP}/autocomplete?type=vehicle&searchText=GB43`, token: op.owner.token });
    expect(v.status).toBe(200);
    expect(v.body.data.suggestions.map((s: { label: string }) => s.label)).toEqual(['RJ14GB4321']);
    expect(v.body.data.suggestions[0].id).toBe(mine.id);
    const p = await t.call({ method: 'GET', url: `${APP}/autocomplete?type=place&text=pune&exp=true`, token: op.owner.token });
    expect(p.body.data.suggestions.map((s: { label: string }) => s.label)).toContain('Pune');
    // no trips with any consigner yet: nothing to suggest
    await insertConsigner(t.db, 'Jaipur Cements');
    const c = await t.call({ method: 'GET', url: `${APP}/autocomplete?type=consigner&text=jaipur`, token: op.owner.token });
    expect(c.body.data.suggestions).toEqual([]);
    const trip = await insertTrip(t.db, { operator: op, fundEscrow: false });
    const withTrip = await t.call({ method: 'GET', url: `${APP}/autocomplete?type=consigner&text=test`, token: op.owner.token });
    expect(withTrip.body.data.suggestions).toEqual([
      { id: trip.consigner.consignerCode, label: 'Test Consigner', detail: trip.consigner.consignerCode },
    ]);
    expect(
      (await t.call({ method: 'GET', url: `${APP}/autocomplete?type=consigner&text=test`, token: other.owner.token })).body.data
        .suggestions,
    ).toEqual([]);
    const consigner = await insertConsigner(t.db, 'Someone');
    expect((await t.call({ method: 'GET', url: `${APP}/autocomplete?type=vehicle`, token: consigner.user.token })).status).toBe(403);
  });
});
