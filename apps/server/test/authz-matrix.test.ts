import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { OP1001 } from '../src/seed/demo-data.ts';
import { createTestApp, type TestApp } from './app.ts';
import { ACCOUNT_ACCESS } from './authz-account.ts';
import { DRIVER_AND_MESSAGES_ACCESS } from './authz-driver-messages.ts';
import { FLEET_ACCESS, FLEET_TABLES } from './authz-fleet.ts'; // fleet (issue 12)
import { OPERATIONS_ACCESS, OPERATIONS_GUARDED_TABLES } from './authz-operations.ts';
import { SUPPORT_ACCESS, SUPPORT_TABLES } from './authz-support.ts';
import { TOLL_FLAG_ACCESS } from './authz-toll-flags.ts';
import { insertSubordinate, tokenFor } from './factories.ts';

/**
 * Every operation of the OpenAPI document, called by every persona that may not call it, with the real ids
 * of another tenant (ADR 080). Each refused call must answer 401, 403 or 404 (400 where the persona is
 * allowed the route but the body names another tenant's resource in a shape the test does not build), and
 * after all of them not one row of the business tables may have changed. A route without an entry in
 * ACCESS fails the first test: a new route cannot ship without saying who may call it.
 */

/** Who may call an operation. `own`: the resource in the path or query belongs to one tenant. */
type Access =
  | { kind: 'public' }
  | { kind: 'user' }
  | { kind: 'operator'; own?: boolean }
  /** any operator user, whatever its role (the plan's price is not tenant data) */
  | { kind: 'operatorUser' }
  | { kind: 'consigner'; own?: boolean }
  | { kind: 'poster'; own?: boolean }
  | { kind: 'payer'; own?: boolean }
  | { kind: 'admin' }
  | { kind: 'download' }
  /** the driver's link (ADR 260): the signed token in the path is the permission, a session opens nothing */
  | { kind: 'link' };

/** A fixture name stands in a path or query and is replaced by that tenant's real id. */
type Fixture =
  | 'trip'
  | 'tripDemand'
  | 'load'
  | 'demand'
  | 'tokenDemand'
  | 'order'
  | 'txn'
  | 'tag'
  | 'device'
  | 'charge'
  | 'vehicle'
  | 'tollFlag';
interface Entry {
  access: Access;
  params?: Record<string, Fixture>;
  query?: Record<string, Fixture | string>;
}

const pub: Entry = { access: { kind: 'public' } };
const user: Entry = { access: { kind: 'user' } };
const op = (params?: Record<string, Fixture>, query?: Entry['query']): Entry => ({
  access: { kind: 'operator', own: Boolean(params || query) },
  params,
  query,
});
const shared = (params?: Record<string, Fixture>): Entry => ({ access: { kind: 'operator' }, params });
const admin = (params?: Record<string, Fixture>): Entry => ({ access: { kind: 'admin' }, params });
const trip = { id: 'trip' } as const;
const tripQ = { tripId: 'trip' } as const;

