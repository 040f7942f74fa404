import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisPrefixOf } from '../config.ts';
import { type BusEvent, redisBus } from './events.ts';

// A Redis of its own on a unix socket when the machine has redis-server, else TEST_REDIS_URL, else skipped.
const BINARY = '/usr/bin/redis-server';
let url = process.env.TEST_REDIS_URL;
let server: ChildProcess | undefined;
beforeAll(async () => {
  if (url || !existsSync(BINARY)) return;
  const socket = join(mkdtempSync(join(tmpdir(), 'redis-')), 'redis.sock');
  server = spawn(BINARY, ['--port', '0', '--unixsocket', socket, '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  for (let i = 0; i < 50 && !existsSync(socket); i++) await new Promise((r) => setTimeout(r, 100));
  url = socket;
});
afterAll(() => {
  server?.kill();
});

const settle = () => new Promise((r) => setTimeout(r, 300));

describe('event channels on a shared Redis (ADR 233)', () => {
  it('derives the prefix from the setting, the database name or the data folder', () => {
    expect(redisPrefixOf({ REDIS_PREFIX: 'prod-in', DATA_DIR: './data' })).toBe('prod-in:');
    expect(redisPrefixOf({ DATABASE_URL: 'postgres://u:p@db:5432/bhada_staging', DATA_DIR: './data' })).toBe('bhada:bhada_staging:');
    expect(redisPrefixOf({ DATA_DIR: '/srv/bhada-demo/' })).toBe('bhada:bhada-demo:');
  });

  it.skipIf(!existsSync(BINARY) && !process.env.TEST_REDIS_URL)(
    "one deployment does not receive another's leaderboard events",
    async () => {
      const [a, b, b2] = await Promise.all([redisBus(url!, 'bhada:one:'), redisBus(url!, 'bhada:two:'), redisBus(url!, 'bhada:two:')]);
      try {
        const heard: BusEvent[] = [];
        b.subscribe('leaderboard', (e) => heard.push(e));
        await settle();
        await a.publish({ topic: 'leaderboard', type: 'RANKS', data: { from: 'one' } });
        await b2.publish({ topic: 'leaderboard', type: 'RANKS', data: { from: 'two' } });
        await settle();
        expect(heard.map((e) => e.data)).toEqual([{ from: 'two' }]);
      } finally {
        await Promise.all([a.close(), b.close(), b2.close()]);
      }
    },
  );
});
