import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { insertAdmin, insertConsigner, insertOperator, insertSubordinate, insertVehicle } from '../../../../test/factories.ts';
import { demandViews } from '../../../db/schema/index.ts';
import { canMove } from '../board/demand-state.ts';
import { awardAndAnnounce } from './award.service.ts';
import { fitOf } from './board-fit.ts';
import { awardLoad } from './load-desk.service.ts';
import { fleetHint } from './loads.service.ts';
import { buildLoadRequest, insertLoad, JAIPUR, MUMBAI } from './loads.test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const board = (token: string, stateId = 'OPEN') =>
  t.call({ method: 'GET', url: `/api/rest/tesseract/v1/load?state-id=${stateId}&pageSize=100`, token });
const ids = (res: { body: { data?: { loads: Array<{ demandId: string }> } } }) => res.body.data!.loads.map((l) => l.demandId);
const quote = (token: string, id: string, value: unknown) =>
  t.call({ method: 'PUT', url: `/api/rest/tesseract/v1/load/${id}/quote`, token, payload: { value } });

describe('posting loads', () => {
  it('a consigner posts a load, operators see it on the board, the consigner lists it', async () => {
    const { consignerCode, user } = await insertConsigner(t.db);
    const posted = await t.call({ method: 'POST', url: '/api/rest/tesseract/v1/demand', token: user.token, payload: buildLoadRequest() });
    expect(posted.status).toBe(200);
    expect(posted.body.message).toBe('Load posted');
    const demandId = posted.body.data.demandId;

    const { owner } = await insertOperator(t.db);
    const open = await board(owner.token);
    expect(ids(open)).toContain(demandId);
    const item = open.body.data.loads.find((l: { demandId: string }) => l.demandId === demandId);
    expect(item).toMatchObject({ state: 'OPEN', laneName: 'Jaipur → Delhi', tokenAmount: 5000, myQuote: null });
    expect(item.distanceKm).toBeGreaterThan(280);
    expect(open.body.data.vehicleFreeWhatsapp).toMatch(/^https:\/\/wa\.me\//);

    const mine = await t.call({ method: 'GET', url: '/api/rest/tesseract/v1/demand', token: user.token });
    expect(mine.body.data.demands.map((d: { demandId: string }) => d.demandId)).toEqual([demandId]);
    expect(mine.body.data.demands[0]).toMatchObject({ consignerCode, state: 'OPEN', quoteCount: 0, targetPrice: 45000 });

    const other = await insertConsigner(t.db, 'Other Consigner');
    const theirs = await t.call({ method: 'GET', url: '/api/rest/tesseract/v1/demand', token: other.user.token });
    expect(theirs.body.data.demands).toEqual([]);
    const peek = await t.call({ method: 'GET', url: `/api/rest/tesseract/v1/demand/${demandId}/quotes`, token: other.user.token });
    expect(peek.status).toBe(404);
    const admin = await insertAdmin(t.db);
    const all = await t.call({ method: 'GET', url: '/api/rest/tesseract/v1/demand?pageSize=100', token: admin.token });
    expect(all.body.data.demands.map((d: { demandId: string }) => d.demandId)).toContain(demandId);
  });

  it('refuses a window after the loading time, and operators cannot post', async () => {
    const { user } = await insertConsigner(t.db);
    const late = await t.call({
      method: 'POST',
      url: '/api/rest/tesseract/v1/demand',
      token: user.token,
      payload: buildLoadRequest({
        loadingAt: new Date(Date.now() + 3_600_000).toISOString(),
        biddingEndsAt: new Date(Date.now() + 7_200_000).toISOString(),
      }),
    });
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({ field: 'biddingEndsAt', message: 'Bidding must close before the loading time' });
    const noPoints = await t.call({
      method: 'POST',
      url: '/api/rest/tesseract/v1/demand',
      token: user.token,
      payload: buildLoadRequest({ loadingPoints: [] }),
    });
    expect(noPoints.status).toBe(400);
    expect(noPoints.body.field).toBe('loadingPoints');
    const { owner } = await insertOperator(t.db);
    const byOperator = await t.call({
      method: 'POST',
      url: '/api/rest/tesseract/v1/demand',
      token: owner.token,
      payload: buildLoadRequest(),
    });
    expect(byOperator.status).toBe(403);
  });
});

describe('the load board', () => {
  it('puts loads the fleet fits, near its vehicles, first', async () => {
    const { consignerCode } = await insertConsigner(t.db);
    const { operatorId, owner } = await insertOperator(t.db);
    await insertVehicle(t.db, operatorId, {
      vehicleType: '32 FT MXL Container',
      bodyType: 'CONTAINER',
      currentLat: 26.9,
      currentLng: 75.8,
    });
    const far = await insertLoad(t.db, consignerCode, { originCity: MUMBAI.city, originLat: MUMBAI.lat, originLng: MUMBAI.lng });
    const openBody = await insertLoad(t.db, consignerCode, { vehicleType: '12 Tyre Open', bodyType: 'OPEN' });
    const near = await insertLoad(t.db, consignerCode);
    const order = ids(await board(owner.token)).filter((id) => [far.id, openBody.id, near.id].includes(id));
    expect(order).toEqual([near.id, far.id, openBody.id]);
  });

  it('pages the fleet-fit order across fit classes with an exact total (ADR 159)', async () => {
    const { consignerCode } = await insertConsigner(t.db);
    const { operatorId, owner } = await insertOperator(t.db);
    await insertVehicle(t.db, operatorId, {
      vehicleType: '32 FT MXL Container',
      bodyType: 'CONTAINER',
      currentLat: 26.9,
      currentLng: 75.8,
    });
    const city = `Fitpur ${operatorId}`;
    const kinds = [
      { vehicleType: '32 FT MXL Container', bodyType: 'CONTAINER' as const },
      { vehicleType: '20 FT Container', bodyType: 'CONTAINER' as const },
      { vehicleType: '12 Tyre Open', bodyType: 'OPEN' as const },
    ];
    const origins = [JAIPUR, MUMBAI, { lat: 27.3, lng: 75.8 }, { lat: 26.9124, lng: 75.7873 }];
    const made: Awaited<ReturnType<typeof insertLoad>>[] = [];
    for (let i = 0; i < 17; i++) {
      const origin = origins[i % origins.length]!;
      made.push(
        await insertLoad(t.db, consignerCode, {
          ...kinds[i % kinds.length]!,
          originCity: city,
          originLat: origin.lat,
          originLng: origin.lng,
          loadingInHours: 72 + ((i * 7) % 5),
        }),
      );
    }
    const rejected = made[4]!;
    await t.call({
      method: 'PUT',
      url: `/api/rest/tesseract/v1/load/${rejected.id}/consent`,
      token: owner.token,
      payload: { loadConsent: 'REJECTED' },
    });
    // the order ADR 021 asks for, worked out here load by load
    const fleet = await fleetHint(t.db, operatorId);
    const expected = made
      .filter((d) => d.id !== rejected.id)
      .map((d) => ({ d, fit: fitOf(fleet, { vehicleType: d.vehicleType, bodyType: d.bodyType, lat: d.originLat, lng: d.originLng }) }))
      .sort(
        (a, b) =>
          Number(b.fit.typeMatch) - Number(a.fit.typeMatch) ||
          Number(b.fit.bodyMatch) - Number(a.fit.bodyMatch) ||
          a.fit.bucket - b.fit.bucket ||
          a.d.loadingAt.getTime() - b.d.loadingAt.getTime() ||
          (a.d.id < b.d.id ? -1 : a.d.id > b.d.id ? 1 : 0),
      )
      .map((x) => x.d.id);
    expect(new Set(expected.map((id) => made.find((d) => d.id === id)!.vehicleType)).size).toBe(3);
    const seen: string[] = [];
    for (let pageNo = 0; pageNo < 6; pageNo++) {
      const res = await t.call({
        method: 'GET',
        url: `/api/rest/tesseract/v1/load?state-id=OPEN&pageSize=3&pageNo=${pageNo}&origin=${encodeURIComponent(city)}`,
        token: owner.token,
      });
      expect(res.status).toBe(200);
      expect(res.body.data.totalCount).toBe(16);
      seen.push(...ids(res));
    }
    expect(seen).toEqual(expected);
  });

  it('shows tabs with counts and refuses operators without the loads permission', async () => {
    const { consignerCode } = await insertConsigner(t.db);
    const { operatorId, owner } = await insertOperator(t.db);
    const load = await insertLoad(t.db, consignerCode);
    await quote(owner.token, load.id, 42000);
    const tabs = await t.call({ method: 'GET', url: '/api/odin/v2/active-loads/states', token: owner.token });
    expect(tabs.body.data.map((x: { stateId: string }) => x.stateId)).toEqual(['OPEN', 'QUOTED', 'WON', 'CONFIRMED', 'LOST']);
    expect(tabs.body.data.find((x: { stateId: string }) => x.stateId === 'QUOTED').count).toBeGreaterThanOrEqual(1);
    expect(ids(await board(owner.token, 'QUOTED'))).toContain(load.id);
    expect(ids(await board(owner.token, 'OPEN'))).not.toContain(load.id);

    const noLoads = await insertSubordinate(t.db, operatorId, ['TRIPS_VIEW']);
    expect((await board(noLoads.token)).status).toBe(403);
    const opts = await t.call({ method: 'GET', url: '/api/odin/v2/active-loads/search-option?action=ORIGIN', token: owner.token });
    expect(opts.body.data.options.map((o: { value: string }) => o.value)).toContain('Jaipur');
  });

  it('records the utm-source of a details view and hides point contacts until won', async () => {
    const { consignerCode } = await insertConsigner(t.db);
    const { owner } = await insertOperator(t.db);
    const load = await insertLoad(t.db, consignerCode);
    const res = await t.call({
      method: 'GET',
      url: `/api/rest/tesseract/v1/load/${load.id}`,
      token: owner.token,
      headers: { 'utm-source': 'WHATSAPP' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      demandId: load.id,
      state: 'OPEN',
      quote: { value: null, leaderboard: { rank: null, bidderCount: 0 } },
    });
    expect(res.body.data.loadingPoints[0].contactPhone).toBe('');
    const views = await t.db.select().from(demandViews).where(eq(demandViews.demandId, load.id));
    expect(views.map((v) => v.utmSource)).toEqual(['WHATSAPP']);
  });
});

describe('consent', () => {
  it('a rejected load leaves the list at once, stays gone, and consent is idempotent', async () => {
    const { consignerCode } = await insertConsigner(t.db);
    const { owner } = await insertOperator(t.db);
    const load = await insertLoad(t.db, consignerCode);
    expect(ids(await board(owner.token))).toContain(load.id);

    const consent = (value: unknown) =>
      t.call({ method: 'PUT', url: `/api/rest/tesseract/v1/load/${load.id}/consent`, token: owner.token, payload: { loadConsent: value } });
    const first = await consent('maybe');
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ demandId: load.id, loadConsent: 'REJECTED' });
    const again = await consent('REJECTED');
    expect(again.body.data).toEqual(first.body.data);

    for (const tab of ['OPEN', 'QUOTED', 'WON', 'CONFIRMED', 'LOST']) expect(ids(await board(owner.token, tab))).not.toContain(load.id);
    const q = await quote(owner.token, load.id, 40000);
    expect(q.status).toBe(400);
    expect(q.body.errorCode).toBe('QUOTE_LOAD_REJECTED');
    const counts = await t.call({ method: 'GET', url: '/api/odin/v2/active-loads/search-option?action=ORIGIN', token: owner.token });
    expect(JSON.stringify(counts.body.data)).not.toContain(load.id);

    const accepted = await t.call({
      method: 'PUT',
      url: `/api/rest/tesseract/v1/load/${load.id}/consent`,
      token: owner.token,
      payload: { loadConsent: 'accepted' },
    });
    expect(accepted.body.data.loadConsent).toBe('ACCEPTED');
  });
});

