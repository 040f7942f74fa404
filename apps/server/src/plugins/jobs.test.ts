import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cloneDatabase } from '../../test/app.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';

describe('background jobs on pg-boss', () => {
  it('runs a queued job on this database (PGlite or PostgreSQL)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bhada-jobs-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      JOBS_ENABLED: 'true',
      SEED_DEMO: 'false',
      WEB_DIST: join(dataDir, 'none'),
    });
    const { database, drop } = await cloneDatabase();
    const app = await buildApp(config, { database });
    const seen: string[] = [];
    let done: () => void = () => {};
    const finished = new Promise<void>((resolve) => {
      done = resolve;
    });
    app.jobs.define<{ word: string }>('test-echo', async ({ word }) => {
      seen.push(word);
      if (seen.length === 2) done();
    });
    await app.ready();
    try {
      await app.jobs.send('test-echo', { word: 'namaste' });
      await app.jobs.send('test-echo', { word: 'dhanyavaad' });
      await Promise.race([finished, new Promise((_, reject) => setTimeout(() => reject(new Error('jobs did not run in 20 s')), 20_000))]);
      expect(seen.sort()).toEqual(['dhanyavaad', 'namaste']);
    } finally {
      await app.close();
      await drop();
    }
  });
});
