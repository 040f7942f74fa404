import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { insertOperator, insertSubordinate } from '../../../../test/factories.ts';
import { buildApp } from '../../../app.ts';
import { type Database, fromPool } from '../../../db/client.ts';

// Two app instances on one database stand for two server processes: the owner changes roles and sub-users
// on the first, the second has the operator's roles in memory (ADR 165).
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

interface RoleRow {
  roleId: string;
  name: string;
  permissions: string[];
  userCount: number;
}

async function rolesOnSecond(token: string): Promise<RoleRow[]> {
  const res = await second.inject({ method: 'GET', url: '/api/user/getAllRoles', headers: { token } });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: RoleRow[] }).data;
}

/**
 * As in the session cache's test: the bound is not a speed figure (under a second on a quiet machine is the
 * bench's to show; a loaded CI machine stretches it), it stays well under the cache's 30 s life, so a change
 * seen within it came by the database's announcement, not by the entry expiring.
 */
const SEEN_WITHIN_MS = 15_000;
async function untilSeen(token: string, seen: (roles: RoleRow[]) => boolean, what: string): Promise<void> {
  const start = performance.now();
  for (;;) {
    const roles = await rolesOnSecond(token);
    if (seen(roles)) return;
    const elapsed = performance.now() - start;
    if (elapsed > SEEN_WITHIN_MS) throw new Error(`${what}: not seen after ${Math.round(elapsed)} ms (${JSON.stringify(roles)})`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Runs SQL with the triggers off, so the database announces nothing: what the cache keeps shows. */
async function unannounced(text: string) {
  await first.database.sql.exec(`BEGIN; SET LOCAL session_replication_role = replica; ${text}; COMMIT;`);
}

describe("an operator's roles cached per process", () => {
  it('are answered from memory until the database announces a change', async () => {
    const { owner } = await insertOperator(first.db);
    const created = await first.call({
      method: 'POST',
      url: '/api/user/createRole',
      token: owner.token,
      payload: { name: 'Dispatch', permissions: ['LOADS_VIEW'] },
    });
    const roleId = created.body.data.roleId as string;
    expect((await rolesOnSecond(owner.token)).map((r) => r.name)).toEqual(['Dispatch']);

    // a change the database does not announce is not seen: the second instance answers from memory
    await unannounced(`UPDATE roles SET name = 'Quiet' WHERE id = '${roleId}'`);
    expect((await rolesOnSecond(owner.token)).map((r) => r.name)).toEqual(['Dispatch']);
    expect(second.tenantReads.size).toBeGreaterThan(0);

    // a rename written straight in SQL is announced by the database all the same
    await first.database.sql.query('UPDATE roles SET name = $1 WHERE id = $2', ['Dispatch desk', roleId]);
    await untilSeen(owner.token, (roles) => roles[0]?.name === 'Dispatch desk', 'a renamed role');
  });

  it('see a role created, its permissions changed and the role deleted on the other instance', async () => {
    const { owner } = await insertOperator(first.db);
    expect(await rolesOnSecond(owner.token)).toEqual([]);

    const created = await first.call({
      method: 'POST',
      url: '/api/user/createRole',
      token: owner.token,
      payload: { name: 'Accounts', permissions: ['WALLET_VIEW'] },
    });
    expect(created.status).toBe(200);
    const roleId = created.body.data.roleId as string;
    await untilSeen(owner.token, (roles) => roles.some((r) => r.roleId === roleId), 'a created role');

    const added = await first.call({
      method: 'POST',
      url: '/api/user/addRolePermissions',
      token: owner.token,
      payload: { roleId, permissions: ['REPORTS_DOWNLOAD'] },
    });
    expect(added.status).toBe(200);
    await untilSeen(owner.token, (roles) => roles[0]?.permissions.includes('REPORTS_DOWNLOAD') === true, 'an added permission');

    const removed = await first.call({
      method: 'POST',
      url: '/api/user/deleteRolePermissions',
      token: owner.token,
      payload: { roleId, permissions: ['WALLET_VIEW'] },
    });
    expect(removed.status).toBe(200);
    await untilSeen(owner.token, (roles) => roles[0]?.permissions.includes('WALLET_VIEW') === false, 'a removed permission');

    await first.database.sql.query('DELETE FROM roles WHERE id = $1', [roleId]);
    await untilSeen(owner.token, (roles) => roles.length === 0, 'a deleted role');
  });

  it("see a sub-user added, moved and removed in the roles' user counts", async () => {
    const { operatorId, owner } = await insertOperator(first.db);
    const sub = await insertSubordinate(first.db, operatorId, ['LOADS_VIEW']);
    const count = (roles: RoleRow[], roleId: string) => roles.find((r) => r.roleId === roleId)?.userCount;
    expect(count(await rolesOnSecond(owner.token), sub.roleId)).toBe(1);

    const added = await first.call({
      method: 'POST',
      url: '/api/user/addSubordinate/v2',
      token: owner.token,
      payload: { name: 'Second Clerk', phone: '9123400001', roleId: sub.roleId },
    });
    expect(added.status).toBe(200);
    await untilSeen(owner.token, (roles) => count(roles, sub.roleId) === 2, 'an added sub-user');

    const other = await first.call({
      method: 'POST',
      url: '/api/user/createRole',
      token: owner.token,
      payload: { name: 'Yard', permissions: ['TRIPS_VIEW'] },
    });
    const otherId = other.body.data.roleId as string;
    await first.database.sql.query('UPDATE users SET role_id = $1 WHERE id = $2', [otherId, sub.userId]);
    await untilSeen(owner.token, (roles) => count(roles, sub.roleId) === 1 && count(roles, otherId) === 1, 'a moved sub-user');

    const gone = await first.call({
      method: 'DELETE',
      url: `/api/user/removeSubordinate?userCode=${added.body.data.userCode}`,
      token: owner.token,
    });
    expect(gone.status).toBe(200);
    await untilSeen(owner.token, (roles) => count(roles, sub.roleId) === 0, 'a removed sub-user');
  });

  it('are forgotten at once by the instance that made the change, and kept apart per operator', async () => {
    const a = await insertOperator(first.db);
    const b = await insertOperator(first.db);
    const list = async (token: string) =>
      ((await first.call({ method: 'GET', url: '/api/user/getAllRoles', token })).body.data as RoleRow[]).map((r) => r.name);
    expect(await list(a.owner.token)).toEqual([]);
    expect(await list(b.owner.token)).toEqual([]);
    const created = await first.call({
      method: 'POST',
      url: '/api/user/createRole',
      token: a.owner.token,
      payload: { name: 'Drivers desk', permissions: ['TRIPS_VIEW'] },
    });
    expect(created.status).toBe(200);
    // the very next call on the same instance, with no wait for the announcement
    expect(await list(a.owner.token)).toEqual(['Drivers desk']);
    expect(await list(b.owner.token)).toEqual([]);
  });
});
