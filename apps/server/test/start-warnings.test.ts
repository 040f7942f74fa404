import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverRoot } from '../src/lib/paths.ts';
import { cloneDatabase } from './app.ts';

// the server as `npm start` runs it, demo data and jobs on, on this run's database (PGlite, or PostgreSQL
// with TEST_DATABASE_URL)
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let database: Awaited<ReturnType<typeof cloneDatabase>> | undefined;

beforeAll(async () => {
  if (onPostgres) database = await cloneDatabase();
});
afterAll(async () => database?.drop());

describe('starting the server', () => {
  it('seeds the demo, answers, and prints no warning (deprecations included)', async () => {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'bhada-start-')),
      APP_SECRET: 'test-secret-0123456789',
      LOG_LEVEL: 'warn',
    };
    delete env.DATABASE_URL;
    if (onPostgres) env.DATABASE_URL = database?.database.pool?.options.connectionString;
    const proc = spawn(process.execPath, ['--import', 'tsx', join(serverRoot, 'src/server.ts')], {
      cwd: serverRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let printed = '';
    proc.stdout.on('data', (b: Buffer) => (printed += b.toString()));
    proc.stderr.on('data', (b: Buffer) => (printed += b.toString()));
    const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
    try {
      const deadline = Date.now() + 120_000;
      let healthy = false;
      while (!healthy && Date.now() < deadline && proc.exitCode === null) {
        healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (!healthy) await new Promise((r) => setTimeout(r, 200));
      }
      expect(healthy, printed).toBe(true);
      // the demo operator signs in: the seed is there and the first queries ran
      const login = await fetch(`http://127.0.0.1:${port}/api/auth/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone: '9000000001', otp: '123456' }),
      });
      expect(login.status).toBe(200);
      const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
      const roles = await fetch(`http://127.0.0.1:${port}/api/user/getAllRoles`, { headers: { token } });
      expect(roles.status).toBe(200);
    } finally {
      proc.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(printed).not.toMatch(/Warning/);
  }, 180_000);
});
