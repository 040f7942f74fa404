import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { demoToken, freshPgDatabase, type LoadResult, load, root, startServer, table, tempDir } from './lib.ts';

/**
 * Issue 13 measurements: place search (the gazetteer with the whole GeoNames postal data set of India, ADR 113,
 * plus the operator's saved places) at 50 connections beside /api/health in the same run, on PostgreSQL and on
 * PGlite; and the gzipped JavaScript a browser loads for the public policy pages.
 */

const duration = Number(process.env.BENCH_SECONDS ?? 15);
const SAVED_PLACES = Number(process.env.BENCH_SAVED_PLACES ?? 200);
const SEARCH = '/api/odin/v2/map/app/search';

/** Saved places of the demo operator, through the server's own route (so both databases get the same). */
async function savePlaces(url: string, token: string) {
  for (let i = 0; i < SAVED_PLACES; i++) {
    const r = await fetch(`${url}/api/odin/v2/map/app/saved-places`, {
      method: 'POST',
      headers: { token, 'content-type': 'application/json' },
      body: JSON.stringify({
        placeName: `Bench Godown ${String(i).padStart(4, '0')} Jaipur`,
        placeLat: 26.8 + (i % 100) / 1000,
        placeLng: 75.7 + Math.floor(i / 100) / 100,
      }),
    });
    if (!r.ok) throw new Error(`saving place ${i}: ${r.status} ${await r.text()}`);
  }
}

/** The file's last line (Vasona, 396240) is imported last: once its PIN resolves, the import is complete. */
async function waitImported(url: string, token: string, timeoutMs = 15 * 60_000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    const r = await fetch(`${url}${SEARCH}?text=396240&addressTypes=LOCALITY`, { headers: { token } });
    const body = (await r.json()) as { data?: Array<{ name: string }> };
    if (body.data?.some((p) => p.name === 'Vasona')) return performance.now() - started;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the postal places import did not finish in time');
}

async function searchRun(label: string, port: number, env: Record<string, string>) {
  // the demo data is loaded beforehand by the command line: on a busy machine the seed can outlast the server's
  // 10 s start-up hook limit, and only the search is measured here
  execSync('npm run -s db:seed -w @bhada/server', { cwd: root, env: { ...process.env, ...env }, stdio: 'ignore' });
  const server = await startServer({ port, env: { JOBS_ENABLED: 'false', ...env } });
  try {
    const token = await demoToken(server.url);
    const headers = { token };
    // the server is healthy before the 155,570 postal rows are in: health while they are imported
    const during = await load('GET /api/health (during the postal import)', `${server.url}/api/health`, { duration: 5 });
    const importMs = (await waitImported(server.url, token)) + 5_000;
    console.log(
      `\n${label}: healthy after ${Math.round(server.readyMs)} ms; postal import complete ≈ ${(importMs / 1000).toFixed(0)} s later`,
    );
    await savePlaces(server.url, token);
    const rows: LoadResult[] = [await load('GET /api/health (baseline)', `${server.url}/api/health`, { duration })];
    for (const [what, query] of [
      ['name prefix, saved places match', 'text=jai'],
      ['locality prefix', 'text=lud'],
      ['one letter', 'text=a'],
      ['substring', 'text=industrial'],
      ['PIN code', 'text=141001'],
      ['unknown PIN, sorting district', 'text=302099'],
      ['empty text', 'text='],
    ] as const) {
      rows.push(await load(`GET …/map/app/search?${query} (${what})`, `${server.url}${SEARCH}?${query}&limit=10`, { duration, headers }));
    }
    console.log(
      `\n### Place search on ${label}, ${SAVED_PLACES} saved places + the gazetteer with the whole postal data set, autocannon 50 connections, ${duration} s each\n`,
    );
    table([during, ...rows]);
    const base = rows[0]!;
    console.log('\n| search | p99 / health p99 | req/s / health req/s |');
    console.log('|---|---|---|');
    for (const r of rows.slice(1)) {
      console.log(
        `| ${r.label} | ${(r.p99 / Math.max(base.p99, 1)).toFixed(2)}× | ${(r.reqPerSec / Math.max(base.reqPerSec, 1)).toFixed(2)}× |`,
      );
    }
  } finally {
    await server.stop();
  }
}

/** Gzipped JavaScript loaded by the public policy pages (the index and one policy), without a login. */
async function policyBundle() {
  const server = await startServer({ port: 3242, env: { DATA_DIR: tempDir('policies'), JOBS_ENABLED: 'false' } });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    for (const path of ['/public/policies', '/public/policies/token-refund']) {
      // a context of its own per page, so nothing comes from the previous page's cache
      const context = await browser.newContext();
      const page = await context.newPage();
      const scripts = new Set<string>();
      page.on('response', (r) => {
        if (r.request().resourceType() === 'script') scripts.add(new URL(r.url()).pathname);
      });
      await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
      // the page's own chunks load lazily: wait until its text is on screen and the network is quiet again
      await page.getByText('Bhada policies').first().waitFor();
      await page.waitForLoadState('networkidle');
      await context.close();
      let total = 0;
      let raw = 0;
      console.log(`\n### JavaScript loaded by ${path} (built apps/web/dist)\n`);
      console.log('| file | raw KB | gzip KB |');
      console.log('|---|---|---|');
      for (const file of [...scripts].sort()) {
        const buf = readFileSync(join(root, 'apps/web/dist', file));
        const gz = gzipSync(buf, { level: 9 }).length;
        total += gz;
        raw += buf.length;
        console.log(`| ${file} | ${(buf.length / 1024).toFixed(1)} | ${(gz / 1024).toFixed(1)} |`);
      }
      console.log(`| **total (${scripts.size} files)** | ${(raw / 1024).toFixed(1)} | **${(total / 1024).toFixed(1)}** |`);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

export async function runAccount() {
  console.log('## Account');
  // BENCH_PARTS=pg,lite,bundle picks parts
  const parts = process.env.BENCH_PARTS?.split(',') ?? ['pg', 'lite', 'bundle'];
  if (parts.includes('pg'))
    await searchRun('PostgreSQL', 3240, {
      DATA_DIR: tempDir('account-pg'),
      DATABASE_URL: freshPgDatabase(process.env.BENCH_ACCOUNT_DB ?? 'bhada_bench_account'),
    });
  if (parts.includes('lite')) await searchRun('PGlite', 3241, { DATA_DIR: tempDir('account-lite') });
  if (parts.includes('bundle')) await policyBundle();
}

if (import.meta.url === `file://${process.argv[1]}`) await runAccount();
