import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { loopbackCertificate as serverTestCertificate } from '../apps/server/test/tls-certificate.ts';

export const root = join(fileURLToPath(import.meta.url), '..', '..');
/** BENCH_SERVER_ENTRY runs another build (one kept aside as a baseline, say) instead of this tree's */
export const serverEntry = process.env.BENCH_SERVER_ENTRY ?? join(root, 'apps/server/dist/server.js');
export const PG_BASE = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';

export const tempDir = (name: string) => mkdtempSync(join(tmpdir(), `bhada-bench-${name}-`));

/**
 * A certificate for 127.0.0.1 made for this run, for a server started with TLS_CERT_FILE and TLS_KEY_FILE.
 * Node's own requests in this process accept it (the bench talks only to the servers it starts); nothing else
 * trusts it.
 */
export function loopbackCertificate() {
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  return serverTestCertificate();
}

/** A fresh PostgreSQL database for one benchmark. */
export function freshPgDatabase(name: string): string {
  execSync(`psql ${PG_BASE}/postgres -qc "DROP DATABASE IF EXISTS ${name} WITH (FORCE)" -c "CREATE DATABASE ${name}"`);
  return `${PG_BASE}/${name}`;
}

export interface Server {
  proc: ChildProcess;
  url: string;
  stop(): Promise<void>;
  /** peak resident memory of the process so far (VmHWM), in MB */
  peakMb(): number;
}

export async function waitHealthy(url: string, timeoutMs = 120_000): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < timeoutMs) {
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.ok) return performance.now() - start;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`server at ${url} not healthy within ${timeoutMs} ms`);
}

export function peakMbOf(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(status.match(/VmHWM:\s+(\d+)/)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
}

export async function startServer(opts: {
  port: number;
  env?: Record<string, string>;
  entry?: string;
}): Promise<Server & { readyMs: number }> {
  const started = performance.now();
  // BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles every server a run starts
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const proc = spawn(process.execPath, [...nodeArgs, opts.entry ?? serverEntry], {
    env: { ...process.env, PORT: String(opts.port), LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '100000000', ...opts.env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `${opts.env?.TLS_CERT_FILE ? 'https' : 'http'}://127.0.0.1:${opts.port}`;
  await waitHealthy(url);
  const readyMs = performance.now() - started;
  return {
    proc,
    url,
    readyMs,
    peakMb: () => peakMbOf(proc.pid),
    stop: () =>
      new Promise<void>((resolve) => {
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
      }),
  };
}

export interface LoadResult {
  label: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export async function load(
  label: string,
  url: string,
  opts: { connections?: number; duration?: number; headers?: Record<string, string> } = {},
): Promise<LoadResult> {
  const r = await autocannon({ url, connections: opts.connections ?? 50, duration: opts.duration ?? 20, headers: opts.headers });
  return { label, reqPerSec: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
}

export function table(rows: LoadResult[]) {
  console.log('| target | req/s (mean) | p50 ms | p99 ms | errors | non-2xx |');
  console.log('|---|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.label} | ${r.reqPerSec} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} |`);
}

export async function demoToken(url: string, phone = '9000000001'): Promise<string> {
  const r = await fetch(`${url}/api/auth/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone, otp: '123456' }),
  });
  const body = (await r.json()) as { data: { accessToken: string } };
  return body.data.accessToken;
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
};

/** A demo user's session as the login call answers it. */
export async function demoSession(url: string, phone: string) {
  const r = await fetch(`${url}/api/auth/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone, otp: '123456' }),
  });
  return ((await r.json()) as { data: Record<string, string | null> }).data;
}

/** The values the login page stores, as a script run on a same-origin page that loads no app code. */
export const storeSessionScript = (session: Record<string, string | null>) =>
  `for (const [k, v] of Object.entries(${JSON.stringify({
    accessToken: session.accessToken,
    userCode: session.userCode,
    operatorId: session.operatorId,
    name: session.name,
    locale: 'en',
    menuType: session.menuType,
  })})) if (v) localStorage.setItem(k, v);`;

/** One line of issue 17's table: a target, its figure, the baseline measured in the same run. */
export interface TargetRow {
  target: string;
  goal: string;
  measured: string;
  baseline: string;
  ratio: string;
  /** undefined: a figure shown for reading, with no target of its own */
  pass: boolean | undefined;
}

/** Every hot-path suite adds its rows here; `npm run bench` prints them as one table at the end. */
export const hotPathRows: TargetRow[] = [];

export function printHotPathTable() {
  if (!hotPathRows.length) return;
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(`\n## Issue 17 — every target beside its baseline from this run (load average now ${load})\n`);
  console.log('| target | goal | measured | baseline (same run) | ratio | result |');
  console.log('|---|---|---|---|---|---|');
  for (const r of hotPathRows) {
    const result = r.pass === undefined ? 'measured' : r.pass ? 'pass' : 'falls short';
    console.log(`| ${r.target} | ${r.goal} | ${r.measured} | ${r.baseline} | ${r.ratio} | ${result} |`);
  }
  const judged = hotPathRows.filter((r) => r.pass !== undefined);
  console.log(`\n${judged.filter((r) => r.pass).length} of ${judged.length} targets pass.`);
}

/**
 * The first shard of the outside-world accounts the bench's own entries write (ADR 158). The seed may have
 * written through other shards only, so the bench creates these (empty) before it locks them.
 */
export const FIRST_SHARDS = `
  INSERT INTO ledger_accounts (id, kind, owner_id, balance, allow_negative)
  VALUES ('PAYMENT_CLEARING:SYSTEM', 'PAYMENT_CLEARING', 'SYSTEM', 0, true), ('TOLL_NETWORK:SYSTEM', 'TOLL_NETWORK', 'SYSTEM', 0, true)
  ON CONFLICT DO NOTHING`;
