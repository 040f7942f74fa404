import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type pg from 'pg';

/**
 * Keeps time beside a run, to tell a slow server from a machine that stalled (issue 17's quote tail):
 * - an idle process that only ticks every 10 ms: its late ticks are time the machine kept every process waiting;
 * - the database's disk, read from /proc/diskstats on each tick: a stretch with a request in flight and none
 *   finishing is a stalled write or flush, and every commit waits for its WAL flush;
 * - the delay of this process's own event loop, which holds the bidders' clocks.
 */
const TICKER = `
const fs = require('node:fs');
const disk = process.argv[1];
let last = performance.now();
const late = [];
const stalls = [];
let done = -1;
let stalledSince = null;
function readDisk() {
  if (!disk) return;
  const line = fs.readFileSync('/proc/diskstats', 'utf8').split('\\n').find((l) => l.trim().split(/\\s+/).slice(0, 2).join(' ') === disk);
  if (!line) return;
  const f = line.trim().split(/\\s+/);
  const finished = Number(f[7]) + Number(f[18] ?? 0);
  const stuck = Number(f[11]) > 0 && finished === done;
  if (stuck && stalledSince === null) stalledSince = performance.now();
  if (!stuck && stalledSince !== null) { stalls.push(performance.now() - stalledSince); stalledSince = null; }
  done = finished;
}
setInterval(() => { const now = performance.now(); late.push(now - last - 10); last = now; readDisk(); }, 10);
process.on('SIGTERM', () => {
  late.sort((a, b) => a - b);
  const at = (p) => late[Math.min(late.length - 1, Math.floor(p * late.length))] ?? 0;
  process.stdout.write(JSON.stringify({
    max: at(1), p99: at(0.99), over50: late.filter((l) => l > 50).length,
    disk: disk ? { max: Math.max(0, ...stalls), over50: stalls.filter((s) => s > 50).length } : null,
  }));
  process.exit(0);
});`;

export interface Stalls {
  /** the idle process's latest tick, its 99th percentile and how many ticks came over 50 ms late, in ms */
  idleMax: number;
  idleP99: number;
  idleOver50: number;
  /** the database disk's longest stretch with a request in flight and none finishing, and how many went over 50 ms */
  disk: { max: number; over50: number } | null;
  /** this process's event loop delay, in ms */
  loopMax: number;
  loopP99: number;
}

/** The database's disk as /proc/diskstats names it ("major minor"), when the database runs on this machine. */
export async function databaseDisk(db: pg.Pool): Promise<string | undefined> {
  try {
    const { rows } = await db.query<{ data_directory: string }>('SHOW data_directory');
    const dev = statSync(rows[0]!.data_directory).dev;
    // Linux's encoding of a device number: major in bits 8–19, minor in bits 0–7 and 20–31
    return `${(dev >> 8) & 0xfff} ${(dev & 0xff) | ((dev >> 12) & 0xfff00)}`;
  } catch {
    return undefined; // a database elsewhere, or a user who may not ask: no disk figure
  }
}

export function watchStalls(disk?: string) {
  const ticker = spawn(process.execPath, ['-e', TICKER, disk ?? ''], { stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  ticker.stdout.on('data', (c: Buffer) => {
    out += c.toString('utf8');
  });
  const exited = new Promise<void>((resolve) => ticker.once('exit', () => resolve()));
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  return {
    async stop(): Promise<Stalls> {
      loop.disable();
      ticker.kill('SIGTERM');
      await exited;
      const idle = JSON.parse(out || '{"max":0,"p99":0,"over50":0,"disk":null}') as {
        max: number;
        p99: number;
        over50: number;
        disk: { max: number; over50: number } | null;
      };
      const ms = (ns: number) => Math.round(ns / 1e5) / 10;
      const round = (n: number) => Math.round(n * 10) / 10;
      return {
        idleMax: round(idle.max),
        idleP99: round(idle.p99),
        idleOver50: idle.over50,
        disk: idle.disk && { max: Math.round(idle.disk.max), over50: idle.disk.over50 },
        loopMax: ms(loop.max),
        loopP99: ms(loop.percentile(99)),
      };
    },
  };
}
