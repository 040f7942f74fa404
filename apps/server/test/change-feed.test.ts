import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { createTestApp, type TestApp } from './app.ts';
import { insertOperator, insertSubordinate } from './factories.ts';

// A feed that stops delivering without an error (a half-open connection, a proxy that drops it) is found by the
// heartbeat; while it is down, every kept read answers from the database (issue 44).
let base: TestApp;
let app: FastifyInstance;
let cut = false;

beforeAll(async () => {
  base = await createTestApp();
  const database: Database = {
    ...base.database,
    sql: {
      ...base.database.sql,
      listen: (channel, onNotify, onLost) =>
        base.database.sql.listen(
          channel,
          (payload) => {
            if (!cut) onNotify(payload);
          },
          onLost,
        ),
    },
  };
  app = await buildApp({ ...base.config, CHANGE_FEED_HEARTBEAT_MS: 100 }, { database, closeDatabase: false });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await base.close();
});

async function until(check: () => boolean, what: string, withinMs = 10_000) {
  const start = performance.now();
  while (!check()) {
    if (performance.now() - start > withinMs) throw new Error(`not ${what} within ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const get = async (url: string, token: string) => {
  const res = await app.inject({ method: 'GET', url, headers: { token } });
  return { status: res.statusCode, data: (res.json() as { data?: unknown }).data };
};

describe('the change feed behind the kept reads', () => {
  it('is live while heartbeats come back', async () => {
    await until(() => app.changeFeed.isLive, 'live');
    await new Promise((r) => setTimeout(r, 350));
    expect(app.changeFeed.isLive).toBe(true);
  });

  it('when it silently stops, kept reads answer from the database, and they are kept again once it is back', async () => {
    const { operatorId, owner } = await insertOperator(base.db);
    const sub = await insertSubordinate(base.db, operatorId, ['USERS_MANAGE', 'LOADS_VIEW']);
    expect((await get('/api/user/getAllRoles', sub.token)).status).toBe(200);
    expect((await get('/api/user/getAllRoles', owner.token)).status).toBe(200);
    expect(app.sessionCache.size).toBeGreaterThan(0);

    cut = true;
    await until(() => !app.changeFeed.isLive, 'paused');
    expect(app.sessionCache.size).toBe(0);

    // changes made straight in the database, whose announcements never arrive
    await base.database.sql.query(`DELETE FROM role_permissions WHERE role_id = $1 AND permission = 'USERS_MANAGE'`, [sub.roleId]);
    await base.database.sql.query('UPDATE roles SET name = $1 WHERE id = $2', ['Renamed while the feed was down', sub.roleId]);
    expect((await get('/api/user/getAllRoles', sub.token)).status).toBe(403);
    const roles = JSON.stringify((await get('/api/user/getAllRoles', owner.token)).data);
    expect(roles).toContain('Renamed while the feed was down');

    cut = false;
    await until(() => app.changeFeed.isLive, 'live again');
    expect((await get('/api/user/getAllRoles', owner.token)).status).toBe(200);
    expect(app.sessionCache.size).toBeGreaterThan(0);
  });
});
