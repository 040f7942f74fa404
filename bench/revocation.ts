import { demoToken, median, startServer, type TargetRow, tempDir } from './lib.ts';

/**
 * Issue 17's cache rule, timed: two server processes on one PostgreSQL database (each with its own session
 * and permission cache, ADR 153). A change made through the first process must be refused by the second,
 * whose cache already holds the session, within one second. Timed from the change's answer to the first
 * refusal seen by polling the second every 2 ms.
 */

const ROUNDS = Number(process.env.BENCH_REVOKE_ROUNDS ?? 7);
const LIMIT_MS = 1000;
const GIVE_UP_MS = 10_000;
const OWNER = '9000000001';
const DISPATCHER = '9000000011';

type Call = (url: string, init?: { method?: string; token: string; body?: unknown }) => Promise<{ status: number; body: unknown }>;

const call: Call = async (url, init) => {
  const r = await fetch(url, {
    method: init?.method ?? 'GET',
    headers: { token: init?.token ?? '', ...(init?.body ? { 'content-type': 'application/json' } : {}) },
    body: init?.body ? JSON.stringify(init.body) : undefined,
  });
  return { status: r.status, body: await r.json().catch(() => null) };
};

/** Milliseconds until `url` on the second process answers `status`. */
async function untilStatus(url: string, token: string, status: number): Promise<number> {
  const started = performance.now();
  for (;;) {
    const got = (await call(url, { token })).status;
    // counted when the refusal arrives, so the poll's own round trip is inside the figure
    const elapsed = performance.now() - started;
    if (got === status) return elapsed;
    if (elapsed > GIVE_UP_MS) return Number.POSITIVE_INFINITY;
    await new Promise((r) => setTimeout(r, 2));
  }
}

/** Warms the second process's cache: the same token answered twice, the second time from memory. */
async function warm(url: string, token: string) {
  for (let i = 0; i < 2; i++) {
    const got = await call(url, { token });
    if (got.status !== 200) throw new Error(`warming ${url}: ${got.status}`);
  }
}

async function sessionRevoked(first: string, second: string): Promise<number> {
  const token = await demoToken(first, DISPATCHER);
  await warm(`${second}/api/auth/me`, token);
  const out = await call(`${first}/api/auth/logout`, { method: 'POST', token });
  if (out.status !== 200) throw new Error(`logout: ${out.status}`);
  return untilStatus(`${second}/api/auth/me`, token, 401);
}

async function permissionRemoved(first: string, second: string, owner: string, roleId: string): Promise<number> {
  const token = await demoToken(first, DISPATCHER);
  const boardTabs = `${second}/api/odin/v2/active-loads/states`;
  await warm(boardTabs, token);
  const body = { roleId, permissions: ['LOADS_VIEW'] };
  const removed = await call(`${first}/api/user/deleteRolePermissions`, { method: 'POST', token: owner, body });
  if (removed.status !== 200) throw new Error(`deleteRolePermissions: ${removed.status}`);
  const ms = await untilStatus(boardTabs, token, 403);
  const given = await call(`${first}/api/user/addRolePermissions`, { method: 'POST', token: owner, body });
  if (given.status !== 200) throw new Error(`addRolePermissions: ${given.status}`);
  await untilStatus(boardTabs, token, 200);
  return ms;
}

export async function revocationRows(pgUrl: string, port: number): Promise<Array<TargetRow & { pass: boolean }>> {
  const env = (name: string) => ({ DATA_DIR: tempDir(name), DATABASE_URL: pgUrl, JOBS_ENABLED: 'false', PLACES_IMPORT: 'false' });
  const a = await startServer({ port, env: env('revoke-a') });
  const b = await startServer({ port: port + 1, env: env('revoke-b') });
  try {
    const owner = await demoToken(a.url, OWNER);
    const roles = (await call(`${a.url}/api/user/getAllRoles`, { token: owner })).body as { data: Array<{ roleId: string; name: string }> };
    const roleId = roles.data.find((r) => r.name === 'Dispatcher')?.roleId;
    if (!roleId) throw new Error('the demo Dispatcher role is missing');
    const sessions: number[] = [];
    const permissions: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      sessions.push(await sessionRevoked(a.url, b.url));
      permissions.push(await permissionRemoved(a.url, b.url, owner, roleId));
    }
    const row = (what: string, ms: number[]): TargetRow & { pass: boolean } => {
      const worst = Math.max(...ms);
      return {
        target: `${what} refused by a second process (${ROUNDS} rounds, PostgreSQL)`,
        goal: `≤ ${LIMIT_MS} ms`,
        measured: `slowest ${worst.toFixed(1)} ms, median ${median(ms).toFixed(1)} ms`,
        baseline: '—',
        ratio: '—',
        pass: worst <= LIMIT_MS,
      };
    };
    const rows = [row('a logged-out session', sessions), row('a removed permission', permissions)];
    for (const r of rows) console.log(`${r.target}: ${r.measured} (${r.pass ? 'pass' : 'falls short'})`);
    return rows;
  } finally {
    await Promise.all([a.stop(), b.stop()]);
  }
}
