import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverRoot } from '../src/lib/paths.ts';
import { cloneDatabase } from './app.ts';

// WEB_CONCURRENCY needs PostgreSQL (ADR 155): this runs with TEST_DATABASE_URL only.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let database: Awaited<ReturnType<typeof cloneDatabase>> | undefined;

beforeAll(async () => {
  if (onPostgres) database = await cloneDatabase();
});
afterAll(async () => database?.drop());

const childrenOf = (pid: number) => readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);

describe.skipIf(!onPostgres)('several server processes on one port', () => {
  it('WEB_CONCURRENCY=2 starts two workers that both answer, and SIGTERM stops them all', async () => {
    const url = database?.database.pool?.options.connectionString;
    expect(url).toBeTruthy();
    const port = 3206 + Math.floor(Math.random() * 500) + 20_000;
    const proc = spawn(process.execPath, ['--import', 'tsx', join(serverRoot, 'src/server.ts')], {
      cwd: serverRoot,
      env: {
        ...process.env,
        DATABASE_URL: url,
        PORT: String(port),
        HOST: '127.0.0.1',
        WEB_CONCURRENCY: '2',
        SEED_DEMO: 'false',
        JOBS_ENABLED: 'false',
        LOG_LEVEL: 'silent',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'bhada-cluster-')),
        APP_SECRET: 'test-secret-0123456789',
      },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
    try {
      // both workers listen once the second has started: wait for two children and a healthy answer
      const deadline = Date.now() + 90_000;
      let healthy = false;
      while (Date.now() < deadline && !(healthy && childrenOf(proc.pid!).length === 2)) {
        healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(healthy).toBe(true);
      const workers = childrenOf(proc.pid!);
      expect(workers).toHaveLength(2);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.status)),
      );
      expect(answers.every((s) => s === 200)).toBe(true);
    } finally {
      proc.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 150_000);
});
