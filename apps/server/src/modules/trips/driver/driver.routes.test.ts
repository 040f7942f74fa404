import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { insertOperator } from '../../../../test/factories.ts';
import { driverActions, driverLinks, positions, tripEvents, trips } from '../../../db/schema/index.ts';
import { insertTrip } from '../trips/trips.test-factory.ts';
import { codeSentTo, JPEG, sentTo, stateOf } from '../trips/trips.test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DRIVER_LINK_RATE_MAX: '40', DRIVER_LINK_GRACE_HOURS: '24' });
  t.database.pool?.on('error', () => undefined);
});
afterAll(async () => t.close());

const linkPath = (tripId: string) => `/api/rest/tesseract/v2/trip/${tripId}/driver-link`;
let seq = 0;
const actionId = () => `act-${Date.now().toString(36)}-${++seq}`;
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** A trip with its driver's link issued by the operator; answers the token from the link's address. */
async function tripWithLink(opts: Parameters<typeof insertTrip>[1] = {}) {
  const trip = await insertTrip(t.db, opts);
  const issued = await t.call({ method: 'POST', url: linkPath(trip.tripId), token: trip.operator.owner.token });
  expect(issued.status).toBe(200);
  const url = issued.body.data.link.url as string;
  const token = url.split('/d/')[1]!;
  const driverPhone = (await t.db.select({ p: trips.driverPhone }).from(trips).where(eq(trips.id, trip.tripId)))[0]!.p;
  return { ...trip, token, url, driverPhone };
}

const driver = (token: string, path: string, payload?: object) =>
  t.call({ method: payload ? 'POST' : 'GET', url: `/api/driver/${token}${path}`, payload });
const stage = (token: string, action: string, extra: object = {}) =>
  driver(token, '/stage', { actionId: actionId(), happenedAt: new Date().toISOString(), action, ...extra });
const historyOf = (tripId: string) =>
  t.db
    .select({ toState: tripEvents.toState, actorKind: tripEvents.actorKind, note: tripEvents.note, createdAt: tripEvents.createdAt })
    .from(tripEvents)
    .where(eq(tripEvents.tripId, tripId))
    .orderBy(tripEvents.id);
const positionCount = async (tripId: string) =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(positions).where(eq(positions.tripId, tripId)))[0]!.n;

