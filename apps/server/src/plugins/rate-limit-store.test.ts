import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { cloneDatabase, createTestApp, type TestApp } from '../../test/app.ts';
import { insertOperator } from '../../test/factories.ts';
import { buildApp } from '../app.ts';
import { type Database, fromPool } from '../db/client.ts';
import { databaseStore, rateLimitStoreKind } from './rate-limit-store.ts';

// ADR 160: with several server processes, one user's budget is counted once for all of them.
const redisUrl = process.env.TEST_REDIS_URL;

let first: TestApp | undefined;
let second: FastifyInstance | undefined;
let secondDatabase: Database | undefined;

/** Two app instances on one database, as two processes of WEB_CONCURRENCY=2 are. */
async function twoInstances(env: Record<string, string>) {
  first = await createTestApp({ RATE_LIMIT_MAX: '5', ...env });
  const pool = first.database.pool;
  if (pool) {
    secondDatabase = fromPool(new pg.Pool({ ...pool.options, max: 3 }), () => {});
    second = await buildApp(first.config, { database: secondDatabase, closeDatabase: true });
  } else {
    second = await buildApp(first.config, { database: first.database, closeDatabase: false });
  }
  await second.ready();
  return { first, second };
}

afterEach(async () => {
  await second?.close();
  await first?.close();
  first = second = secondDatabase = undefined;
});

/** Calls getAllRoles alternately on both instances; the statuses in order. */
async function alternate(a: TestApp, b: FastifyInstance, token: string, calls: number) {
  const statuses: number[] = [];
  for (let i = 0; i < calls; i++) {
    const app = i % 2 ? b : a.app;
    statuses.push((await app.inject({ method: 'GET', url: '/api/user/getAllRoles', headers: { token } })).statusCode);
  }
  return statuses;
}

describe('the request budget across processes', () => {
  it('picks Redis when it is configured, else the database with several processes, else memory', () => {
    expect(rateLimitStoreKind({ REDIS_URL: 'redis://x', WEB_CONCURRENCY: 1 })).toBe('redis');
    expect(rateLimitStoreKind({ WEB_CONCURRENCY: 2 })).toBe('database');
    expect(rateLimitStoreKind({ WEB_CONCURRENCY: 1 })).toBe('memory');
    expect(rateLimitStoreKind({ RATE_LIMIT_STORE: 'memory', REDIS_URL: 'redis://x', WEB_CONCURRENCY: 4 })).toBe('memory');
  });

  it('counts in each process alone in memory: two instances allow twice the budget', async () => {
    const { first: a, second: b } = await twoInstances({ RATE_LIMIT_STORE: 'memory' });
    const { owner } = await insertOperator(a.db);
    expect(await alternate(a, b, owner.token, 10)).toEqual(Array(10).fill(200));
  });

  it('shares one count in the database: the sixth call is refused on either instance', async () => {
    const { first: a, second: b } = await twoInstances({ RATE_LIMIT_STORE: 'database' });
    const { owner } = await insertOperator(a.db);
    const other = await insertOperator(a.db);
    expect(await alternate(a, b, owner.token, 8)).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    const refused = await b.inject({ method: 'GET', url: '/api/user/getAllRoles', headers: { token: owner.token } });
    expect(refused.json().errorCode).toBe('RATE_LIMITED');
    // another user keeps a budget of its own
    expect(await alternate(a, b, other.owner.token, 2)).toEqual([200, 200]);
  });

  it.skipIf(!redisUrl)('shares one count in Redis: the sixth call is refused on either instance', async () => {
    const { first: a, second: b } = await twoInstances({ RATE_LIMIT_STORE: 'redis', REDIS_URL: redisUrl! });
    const { owner } = await insertOperator(a.db);
    expect(await alternate(a, b, owner.token, 8)).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
  });
});

describe('the database store', () => {
  /** A store over a fresh database that counts its round trips. */
  async function countingStore(max: number) {
    const { database, drop } = await cloneDatabase();
    let trips = 0;
    const sql = {
      ...database.sql,
      query: ((text: string, params?: unknown[]) => {
        trips++;
        return database.sql.query(text, params);
      }) as typeof database.sql.query,
    };
    const Store = databaseStore(sql);
    const store = new Store({ max });
    const incr = () =>
      new Promise<number>((resolve, reject) => store.incr('user:U1', (err, res) => (err ? reject(err) : resolve(res!.current))));
    const shared = async () =>
      Number((await database.sql.query<{ hits: number }>(`SELECT hits FROM rate_limit_hits WHERE key = 'user:U1'`)).rows[0]?.hits);
    return { incr, trips: () => trips, shared, drop };
  }

  it('counts a busy key far from its limit in few round trips, every request once and in order', async () => {
    const s = await countingStore(10_000);
    try {
      const together = await Promise.all(Array.from({ length: 50 }, s.incr));
      expect(together).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      // the first call's own trip, then one for the 49 that came meanwhile with hits taken ahead
      expect(s.trips()).toBe(2);
      for (let i = 51; i <= 100; i++) expect(await s.incr()).toBe(i);
      expect(s.trips()).toBe(2);
      // the shared count holds every request and what was taken ahead, never less
      expect(await s.shared()).toBeGreaterThanOrEqual(100);
      expect(await s.shared()).toBeLessThanOrEqual(100 + 64);
    } finally {
      await s.drop();
    }
  });

  it('takes nothing ahead near the limit: each request is its own round trip', async () => {
    const s = await countingStore(5);
    try {
      for (let i = 1; i <= 6; i++) expect(await s.incr()).toBe(i);
      expect(s.trips()).toBe(6);
      expect(await s.shared()).toBe(6);
    } finally {
      await s.drop();
    }
  });
});
