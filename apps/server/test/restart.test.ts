import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'bhada-restart-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  JOBS_ENABLED: 'false',
  WEB_DIST: join(dataDir, 'none'),
});

async function login(app: Awaited<ReturnType<typeof buildApp>>, phone: string) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/verify', payload: { phone, otp: '123456' } });
  return res.json().data as { accessToken: string; name: string; menuType: string };
}

describe('the embedded database on disk', () => {
  it('loads the demo data on first start and keeps changes across a restart', async () => {
    const first = await buildApp(config);
    await first.ready();
    const health = (await first.inject({ method: 'GET', url: '/api/health' })).json().data;
    expect(health).toMatchObject({ status: 'ok', database: 'pglite' });
    expect(health.migrations).toContain('0001_foundation.sql');

    const owner = await login(first, '9000000001');
    expect(owner).toMatchObject({ name: 'Rajesh Kumar', menuType: 'OPERATOR' });
    expect((await login(first, '9000000101')).menuType).toBe('CONSIGNER');
    expect((await login(first, '9000000900')).menuType).toBe('ADMIN');

    // the seeded subordinate may not manage users
    const sub = await login(first, '9000000011');
    expect((await first.inject({ method: 'GET', url: '/api/user/getAllRoles', headers: { token: sub.accessToken } })).statusCode).toBe(403);

    const created = await first.inject({
      method: 'POST',
      url: '/api/user/createRole',
      headers: { token: owner.accessToken },
      payload: { name: 'Night shift', permissions: ['TRIPS_VIEW'] },
    });
    expect(created.statusCode).toBe(200);
    const vehicles = (await first.inject({ method: 'GET', url: '/api/vehicle/getAll', headers: { token: owner.accessToken } })).json().data;
    expect(vehicles.length).toBeGreaterThanOrEqual(10);
    for (const v of vehicles) expect(v.number).toMatch(/^[A-Z]{2}\d{2}[A-Z]{1,2}\d{4}$/);
    await first.close();

    const second = await buildApp(config);
    await second.ready();
    const roles = await second.inject({ method: 'GET', url: '/api/user/getAllRoles', headers: { token: owner.accessToken } });
    expect(roles.statusCode).toBe(200);
    expect(roles.json().data.map((r: { name: string }) => r.name)).toContain('Night shift');
    await second.close();
  }, 120_000); // two whole starts with the demo seed: seconds on a quiet machine, far more on a busy one
});
