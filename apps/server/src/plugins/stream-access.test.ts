import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLocally, streamTicket, type TestApp } from '../../test/app.ts';
import { insertOperator, insertSubordinate } from '../../test/factories.ts';
import { readFrames } from '../../test/sse.ts';
import { twoInstances } from '../../test/two-instances.ts';

// Two app instances on one database stand for two server processes: a session ends, a sub-user is removed or a
// permission withdrawn through the first, and the streams open on both must end (issue 45 point 6, ADR 300).
let first: TestApp;
let second: FastifyInstance;
const base: { first: string; second: string } = { first: '', second: '' };
let close = async () => {};

beforeAll(async () => {
  const pair = await twoInstances();
  first = pair.first;
  second = pair.second;
  close = pair.close;
  base.first = await listenLocally(first.app);
  base.second = await listenLocally(second);
});
afterAll(async () => close());

/** Opens a stream on `url` for `token` and reads it until it ends or `ms` pass. */
async function open(app: FastifyInstance, url: string, token: string, topics: string, ms = 15_000) {
  const ticket = await streamTicket(app, token, topics);
  const res = await fetch(`${url}/api/events/stream?topics=${topics}&ticket=${ticket}`);
  expect(res.status).toBe(200);
  const ended = (frames: string[]) => frames.some((f) => f.startsWith('event: closed'));
  // the answer's head comes once the stream has subscribed and listens for access changes
  const frames = readFrames(res.body!, ended, ms);
  return { frames, closedWith: async () => (await frames).find((f) => f.startsWith('event: closed')) };
}

describe('an event stream lives only as long as its access', () => {
  it('ends on every process when its session logs out, saying why', async () => {
    const op = await insertOperator(first.db);
    const topic = `user:${op.owner.userCode}`;
    const onFirst = await open(first.app, base.first, op.owner.token, topic);
    const onSecond = await open(second, base.second, op.owner.token, topic);
    const out = await first.call({ method: 'POST', url: '/api/auth/logout', token: op.owner.token });
    expect(out.status).toBe(200);
    expect(await onFirst.closedWith()).toContain('"reason":"SESSION_ENDED"');
    expect(await onSecond.closedWith()).toContain('"reason":"SESSION_ENDED"');
    // and the ticket trade is refused afterwards
    const again = await second.inject({
      method: 'POST',
      url: '/api/events/ticket',
      headers: { token: op.owner.token },
      payload: { topics: topic },
    });
    expect(again.statusCode).toBe(401);
  });

  it("ends a removed sub-user's fleet stream on the other process", async () => {
    const op = await insertOperator(first.db);
    const sub = await insertSubordinate(first.db, op.operatorId, ['VEHICLES_VIEW']);
    const topic = `fleet:${op.operatorId}`;
    const onSecond = await open(second, base.second, sub.token, topic);
    const removed = await first.call({
      method: 'DELETE',
      url: `/api/user/removeSubordinate?userCode=${sub.userCode}`,
      token: op.owner.token,
    });
    expect(removed.status).toBe(200);
    expect(await onSecond.closedWith()).toContain('"reason":"SESSION_ENDED"');
  });

  it('ends a fleet stream when its role loses the permission, and no other stream', async () => {
    const op = await insertOperator(first.db);
    const sub = await insertSubordinate(first.db, op.operatorId, ['VEHICLES_VIEW', 'TRIPS_VIEW']);
    const fleet = `fleet:${op.operatorId}`;
    const own = `user:${sub.userCode}`;
    const subFleet = await open(second, base.second, sub.token, fleet);
    const subOwn = await open(second, base.second, sub.token, own, 4_000);
    const ownerFleet = await open(second, base.second, op.owner.token, fleet, 4_000);
    const withdrawn = await first.call({
      method: 'POST',
      url: '/api/user/deleteRolePermissions',
      token: op.owner.token,
      payload: { roleId: sub.roleId, permissions: ['VEHICLES_VIEW'] },
    });
    expect(withdrawn.status).toBe(200);
    expect(await subFleet.closedWith()).toContain('"reason":"ACCESS_WITHDRAWN"');
    // the sub-user's own notifications and the owner's map go on: nothing closes them in the read window
    const [ownFrames, ownerFrames] = await Promise.all([subOwn.frames, ownerFleet.frames]);
    expect(ownFrames.some((f) => f.startsWith('event: closed'))).toBe(false);
    expect(ownerFrames.some((f) => f.startsWith('event: closed'))).toBe(false);
  });
});
