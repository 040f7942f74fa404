import { execSync } from 'node:child_process';
import { demoSession, freshPgDatabase, median, startServer, tempDir } from './lib.ts';
import { firstMapRender, framesFor, launch, loggedInPage, VIEWPORTS } from './map-render.ts';

/**
 * Issue 12, GPS Dashboard: 2,000 vehicles with trackers for one operator (the demo operator, beside its
 * seeded fleet) in the bench's own PostgreSQL database. In Chromium at 360 px and on a desktop: the
 * first render of the map (navigation → markers painted), then the frames per second while positions
 * stream — the bench reports positions through the OsmAnd endpoint as fast as the server takes them, and
 * the server pushes them to the page over the event stream (ADR 103). Median of BENCH_MAP_RUNS runs.
 * Run alone with BENCH=fleet-map.
 */

const OPERATOR = 'OP1001';
const OPERATOR_PHONE = '9000000001';
const VEHICLES = Number(process.env.BENCH_MAP_VEHICLES ?? 2_000);
const RUNS = Number(process.env.BENCH_MAP_RUNS ?? 3);
const STREAM_MS = Number(process.env.BENCH_STREAM_SECONDS ?? 15) * 1000;
const REPORTERS = 32;

const identifier = (g: number) => `bench-tracker-${String(g).padStart(6, '0')}`;
/** a vehicle's starting point: spread over India, lat 9–31, lng 70–92 */
const home = (g: number) => ({ lat: 9 + ((g * 7919) % 2200) / 100, lng: 70 + ((g * 104729) % 2200) / 100 });

/** VEHICLES verified vehicles, each with a tracker and a first position (two in three moving). */
function seedTrackedFleet(dbUrl: string): number {
  const sql = `
    INSERT INTO vehicles (id, operator_id, number, vehicle_type, body_type, tyre_count, tonnage, size_in_feet,
                          height_in_feet, ownership, status, current_lat, current_lng, created_at, updated_at)
    SELECT 'VEH-M' || g, '${OPERATOR}', 'RJ60GM' || lpad(g::text, 4, '0'), '32 FT MXL Container', 'CONTAINER', 14, 25, 32,
           8.5, 'SELF', 'VERIFIED', 9 + ((g * 7919) % 2200) / 100.0, 70 + ((g * 104729) % 2200) / 100.0, now(), now()
    FROM generate_series(1, ${VEHICLES}) g;
    INSERT INTO tracking_devices (id, operator_id, vehicle_id, label, identifier_hash, created_at)
    SELECT 'DEV-M' || g, '${OPERATOR}', 'VEH-M' || g, 'Bench tracker',
           encode(sha256(convert_to('bench-tracker-' || lpad(g::text, 6, '0'), 'UTF8')), 'hex'), now()
    FROM generate_series(1, ${VEHICLES}) g;
    INSERT INTO positions (device_id, vehicle_id, lat, lng, speed_kmph, recorded_at)
    SELECT 'DEV-M' || g, 'VEH-M' || g, 9 + ((g * 7919) % 2200) / 100.0, 70 + ((g * 104729) % 2200) / 100.0,
           CASE WHEN g % 3 = 0 THEN 0 ELSE 40 END, now() - interval '1 minute'
    FROM generate_series(1, ${VEHICLES}) g;
    ANALYZE vehicles; ANALYZE positions; ANALYZE tracking_devices;`;
  execSync(`psql ${dbUrl} -qv ON_ERROR_STOP=1`, { input: sql });
  return Number(
    execSync(`psql ${dbUrl} -tAc "SELECT count(*) FROM tracking_devices WHERE operator_id = '${OPERATOR}' AND vehicle_id LIKE 'VEH-M%'"`)
      .toString()
      .trim(),
  );
}

/** Reports positions for every vehicle in turn, REPORTERS at a time, each a small step along its way. */
function streamPositions(url: string) {
  let stopped = false;
  let next = 0;
  let sent = 0;
  let failed = 0;
  const worker = async () => {
    while (!stopped) {
      const g = (next++ % VEHICLES) + 1;
      const round = Math.floor(next / VEHICLES) + 1;
      const { lat, lng } = home(g);
      const moving = g % 3 !== 0;
      const q = new URLSearchParams({
        id: identifier(g),
        lat: String(moving ? lat + round * 0.01 : lat),
        lon: String(moving ? lng + round * 0.01 : lng),
        speed: moving ? '25' : '0',
      });
      try {
        const r = await fetch(`${url}/api/tracking/osmand?${q}`);
        await r.arrayBuffer();
        if (r.ok) sent++;
        else failed++;
      } catch {
        failed++;
      }
    }
  };
  const started = performance.now();
  const workers = Array.from({ length: REPORTERS }, worker);
  return {
    async stop() {
      stopped = true;
      await Promise.all(workers);
      return { sent, failed, perSecond: sent / ((performance.now() - started) / 1000) };
    },
  };
}