const ACCESS: Record<string, Entry> = {
  ...ACCOUNT_ACCESS,
  'GET /api/health': pub,
  'GET /api/user/permissionGroup': shared(),
  'GET /api/user/getAllRoles': shared(),
  'POST /api/user/createRole': shared(),
  'POST /api/user/addRolePermissions': shared(),
  'POST /api/user/deleteRolePermissions': shared(),
  'GET /api/user/getOperatorSubordinates': shared(),
  'POST /api/user/addSubordinate/v2': shared(),
  'DELETE /api/user/removeSubordinate': shared(),
  'GET /api/vehicle/getAll': shared(),
  'GET /api/odin/v2/active-loads/states': shared(),
  'GET /api/rest/tesseract/v1/load': shared(),
  'GET /api/odin/v2/active-loads/search-option': shared(),
  'GET /api/rest/tesseract/v1/load/{id}': shared({ id: 'load' }),
  'PUT /api/rest/tesseract/v1/load/{demandId}/consent': shared({ demandId: 'load' }),
  'GET /api/odin/v2/{id}/call': shared({ id: 'load' }),
  'POST /api/rest/tesseract/v1/demand': { access: { kind: 'poster' } },
  'GET /api/rest/tesseract/v1/demand': { access: { kind: 'poster' } },
  'GET /api/rest/tesseract/v1/demand/{id}/quotes': { access: { kind: 'poster', own: true }, params: { id: 'demand' } },
  'POST /api/rest/tesseract/v1/demand/{id}/award': { access: { kind: 'poster', own: true }, params: { id: 'demand' } },
  'POST /api/rest/tesseract/v1/demand/{id}/cancel': { access: { kind: 'poster', own: true }, params: { id: 'demand' } },
  'PUT /api/rest/tesseract/v1/load/{id}/quote': shared({ id: 'load' }),
  'GET /api/rest/tesseract/v1/load/{id}/quote-quality': shared({ id: 'load' }),
  'GET /api/rest/tesseract/v1/token/app-config': shared(),
  'GET /api/rest/tesseract/v1/token-detail': op(undefined, { demandId: 'tokenDemand' }),
  'GET /api/rest/tesseract/v1/token': op(undefined, { demandId: 'tokenDemand' }),
  'GET /api/rest/tesseract/v1/demand/{id}/token-details': op({ id: 'tokenDemand' }),
  'GET /api/rest/tesseract/v1/demand/{id}/vehicles': op({ id: 'tokenDemand' }),
  'GET /api/rest/tesseract/v1/vehicle/{id}': op({ id: 'vehicle' }),
  'GET /api/rest/tesseract/v1/token/{id}/phonebook-driver-info': op({ id: 'tokenDemand' }),
  'POST /api/rest/tesseract/v1/token/{id}/vehicle-details': op({ id: 'tokenDemand' }),
  'POST /api/rest/tesseract/v1/demand/{id}/initiate-token': op({ id: 'tokenDemand' }),
  'POST /api/rest/tesseract/v1/token/{id}/pay-token': op({ id: 'tokenDemand' }),
  'POST /api/rest/tesseract/v1/token/{demandId}/cancel': op({ demandId: 'tokenDemand' }),
  'GET /api/banner': user,
  'GET /api/odin/v2/map/unloading-point/search': user,
  'GET /api/rest/tesseract/v1/trip': shared(),
  'GET /api/rest/tesseract/v1/trip/trip-state-filter': shared(),
  'GET /api/rest/tesseract/v1/trip/{id}': op(trip),
  'GET /api/rest/tesseract/v2/trip/{id}': op(trip),
  'GET /api/odin/operator-app/trip-detail': op(undefined, { 'demand-id': 'tripDemand' }),
  'GET /api/rest/tesseract/v2/trip/trip-state-detail': op(undefined, tripQ),
  'GET /api/odin/operator-app/trip-transactions': op(undefined, tripQ),
  'GET /api/odin/operator-app/trip-expenses': op(undefined, tripQ),
  'POST /api/rest/tesseract/v1/trip/otp': op(undefined, tripQ),
  'POST /api/rest/tesseract/v1/trip/operator/advance-state': op(undefined, tripQ),
  'POST /api/rest/tesseract/v1/trip/operator/advance-state-view': op(undefined, tripQ),
  'POST /api/rest/tesseract/v1/trip/operator/state-change-alert': op(undefined, tripQ),
  'POST /api/odin/operator-app/trip/feedback-action': op(undefined, tripQ),
  'POST /api/rest/tesseract/v1/chats/session/update-variables': op(undefined, tripQ),
  'GET /api/rest/tesseract/v2/trip/{id}/reasons': op(trip, { action: 'CANCEL' }),
  'GET /api/rest/tesseract/v2/trip/{id}/slot': op(trip),
  'PATCH /api/rest/tesseract/v2/trip/{id}/slot': op(trip),
  'GET /api/rest/tesseract/v2/trip/{id}/loading-slot': op(trip),
  'POST /api/rest/tesseract/v2/trip/{id}/loading-slot': op(trip),
  'GET /api/rest/tesseract/v1/trip/{id}/delay': op(trip),
  'PATCH /api/rest/tesseract/v1/trip/{id}/delay': op(trip),
  'GET /api/rest/tesseract/v2/trip/{id}/policy/expenses': op(trip, { type: 'DETENTION' }),
  'POST /api/rest/tesseract/v2/trip/{id}/charges': op(trip),
  'GET /api/rest/tesseract/v2/trip/{id}/invoice/upload-url': op(trip, { file: 'inv.pdf' }),
  'PATCH /api/rest/tesseract/v2/trip/{id}/invoice': op(trip),
  'DELETE /api/rest/tesseract/v2/trip/{id}/invoice': op(trip),
  'GET /api/rest/tesseract/v2/trip/{id}/invoice/view-url': op(trip, { filePath: 'invoice/x.pdf' }),
  'GET /api/rest/tesseract/v2/trip/{id}/cancel-reasons': op(trip),
  'GET /api/rest/tesseract/v2/trip/{id}/cancel-confirmation': op(trip),
  'POST /api/rest/tesseract/v2/trip/{id}/cancel': op(trip),
  'GET /api/rest/tesseract/v2/trip/{id}/replace-vehicle-reasons': op(trip),
  'POST /api/rest/tesseract/v2/trip/replace-vehice': op(undefined, tripQ),
  'POST /api/rest/tesseract/v2/trip/{id}/notifyconsigner': op(trip),
  'GET /api/rest/tesseract/v2/trip/document/{id}/bilti/view-urls': op(trip),
  'GET /api/admin/trips': admin(),
  'GET /api/admin/trips/{id}': admin(trip),
  'POST /api/admin/trips/{id}/charges/{chargeId}/decision': admin({ id: 'trip', chargeId: 'charge' }),
  'POST /api/admin/trips/{id}/complete': admin(trip),
  'POST /api/odin/operator-app/upload-url': op(undefined, tripQ),
  'POST /api/odin/operator-app/upload-confirm': op(undefined, tripQ),
  'POST /api/odin/operator-app/upload-remove': op(undefined, tripQ),
  'GET /api/odin/operator-app/trip-pod-details': op(undefined, tripQ),
  'POST /api/rest/tesseract/v1/trip/submit-pod': op(undefined, tripQ),
  'GET /api/admin/trips/{id}/pod': admin(trip),
  'POST /api/admin/trips/{id}/pod/verify': admin(trip),
  'POST /api/admin/trips/{id}/pod/reject': admin(trip),
  // devices post positions with their own identifier, as OsmAnd does (ADR 034)
  'GET /api/tracking/osmand': pub,
  'POST /api/tracking/osmand': pub,
  'POST /api/tracking/devices': shared(),
  'GET /api/tracking/devices': shared(),
  'DELETE /api/tracking/devices/{id}': op({ id: 'device' }),
  'GET /api/rest/tesseract/v2/trip/{id}/tracking': op(trip),
  'POST /api/wallet/recharge/v2': shared(),
  'GET /api/v2/transactions/{orderId}': { access: { kind: 'payer', own: true }, params: { orderId: 'order' } },
  'POST /api/v2/transactions/update': { access: { kind: 'payer' } },
  'POST /api/rest/tesseract/v1/payment/wallet/initiate-recharge': shared(),
  'POST /api/rest/tesseract/v1/payment/wallet/complete-recharge': shared(),
  'GET /api/consigner/balance/trip': { access: { kind: 'consigner' } },
  'POST /api/consigner/pay/create-order': { access: { kind: 'consigner' } },
  'POST /api/consigner/pay/complete-order': { access: { kind: 'consigner' } },
  // the provider's browser callback: verified by its checksum, never by a session
  'POST /api/payments/paytm/callback': pub,
  'GET /api/wallet': shared(),
  'GET /api/rest/tesseract/v1/payment/wallet': shared(),
  'GET /api/wallet/transactions': shared(),
  'POST /api/reports/download-token': shared(),
  'GET /api/wallet/report/wallet-transactions': { access: { kind: 'download' } },
  'GET /api/rest/tesseract/v1/config/subscription': { access: { kind: 'operatorUser' } },
  'POST /api/rest/tesseract/v1/profile/subscribe': shared(),
  'POST /api/odin/v2/operator-subscription': shared(),
  'POST /api/odin/v2/submit-payment': shared(),
  'GET /api/fastag/vehicleWiseTagAmount': shared(),
  'POST /api/fastag/recharge': shared(),
  'PUT /api/fastag/account': shared(),
  'GET /api/fastag/txnOverview/{id}': op({ id: 'tag' }),
  'GET /api/fastag/transactions/v3/{id}': op({ id: 'tag' }),
  'POST /api/fastag/transactions/{txnId}/dispute': op({ txnId: 'txn' }),
  ...TOLL_FLAG_ACCESS,
  'GET /api/fastag/report/fastagStatement': { access: { kind: 'download' } },
  'GET /api/fastag/report/fastagStatement/v2': { access: { kind: 'download' } },
  // the tag issuer's webhook: verified by its HMAC signature, never by a session
  'POST /api/fastag/webhooks/toll': pub,
  // the same issuer's batches (ADR 158): the same signature, never a session
  'POST /api/fastag/webhooks/tolls': pub,
  ...SUPPORT_ACCESS,
  ...FLEET_ACCESS, // fleet (issue 12)
  ...OPERATIONS_ACCESS,
  ...DRIVER_AND_MESSAGES_ACCESS,
  // trip screens (issue 16)
  'GET /api/rest/tesseract/v1/token/{demandId}/cancel-preview': op({ demandId: 'tokenDemand' }),
  'GET /api/rest/tesseract/v1/token/{demandId}/share-link': op({ demandId: 'tokenDemand' }),
  // the signed link is the permission (ADR 142)
  'GET /api/public/fleet-load-confirmation': pub,
};

