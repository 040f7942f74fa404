import { mkdirSync } from 'node:fs';
import v8 from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { type Query, type SQL, type SQLChunk, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { queueQueries } from './queued-client.ts';
import * as schema from './schema/index.ts';
import { copyTemplateIfEmpty } from './template.ts';

export type Schema = typeof schema;
/** The database or an open transaction: repositories take this first. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** The lowest-level access both drivers share: used by migrations, pg-boss and health checks. */
export interface SqlRunner {
  kind: 'pglite' | 'postgres';
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** parameterless, possibly several statements */
  exec(text: string): Promise<void>;
  /**
   * Follows a NOTIFY channel on a connection of its own (PostgreSQL) or on the embedded instance (PGlite).
   * `onLost` is called when the connection carrying the LISTEN breaks: notifications may have been missed.
   * Resolves once listening; the returned function stops.
   */
  listen(channel: string, onNotify: (payload: string) => void, onLost: (err: Error) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface Database {
  db: Db;
  sql: SqlRunner;
  /** the raw PGlite instance, when embedded (tests clone it) */
  pglite?: PGlite;
  pool?: pg.Pool;
}

export function fromPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    pglite: client,
    sql: {
      kind: 'pglite',
      async query(text, params) {
        const r = await client.query(text, params as unknown[]);
        return { rows: r.rows as never[] };
      },
      async exec(text) {
        await client.exec(text);
      },
      async listen(channel, onNotify) {
        // one embedded instance: notifications cannot be lost between connections
        const stop = await client.listen(channel, onNotify);
        return async () => {
          if (!client.closed) await stop();
        };
      },
      close: () => client.close(),
    },
  };
}

/**
 * A connection the server ends (restart, failover, a dropped database) must not end the process: the pool
 * replaces an idle one, a query on a busy one fails on its own; either way the error is only told.
 */
const tellConnectionError = (err: Error) => console.error('PostgreSQL connection error:', err.message);

export function fromPool(pool: pg.Pool, onConnectionError: (err: Error) => void = tellConnectionError): Database {
  pool.on('error', onConnectionError);
  pool.on('connect', (client) => {
    client.on('error', onConnectionError);
    queueQueries(client);
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    pool,
    sql: {
      kind: 'postgres',
      async query(text, params) {
        const r = await pool.query(text, params as unknown[]);
        return { rows: r.rows };
      },
      async exec(text) {
        await pool.query(text);
      },
      async listen(channel, onNotify, onLost) {
        // LISTEN needs a session of its own: a pooled client would be handed to other queries
        const client = new pg.Client(pool.options);
        let stopped = false;
        client.on('notification', (msg) => {
          if (msg.channel === channel) onNotify(msg.payload ?? '');
        });
        const lost = (err: Error) => {
          if (stopped) return;
          stopped = true;
          onLost(err);
          void client.end().catch(() => {});
        };
        client.on('error', lost);
        client.on('end', () => lost(new Error('notification connection ended')));
        await client.connect();
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        return async () => {
          stopped = true;
          await client.end().catch(() => {});
        };
      },
      close: () => pool.end(),
    },
  };
}

export async function openDatabase(opts: {
  url?: string;
  dataDir: string;
  template?: boolean;
  /** told when the template copy ends, so the start log times it apart from opening (ADR 169) */
  onCopied?: () => void;
}): Promise<Database> {
  if (opts.url) {
    // bigint sums arrive as strings; money columns are mapped explicitly in repositories.
    return fromPool(new pg.Pool({ connectionString: opts.url, max: 20 }));
  }
  const dir = `${opts.dataDir}/pglite`;
  // a first start copies the prebuilt, migrated database instead of creating one (ADR 152)
  if (opts.template !== false && copyTemplateIfEmpty(dir)) opts.onCopied?.();
  mkdirSync(dir, { recursive: true });
  // PostgreSQL compiled to WebAssembly runs on V8's baseline code only (ADR 189): optimising its hot
  // functions held 80-100 MB more and took the processor from the start, for no gain a request could see
  v8.setFlagsFromString('--liftoff-only');
  const client = await PGlite.create(dir);
  return fromPglite(client);
}

/**
 * One database transaction. Drizzle's transaction handle offers the same queries as the database
 * but is typed apart; this is the one place that says so, so services pass `tx` where a `Db` goes.
 */
export function inTransaction<T>(db: Db, run: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((trx) => run(trx as unknown as Db));
}

/**
 * One data-modifying statement (an INSERT, UPDATE or DELETE with no WITH of its own) under the name it runs as
 * (ADR 177). Its text must not depend on how many rows it carries, so it can also ride as one part of a larger
 * statement's WITH: a movement then sends every write it makes while its accounts are locked in one round trip.
 * The text is written once per name (ADRs 186, 188): `text` puts `slot(key)` where `values[key]` goes.
 */
export interface NamedWrite {
  name: string;
  text: (slot: (key: string) => SQLChunk) => SQL;
  values: Record<string, unknown>;
}

/** A write's statement with its values in place, as any query takes it (to EXPLAIN it, say). */
export const withValues = (write: NamedWrite): SQL => write.text((key) => sql.param(write.values[key]));

/** Runs one write on its own. */
export async function executeWrite(db: Db, write: NamedWrite): Promise<void> {
  await executePrepared(db, write.name, () => write.text((key) => sql.placeholder(key)), write.values);
}

const preparedByDb = new WeakMap<object, Map<string, unknown>>();

/**
 * A hot read built once per database and then only executed (ADR 186): `build` makes the query with
 * `sql.placeholder(…)` where its values go and calls `.prepare(name)`, so drizzle turns it into text once and
 * PostgreSQL plans it once per pooled connection; each call fills the placeholders and maps the rows as before.
 * The name must be unique to the statement's text (`build` must not depend on the request's values). Give it the
 * database, not a transaction: a statement prepared on a transaction stays bound to that transaction's connection.
 */
export function preparedOnce<T>(db: Db, name: string, build: () => T): T {
  let byName = preparedByDb.get(db);
  if (!byName) {
    byName = new Map();
    preparedByDb.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build();
    byName.set(name, statement);
  }
  return statement;
}

/** Turns a statement's template into text and parameters, as drizzle's own sessions do (no driver-specific rules). */
const dialect = new PgDialect();
const queriesByName = new Map<string, Query>();

/**
 * A raw statement run by name (ADR 176) whose text is written once (ADRs 186, 188): `build` writes it with
 * `sql.placeholder(…)` for the request's values, which `values` fills on each call. The text is kept per name and
 * the statement is bound to the connection of each call, so it serves transactions as well as the pool.
 */
export async function executePrepared<T>(db: Db, name: string, build: () => SQL, values: Record<string, unknown>): Promise<T[]> {
  let query = queriesByName.get(name);
  if (!query) {
    query = dialect.sqlToQuery(build());
    queriesByName.set(name, query);
  }
  const result = (await db._.session.prepareQuery(query, undefined, name, false).execute(values)) as { rows: T[] };
  return result.rows;
}
