import { execSync } from 'node:child_process';
import { demoToken, freshPgDatabase, type LoadResult, load, startServer, table, tempDir } from './lib.ts';

/**
 * Issue 12: the vehicle list of an operator with a large fleet (first page, a search by number and
 * "vehicle data by query") on PostgreSQL at 50 connections, with /api/health in the same run as the
 * baseline. The vehicles are inserted with SQL next to the demo operator's seeded ones.
 */

const duration = Number(process.env.BENCH_SECONDS ?? 20);
const OPERATOR = 'OP1001';
const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 10_000);

/** VEHICLES more vehicles for the demo operator, numbers RJ50BZ0001… (every status, a third attached). */
function insertVehicles(dbUrl: string): number {
  const sql = `
    INSERT INTO vehicles (id, operator_id, number, vehicle_type, body_type, tyre_count, tonnage, size_in_feet,
                          height_in_feet, ownership, owner_name, status, created_at, updated_at)
    SELECT 'VEH-B' || g, '${OPERATOR}',
           'RJ' || (50 + g / 10000) || 'BZ' || lpad((g % 10000)::text, 4, '0'),
           '32 FT MXL Container', 'CONTAINER', 14, 25, 32, 8.5,
           CASE WHEN g % 3 = 0 THEN 'ATTACHED' ELSE 'SELF' END,
           CASE WHEN g % 3 = 0 THEN 'Bench Owner ' || g END,
           (ARRAY['VERIFIED','PENDING','REJECTED'])[1 + g % 3],
           now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
    FROM generate_series(1, ${VEHICLES}) g;
    ANALYZE vehicles;`;
  execSync(`psql ${dbUrl} -qv ON_ERROR_STOP=1`, { input: sql });
  return Number(execSync(`psql ${dbUrl} -tAc "SELECT count(*) FROM vehicles WHERE operator_id = '${OPERATOR}'"`).toString().trim());
}

export async function runFleet() {
  console.log('## Fleet');
  const dbUrl = freshPgDatabase('bhada_bench_fleet');
  // jobs off: the tracking simulator and the expiry reminders would write during the runs
  const server = await startServer({ port: 3241, env: { DATA_DIR: tempDir('fleet'), DATABASE_URL: dbUrl, JOBS_ENABLED: 'false' } });
  try {
    const token = await demoToken(server.url);
    const total = insertVehicles(dbUrl);
    const base = `${server.url}/api/rest/tesseract/v1/operator/vehicles`;
    const first = await fetch(`${base}?pageNo=1`, { headers: { token } });
    const firstBody = (await first.json()) as { data: { totalCount: number; list: unknown[] } };
    if (!first.ok || firstBody.data.totalCount !== total)
      throw new Error(`list answered ${first.status}, ${firstBody.data?.totalCount} of ${total}`);
    const headers = { token };
    const rows: LoadResult[] = [];
    const health = async () => rows.push(await load('GET /api/health (baseline)', `${server.url}/api/health`, { duration }));
    await health();
    rows.push(await load(`GET …/operator/vehicles?pageNo=1 (${total} vehicles)`, `${base}?pageNo=1`, { duration, headers }));
    rows.push(await load('GET …/operator/vehicles?search=BZ12&pageNo=1 (search)', `${base}?search=BZ12&pageNo=1`, { duration, headers }));
    rows.push(
      await load('GET …/operator/vehicles?search=BZ12&pageNo=1, locale hi', `${base}?search=BZ12&pageNo=1`, {
        duration,
        headers: { ...headers, locale: 'hi' },
      }),
    );
    rows.push(await load('GET …/operator/vehicles/search?query=BZ123 (by query)', `${base}/search?query=BZ123`, { duration, headers }));
    // the baseline again at the end: the machine's drift during the run shows here
    await health();
    console.log(`\n### Vehicle list on PostgreSQL, operator with ${total} vehicles, autocannon 50 connections, ${duration} s each\n`);
    table(rows);
    const healthP99 = rows.filter((r) => r.label.startsWith('GET /api/health')).map((r) => r.p99);
    const healthMean = Math.max(1, healthP99.reduce((a, b) => a + b, 0) / healthP99.length);
    console.log('\n| target | p99 ÷ /api/health p99 (mean of both health runs) |');
    console.log('|---|---|');
    for (const r of rows.filter((x) => !x.label.startsWith('GET /api/health'))) {
      console.log(`| ${r.label} | ${(r.p99 / healthMean).toFixed(1)}× |`);
    }
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runFleet();
