import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Database, fromPool } from '../src/db/client.ts';
import { createTestApp, type TestApp } from './app.ts';

/**
 * Two app instances on one database stand for two server processes (ADRs 165, 172): a change made through the
 * first (or in SQL) must reach what the second keeps in memory by the database's announcement.
 */
export async function twoInstances(): Promise<{ first: TestApp; second: FastifyInstance; close: () => Promise<void> }> {
  const first = await createTestApp();
  const pool = first.database.pool;
  let secondDatabase: Database | undefined;
  let second: FastifyInstance;
  if (pool) {
    secondDatabase = fromPool(new pg.Pool({ ...pool.options, max: 5 }));
    second = await buildApp(first.config, { database: secondDatabase, closeDatabase: true });
  } else {
    // one embedded database serves one machine: both instances share it
    second = await buildApp(first.config, { database: first.database, closeDatabase: false });
  }
  await second.ready();
  return {
    first,
    second,
    close: async () => {
      await second.close();
      await first.close();
    },
  };
}

/** Two instances started before a test file's tests and closed after them; read `first` and `second` inside tests. */
export function twoInstancesForFile(): { first: TestApp; second: FastifyInstance } {
  const pair = {} as { first: TestApp; second: FastifyInstance };
  let close = async () => {};
  beforeAll(async () => {
    const started = await twoInstances();
    pair.first = started.first;
    pair.second = started.second;
    close = started.close;
  });
  afterAll(async () => close());
  return pair;
}

/** A GET on an instance as `token`, answering the envelope's data. */
export async function getData<T>(app: FastifyInstance, url: string, token: string): Promise<T> {
  const res = await app.inject({ method: 'GET', url, headers: { token } });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: T }).data;
}

/**
 * Well under the caches' 30 s life (so what is seen came by announcement, not by expiry) and loose enough for a
 * loaded CI machine; not a speed figure.
 */
const SEEN_WITHIN_MS = 15_000;
export async function until<T>(read: () => Promise<T>, seen: (value: T) => boolean, what: string): Promise<T> {
  const start = performance.now();
  for (;;) {
    const value = await read();
    if (seen(value)) return value;
    const elapsed = performance.now() - start;
    if (elapsed > SEEN_WITHIN_MS) throw new Error(`${what}: not seen after ${Math.round(elapsed)} ms (${JSON.stringify(value)})`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Runs SQL with the triggers off, so the database announces nothing: what a cache keeps shows. */
export async function unannounced(app: TestApp, text: string) {
  await app.database.sql.exec(`BEGIN; SET LOCAL session_replication_role = replica; ${text}; COMMIT;`);
}