describe('award', () => {
  it('picks the lowest quote, tells winner and losers, and expires a load without quotes', async () => {
    const { consignerCode, user } = await insertConsigner(t.db);
    const a = await insertOperator(t.db);
    const b = await insertOperator(t.db);
    const load = await insertLoad(t.db, consignerCode);
    await quote(a.owner.token, load.id, 46000);
    await quote(b.owner.token, load.id, 44500.5);

    expect(await awardLoad(t.db, load.id, new Date())).toBeNull(); // window still open
    const later = new Date(Date.now() + 11 * 60_000);
    const outcome = await awardAndAnnounce(t.app.ctx, load.id, later);
    expect(outcome).toMatchObject({
      state: 'AWARDED',
      winnerOperatorId: b.operatorId,
      pricePaisa: 44_500_50,
      loserOperatorIds: [a.operatorId],
    });
    expect(await awardLoad(t.db, load.id, later)).toBeNull(); // once only

    expect(ids(await board(b.owner.token, 'WON'))).toContain(load.id);
    expect(ids(await board(a.owner.token, 'LOST'))).toContain(load.id);
    const won = await t.call({ method: 'GET', url: `/api/rest/tesseract/v1/load/${load.id}`, token: b.owner.token });
    expect(won.body.data).toMatchObject({ state: 'WON', result: { agreedPrice: 44500.5 } });
    expect(won.body.data.loadingPoints[0].contactPhone).toBe('9876543210');
    const lost = await t.call({ method: 'GET', url: `/api/rest/tesseract/v1/load/${load.id}`, token: a.owner.token });
    expect(lost.body.data).toMatchObject({ state: 'LOST', result: { agreedPrice: null } });
    const kinds = t.app.notifier
      .list(50)
      .filter((m) => m.text.includes(load.id))
      .map((m) => m.kind)
      .sort();
    expect(kinds).toEqual(['LOAD_LOST', 'LOAD_WON']);

    // an operator that never quoted cannot read the closed load
    const c = await insertOperator(t.db);
    expect((await t.call({ method: 'GET', url: `/api/rest/tesseract/v1/load/${load.id}`, token: c.owner.token })).status).toBe(404);

    // the consigner sees both quotes and may pick the other one with a reason
    const quotes = await t.call({ method: 'GET', url: `/api/rest/tesseract/v1/demand/${load.id}/quotes`, token: user.token });
    expect(quotes.body.data.quotes.map((q: { operatorId: string; rank: number }) => [q.operatorId, q.rank])).toEqual([
      [b.operatorId, 1],
      [a.operatorId, 2],
    ]);
    const noReason = await t.call({
      method: 'POST',
      url: `/api/rest/tesseract/v1/demand/${load.id}/award`,
      token: user.token,
      payload: { operatorId: a.operatorId, reason: '' },
    });
    expect(noReason.status).toBe(400);
    const changed = await t.call({
      method: 'POST',
      url: `/api/rest/tesseract/v1/demand/${load.id}/award`,
      token: user.token,
      payload: { operatorId: a.operatorId, reason: 'Better service record on this lane' },
    });
    expect(changed.status).toBe(200);
    expect(ids(await board(a.owner.token, 'WON'))).toContain(load.id);
    expect(ids(await board(b.owner.token, 'LOST'))).toContain(load.id);

    const empty = await insertLoad(t.db, consignerCode);
    expect(await awardLoad(t.db, empty.id, later)).toMatchObject({ state: 'EXPIRED', winnerOperatorId: null });
  });

  it('the state machine allows only the documented moves', () => {
    expect(canMove('OPEN', 'AWARDED')).toBe(true);
    expect(canMove('OPEN', 'CONFIRMED')).toBe(false);
    expect(canMove('EXPIRED', 'OPEN')).toBe(false);
    expect(canMove('CONFIRMED', 'AWARDED')).toBe(false);
    expect(canMove('AWARDED', 'CONFIRMED')).toBe(true);
  });
});
