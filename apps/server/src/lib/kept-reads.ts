/**
 * Every read a server process keeps in memory, declared once (issue 44): what it holds, its key, where it is
 * kept, and what makes it stale. A kept read is answered from memory only while the database's change feed is
 * live (the `bhada_auth` channel, followed by plugins/auth.ts with a heartbeat); each table change that can make
 * it stale is announced by a trigger, and `test/kept-reads.test.ts` checks every declaration against the
 * triggers of the migrated database: a declared source without its announcement fails, and so does an
 * announcement that no declared read expects. The same test checks each read name the code uses is declared
 * here and that each read has its test across two processes.
 *
 * No other per-process copy of database rows is allowed; a new one is declared here first.
 */

/** The channel every change announcement travels on. */
export const CHANGE_CHANNEL = 'bhada_auth';

export type Operation = 'INSERT' | 'UPDATE' | 'DELETE';

/** A table whose changes make a kept read stale, and the announcement its trigger sends. */
export interface StaleSource {
  table: string;
  /** the columns the read depends on; an UPDATE of any of them must be announced ('*': every column) */
  columns: readonly string[] | '*';
  on: readonly Operation[];
  /** the payload's prefix, e.g. `o:` followed by the operator id */
  announces: string;
}

export interface KeptRead {
  /** the name the code reads it by (`TenantReadCache.read(tenant, name, …)`; a `:` suffix names a variant) */
  name: string;
  holds: string;
  key: string;
  /** where the process keeps it */
  store: 'session-cache' | 'tenant-reads' | 'self-checked';
  /** the announcements that drop it; empty for a read that checks itself against the database on every use */
  staleWhen: readonly StaleSource[];
  /** the test that shows a change made through one process is seen by another within a bound */
  twoProcessTest: string;
  decision: string;
}

const ALL: readonly Operation[] = ['INSERT', 'UPDATE', 'DELETE'];

export const KEPT_READS: readonly KeptRead[] = [
  {
    name: 'auth.session',
    holds: "who a session token stands for: the actor, the role's permissions, the user's language",
    key: 'the hash of the session token',
    store: 'session-cache',
    staleWhen: [
      { table: 'sessions', columns: ['revoked_at', 'user_id', 'token_hash'], on: ['UPDATE', 'DELETE'], announces: 's:' },
      { table: 'users', columns: '*', on: ['UPDATE', 'DELETE'], announces: 'u:' },
      { table: 'role_permissions', columns: '*', on: ALL, announces: 'r:' },
    ],
    twoProcessTest: 'apps/server/src/modules/account/auth/session-cache.test.ts',
    decision: '153',
  },
  {
    name: 'users.roles',
    holds: "an operator's roles with their permissions and user counts",
    key: 'operator id',
    store: 'tenant-reads',
    staleWhen: [
      { table: 'roles', columns: '*', on: ALL, announces: 'o:' },
      { table: 'role_permissions', columns: '*', on: ALL, announces: 'o:' },
      { table: 'users', columns: ['operator_id', 'role_id'], on: ALL, announces: 'o:' },
    ],
    twoProcessTest: 'apps/server/src/modules/account/users/roles-cache.test.ts',
    decision: '165',
  },
  {
    name: 'trips.list',
    holds: "the count and page marks of an operator's trips list, per filter",
    key: 'operator id, filter',
    store: 'tenant-reads',
    staleWhen: [{ table: 'trips', columns: ['operator_id', 'state', 'created_at'], on: ALL, announces: 'o:' }],
    twoProcessTest: 'apps/server/src/modules/trips/trips-list.test.ts',
    decision: '172',
  },
  {
    name: 'fastag.tags',
    holds: "the count and page marks of an operator's tags list",
    key: 'operator id',
    store: 'tenant-reads',
    staleWhen: [
      { table: 'fastags', columns: ['operator_id', 'vehicle_id'], on: ALL, announces: 'o:' },
      { table: 'vehicles', columns: ['operator_id', 'number'], on: ALL, announces: 'o:' },
    ],
    twoProcessTest: 'apps/server/src/modules/money/fastag/fastag-lists.test.ts',
    decision: '172',
  },
  {
    name: 'loads.board-context',
    holds: "what an operator's load board is ordered and filtered by: its answers, its quotes, its fleet's fit cells",
    key: 'board:<operator id>',
    store: 'tenant-reads',
    staleWhen: [
      { table: 'quotes', columns: ['demand_id', 'operator_id'], on: ALL, announces: 'o:board:' },
      { table: 'demand_responses', columns: ['demand_id', 'operator_id', 'consent'], on: ALL, announces: 'o:board:' },
      {
        table: 'vehicles',
        columns: ['operator_id', 'status', 'vehicle_type', 'body_type', 'current_lat', 'current_lng'],
        on: ALL,
        announces: 'o:board:',
      },
    ],
    twoProcessTest: 'apps/server/src/modules/marketplace/loads/open-cells.test.ts',
    decision: '192',
  },
  {
    name: 'loads.open',
    holds: 'the open loads of the marketplace with the rows the board shows',
    key: 'the marketplace (one entry)',
    store: 'tenant-reads',
    staleWhen: [{ table: 'demands', columns: '*', on: ALL, announces: 'o:*' }],
    twoProcessTest: 'apps/server/src/modules/marketplace/loads/open-cells.test.ts',
    decision: '173',
  },
  {
    name: 'fastag.txn-totals',
    holds: "the totals of one window of a vehicle's toll rows",
    key: 'operator, vehicle, window',
    store: 'self-checked',
    // reused only while the vehicle's newest row is the one it was read with, checked on every use (ADR 154)
    staleWhen: [],
    twoProcessTest: 'apps/server/src/modules/money/fastag/fastag-lists.test.ts',
    decision: '154',
  },
];

/** The declaration of a read name as the code uses it (`trips.list:<filter>` is `trips.list`). */
export function keptRead(name: string): KeptRead | undefined {
  const base = name.split(':')[0];
  return KEPT_READS.find((r) => r.name === base);
}
