import { execSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { bigFleet } from './fastag.ts';
import { demoToken, freshPgDatabase, hotPathRows, type LoadResult, load, root, startServer, tempDir, waitHealthy } from './lib.ts';
import { seedOpenLoads } from './marketplace.ts';
import { revocationRows } from './revocation.ts';
import { insertTrips } from './trips.ts';

// Issue 17, targets 3, 4 and 6 (ADR 156): every figure beside its baseline from the same run, on this machine.
const duration = Number(process.env.BENCH_SECONDS ?? 20);
/** four ports from here: the hello-world, PostgreSQL, PGlite, the lists' server */
const PORT = Number(process.env.BENCH_HOT_PORT ?? 3240);
const HELLO_PORT = PORT + 3;

interface Row {
  target: string;
  measured: string;
  baseline: string;
  ratio: string;
  goal: string;
  pass: boolean;
}

const rps = (r: LoadResult) =>
  `${r.reqPerSec} req/s, p99 ${r.p99} ms${r.errors || r.non2xx ? ` (${r.errors} errors or timeouts, ${r.non2xx} non-2xx)` : ''}`;
const clean = (r: LoadResult) => r.errors === 0 && r.non2xx === 0;

/** Throughput against the hello-world: a share of its req/s and a p99 ceiling. */
function share(target: string, r: LoadResult, hello: LoadResult, minShare: number, maxP99?: number): Row {
  const ratio = r.reqPerSec / hello.reqPerSec;
  return {
    target,
    measured: rps(r),
    baseline: `hello-world ${hello.reqPerSec} req/s`,
    ratio: `${(ratio * 100).toFixed(1)} %`,
    goal: `≥ ${minShare * 100} %${maxP99 ? `, p99 ≤ ${maxP99} ms` : ''}`,
    pass: clean(r) && ratio >= minShare && (maxP99 === undefined || r.p99 <= maxP99),
  };
}

/** A list's first page against 100 ms at p99, and a deep page against twice the first page's p99. */
function pages(name: string, first: LoadResult, deep: LoadResult): Row[] {
  return [
    {
      target: `${name}, first page`,
      measured: rps(first),
      baseline: '—',
      ratio: '—',
      goal: 'p99 ≤ 100 ms',
      pass: clean(first) && first.p99 <= 100,
    },
    {
      target: `${name}, ${deep.label}`,
      measured: rps(deep),
      baseline: `first page p99 ${first.p99} ms`,
      ratio: `${(deep.p99 / Math.max(first.p99, 1)).toFixed(2)}×`,
      goal: '≤ 2× first page',
      pass: clean(deep) && deep.p99 <= 2 * Math.max(first.p99, 1),
    },
  ];
}

async function hello(): Promise<LoadResult> {
  const proc = spawn(process.execPath, ['--import', 'tsx', join(root, 'bench/hello.ts')], {
    env: { ...process.env, PORT: String(HELLO_PORT) },
    stdio: 'ignore',
  });
  try {
    await waitHealthy(`http://127.0.0.1:${HELLO_PORT}`);
    return await load('hello', `http://127.0.0.1:${HELLO_PORT}/api/health`, { duration });
  } finally {
    proc.kill();
  }
}

async function getAllRoles(label: string, env: Record<string, string>, port: number): Promise<LoadResult> {
  const server = await startServer({ port, env: { JOBS_ENABLED: 'false', ...env } });
  try {
    const token = await demoToken(server.url);
    // one warm-up second: the first calls compile the route and fill the caches
    await load(label, `${server.url}/api/user/getAllRoles`, { duration: 1, headers: { token } });
    return await load(label, `${server.url}/api/user/getAllRoles`, { duration, headers: { token } });
  } finally {
    await server.stop();
  }
}

async function lists(dbUrl: string): Promise<Row[]> {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const server = await startServer({ port: PORT + 2, env: { DATA_DIR: tempDir('hot-lists'), DATABASE_URL: dbUrl, JOBS_ENABLED: 'false' } });
  try {
    // BENCH_HOT_SEEDED=1 with BENCH_HOT_LISTS_URL reuses a database these seeders already filled (they take minutes)
    const seeded = process.env.BENCH_HOT_SEEDED === '1';
    if (!seeded) {
      await db.query(`INSERT INTO consigners (code, name) VALUES ('CN-HOT', 'Bench Consigner') ON CONFLICT DO NOTHING`);
      const pool = new pg.Pool({ connectionString: dbUrl, max: 2 });
      await seedOpenLoads(pool, 'CN-HOT');
      await pool.end();
      insertTrips(dbUrl);
      await bigFleet(db);
    }
    const trips = (await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM trips WHERE operator_id = 'OP1001'`)).rows[0]?.n;
    const u = server.url;
    const owner = await demoToken(u, '9000000001');
    const fleet = await demoToken(u, '9000000002');
    const now = Math.floor(Date.now() / 1000);
    const range = `fromTime=${now - 30 * 86_400}&toTime=${now}`;
    const get = async (label: string, path: string, token: string) => {
      // one warm-up second, as for getAllRoles: the first calls compile the route and fill what the server keeps
      await load(label, `${u}${path}`, { duration: 1, headers: { token } });
      return load(label, `${u}${path}`, { duration, headers: { token } });
    };
    const open = await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM demands WHERE state = 'OPEN' AND bidding_ends_at > now()`);
    return [
      ...pages(
        `load board (${open.rows[0]?.n} open loads)`,
        await get('first', '/api/rest/tesseract/v1/load?state-id=OPEN', owner),
        await get('page 50', '/api/rest/tesseract/v1/load?state-id=OPEN&pageNo=49', owner),
      ),
      ...pages(
        `trips list (${trips} trips)`,
        await get('first', '/api/rest/tesseract/v1/trip?filter=ALL&pageNo=0', owner),
        await get('page 200', '/api/rest/tesseract/v1/trip?filter=ALL&pageNo=200', owner),
      ),
      ...pages(
        'Fastag transactions (100,000 rows in range)',
        await get('first', `/api/fastag/transactions/v3/BV000000?pageNo=0&pageSize=20&${range}`, fleet),
        await get('page 2,000', `/api/fastag/transactions/v3/BV000000?pageNo=1999&pageSize=20&${range}`, fleet),
      ),
      ...pages(
        'vehicleWiseTagAmount (10,000 tags)',
        await get('first', '/api/fastag/vehicleWiseTagAmount?pageNo=0&pageSize=20', fleet),
        await get('page 400', '/api/fastag/vehicleWiseTagAmount?pageNo=399&pageSize=20', fleet),
      ),
    ];
  } finally {
    await db.end();
    await server.stop();
  }
}

export async function runHotpaths() {
  console.log(`## Hot paths (issue 17: targets 3, 4, 6 and the one-second revocation), 50 connections, ${duration} s each`);
  const rows: Row[] = [];
  const parts = process.env.BENCH_PARTS?.split(',') ?? ['auth', 'revocation', 'lists'];
  // migrated and seeded once, before any server starts: no server then seeds inside its start-up time limit
  const seed = (env: Record<string, string>) =>
    execSync('npx tsx src/db/cli.ts seed', { cwd: join(root, 'apps/server'), env: { ...process.env, ...env }, stdio: 'ignore' });
  const reused = parts.includes('auth') ? undefined : process.env.BENCH_HOT_LISTS_URL;
  // BENCH_HOT_DB names the fresh database, so runs that share one PostgreSQL do not drop each other's
  const pgUrl = reused ?? freshPgDatabase(process.env.BENCH_HOT_DB ?? 'bhada_bench_hotpaths');
  if (!reused) seed({ DATABASE_URL: pgUrl });
  if (parts.includes('auth')) {
    const base = await hello();
    const liteDir = tempDir('hot-lite');
    seed({ DATA_DIR: liteDir });
    const one = await getAllRoles('pg-1', { DATA_DIR: tempDir('hot-pg1'), DATABASE_URL: pgUrl }, PORT);
    const two = await getAllRoles('pg-2', { DATA_DIR: tempDir('hot-pg2'), DATABASE_URL: pgUrl, WEB_CONCURRENCY: '2' }, PORT);
    const lite = await getAllRoles('lite', { DATA_DIR: liteDir }, PORT + 1);
    rows.push(share('3. getAllRoles, PostgreSQL, 1 process', one, base, 0.1, 50));
    rows.push(share('3+6. getAllRoles, PostgreSQL, 2 processes (WEB_CONCURRENCY=2)', two, base, 0.1, 50));
    rows.push(share('3. getAllRoles, PGlite', lite, base, 0.03));
  }
  if (parts.includes('revocation')) rows.push(...(await revocationRows(pgUrl, PORT + 4)));
  if (parts.includes('lists')) rows.push(...(await lists(process.env.BENCH_HOT_LISTS_URL ?? pgUrl)));

  console.log('\n| target | measured | baseline (same run) | ratio | goal | result |');
  console.log('|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(`| ${r.target} | ${r.measured} | ${r.baseline} | ${r.ratio} | ${r.goal} | ${r.pass ? 'pass' : 'falls short'} |`);
  }
  hotPathRows.push(...rows);
}

if (import.meta.url === `file://${process.argv[1]}`) await runHotpaths();
