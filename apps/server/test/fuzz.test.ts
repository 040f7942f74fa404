import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app.ts';
import { tokenFor } from './factories.ts';

/**
 * Requests generated from the OpenAPI document (ADR 080): for every operation, bodies, queries and path
 * ids built from its schemas and then bent — wrong types, huge and negative numbers, empty and very long
 * strings, NUL bytes, lone surrogates, missing and extra fields, odd content types — sent signed in as an
 * operator and signed out. None may answer 5xx, and a refused request may not move money. Seeded, so a
 * failure repeats.
 */
const REQUESTS_PER_OPERATION = 18;
const SEED = 20261123;

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  minimum?: number;
  maximum?: number;
  format?: string;
};
type Operation = {
  method: string;
  path: string;
  body?: Schema;
  query: Array<{ name: string; schema: Schema; required?: boolean }>;
};

/** mulberry32: small, fast and the same on every machine */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const NASTY: unknown[] = [
  '',
  ' ',
  'a'.repeat(5000),
  '\u0000',
  'abc\u0000def',
  '\ud800',
  'x\udfffy',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '१२३४',
  '1e309',
  'NaN',
  '-1',
  '9007199254740993',
  -1,
  0,
  1.5,
  -0.01,
  1e308,
  Number.MAX_SAFE_INTEGER,
  2 ** 63,
  1763856000000,
  true,
  null,
  [],
  {},
  [1, 2, 3],
  { nested: { deeper: ['\u0000'] } },
];

function pick<T>(rnd: () => number, list: readonly T[]): T {
  return list[Math.floor(rnd() * list.length)] as T;
}

function plausible(schema: Schema | undefined, rnd: () => number, depth = 0): unknown {
  if (!schema || depth > 4) return 'x';
  const variant = schema.anyOf ?? schema.oneOf;
  if (variant?.length) return plausible(pick(rnd, variant), rnd, depth + 1);
  if (schema.enum?.length) return pick(rnd, schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
      return Math.floor((schema.minimum ?? 0) + rnd() * 1000);
    case 'number':
      return Math.round(((schema.minimum ?? 0) + rnd() * 1000) * 100) / 100;
    case 'boolean':
      return rnd() < 0.5;
    case 'array':
      return [plausible(schema.items, rnd, depth + 1)];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries(schema.properties ?? {})) out[key] = plausible(inner, rnd, depth + 1);
      return out;
    }
    default:
      return schema.format === 'date-time'
        ? new Date(1_763_856_000_000).toISOString()
        : pick(rnd, ['9876543210', 'TRP-DEMO001', 'OP1001', 'abc']);
  }
}

/** A body from the schema with one or more of its fields bent, dropped or joined by strangers. */
function bent(schema: Schema | undefined, rnd: () => number): unknown {
  const roll = rnd();
  if (roll < 0.1) return pick(rnd, NASTY);
  const base = plausible(schema, rnd);
  if (!base || typeof base !== 'object' || Array.isArray(base)) return base;
  const body = base as Record<string, unknown>;
  const keys = Object.keys(body);
  const changes = 1 + Math.floor(rnd() * 3);
  for (let i = 0; i < changes && keys.length; i++) {
    const key = pick(rnd, keys);
    const what = rnd();
    if (what < 0.2) delete body[key];
    else body[key] = pick(rnd, NASTY);
  }
  if (rnd() < 0.2) body[pick(rnd, ['__proto__', 'constructor', 'extra', '\u0000key'])] = pick(rnd, NASTY);
  return body;
}

/** Percent-encodes a path part; a lone surrogate has no UTF-8 form, so it goes as the bytes a client would send. */
function encodePathPart(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

function queryFor(op: Operation, rnd: () => number): string {
  const params = new URLSearchParams();
  for (const q of op.query) {
    const r = rnd();
    if (r < 0.2) continue;
    const value = r < 0.6 ? plausible(q.schema, rnd) : pick(rnd, NASTY);
    params.set(q.name, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return params.toString();
}

const MONEY_STATE = sql.raw(`select
  (select count(*) from journal_entries)::text || ':' ||
  (select count(*) from postings)::text || ':' ||
  (select coalesce(sum(balance), 0) from ledger_accounts)::text || ':' ||
  (select coalesce(md5(string_agg(id || status || amount_paisa::text, ',' order by id)), '') from payment_orders) || ':' ||
  (select count(*) from fastag_transactions)::text as state`);

let t: TestApp;
let operations: Operation[];
let operatorToken: string;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true', RATE_LIMIT_MAX: '1000000', OTP_IP_LIMIT: '1000000' });
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: Array<{ in: string; name: string; schema: Schema; required?: boolean }>;
          requestBody?: { content?: Record<string, { schema?: Schema }> };
        }
      >
    >;
  };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      body: op.requestBody?.content?.['application/json']?.schema,
      query: (op.parameters ?? []).filter((p) => p.in === 'query'),
    })),
  );
  const [owner] = ((await t.db.execute(sql`select id from users where phone = '9000000001'`)) as unknown as { rows: Array<{ id: string }> })
    .rows;
  operatorToken = await tokenFor(t.db, owner!.id);
}, 120_000);
afterAll(() => t.close());

const moneyState = async () => ((await t.db.execute(MONEY_STATE)) as unknown as { rows: Array<{ state: string }> }).rows[0]?.state;

it(`sends ${REQUESTS_PER_OPERATION} bent requests to every operation: no 5xx, and no refused request moves money`, async () => {
  const rnd = random(SEED);
  const serverErrors: string[] = [];
  const movedMoney: string[] = [];
  let sent = 0;
  for (const op of operations) {
    // signing out would end the session every later request uses
    if (op.path === '/api/auth/logout') continue;
    for (let i = 0; i < REQUESTS_PER_OPERATION; i++) {
      const path = op.path.replace(/\{[^}]+\}/g, () =>
        encodePathPart(String(rnd() < 0.5 ? pick(rnd, ['TRP-DEMO001', 'OP1001', 'x']) : pick(rnd, NASTY))),
      );
      const query = queryFor(op, rnd);
      const url = query ? `${path}?${query}` : path;
      const signedIn = rnd() < 0.8;
      const writes = op.method !== 'GET';
      let payload: string | undefined;
      let contentType = 'application/json';
      if (writes) {
        const body = bent(op.body, rnd);
        payload = JSON.stringify(body) ?? 'null';
        const style = rnd();
        if (style < 0.05) contentType = 'text/plain';
        else if (style < 0.08) contentType = 'application/x-www-form-urlencoded';
        else if (style < 0.1) payload = '{"broken": ';
      }
      const before = writes ? await moneyState() : undefined;
      const res = await t.app.inject({
        method: op.method as 'GET',
        url,
        payload,
        headers: { ...(payload !== undefined ? { 'content-type': contentType } : {}), ...(signedIn ? { token: operatorToken } : {}) },
      });
      sent++;
      if (res.statusCode >= 500) serverErrors.push(`${op.method} ${url.slice(0, 160)} ${payload?.slice(0, 160) ?? ''} → ${res.statusCode}`);
      if (writes && res.statusCode >= 400 && (await moneyState()) !== before)
        movedMoney.push(`${op.method} ${url.slice(0, 160)} → ${res.statusCode}`);
    }
  }
  console.info(`fuzz: ${sent} requests over ${operations.length} operations, ${serverErrors.length} answered 5xx`);
  expect(sent).toBeGreaterThanOrEqual(2000);
  expect(serverErrors).toEqual([]);
  expect(movedMoney).toEqual([]);
}, 300_000);
