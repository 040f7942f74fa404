import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { insertOperator, insertSubordinate, tokenFor } from '../../../../test/factories.ts';
import { buildApp } from '../../../app.ts';
import { type Database, fromPool } from '../../../db/client.ts';
import type { Actor } from '../../../plugins/auth.ts';
import { SessionCache } from './session-cache.ts';

// Two app instances on one database stand for two server processes: the first is where the owner acts,
// the second where the revoked user keeps calling (ADR 153).
let first: TestApp;
let second: FastifyInstance;
let secondDatabase: Database | undefined;

beforeAll(async () => {
  first = await createTestApp();
  const pool = first.database.pool;
  if (pool) {
    secondDatabase = fromPool(new pg.Pool({ ...pool.options, max: 5 }), () => {});
    second = await buildApp(first.config, { database: secondDatabase, closeDatabase: true });
  } else {
    // one embedded database serves one machine: both instances share it
    second = await buildApp(first.config, { database: first.database, closeDatabase: false });
  }
  await second.ready();
});
afterAll(async () => {
  await second.close();
  await first.close();
});

const onSecond = async (url: string, token: string) => (await second.inject({ method: 'GET', url, headers: { token } })).statusCode;

/**
 * Calls the second instance until it answers `status`. The bound is not a speed figure (the second-or-less
 * is the bench's to measure on a quiet machine): it stays well under the cache's 30 s life, so an answer
 * that changed within it came by the database's announcement, not by the entry expiring.
 */
const ANNOUNCED_WITHIN_MS = 15_000;
async function untilStatus(url: string, token: string, status: number): Promise<void> {
  const start = performance.now();
  for (;;) {
    const got = await onSecond(url, token);
    if (got === status) return;
    const elapsed = performance.now() - start;
    if (elapsed > ANNOUNCED_WITHIN_MS) throw new Error(`still ${got} after ${Math.round(elapsed)} ms: the change was not announced`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('sessions and permissions cached per process', () => {
  it('a permission removed on one instance is refused on the other once the database announces it', async () => {
    const { operatorId, owner } = await insertOperator(first.db);
    const sub = await insertSubordinate(first.db, operatorId, ['USERS_MANAGE', 'LOADS_VIEW']);
    expect(await onSecond('/api/user/getAllRoles', sub.token)).toBe(200);
    expect(await onSecond('/api/user/getAllRoles', sub.token)).toBe(200);
    // the second instance answers this token from memory now
    expect(second.sessionCache.size).toBeGreaterThan(0);

    const removed = await first.call({
      method: 'POST',
      url: '/api/user/deleteRolePermissions',
      token: owner.token,
      payload: { roleId: sub.roleId, permissions: ['USERS_MANAGE'] },
    });
    expect(removed.status).toBe(200);
    await untilStatus('/api/user/getAllRoles', sub.token, 403);
    // the session itself still stands there
    expect(await onSecond('/api/auth/me', sub.token)).toBe(200);
  });

  it('a session logged out on one instance is refused on the other once the database announces it', async () => {
    const { owner } = await insertOperator(first.db);
    expect(await onSecond('/api/user/getAllRoles', owner.token)).toBe(200);
    expect(await onSecond('/api/auth/me', owner.token)).toBe(200);

    const out = await first.call({ method: 'POST', url: '/api/auth/logout', token: owner.token });
    expect(out.status).toBe(200);
    await untilStatus('/api/auth/me', owner.token, 401);
    // and on the instance that logged out, at once
    expect((await first.call({ method: 'GET', url: '/api/auth/me', token: owner.token })).status).toBe(401);
  });

  it('a removed sub-user and a change made straight in the database reach both instances', async () => {
    const { operatorId, owner } = await insertOperator(first.db);
    const sub = await insertSubordinate(first.db, operatorId, ['USERS_MANAGE']);
    const other = await tokenFor(first.db, owner.userId);
    expect(await onSecond('/api/auth/me', sub.token)).toBe(200);
    expect(await onSecond('/api/auth/me', other)).toBe(200);

    const gone = await first.call({ method: 'DELETE', url: `/api/user/removeSubordinate?userCode=${sub.userCode}`, token: owner.token });
    expect(gone.status).toBe(200);
    await untilStatus('/api/auth/me', sub.token, 401);

    // a revocation no route made (an operator's script, another service) is announced by the database too
    await first.database.sql.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1', [owner.userId]);
    await untilStatus('/api/auth/me', other, 401);
  });
});

describe('SessionCache', () => {
  const actor = (over: Partial<Actor> = {}): Actor => ({
    userId: 'USR1',
    userCode: 'U1',
    sessionId: 'SES1',
    kind: 'SUBORDINATE',
    name: 'A',
    phone: '9000000000',
    locale: 'en',
    operatorId: null,
    consignerCode: null,
    permissions: new Set(),
    ...over,
  });

  it('keeps out a read that started before a change was announced', () => {
    const cache = new SessionCache();
    cache.setLive(true);
    const mark = cache.mark();
    cache.invalidate('r:ROL1');
    cache.put('h1', mark, { actor: actor(), roleId: 'ROL1', lastSeenAt: 0 }, 0);
    expect(cache.get('h1', 0)).toBeUndefined();
    cache.put('h1', cache.mark(), { actor: actor(), roleId: 'ROL1', lastSeenAt: 0 }, 0);
    expect(cache.get('h1', 0)?.actor.userId).toBe('USR1');
  });

  it('drops entries by session, user, user code and role, and serves nothing while announcements are lost', () => {
    const cache = new SessionCache();
    cache.setLive(true);
    const fill = () => {
      cache.put('a', cache.mark(), { actor: actor({ sessionId: 'S-A', userId: 'U-A', userCode: 'C-A' }), roleId: 'R-A', lastSeenAt: 0 }, 0);
      cache.put('b', cache.mark(), { actor: actor({ sessionId: 'S-B', userId: 'U-B', userCode: 'C-B' }), roleId: 'R-B', lastSeenAt: 0 }, 0);
    };
    for (const payload of ['s:S-A', 'u:U-A', 'c:C-A', 'r:R-A']) {
      fill();
      cache.invalidate(payload);
      expect(cache.get('a', 0)).toBeUndefined();
      expect(cache.get('b', 0)).toBeDefined();
    }
    // an operator's account data changing (ADR 165) is the tenant read cache's, not a session's
    fill();
    cache.invalidate('o:OP1');
    expect(cache.get('a', 0)).toBeDefined();
    expect(cache.get('b', 0)).toBeDefined();
    cache.setLive(false);
    expect(cache.get('b', 0)).toBeUndefined();
    fill();
    expect(cache.size).toBe(0);
  });

  it('reads an entry again after its time to live and keeps at most its maximum', () => {
    const cache = new SessionCache(2, 1000);
    cache.setLive(true);
    for (const key of ['a', 'b', 'c']) cache.put(key, cache.mark(), { actor: actor(), roleId: null, lastSeenAt: 0 }, 0);
    expect(cache.size).toBe(2);
    expect(cache.get('a', 0)).toBeUndefined();
    expect(cache.get('c', 999)).toBeDefined();
    expect(cache.get('c', 1001)).toBeUndefined();
  });
});
