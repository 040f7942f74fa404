import { execSync } from 'node:child_process';
import { copyFileSync, createReadStream, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { demoToken, freshPgDatabase, type LoadResult, load, startServer, table, tempDir } from './lib.ts';

const duration = Number(process.env.BENCH_SECONDS ?? 20);
const OPERATOR = 'OP1001';
const TRIPS = 5_000;

/** VmHWM (peak) and VmRSS (now) of a process, in MB. */
function memOf(pid: number | undefined) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0);
  return { hwm: Math.round(kb('VmHWM') / 1024), rss: Math.round(kb('VmRSS') / 1024) };
}

async function call<T>(url: string, token: string, method: string, body?: unknown): Promise<T> {
  const r = await fetch(url, {
    method,
    headers: { token, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await r.json()) as { data: T; message?: string };
  if (!r.ok) throw new Error(`${method} ${url}: ${r.status} ${json.message}`);
  return json.data;
}

/** 5,000 trips for one operator, inserted with SQL alongside the seeded ones (every state, spread over a year). */
export function insertTrips(dbUrl: string) {
  const states = [
    'ASSIGNED',
    'REACHED_LOADING',
    'LOADED',
    'IN_TRANSIT',
    'REACHED_UNLOADING',
    'UNLOADED',
    'POD_SUBMITTED',
    'POD_VERIFIED',
    'COMPLETED',
    'CANCELLED',
  ];
  const sql = `
    INSERT INTO trips (id, demand_id, operator_id, consigner_code, vehicle_id, driver_name, driver_phone, state,
                       origin_city, destination_city, loading_points, unloading_points, agreed_price_paisa,
                       token_amount_paisa, created_at, updated_at)
    SELECT 'TRP-B' || g, 'DEM-B' || g, '${OPERATOR}', t.consigner_code, t.vehicle_id, 'Bench Driver', '9000011111',
           (ARRAY['${states.join("','")}'])[1 + g % ${states.length}],
           t.origin_city, t.destination_city, t.loading_points, t.unloading_points, 4000000 + g, 200000,
           now() - (g || ' minutes')::interval * 100, now() - (g || ' minutes')::interval * 100
    FROM generate_series(1, ${TRIPS}) g,
         (SELECT * FROM trips WHERE operator_id = '${OPERATOR}' ORDER BY id LIMIT 1) t;
    ANALYZE trips;`;
  execSync(`psql ${dbUrl} -qv ON_ERROR_STOP=1`, { input: sql });
  return Number(execSync(`psql ${dbUrl} -tAc "SELECT count(*) FROM trips WHERE operator_id = '${OPERATOR}'"`).toString().trim());
}

async function tripsList(url: string, token: string, dbUrl: string) {
  const total = insertTrips(dbUrl);
  const rows: LoadResult[] = [];
  for (const filter of ['ACTIVE', 'ALL', 'COMPLETED']) {
    rows.push(
      await load(
        `GET /rest/tesseract/v1/trip?filter=${filter}&pageNo=0 (${total} trips)`,
        `${url}/api/rest/tesseract/v1/trip?filter=${filter}&pageNo=0`,
        {
          duration,
          headers: { token },
        },
      ),
    );
  }
  rows.push(
    await load(`GET …/trip?filter=ALL&pageNo=200 (deep page)`, `${url}/api/rest/tesseract/v1/trip?filter=ALL&pageNo=200`, {
      duration,
      headers: { token },
    }),
  );
  rows.push(
    await load('GET …/trip/trip-state-filter (counts)', `${url}/api/rest/tesseract/v1/trip/trip-state-filter`, {
      duration,
      headers: { token },
    }),
  );
  console.log(`\n### Trips list on PostgreSQL, operator with ${total} trips, autocannon 50 connections, ${duration} s each\n`);
  table(rows);
}

/** 10 MB through the signed-URL PUT, five times; the server's peak memory should not grow by the file size. */
async function upload(url: string, token: string, pid: number | undefined) {
  const dir = tempDir('upload');
  const src = join(dir, 'pod.jpg');
  const size = 10_000_000;
  const bytes = Buffer.alloc(size, 7);
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]).copy(bytes);
  writeFileSync(src, bytes);
  const trip = 'TRP-DEMO006'; // seeded UNLOADED trip of the demo operator: POD uploads are open
  const before = memOf(pid);
  const putMs: number[] = [];
  const copyMs: number[] = [];
  for (let i = 0; i < 5; i++) {
    const target = await call<{ url: string; contentType: string; imgResourceKey: string }>(
      `${url}/api/odin/operator-app/upload-url`,
      token,
      'POST',
      { tripId: trip, fileName: `bench-${i}.jpg`, docType: 'POD' },
    );
    const started = performance.now();
    // a file stream from disk, as a browser sends a File: the client does not hold it either
    const r = await fetch(`${url}${target.url.replace(/^https?:\/\/[^/]+/, '')}`, {
      method: 'PUT',
      headers: { 'content-type': target.contentType, 'content-length': String(size) },
      body: createReadStream(src) as unknown as BodyInit,
      duplex: 'half',
    } as RequestInit);
    if (!r.ok) throw new Error(`PUT ${r.status} ${await r.text()}`);
    putMs.push(performance.now() - started);
    const c = performance.now();
    copyFileSync(src, join(dir, `copy-${i}.jpg`));
    copyMs.push(performance.now() - c);
    await call(`${url}/api/odin/operator-app/upload-confirm`, token, 'POST', { tripId: trip, resourceKey: target.imgResourceKey });
  }
  const after = memOf(pid);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(`\n### Upload of a ${size / 1_000_000} MB file through the signed-URL PUT (local storage), five times\n`);
  console.log('| measure | value |');
  console.log('|---|---|');
  console.log(`| server VmHWM (peak) before → after | ${before.hwm} MB → ${after.hwm} MB |`);
  console.log(`| server VmRSS before → after | ${before.rss} MB → ${after.rss} MB |`);
  console.log(
    `| PUT time, median (min–max) | ${median(putMs).toFixed(1)} ms (${Math.min(...putMs).toFixed(1)}–${Math.max(...putMs).toFixed(1)}) |`,
  );
  console.log(`| fs.copyFile of the same file, median | ${median(copyMs).toFixed(1)} ms |`);
  console.log(`| PUT / copy | ${(median(putMs) / median(copyMs)).toFixed(1)}× |`);
  console.log(`| stored size | ${statSync(join(dir, 'copy-0.jpg')).size} bytes |`);
  rmSync(dir, { recursive: true, force: true });
}

