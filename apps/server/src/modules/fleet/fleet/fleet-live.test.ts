import { describe, expect, it } from 'vitest';
import { listeningTestApp, streamTicket } from '../../../../test/app.ts';
import { insertConsigner, insertOperator, insertSubordinate, insertVehicle } from '../../../../test/factories.ts';
import { readFrames } from '../../../../test/sse.ts';
import { type BusEvent, inProcessBus } from '../../../plugins/events.ts';
import { POSITIONS_TOPIC } from '../../trips/tracking/tracking.service.ts';
import { registerFleetLive } from './fleet-live.ts';

const live = listeningTestApp();

const ticketFor = (token: string, topics: string) => live.t.call({ method: 'POST', url: '/api/events/ticket', token, payload: { topics } });

/** An operator with one vehicle carrying a registered tracker. */
async function trackedOperator() {
  const op = await insertOperator(live.t.db);
  const vehicle = await insertVehicle(live.t.db, op.operatorId, { status: 'VERIFIED' });
  const device = await live.t.call({
    method: 'POST',
    url: '/api/tracking/devices',
    token: op.owner.token,
    payload: { vehicleId: vehicle.id, label: 'Cabin box' },
  });
  expect(device.status).toBe(200);
  const report = (lat: number, lon: number, speed = 20) =>
    live.t.app.inject({
      method: 'GET',
      url: `/api/tracking/osmand?id=${device.body.data.identifier}&lat=${lat}&lon=${lon}&speed=${speed}`,
    });
  return { ...op, vehicle, report };
}

describe('GPS Dashboard topic fleet:{operatorId}', () => {
  it('opens only for the operator’s own users whose role may see vehicles', async () => {
    const a = await insertOperator(live.t.db);
    const b = await insertOperator(live.t.db);
    const withGps = await insertSubordinate(live.t.db, a.operatorId, ['VEHICLES_VIEW']);
    const withoutGps = await insertSubordinate(live.t.db, a.operatorId, ['TRIPS_VIEW']);
    const consigner = await insertConsigner(live.t.db);
    expect((await ticketFor(a.owner.token, `fleet:${a.operatorId}`)).status).toBe(200);
    expect((await ticketFor(withGps.token, `fleet:${a.operatorId}`)).status).toBe(200);
    expect((await ticketFor(a.owner.token, `fleet:${b.operatorId}`)).status).toBe(404);
    expect((await ticketFor(withoutGps.token, `fleet:${a.operatorId}`)).status).toBe(404);
    expect((await ticketFor(consigner.user.token, `fleet:${a.operatorId}`)).status).toBe(404);
    // the map names the topic's operator
    const map = await live.t.call({ method: 'GET', url: '/api/fleet/map', token: withGps.token });
    expect(map.body.data.operatorId).toBe(a.operatorId);
  });

  it('operator A’s stream carries A’s positions and never operator B’s', async () => {
    const a = await trackedOperator();
    const b = await trackedOperator();
    const seenByB: BusEvent[] = [];
    const stopB = live.t.app.events.subscribe(`fleet:${b.operatorId}`, (e) => seenByB.push(e));

    const ticket = await streamTicket(live.t.app, a.owner.token, `fleet:${a.operatorId}`);
    const stream = await fetch(`${live.base}/api/events/stream?topics=fleet:${a.operatorId}&ticket=${ticket}`);
    expect(stream.status).toBe(200);
    const reading = readFrames(stream.body!, (frames) => frames.some((f) => f.startsWith('event: POSITIONS')), 8_000);
    // B reports first, then A: A's stream must carry A's only
    expect((await b.report(19.07, 72.87, 0)).statusCode).toBe(200);
    await expect.poll(() => seenByB.length).toBeGreaterThan(0);
    expect((await a.report(26.95, 75.81, 30)).statusCode).toBe(200);
    const frames = await reading;
    stopB();

    const pushed = frames.find((f) => f.startsWith('event: POSITIONS'));
    expect(pushed, 'no position pushed to A').toBeDefined();
    const data = JSON.parse(/^data: (.*)$/m.exec(pushed!)![1]!);
    expect(data.topic).toBe(`fleet:${a.operatorId}`);
    expect(data.positions).toEqual([
      expect.objectContaining({ vehicleId: a.vehicle.id, lat: 26.95, lng: 75.81, speedKmph: 55.6, tripId: null }),
    ]);
    expect(frames.join('\n')).not.toContain(b.vehicle.id);
    expect(seenByB.flatMap((e) => (e.data as { positions: Array<{ vehicleId: string }> }).positions.map((p) => p.vehicleId))).toEqual([
      b.vehicle.id,
    ]);
  });
});

describe('folding positions per operator', () => {
  it('pushes at most once per window, newest position per vehicle, one event per operator', async () => {
    const bus = inProcessBus();
    const stop = registerFleetLive({ events: bus }, 200);
    const pushes: BusEvent[] = [];
    bus.subscribe('fleet:OP1', (e) => pushes.push(e));
    const at = (s: number) => new Date(Date.UTC(2026, 10, 25, 10, 0, s)).toISOString();
    const pos = (vehicleId: string, s: number, operatorId = 'OP1') => ({
      operatorId,
      vehicleId,
      lat: 26 + s / 100,
      lng: 75,
      speedKmph: 30,
      recordedAt: at(s),
      tripId: null,
    });
    const arrive = (positions: ReturnType<typeof pos>[]) =>
      bus.publish({ topic: POSITIONS_TOPIC, type: 'POSITIONS', data: { count: positions.length, positions } });

    await arrive([pos('V1', 1), pos('V2', 1), pos('X9', 1, 'OP2')]);
    expect(pushes).toHaveLength(1);
    expect((pushes[0]!.data as { positions: unknown[] }).positions).toHaveLength(2);
    // inside the window: folded into one later push holding each vehicle's newest position
    await arrive([pos('V1', 3)]);
    await arrive([pos('V1', 5), pos('V2', 4)]);
    await arrive([pos('V1', 4)]); // older than held: ignored
    expect(pushes).toHaveLength(1);
    await expect.poll(() => pushes.length, { timeout: 2_000 }).toBe(2);
    const second = (pushes[1]!.data as { positions: Array<{ vehicleId: string; recordedAt: string }> }).positions;
    expect(second.map((p) => [p.vehicleId, p.recordedAt]).sort()).toEqual([
      ['V1', at(5)],
      ['V2', at(4)],
    ]);
    stop();
    await bus.close();
  });
});
