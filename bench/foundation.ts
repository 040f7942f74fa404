import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { demoToken, freshPgDatabase, type LoadResult, load, peakMbOf, root, startServer, table, tempDir, waitHealthy } from './lib.ts';

const duration = Number(process.env.BENCH_SECONDS ?? 20);

/** The pid of the process under `root` (children, grandchildren…) whose command line contains `needle`. */
function descendantRunning(root: number, needle: string): number {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // the process ended while we looked
    }
  }
  for (const pid of parentOf.keys()) {
    let p = parentOf.get(pid);
    while (p && p !== root) p = parentOf.get(p);
    if (p !== root) continue;
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(needle)) return pid;
    } catch {
      // gone
    }
  }
  return 0;
}

/** Cold start: `npm start` (already built) on an empty data folder, then again on the same folder. */
async function coldStart() {
  const dataDir = tempDir('cold');
  const rows: string[] = [];
  for (const label of ['first start (empty folder: migrations + demo data)', 'second start (same folder)']) {
    const started = performance.now();
    const proc = spawn('npm', ['start'], {
      cwd: root,
      env: { ...process.env, PORT: '3201', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: 'ignore',
      detached: true,
    });
    await waitHealthy('http://127.0.0.1:3201', 180_000);
    const seconds = (performance.now() - started) / 1000;
    const serverPid = descendantRunning(proc.pid ?? 0, 'dist/server.js');
    rows.push(`| ${label} | ${seconds.toFixed(2)} s | ${peakMbOf(serverPid)} MB |`);
    process.kill(-proc.pid!, 'SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
  }
  console.log('\n### Cold start on PGlite (`npm start`, already built)\n');
  console.log('| run | to first healthy /api/health | peak RSS of the server |');
  console.log('|---|---|---|');
  for (const r of rows) console.log(r);
}

async function throughput() {
  const results: LoadResult[] = [];
  const hello = spawn(process.execPath, ['--import', 'tsx', join(root, 'bench/hello.ts')], {
    env: { ...process.env, PORT: '3301' },
    stdio: 'ignore',
  });
  await waitHealthy('http://127.0.0.1:3301');
  results.push(await load('bare Fastify hello-world', 'http://127.0.0.1:3301/api/health', { duration }));
  hello.kill();

  const lite = await startServer({ port: 3202, env: { DATA_DIR: tempDir('lite') } });
  const liteToken = await demoToken(lite.url);
  results.push(await load('Bhada /api/health — PGlite', `${lite.url}/api/health`, { duration }));
  results.push(
    await load('Bhada GET /api/user/getAllRoles — PGlite', `${lite.url}/api/user/getAllRoles`, { duration, headers: { token: liteToken } }),
  );
  const litePeak = lite.peakMb();
  await lite.stop();

  const pg = await startServer({ port: 3203, env: { DATA_DIR: tempDir('pg'), DATABASE_URL: freshPgDatabase('bhada_bench_foundation') } });
  const pgToken = await demoToken(pg.url);
  results.push(await load('Bhada /api/health — PostgreSQL', `${pg.url}/api/health`, { duration }));
  results.push(
    await load('Bhada GET /api/user/getAllRoles — PostgreSQL', `${pg.url}/api/user/getAllRoles`, { duration, headers: { token: pgToken } }),
  );
  const pgPeak = pg.peakMb();
  await pg.stop();

  console.log(`\n### autocannon, 50 connections, ${duration} s each, one run\n`);
  table(results);
  console.log(`\nPeak RSS under load: PGlite ${litePeak} MB, PostgreSQL mode ${pgPeak} MB`);
}

/** Gzipped JavaScript the browser loads for /operatorlogin (target ≤ 200 KB). */
async function loginBundle() {
  const server = await startServer({ port: 3204, env: { DATA_DIR: tempDir('bundle') } });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const page = await browser.newPage();
  const scripts = new Set<string>();
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.add(new URL(r.url()).pathname);
  });
  await page.goto(`${server.url}/operatorlogin`, { waitUntil: 'networkidle' });
  await browser.close();
  await server.stop();
  let total = 0;
  console.log('\n### JavaScript loaded by /operatorlogin\n');
  console.log('| file | raw KB | gzip KB |');
  console.log('|---|---|---|');
  for (const path of [...scripts].sort()) {
    const buf = readFileSync(join(root, 'apps/web/dist', path));
    const gz = gzipSync(buf, { level: 9 }).length;
    total += gz;
    console.log(`| ${path} | ${(buf.length / 1024).toFixed(1)} | ${(gz / 1024).toFixed(1)} |`);
  }
  console.log(`| **total** | | **${(total / 1024).toFixed(1)}** (target ≤ 200) |`);
}

export async function runFoundation() {
  console.log('## Foundation');
  // BENCH_PARTS=cold,load,bundle picks parts
  const parts = process.env.BENCH_PARTS?.split(',') ?? ['cold', 'load', 'bundle'];
  if (parts.includes('cold')) await coldStart();
  if (parts.includes('load')) await throughput();
  if (parts.includes('bundle')) await loginBundle();
}

if (import.meta.url === `file://${process.argv[1]}`) await runFoundation();