/** OsmAnd positions from 20 devices at once; what one server process accepts per second. */
async function ingestion(url: string, token: string, dbUrl: string) {
  const vehicles = execSync(
    `psql ${dbUrl} -tAc "SELECT DISTINCT vehicle_id FROM trips WHERE operator_id = '${OPERATOR}' AND state = 'IN_TRANSIT' AND id LIKE 'TRP-DEMO%'"`,
  )
    .toString()
    .trim()
    .split('\n')
    .filter(Boolean);
  const ids: string[] = [];
  for (let i = 0; i < 20; i++) {
    const d = await call<{ identifier: string }>(`${url}/api/tracking/devices`, token, 'POST', {
      vehicleId: vehicles[i % vehicles.length],
      label: `Bench ${i}`,
    });
    ids.push(d.identifier);
  }
  const before = Number(execSync(`psql ${dbUrl} -tAc "SELECT count(*) FROM positions"`).toString().trim());
  let n = 0;
  const result = await autocannon({
    url,
    connections: 50,
    duration,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => {
          n += 1;
          const lat = 21 + (n % 1000) / 1000;
          const lon = 79 + (n % 700) / 1000;
          return {
            ...req,
            path: `/api/tracking/osmand?id=${ids[n % ids.length]}&lat=${lat}&lon=${lon}&timestamp=${Math.floor(Date.now() / 1000)}&speed=20&bearing=90`,
          };
        },
      },
    ],
  });
  const after = Number(execSync(`psql ${dbUrl} -tAc "SELECT count(*) FROM positions"`).toString().trim());
  console.log(`\n### OsmAnd position ingestion on PostgreSQL, one process, 50 connections, ${duration} s, 20 devices\n`);
  console.log('| measure | value |');
  console.log('|---|---|');
  console.log(`| accepted positions/s (rows written ÷ seconds) | ${Math.round((after - before) / duration)} |`);
  console.log(`| requests/s (autocannon mean) | ${Math.round(result.requests.average)} |`);
  console.log(`| p50 / p99 latency | ${result.latency.p50} ms / ${result.latency.p99} ms |`);
  console.log(`| errors / non-2xx | ${result.errors} / ${result.non2xx} |`);
}

export async function runTrips() {
  console.log('## Trips');
  const dbUrl = freshPgDatabase('bhada_bench_trips');
  // jobs off: the tracking simulator would write positions during the ingestion run
  const server = await startServer({ port: 3231, env: { DATA_DIR: tempDir('trips'), DATABASE_URL: dbUrl, JOBS_ENABLED: 'false' } });
  try {
    const token = await demoToken(server.url);
    const parts = process.env.BENCH_PARTS?.split(',') ?? ['list', 'upload', 'ingest'];
    if (parts.includes('list')) await tripsList(server.url, token, dbUrl);
    if (parts.includes('upload')) await upload(server.url, token, server.proc.pid);
    if (parts.includes('ingest')) await ingestion(server.url, token, dbUrl);
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runTrips();