describe("the driver's link", () => {
  it('is texted to the driver, opens the trip with its points and contacts, and the operator sees it opened', async () => {
    const trip = await tripWithLink();
    expect(trip.token).toMatch(/^[A-Za-z0-9_-]{20}\.[0-9a-f]{12}$/);
    const sms = sentTo(t, trip.driverPhone, 'DRIVER_LINK');
    expect(sms).toHaveLength(1);
    expect(sms[0]!.text).toContain(trip.url);

    const before = await t.call({ method: 'GET', url: linkPath(trip.tripId), token: trip.operator.owner.token });
    expect(before.body.data.link).toMatchObject({ status: 'ACTIVE', openedAt: null, lastReportAt: null, location: 'NEVER', url: null });

    const opened = await driver(trip.token, '/trip');
    expect(opened.status).toBe(200);
    expect(opened.body.data).toMatchObject({ tripId: trip.tripId, state: 'ASSIGNED', next: { action: 'REACHED_LOADING' } });
    expect(opened.body.data.points.map((p: { contactPhone: string }) => p.contactPhone)).toEqual([
      trip.loadingContact,
      trip.unloadingContact,
    ]);
    // the driver's own number is never part of what the link shows
    expect(JSON.stringify(opened.body)).not.toContain(trip.driverPhone);

    const after = await t.call({ method: 'GET', url: linkPath(trip.tripId), token: trip.operator.owner.token });
    expect(after.body.data.link.openedAt).not.toBeNull();
  });

  it('opens its own trip only: not as a session on any other call, not for another operator', async () => {
    const a = await tripWithLink();
    const b = await insertTrip(t.db);
    for (const url of [
      `/api/rest/tesseract/v1/trip/${a.tripId}`,
      `/api/rest/tesseract/v1/trip/${b.tripId}`,
      linkPath(a.tripId),
      '/api/rest/tesseract/v1/trip',
      '/api/wallet',
    ]) {
      const res = await t.call({ method: 'GET', url, token: a.token });
      expect(res.status, url).toBe(401);
      const bearer = await t.call({ method: 'GET', url, headers: { authorization: `Bearer ${a.token}` } });
      expect(bearer.status, url).toBe(401);
    }
    // another operator cannot see, reissue or revoke this trip's link
    const other = await insertOperator(t.db);
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      expect((await t.call({ method, url: linkPath(a.tripId), token: other.owner.token })).status).toBe(404);
    }
    // a mangled or made-up link is not a link
    const [random, signature] = a.token.split('.');
    const flipped = `${random}.${signature!.slice(0, -1)}${signature!.endsWith('0') ? '1' : '0'}`;
    for (const bad of [flipped, `${random}x.${signature}`, 'not-a-driver-link-at-all']) {
      const res = await driver(bad, '/trip');
      expect(res.status).toBe(404);
      expect(res.body.errorCode).toBe('DRIVER_LINK_INVALID');
    }
    expect((await t.db.select().from(driverLinks).where(eq(driverLinks.tripId, a.tripId)))[0]!.openedAt).toBeNull();
  });

  it('refuses a revoked link with a clear code and changes nothing; the reissued link works', async () => {
    const trip = await tripWithLink();
    const revoked = await t.call({ method: 'DELETE', url: linkPath(trip.tripId), token: trip.operator.owner.token });
    expect(revoked.body.data.link.status).toBe('REVOKED');
    const events = await historyOf(trip.tripId);
    for (const res of [await driver(trip.token, '/trip'), await stage(trip.token, 'REACHED_LOADING')]) {
      expect(res.status).toBe(410);
      expect(res.body.errorCode).toBe('DRIVER_LINK_REVOKED');
    }
    expect(await stateOf(t, trip.tripId)).toBe('ASSIGNED');
    expect(await historyOf(trip.tripId)).toEqual(events);
    expect(await t.db.select().from(driverActions).where(eq(driverActions.tripId, trip.tripId))).toEqual([]);

    const again = await t.call({ method: 'POST', url: linkPath(trip.tripId), token: trip.operator.owner.token });
    const token = (again.body.data.link.url as string).split('/d/')[1]!;
    expect((await driver(token, '/trip')).status).toBe(200);
    expect((await driver(trip.token, '/trip')).status).toBe(410);
  });

  it('expires the grace period after the trip ended, and then changes nothing', async () => {
    const trip = await tripWithLink();
    await t.db.update(trips).set({ state: 'CANCELLED' }).where(eq(trips.id, trip.tripId));
    await t.db.insert(tripEvents).values({
      tripId: trip.tripId,
      fromState: 'ASSIGNED',
      toState: 'CANCELLED',
      actorKind: 'OPERATOR',
      note: 'test',
      createdAt: new Date(Date.now() - 25 * 3_600_000),
    });
    const res = await driver(trip.token, '/positions', { actionId: actionId(), positions: [{ lat: 26.9, lng: 75.8, recordedAt: ago(1) }] });
    expect(res.status).toBe(410);
    expect(res.body.errorCode).toBe('DRIVER_LINK_EXPIRED');
    expect(await positionCount(trip.tripId)).toBe(0);
    const view = await t.call({ method: 'GET', url: linkPath(trip.tripId), token: trip.operator.owner.token });
    expect(view.body.data.link.status).toBe('EXPIRED');
  });

  it('runs the stages through the codes as the driver, keeps the phone time, and a replay changes nothing', async () => {
    const trip = await tripWithLink();
    // the phone puts the truck at the loading point: reaching it is checked against that position (ADR 270)
    const here = await driver(trip.token, '/positions', {
      actionId: actionId(),
      positions: [{ lat: 26.9124, lng: 75.7873, speedKmph: 0, recordedAt: new Date().toISOString() }],
    });
    expect(here.status).toBe(200);
    const reached = { actionId: actionId(), happenedAt: new Date().toISOString(), action: 'REACHED_LOADING' };
    const first = await driver(trip.token, '/stage', reached);
    expect(first.body.data).toMatchObject({ replayed: false, state: 'REACHED_LOADING', outcome: 'DONE' });
    const replay = await driver(trip.token, '/stage', reached);
    expect(replay.status).toBe(200);
    expect(replay.body.data.replayed).toBe(true);

    const sent = await stage(trip.token, 'SEND_LOADING_CODE');
    expect(sent.body.data.sentTo).toMatch(/^X+\d{4}$/);
    const wrong = await stage(trip.token, 'VERIFY_LOADING_CODE', {
      otp: '000000' === codeSentTo(t, trip.loadingContact) ? '111111' : '000000',
    });
    expect(wrong.status).toBe(422);
    const loaded = await stage(trip.token, 'VERIFY_LOADING_CODE', { otp: codeSentTo(t, trip.loadingContact) });
    expect(loaded.body.data.state).toBe('LOADED');

    // the operator starts the trip first; the driver's queued start is already done and moves nothing
    const op = await t.call({
      method: 'POST',
      url: '/api/rest/tesseract/v1/trip/operator/advance-state',
      token: trip.operator.owner.token,
      payload: { tripId: trip.tripId, toState: 'IN_TRANSIT' },
    });
    expect(op.status).toBe(200);
    const late = await stage(trip.token, 'START_TRIP');
    expect(late.body.data).toMatchObject({ outcome: 'ALREADY_DONE', state: 'IN_TRANSIT' });

    const history = await historyOf(trip.tripId);
    const moves = history.filter((e) => e.toState !== 'ASSIGNED' || e.actorKind === 'DRIVER');
    expect(moves.map((e) => [e.toState, e.actorKind])).toEqual([
      ['REACHED_LOADING', 'DRIVER'],
      ['REACHED_LOADING', 'DRIVER'],
      ['LOADED', 'DRIVER'],
      ['IN_TRANSIT', 'OPERATOR'],
    ]);
    expect(moves[0]!.createdAt.toISOString()).toBe(reached.happenedAt);
    expect(moves[1]!.note).toMatch(/code sent/);
  });

  it('takes batches of positions into the trip, refuses those outside its window, and a replayed batch changes nothing', async () => {
    const trip = await tripWithLink({ state: 'IN_TRANSIT' });
    const batch = {
      actionId: actionId(),
      positions: [
        { lat: 27.1, lng: 75.95, speedKmph: 40, recordedAt: ago(4) },
        { lat: 27.2, lng: 76.05, speedKmph: 42, recordedAt: ago(2) },
      ],
    };
    const first = await driver(trip.token, '/positions', batch);
    expect(first.body.data).toMatchObject({ accepted: 2, replayed: false });
    const replay = await driver(trip.token, '/positions', batch);
    expect(replay.body.data).toMatchObject({ replayed: true, accepted: 2 });
    expect(await positionCount(trip.tripId)).toBe(2);

    const outside = await driver(trip.token, '/positions', {
      actionId: actionId(),
      positions: [{ lat: 27.3, lng: 76.1, recordedAt: ago(3 * 24 * 60) }],
    });
    expect(outside.status).toBe(422);
    expect(outside.body.errorCode).toBe('POSITION_OUTSIDE_TRIP');
    expect(await positionCount(trip.tripId)).toBe(2);

    const [row] = await t.db.select({ source: trips.trackingSource }).from(trips).where(eq(trips.id, trip.tripId));
    expect(row!.source).toBe('DRIVER_PHONE');
    const tracking = await t.call({
      method: 'GET',
      url: `/api/rest/tesseract/v2/trip/${trip.tripId}/tracking`,
      token: trip.operator.owner.token,
    });
    expect(tracking.body.data).toMatchObject({ current: { lat: 27.2, lng: 76.05 }, source: 'DRIVER_PHONE' });

    const stop = await driver(trip.token, '/location', { actionId: actionId(), happenedAt: new Date().toISOString(), sharing: false });
    expect(stop.status).toBe(200);
    const view = await t.call({ method: 'GET', url: linkPath(trip.tripId), token: trip.operator.owner.token });
    expect(view.body.data.link).toMatchObject({ location: 'STOPPED' });
    expect(view.body.data.link.lastReportAt).not.toBeNull();
    const notes = (await historyOf(trip.tripId)).filter((e) => e.actorKind === 'DRIVER').map((e) => e.note);
    expect(notes).toContain('Driver stopped sharing location');
  });

  it("reports a delay and sends the POD through the POD path, both as the driver's", async () => {
    const trip = await tripWithLink({ state: 'IN_TRANSIT' });
    const delay = await driver(trip.token, '/delay', { actionId: actionId(), happenedAt: ago(5), reasonCode: 'TRAFFIC' });
    expect(delay.status).toBe(200);
    expect((await historyOf(trip.tripId)).at(-1)).toMatchObject({ actorKind: 'DRIVER', note: 'Delay reported: Traffic jam' });

    await t.db.update(trips).set({ state: 'UNLOADED' }).where(eq(trips.id, trip.tripId));
    const photo = { actionId: actionId(), happenedAt: ago(1), fileName: 'pod.jpg' };
    const issued = await driver(trip.token, '/pod/upload-url', photo);
    expect(issued.status).toBe(200);
    const { url, resourceKey } = issued.body.data.upload;
    expect((await driver(trip.token, '/pod/upload-url', photo)).body.data.upload.resourceKey).toBe(resourceKey);
    const put = await t.app.inject({ method: 'PUT', url, payload: JPEG, headers: { 'content-type': 'image/jpeg' } });
    expect(put.statusCode).toBe(200);
    expect((await driver(trip.token, '/pod/confirm', { actionId: actionId(), happenedAt: ago(1), resourceKey })).status).toBe(200);
    const submitted = await driver(trip.token, '/pod/submit', { actionId: actionId(), happenedAt: ago(1), podResourceKeys: [resourceKey] });
    expect(submitted.body.data).toMatchObject({ state: 'POD_SUBMITTED', outcome: 'DONE' });
    const last = (
      await t.db
        .select({ actorKind: tripEvents.actorKind })
        .from(tripEvents)
        .where(and(eq(tripEvents.tripId, trip.tripId), eq(tripEvents.toState, 'POD_SUBMITTED')))
    )[0];
    expect(last!.actorKind).toBe('DRIVER');
  });

  it("a new driver gets the trip's link and the old driver's link stops", async () => {
    const trip = await tripWithLink();
    const changed = await t.call({
      method: 'POST',
      url: '/api/rest/tesseract/v2/trip/replace-vehice',
      token: trip.operator.owner.token,
      payload: {
        tripId: trip.tripId,
        vehicleId: trip.vehicle.id,
        driverName: 'Suresh Kumar',
        driverNumber: '9811122233',
        reasonCode: 'DRIVER_UNAVAILABLE',
      },
    });
    expect(changed.status).toBe(200);
    const texted = sentTo(t, '9811122233', 'DRIVER_LINK');
    expect(texted).toHaveLength(1);
    const token = texted[0]!.text.match(/\/d\/([A-Za-z0-9_-]+\.[0-9a-f]+)/)?.[1] ?? '';
    expect((await driver(token, '/trip')).body.data.driverName).toBe('Suresh Kumar');
    expect((await driver(trip.token, '/trip')).body.errorCode).toBe('DRIVER_LINK_REVOKED');
  });

  it('has its own request budget', async () => {
    const trip = await tripWithLink();
    const other = await tripWithLink();
    let limited = 0;
    for (let i = 0; i < 42; i++) if ((await driver(trip.token, '/trip')).status === 429) limited++;
    expect(limited).toBeGreaterThan(0);
    expect((await driver(other.token, '/trip')).status).toBe(200);
  });
});
