import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, fromPglite, fromPool } from '../src/db/client.ts';

/** A fresh, migrated database cloned from the run's template. */
export async function cloneDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const pgTemplate = inject('pgTemplate');
  const url = process.env.TEST_DATABASE_URL;
  if (pgTemplate && url) {
    const name = `bhada_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${pgTemplate}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    const pool = new pg.Pool({ connectionString: u.toString(), max: 10 });
    // the forced drop at the end terminates any client still open; that is expected here
    const database = fromPool(pool, () => {});
    return {
      database,
      drop: async () => {
        await database.sql.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const blob = new Blob([readFileSync(inject('pgliteTemplate'))]);
  const client = await PGlite.create({ loadDataDir: blob });
  const database = fromPglite(client);
  return { database, drop: () => client.close() };
}

export interface TestApp {
  app: FastifyInstance;
  db: Database['db'];
  database: Database;
  config: Config;
  /** app.inject that parses the envelope */
  call(opts: InjectOptions & { token?: string }): Promise<{ status: number; body: ApiBody }>;
  close(): Promise<void>;
}

// biome-ignore lint/suspicious/noExplicitAny: response bodies are asserted field by field in tests
export type ApiBody = { success: boolean; data?: any; message?: string; errorCode: string; field?: string };

/** Builds the real app on a fresh database, with jobs and demo seed off unless asked. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bhada-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    JOBS_ENABLED: 'false',
    PLACES_IMPORT: 'false',
    SEED_DEMO: 'false',
    APP_SECRET: 'test-secret-0123456789',
    WEB_DIST: join(dataDir, 'no-web'),
    ...env,
  });
  const { database, drop } = await cloneDatabase();
  const app = await buildApp(config, { database });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    async call({ token, headers, ...opts }) {
      const res = await app.inject({ ...opts, headers: { ...(headers ?? {}), ...(token ? { token } : {}) } });
      let body: ApiBody;
      try {
        body = res.json();
      } catch {
        body = { success: false, errorCode: 'NOT_JSON', message: res.body };
      }
      return { status: res.statusCode, body };
    },
    async close() {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A stream ticket for these topics, as the web gets one before it opens an event stream (ADR 091). */
export async function streamTicket(app: FastifyInstance, token: string, topics: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/events/ticket', headers: { token }, payload: { topics } });
  if (res.statusCode !== 200) throw new Error(`no stream ticket for ${topics}: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { ticket: string } }).data.ticket;
}

/** Starts a test app listening on a free local port (for event streams, which inject cannot read); its base URL. */
export async function listenLocally(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** A test app listening on a free local port for the whole file: read `live.t` and `live.base` inside the tests. */
export function listeningTestApp() {
  const live = {} as { t: TestApp; base: string };
  beforeAll(async () => {
    live.t = await createTestApp();
    live.base = await listenLocally(live.t.app);
  });
  afterAll(async () => live.t.close());
  return live;
}