type Persona = 'none' | 'otherOperator' | 'subordinate' | 'consigner' | 'otherConsigner' | 'admin';
const PERSONAS: Persona[] = ['none', 'otherOperator', 'subordinate', 'consigner', 'otherConsigner', 'admin'];

/**
 * What a persona may get from an operation, or undefined when it may call it. Tenant A is the first demo
 * operator (and the first demo consigner): its ids fill the paths, so the other operator and the other
 * consigner ask for what is not theirs.
 */
function refusal(access: Access, persona: Persona, hasBody: boolean): number[] | undefined {
  if (access.kind === 'public') return undefined;
  // a link that is not a driver's link is refused whoever asks, with or without a session
  if (access.kind === 'link') return hasBody ? [400, 404] : [404];
  // a download link is its own credential, refused (403) whoever asks without one
  if (persona === 'none') return access.kind === 'download' ? [401, 403] : [401];
  // a download link is its own credential: a session of any kind does not open it
  if (access.kind === 'download') return [401, 403];
  if (access.kind === 'operatorUser')
    return persona === 'consigner' || persona === 'otherConsigner' || persona === 'admin' ? [403] : undefined;
  if (access.kind === 'user') return undefined;
  const notFound = hasBody ? [400, 404] : [404];
  switch (access.kind) {
    case 'operator':
      if (persona === 'subordinate' || persona === 'consigner' || persona === 'otherConsigner') return [403];
      if (persona === 'otherOperator') return access.own ? notFound : undefined;
      // the admin passes the permission guard but acts for no operator: refused, or its body fails first
      return access.own ? [400, 403, 404] : undefined;
    case 'consigner':
      if (persona === 'consigner' || persona === 'otherConsigner') return undefined;
      return [403];
    case 'poster':
      if (persona === 'otherConsigner') return access.own ? notFound : undefined;
      if (persona === 'consigner' || persona === 'admin') return undefined;
      return [403];
    case 'payer':
      if (persona === 'admin') return [403, 404];
      if (persona === 'subordinate') return hasBody ? [400, 403, 404] : [403, 404];
      if (persona === 'consigner') return undefined; // tenant A's consigner pays too (ADR 055)
      return access.own ? notFound : undefined;
    case 'admin':
      return persona === 'admin' ? undefined : [403];
  }
}