/** Counts what the page receives on the event stream, and keeps the stream (wrapped before the app starts). */
const countPushes = `(() => {
  window.__fleetPushes = { pushes: 0, positions: 0 };
  const Source = window.EventSource;
  window.EventSource = class extends Source {
    constructor(url, init) {
      super(url, init);
      window.__fleetSource = this;
      this.addEventListener('POSITIONS', (e) => {
        window.__fleetPushes.pushes++;
        window.__fleetPushes.positions += JSON.parse(e.data).positions.length;
      });
    }
  };
})();`;

/**
 * The worst a push can be: every vehicle of the map moved, once every 3 s (the server's most frequent
 * push), dispatched on the page's own stream as the server would write it.
 */
const pushEverything = (vehicleIds: string[], everyMs: number) => `(() => {
  const ids = ${JSON.stringify(vehicleIds)};
  let round = 0;
  window.__fleetFlood = setInterval(() => {
    round++;
    const recordedAt = new Date().toISOString();
    const positions = ids.map((vehicleId, i) => ({
      vehicleId, lat: 9 + ((i * 7919) % 2200) / 100 + round * 0.01, lng: 70 + ((i * 104729) % 2200) / 100 + round * 0.01,
      speedKmph: 40, recordedAt, tripId: null,
    }));
    window.__fleetSource.dispatchEvent(new MessageEvent('POSITIONS', { data: JSON.stringify({ topic: 'fleet', positions }) }));
  }, ${everyMs});
})()`;

interface Frames {
  fps: number;
  longestMs: number;
  over50: number;
}
interface Run {
  dataMs: number;
  streaming: Frames;
  flood: Frames;
  firstRenderMs: number;
  pushes: number;
  positions: number;
  reportedPerSecond: number;
}

export async function runFleetMap() {
  console.log('## Fleet map (GPS Dashboard)');
  const dbUrl = freshPgDatabase('bhada_bench_fleetmap');
  // jobs off: the simulators would move the demo fleet during the runs; the live positions need no job
  const server = await startServer({ port: 3243, env: { DATA_DIR: tempDir('fleetmap'), DATABASE_URL: dbUrl, JOBS_ENABLED: 'false' } });
  const browser = await launch();
  try {
    const trackers = seedTrackedFleet(dbUrl);
    const session = await demoSession(server.url, OPERATOR_PHONE);
    const fleet = (await (await fetch(`${server.url}/api/fleet/map`, { headers: { token: session.accessToken ?? '' } })).json()) as {
      data: { vehicles: Array<{ vehicleId: string }> };
    };
    const vehicleIds = fleet.data.vehicles.map((v) => v.vehicleId);
    const results: Record<string, Run[]> = {};
    for (let run = 0; run < RUNS; run++) {
      for (const [name, options] of Object.entries(VIEWPORTS)) {
        const page = await loggedInPage(browser, server.url, OPERATOR_PHONE, options, countPushes);
        const render = await firstMapRender(page, `${server.url}/portal/fleet/gps-dashboard`, '/api/fleet/map');
        await page.getByTestId('fleet-live').getByText('Live', { exact: true }).waitFor({ timeout: 30_000 });
        // real positions through the OsmAnd endpoint, pushed by the server
        const streaming = streamPositions(server.url);
        const frames = await framesFor(page, STREAM_MS);
        const reported = await streaming.stop();
        const got = (await page.evaluate('window.__fleetPushes')) as { pushes: number; positions: number };
        if (!got.pushes) throw new Error('no positions reached the page');
        // the worst case: every vehicle moves in every push
        await page.evaluate(pushEverything(vehicleIds, 3_000));
        const flood = await framesFor(page, STREAM_MS);
        await page.evaluate('clearInterval(window.__fleetFlood)');
        const list = results[name] ?? [];
        results[name] = list;
        list.push({
          dataMs: render.dataMs,
          firstRenderMs: render.paintedMs,
          streaming: frames,
          flood,
          pushes: got.pushes,
          positions: got.positions,
          reportedPerSecond: reported.perSecond,
        });
        await page.context().close();
      }
    }
    console.log(
      `\n### GPS Dashboard, ${trackers} tracked vehicles (+ the demo fleet: ${vehicleIds.length} on the map) for one operator, Chromium, median of ${RUNS} runs, ${STREAM_MS / 1000} s per measure\n`,
    );
    console.log(
      '| viewport | map data received ms | first render ms (navigation → markers painted) | fps, positions streaming | longest frame ms | frames > 50 ms | pushes received | positions applied | positions reported/s | fps, every vehicle moved every 3 s | longest frame ms | frames > 50 ms |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
    for (const [name, runs] of Object.entries(results)) {
      const m = (pick: (r: Run) => number, digits = 0) => median(runs.map(pick)).toFixed(digits);
      console.log(
        `| ${name} | ${m((r) => r.dataMs)} | ${m((r) => r.firstRenderMs)} | ${m((r) => r.streaming.fps, 1)} | ${m((r) => r.streaming.longestMs)} | ${m((r) => r.streaming.over50)} | ${m((r) => r.pushes)} | ${m((r) => r.positions)} | ${m((r) => r.reportedPerSecond)} | ${m((r) => r.flood.fps, 1)} | ${m((r) => r.flood.longestMs)} | ${m((r) => r.flood.over50)} |`,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runFleetMap();
