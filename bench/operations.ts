import { execSync } from 'node:child_process';
import { demoToken, freshPgDatabase, type LoadResult, load, median, startServer, table, tempDir } from './lib.ts';
import { firstMapRender, launch, loggedInPage, VIEWPORTS } from './map-render.ts';

const duration = Number(process.env.BENCH_SECONDS ?? 20);
const VEHICLES = Number(process.env.BENCH_SCHEDULED ?? 5_000);
const ADMIN_PHONE = '9000000900';
const RUNS = Number(process.env.BENCH_MAP_RUNS ?? 3);

/**
 * Scheduled vehicles inserted with SQL alongside the seeded ones: every state, spread over India
 * (lat 9–31, lng 70–92), each on a seeded consignment.
 */
function insertScheduled(dbUrl: string) {
  const states = ['SCHEDULED', 'REPORTED', 'LOADED', 'IN_TRANSIT', 'REACHED', 'UNLOADED'];
  const sql = `
    INSERT INTO scheduled_vehicles (id, consignment_id, vehicle_id, vehicle_number, operator_id, consigner_code,
                                    lane_code, state, scheduled_at, eta, lat, lng, position_at, updated_at)
    SELECT 'SCH-B' || g, s.consignment_id, s.vehicle_id, 'BN' || lpad((g % 99)::text, 2, '0') || 'B' || lpad(g::text, 4, '0'),
           s.operator_id, s.consigner_code, s.lane_code,
           (ARRAY['${states.join("','")}'])[1 + g % ${states.length}],
           now() - (g || ' minutes')::interval, now() + (g || ' minutes')::interval,
           9 + ((g * 7919) % 2200) / 100.0, 70 + ((g * 104729) % 2200) / 100.0, now(), now()
    FROM generate_series(1, ${VEHICLES}) g,
         (SELECT * FROM scheduled_vehicles ORDER BY id LIMIT 1) s;
    ANALYZE scheduled_vehicles;`;
  execSync(`psql ${dbUrl} -qv ON_ERROR_STOP=1`, { input: sql });
  return Number(execSync(`psql ${dbUrl} -tAc "SELECT count(*) FROM scheduled_vehicles"`).toString().trim());
}

/** The scheduled-vehicle page's map in Chromium at 360 px: navigation → clustered markers painted. */
async function mapFirstRender(url: string, total: number) {
  const browser = await launch();
  try {
    const painted: number[] = [];
    const data: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const page = await loggedInPage(browser, url, ADMIN_PHONE, VIEWPORTS['360 px']);
      const render = await firstMapRender(page, `${url}/portal/workflow/scheduled`, '/aggregatedMapDataForSchedule');
      painted.push(render.paintedMs);
      data.push(render.dataMs);
      await page.context().close();
    }
    console.log(`\n### Scheduled-vehicle map, first render in Chromium at 360 px, ${total} scheduled vehicles\n`);
    console.log('| /portal/workflow/scheduled, from navigation | median ms | min–max ms | runs |');
    console.log('|---|---|---|---|');
    const line = (label: string, xs: number[]) =>
      console.log(`| ${label} | ${median(xs).toFixed(0)} | ${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)} | ${RUNS} |`);
    line('first map data received', data);
    line('map markers painted (first render)', painted);
  } finally {
    await browser.close();
  }
}

/** BENCH_PARTS=load,map picks the map-data load test and/or the map's first render in Chromium. */
export async function runOperations() {
  console.log('## Operations');
  const parts = (process.env.BENCH_PARTS ?? 'load,map').split(',');
  const dbUrl = freshPgDatabase('bhada_bench_operations');
  // jobs off: the tracking simulator would move the vehicles during the run
  const server = await startServer({ port: 3241, env: { DATA_DIR: tempDir('operations'), DATABASE_URL: dbUrl, JOBS_ENABLED: 'false' } });
  try {
    const token = await demoToken(server.url, ADMIN_PHONE);
    const total = insertScheduled(dbUrl);
    if (parts.includes('map')) await mapFirstRender(server.url, total);
    if (!parts.includes('load')) return;
    const headers = { token };
    const map = `${server.url}/api/vehicle/aggregatedMapDataForSchedule`;
    const rows: LoadResult[] = [];
    rows.push(await load('GET /api/health (baseline)', `${server.url}/api/health`, { duration }));
    rows.push(
      await load(`GET …/aggregatedMapDataForSchedule?zoom=5 (all India, ${total} vehicles)`, `${map}?zoom=5`, { duration, headers }),
    );
    rows.push(await load('GET …/aggregatedMapDataForSchedule?zoom=8 (finer cells)', `${map}?zoom=8`, { duration, headers }));
    rows.push(
      await load('GET …/aggregatedMapDataForSchedule?zoom=10&bbox (one region)', `${map}?zoom=10&bbox=18,72,20,74`, {
        duration,
        headers,
      }),
    );
    rows.push(await load('GET /api/health (baseline, again)', `${server.url}/api/health`, { duration }));
    console.log(
      `\n### Scheduled-vehicle map data on PostgreSQL, ${total} scheduled vehicles, autocannon 50 connections, ${duration} s each\n`,
    );
    table(rows);
    const health = rows[0]!.p99;
    console.log('\n| map query | p99 ÷ health p99 | p50 ÷ health p50 |');
    console.log('|---|---|---|');
    for (const r of rows.slice(1, 4))
      console.log(`| ${r.label} | ${(r.p99 / Math.max(health, 1)).toFixed(1)}× | ${(r.p50 / Math.max(rows[0]!.p50, 1)).toFixed(1)}× |`);
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runOperations();