/** The business tables: a refused call may change none of their rows. */
const GUARDED_TABLES = [
  'operators',
  'consigners',
  'roles',
  'users',
  'vehicles',
  'drivers',
  'ledger_accounts',
  'journal_entries',
  'postings',
  'demands',
  'quotes',
  'demand_tokens',
  'payment_orders',
  'memberships',
  'membership_orders',
  'tracking_devices',
  'driver_links',
  'driver_actions',
  'trips',
  'trip_slots',
  'trip_delays',
  'trip_charges',
  'trip_deductions',
  'trip_invoices',
  'trip_files',
  'trip_pod_reviews',
  'fastags',
  'fastag_transactions',
  'tickets',
  'toll_flags',
  ...SUPPORT_TABLES,
  ...FLEET_TABLES, // fleet (issue 12)
  ...OPERATIONS_GUARDED_TABLES,
];

async function checksum(db: Db): Promise<Record<string, string>> {
  const sums: Record<string, string> = {};
  for (const table of GUARDED_TABLES) {
    const rows = (await db.execute(
      sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as sum from ${table} t`),
    )) as unknown as { rows: Array<{ sum: string }> };
    sums[table] = rows.rows[0]?.sum ?? '';
  }
  return sums;
}

let t: TestApp;
let operations: Array<{ method: string; path: string; hasBody: boolean }>;
const tokens = {} as Record<Exclude<Persona, 'none'>, string>;
const ids = {} as Record<Fixture, string>;

const one = async <T>(db: Db, query: string): Promise<T> => {
  const rows = (await db.execute(sql.raw(query))) as unknown as { rows: T[] };
  const row = rows.rows[0];
  if (!row) throw new Error(`no demo row for: ${query}`);
  return row;
};

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true', RATE_LIMIT_MAX: '100000' });
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, { requestBody?: unknown }>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, hasBody: Boolean(op.requestBody) })),
  );
  const userByPhone = (phone: string) => one<{ id: string }>(t.db, `select id from users where phone = '${phone}'`);
  tokens.otherOperator = await tokenFor(t.db, (await userByPhone('9000000002')).id);
  tokens.consigner = await tokenFor(t.db, (await userByPhone('9000000101')).id);
  tokens.otherConsigner = await tokenFor(t.db, (await userByPhone('9000000102')).id);
  tokens.admin = await tokenFor(t.db, (await userByPhone('9000000900')).id);
  tokens.subordinate = (await insertSubordinate(t.db, OP1001, [])).token;

  const tenantTrip = await one<{ id: string; demand_id: string }>(
    t.db,
    `select id, demand_id from trips where operator_id = 'OP1001' and consigner_code = 'CN2001' order by id limit 1`,
  );
  ids.trip = tenantTrip.id;
  ids.tripDemand = tenantTrip.demand_id;
  ids.load = (await one<{ id: string }>(t.db, `select id from demands where state = 'OPEN' order by id limit 1`)).id;
  ids.demand = (
    await one<{ id: string }>(t.db, `select id from demands where consigner_code = 'CN2001' and state = 'OPEN' order by id limit 1`)
  ).id;
  ids.tokenDemand = (
    await one<{ demand_id: string }>(t.db, `select demand_id from demand_tokens where operator_id = 'OP1001' limit 1`)
  ).demand_id;
  ids.order = (await one<{ id: string }>(t.db, `select id from payment_orders where payer_id = 'CN2001' limit 1`)).id;
  ids.txn = (await one<{ id: string }>(t.db, `select id from fastag_transactions where operator_id = 'OP1001' limit 1`)).id;
  // a suspicious toll of tenant A, read long enough ago that its dispute window is open
  ids.tollFlag = 'TFLAUTHZ00001';
  await t.db.execute(
    sql.raw(`insert into toll_flags (id, operator_id, txn_id, vehicle_id, kind, evidence, at_stake_paisa, occurred_at)
      select '${ids.tollFlag}', operator_id, id, vehicle_id, 'DOUBLE_READ', '{}'::jsonb, amount_paisa, now() - interval '20 days'
      from fastag_transactions where id = '${ids.txn}' on conflict do nothing`),
  );
  ids.tag = (
    await one<{ vehicle_id: string }>(t.db, `select vehicle_id from fastag_transactions where operator_id = 'OP1001' limit 1`)
  ).vehicle_id;
  ids.vehicle = (await one<{ id: string }>(t.db, `select id from vehicles where operator_id = 'OP1001' limit 1`)).id;
  ids.device = (await one<{ id: string }>(t.db, `select id from tracking_devices where operator_id = 'OP1001' limit 1`)).id;
  ids.charge = (
    await one<{ id: string }>(
      t.db,
      `select c.id from trip_charges c join trips tr on tr.id = c.trip_id where tr.operator_id = 'OP1001' limit 1`,
    )
  ).id;
}, 120_000);
afterAll(() => t.close());

describe('authorisation matrix from the OpenAPI document', () => {
  it('every operation says who may call it', () => {
    const missing = operations.map((o) => `${o.method} ${o.path}`).filter((key) => !ACCESS[key]);
    expect(missing, `operations without an entry in ACCESS (authz-matrix.test.ts):\n${missing.join('\n')}`).toEqual([]);
    const stale = Object.keys(ACCESS).filter((key) => !operations.some((o) => `${o.method} ${o.path}` === key));
    expect(stale, 'entries for operations that no longer exist').toEqual([]);
  });

  it('refuses every persona that may not call an operation, with 401, 403 or 404, and changes nothing', async () => {
    const before = await checksum(t.db);
    const wrong: string[] = [];
    let calls = 0;
    for (const { method, path, hasBody } of operations) {
      const entry = ACCESS[`${method} ${path}`];
      if (!entry) continue;
      let url = path;
      for (const [name, fixture] of Object.entries(entry.params ?? {})) url = url.replace(`{${name}}`, encodeURIComponent(ids[fixture]));
      url = url.replace(/\{[^}]+\}/g, 'UNKNOWN');
      const query = new URLSearchParams(
        Object.entries(entry.query ?? {}).map(([k, v]): [string, string] => [k, v in ids ? ids[v as Fixture] : v]),
      ).toString();
      if (query) url += `?${query}`;
      // a body naming tenant A's trip, so a cross-tenant call meets the ownership rule where it can
      const payload = hasBody ? { tripId: ids.trip, demandId: ids.tokenDemand, orderId: ids.order } : undefined;
      for (const persona of PERSONAS) {
        const expected = refusal(entry.access, persona, hasBody);
        if (!expected) continue;
        calls++;
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          payload,
          headers: persona === 'none' ? {} : { token: tokens[persona] },
        });
        if (!expected.includes(res.statusCode))
          wrong.push(`${persona} ${method} ${url} → ${res.statusCode} (want ${expected.join('/')}) ${res.body.slice(0, 120)}`);
      }
    }
    console.info(`authorisation matrix: ${operations.length} operations × ${PERSONAS.length} personas, ${calls} refused calls`);
    expect(wrong).toEqual([]);
    expect(calls).toBeGreaterThan(300);
    expect(await checksum(t.db)).toEqual(before);
  }, 240_000);
});
