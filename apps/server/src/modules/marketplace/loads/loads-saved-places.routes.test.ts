import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { insertConsigner, insertOperator } from '../../../../test/factories.ts';
import { DELHI, insertLoad, JAIPUR, MUMBAI } from './loads.test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const PUNE = { city: 'Pune', lat: 18.5204, lng: 73.8567 };
// a warehouse in Bhiwandi: about 31 km from the centre of Mumbai, 120 km from Pune
const BHIWANDI = { placeName: 'Bhiwandi Warehouse 7', placeLat: 19.2967, placeLng: 73.0631 };

const savePlace = async (token: string, payload: Record<string, unknown>) =>
  (await t.call({ method: 'POST', url: '/api/odin/v2/map/app/saved-places', token, payload })).body.data.id as string;
const board = (token: string, query: string) => t.call({ method: 'GET', url: `/api/rest/tesseract/v1/load?state-id=OPEN&${query}`, token });
const ids = (res: Awaited<ReturnType<typeof board>>) => res.body.data.loads.map((l: { demandId: string }) => l.demandId).sort();

describe('load board filtered by a saved place', () => {
  it('finds the loads starting or ending within 50 km of the place, and counts them in the filter choices', async () => {
    const { consignerCode, user } = await insertConsigner(t.db);
    const op = await insertOperator(t.db);
    const end = (at: { city: string; lat: number; lng: number }, side: 'origin' | 'destination') => ({
      [`${side}City`]: at.city,
      [`${side}Lat`]: at.lat,
      [`${side}Lng`]: at.lng,
    });
    const fromMumbai = await insertLoad(t.db, consignerCode, { ...end(MUMBAI, 'origin'), ...end(DELHI, 'destination') });
    const fromPune = await insertLoad(t.db, consignerCode, { ...end(PUNE, 'origin'), ...end(DELHI, 'destination') });
    const toMumbai = await insertLoad(t.db, consignerCode, { ...end(JAIPUR, 'origin'), ...end(MUMBAI, 'destination') });
    // a load whose window has closed is not on the board, near or not
    await insertLoad(t.db, consignerCode, { ...end(MUMBAI, 'origin'), endsInMinutes: -5 });
    const place = await savePlace(op.owner.token, BHIWANDI);

    const origin = await board(op.owner.token, `originPlace=${place}`);
    expect(origin.status).toBe(200);
    expect(ids(origin)).toEqual([fromMumbai.id]);
    expect(origin.body.data.totalCount).toBe(1);
    expect(ids(await board(op.owner.token, `destinationPlace=${place}`))).toEqual([toMumbai.id]);
    // without the filter all three are there
    expect(ids(await board(op.owner.token, ''))).toEqual([fromMumbai.id, fromPune.id, toMumbai.id].sort());

    const options = (action: string) =>
      t.call({ method: 'GET', url: `/api/odin/v2/active-loads/search-option?action=${action}`, token: op.owner.token });
    expect((await options('ORIGIN')).body.data.savedPlaces).toEqual([{ id: place, placeName: BHIWANDI.placeName, count: 1 }]);
    expect((await options('DESTINATION')).body.data.savedPlaces).toEqual([{ id: place, placeName: BHIWANDI.placeName, count: 1 }]);
    expect((await options('VEHICLE_TYPE')).body.data.savedPlaces).toEqual([]);

    // another account's saved place is not found: another operator's, or the consigner's own
    const other = await insertOperator(t.db);
    expect((await board(other.owner.token, `originPlace=${place}`)).status).toBe(404);
    const consignerPlace = await savePlace(user.token, { ...BHIWANDI, placeName: 'Consigner Bhiwandi' });
    expect((await board(op.owner.token, `destinationPlace=${consignerPlace}`)).status).toBe(404);
    expect((await board(op.owner.token, 'originPlace=SP-NOPE')).status).toBe(404);
    expect((await options('ORIGIN')).body.data.savedPlaces.map((p: { id: string }) => p.id)).toEqual([place]);
  });

  it('matches by distance, not by name: a place just inside 50 km matches, one just outside does not', async () => {
    const { consignerCode } = await insertConsigner(t.db);
    const op = await insertOperator(t.db);
    const nagpur = { originCity: 'Nagpur', originLat: 21.1458, originLng: 79.0882 };
    const load = await insertLoad(t.db, consignerCode, nagpur);
    // 0.44° of latitude north of Nagpur is about 48.9 km; 0.46° about 51.2 km
    const at = (dLat: number) => ({ placeLat: nagpur.originLat + dLat, placeLng: nagpur.originLng });
    const inside = await savePlace(op.owner.token, { placeName: 'North Depot', ...at(0.44) });
    const outside = await savePlace(op.owner.token, { placeName: 'Far Depot', ...at(0.46) });
    expect(ids(await board(op.owner.token, `originPlace=${inside}`))).toEqual([load.id]);
    expect(ids(await board(op.owner.token, `originPlace=${outside}`))).toEqual([]);
  });
});
