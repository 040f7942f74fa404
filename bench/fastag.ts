import { execSync } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { demoToken, FIRST_SHARDS, freshPgDatabase, type LoadResult, load, PG_BASE, root, startServer, table, tempDir } from './lib.ts';

const duration = Number(process.env.BENCH_SECONDS ?? 20);
const SECRET = 'bhada-bench-issuer-secret';
const BIG_VEHICLES = 10_000;
const BIG_ROWS = 1_000_000;
/** the one vehicle whose history feeds the 100,000-row statement */
const STATEMENT_ROWS = 100_000;
const TOLL_PAISA = 10_000;

/** pgbench TPC-B on a scratch database: the machine's yardstick for write transactions. */
function pgbench(): number {
  const url = freshPgDatabase('bhada_bench_pgbench');
  execSync(`pgbench -i -q -s 10 ${url}`, { stdio: 'ignore' });
  const out = execSync(`pgbench -c 8 -j 8 -T ${duration} ${url}`, { encoding: 'utf8' });
  const tps = Number(out.match(/tps = ([\d.]+) \(without initial connection time\)/)?.[1] ?? out.match(/tps = ([\d.]+)/)?.[1] ?? 0);
  execSync(`psql ${PG_BASE}/postgres -qc "DROP DATABASE IF EXISTS bhada_bench_pgbench WITH (FORCE)"`);
  return Math.round(tps);
}

function ledgerCheck(databaseUrl: string): boolean {
  try {
    execSync('npx tsx src/db/cli.ts ledger-check', {
      cwd: join(root, 'apps/server'),
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: 'pipe',
    });
    return true;
  } catch (e) {
    console.error(String((e as { stdout?: Buffer }).stdout ?? e).slice(0, 2000));
    return false;
  }
}

/** Money into a wallet the way a settled top-up lands: clearing → wallet, one balanced entry. */
async function fundWallet(db: pg.Client, operatorId: string, paisa: number) {
  await db.query(FIRST_SHARDS);
  await db.query('BEGIN');
  const wallet = `OPERATOR_WALLET:${operatorId}`;
  const { rows } = await db.query<{ id: string; balance: string }>(
    `SELECT id, balance FROM ledger_accounts WHERE id IN ($1, 'PAYMENT_CLEARING:SYSTEM') ORDER BY id FOR UPDATE`,
    [wallet],
  );
  const bal = new Map(rows.map((r) => [r.id, Number(r.balance)]));
  const entry = `JEBENCH${Date.now()}`;
  await db.query(`INSERT INTO journal_entries (id, kind, memo) VALUES ($1, 'WALLET_TOPUP', 'Bench top-up')`, [entry]);
  await db.query('INSERT INTO postings (entry_id, account_id, amount, balance_after) VALUES ($1, $2, $3, $4), ($1, $5, $6, $7)', [
    entry,
    'PAYMENT_CLEARING:SYSTEM',
    -paisa,
    bal.get('PAYMENT_CLEARING:SYSTEM')! - paisa,
    wallet,
    paisa,
    bal.get(wallet)! + paisa,
  ]);
  await db.query(`UPDATE ledger_accounts SET balance = balance - $1 WHERE id = 'PAYMENT_CLEARING:SYSTEM'`, [paisa]);
  await db.query('UPDATE ledger_accounts SET balance = balance + $1 WHERE id = $2', [paisa, wallet]);
  await db.query('COMMIT');
}

/** Concurrent wallet → tag recharges and signed toll debits through the real HTTP API. */
async function transfers(url: string, db: pg.Client, token: string) {
  await fundWallet(db, 'OP1001', 100_000_000);
  const own = (await db.query<{ tag_id: string }>(`SELECT tag_id FROM fastags WHERE operator_id = 'OP1001'`)).rows.map((r) => r.tag_id);
  const all = (await db.query<{ tag_id: string }>('SELECT tag_id FROM fastags')).rows.map((r) => r.tag_id);
  const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;
  const [{ n: before }] = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM journal_entries')).rows as [{ n: number }];
  const stats = { recharge: 0, toll: 0, declined: 0, failed: 0 };
  const end = performance.now() + duration * 1000;
  const started = performance.now();
  const recharger = async () => {
    while (performance.now() < end) {
      const r = await fetch(`${url}/api/fastag/recharge`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', token, 'idempotency-key': randomUUID() },
        body: JSON.stringify({ tagId: pick(own), amount: 1 }),
      });
      if (r.ok) stats.recharge++;
      else stats.failed++;
      await r.arrayBuffer();
    }
  };
  const issuer = async () => {
    while (performance.now() < end) {
      const raw = JSON.stringify({
        eventId: randomUUID(),
        tagId: pick(all),
        type: 'DEBIT',
        amount: 100,
        plaza: 'Kherki Daula Toll Plaza (NH48)',
        crossedAt: new Date().toISOString(),
      });
      const r = await fetch(`${url}/api/fastag/webhooks/toll`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-issuer-signature': createHmac('sha256', SECRET).update(raw).digest('hex') },
        body: raw,
      });
      const body = (await r.json().catch(() => ({}))) as { data?: { status?: string } };
      if (r.ok && body.data?.status === 'SUCCESS') stats.toll++;
      else if (r.ok) stats.declined++;
      else stats.failed++;
    }
  };
  await Promise.all([...Array.from({ length: 16 }, recharger), ...Array.from({ length: 16 }, issuer)]);
  const seconds = (performance.now() - started) / 1000;
  const [{ n: after }] = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM journal_entries')).rows as [{ n: number }];
  return { seconds, entries: after - before, ...stats };
}

/**
 * 10,000 tagged vehicles and 1,000,000 applied tolls for OP1002, written with generate_series and
 * shaped as the service writes them: each tag opens with one clearing → tag entry, then every toll
 * is its own balanced journal entry (tag −₹100, toll network +₹100) whose postings' balance_after
 * chain in time order and match the row's opening/closing balances; account balances are the sums.
 */
export async function bigFleet(db: pg.Client) {
  const started = performance.now();
  const op = 'OP1002';
  await db.query('BEGIN');
  await db.query(`
    CREATE TEMP TABLE bv ON COMMIT DROP AS
    SELECT g AS i, 'BV' || lpad(g::text, 6, '0') AS vid, 'BN' || lpad(g::text, 8, '0') AS num, 'BT' || lpad(g::text, 10, '0') AS tag
    FROM generate_series(0, ${BIG_VEHICLES - 1}) g`);
  await db.query(`
    INSERT INTO vehicles (id, operator_id, number, vehicle_type, body_type, tyre_count, tonnage, size_in_feet)
    SELECT bv.vid, '${op}', bv.num, t.vehicle_type, t.body_type, t.tyre_count, t.tonnage, t.size_in_feet
    FROM bv CROSS JOIN (SELECT * FROM vehicles LIMIT 1) t`);
  await db.query(`
    INSERT INTO fastags (tag_id, operator_id, vehicle_id, tag_class, barcode, last_toll_name, last_toll_at)
    SELECT tag, '${op}', vid, 12, '608268-099-' || lpad(i::text, 7, '0'), 'Shambhu Toll Plaza (NH44)', now() FROM bv`);
  // vehicle 0 crosses every 10 s for ~11.6 days (the statement); the rest once a day for 90 days
  await db.query(`
    CREATE TEMP TABLE bt ON COMMIT DROP AS
    SELECT g, v, at, row_number() OVER (PARTITION BY v ORDER BY at, g) AS j, row_number() OVER (ORDER BY at, g) AS k FROM (
      SELECT g,
        CASE WHEN g <= ${STATEMENT_ROWS} THEN 0 ELSE 1 + (g - ${STATEMENT_ROWS + 1}) % ${BIG_VEHICLES - 1} END AS v,
        CASE WHEN g <= ${STATEMENT_ROWS} THEN now() - g * interval '10 seconds'
             ELSE now() - ((g - ${STATEMENT_ROWS + 1}) / ${BIG_VEHICLES - 1}) * interval '1 day' - ((g - ${STATEMENT_ROWS + 1}) % ${BIG_VEHICLES - 1}) * interval '5 seconds' - interval '1 hour' END AS at
      FROM generate_series(1, ${BIG_ROWS}) g) s`);
  await db.query(`
    CREATE TEMP TABLE bo ON COMMIT DROP AS
    SELECT bv.*, count(bt.g) * ${TOLL_PAISA} + 1000000 AS opening, sum(count(bt.g) * ${TOLL_PAISA} + 1000000) OVER (ORDER BY bv.i) AS cum
    FROM bv LEFT JOIN bt ON bt.v = bv.i GROUP BY bv.i, bv.vid, bv.num, bv.tag`);
  await db.query(FIRST_SHARDS);
  const { rows: sys } = await db.query<{ id: string; balance: string }>(
    `SELECT id, balance FROM ledger_accounts WHERE id IN ('PAYMENT_CLEARING:SYSTEM', 'TOLL_NETWORK:SYSTEM') ORDER BY id FOR UPDATE`,
  );
  const clearing = Number(sys.find((r) => r.id === 'PAYMENT_CLEARING:SYSTEM')!.balance);
  const network = Number(sys.find((r) => r.id === 'TOLL_NETWORK:SYSTEM')!.balance);
  await db.query(`
    INSERT INTO ledger_accounts (id, kind, owner_id, balance, allow_negative)
    SELECT 'FASTAG:' || tag, 'FASTAG', tag, 1000000, false FROM bo`);
  await db.query(`
    INSERT INTO journal_entries (id, kind, memo, reference_type, reference_id, created_at)
    SELECT 'JEBO' || i, 'FASTAG_RECHARGE', 'Opening tag balance (bench)', 'FASTAG', tag, now() - interval '100 days' FROM bo`);
  await db.query(`
    INSERT INTO postings (entry_id, account_id, amount, balance_after, created_at)
    SELECT 'JEBO' || i, 'PAYMENT_CLEARING:SYSTEM', -opening, ${clearing} - cum, now() - interval '100 days' FROM bo
    UNION ALL
    SELECT 'JEBO' || i, 'FASTAG:' || tag, opening, opening, now() - interval '100 days' FROM bo`);
  await db.query(`
    INSERT INTO journal_entries (id, kind, memo, reference_type, created_at)
    SELECT 'JEBT' || g, 'TOLL_DEBIT', 'Toll at Shambhu Toll Plaza (NH44)', 'FASTAG_EVENT', at FROM bt`);
  await db.query(`
    INSERT INTO postings (entry_id, account_id, amount, balance_after, created_at)
    SELECT 'JEBT' || bt.g, 'FASTAG:' || bo.tag, -${TOLL_PAISA}, bo.opening - bt.j * ${TOLL_PAISA}, bt.at FROM bt JOIN bo ON bo.i = bt.v
    UNION ALL
    SELECT 'JEBT' || g, 'TOLL_NETWORK:SYSTEM', ${TOLL_PAISA}, ${network} + k * ${TOLL_PAISA}, at FROM bt`);
  await db.query(`
    INSERT INTO fastag_transactions (id, event_id, operator_id, tag_id, vehicle_id, kind, txn_type, status, amount_paisa,
      opening_balance_paisa, closing_balance_paisa, plaza, plaza_code, lane_direction, vehicle_class, entry_id, occurred_at)
    SELECT 'FTXB' || bt.g, 'EVTB' || bt.g, '${op}', bo.tag, bo.vid, 'TOLL', 'DEBIT', 'SUCCESS', ${TOLL_PAISA},
      bo.opening - (bt.j - 1) * ${TOLL_PAISA}, bo.opening - bt.j * ${TOLL_PAISA}, 'Shambhu Toll Plaza (NH44)', 'NH44-SHB', 'ENTRY-UP', 12,
      'JEBT' || bt.g, bt.at
    FROM bt JOIN bo ON bo.i = bt.v ORDER BY bt.at, bt.g`);
  await db.query(`UPDATE ledger_accounts SET balance = balance - (SELECT sum(opening) FROM bo) WHERE id = 'PAYMENT_CLEARING:SYSTEM'`);
  await db.query(`UPDATE ledger_accounts SET balance = balance + ${BIG_ROWS * TOLL_PAISA} WHERE id = 'TOLL_NETWORK:SYSTEM'`);
  await db.query('COMMIT');
  // autovacuum would get here soon after a bulk load; the visibility map lets counts skip the heap
  await db.query('VACUUM ANALYZE');
  return (performance.now() - started) / 1000;
}

async function statement(url: string, token: string, pid: number | undefined, peakMb: () => number) {
  const toTime = Math.floor(Date.now() / 1000);
  const fromTime = toTime - 14 * 86_400;
  const peakBefore = peakMb();
  const started = performance.now();
  const r = await fetch(`${url}/api/reports/download-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token },
    body: JSON.stringify({ report: 'fastagStatement/v2', params: { vehicleId: 'BV000000', fromTime, toTime, reportFormat: 'xlsx' } }),
  });
  const body = (await r.json()) as { data?: { url: string }; message?: string };
  if (!body.data) throw new Error(`download token refused: ${body.message}`);
  const file = await fetch(new URL(body.data.url, url));
  let bytes = 0;
  for await (const chunk of file.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  const seconds = (performance.now() - started) / 1000;
  return { status: file.status, seconds, mb: bytes / 1024 / 1024, peakBefore, peakAfter: peakMb(), pid };
}

export async function runFastag() {
  console.log('## Fastag and the ledger (PostgreSQL)');
  const tps = pgbench();

  const databaseUrl = freshPgDatabase('bhada_bench_fastag');
  const server = await startServer({
    port: 3205,
    env: { DATA_DIR: tempDir('fastag'), DATABASE_URL: databaseUrl, JOBS_ENABLED: 'false', TAG_ISSUER_SECRET: SECRET },
  });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const token = await demoToken(server.url, '9000000001');
    const t = await transfers(server.url, db, token);
    const okAfterTransfers = ledgerCheck(databaseUrl);
    console.log(`\n### Ledger transfers vs pgbench, ${duration} s each, same machine, same run\n`);
    console.log('| measure | per second | notes |');
    console.log('|---|---|---|');
    console.log(`| pgbench TPC-B (-s 10, -c 8 -j 8) | ${tps} tps | scratch database |`);
    console.log(
      `| ledger entries via HTTP (16 recharge + 16 toll clients) | ${Math.round(t.entries / t.seconds)} | ${t.entries} entries: ${t.recharge} recharges, ${t.toll} tolls, ${t.declined} declined, ${t.failed} failed requests |`,
    );
    console.log(`\nledger:check after the transfers: ${okAfterTransfers ? 'OK (0 violations)' : 'FAILED'}`);

    const seedSeconds = await bigFleet(db);
    console.log(
      `\n${BIG_VEHICLES.toLocaleString('en-IN')} tagged vehicles and ${BIG_ROWS.toLocaleString('en-IN')} toll rows for OP1002 written in ${seedSeconds.toFixed(1)} s`,
    );
    const bigToken = await demoToken(server.url, '9000000002');
    const now = Math.floor(Date.now() / 1000);
    const results: LoadResult[] = [
      await load(
        'GET /api/fastag/vehicleWiseTagAmount first page (10,000 tags)',
        `${server.url}/api/fastag/vehicleWiseTagAmount?pageNo=0&pageSize=20`,
        {
          duration,
          headers: { token: bigToken },
        },
      ),
      await load(
        'GET /api/fastag/transactions/v3/{id} first page (100,000-row vehicle, 30 days)',
        `${server.url}/api/fastag/transactions/v3/BV000000?pageNo=0&pageSize=20&fromTime=${now - 30 * 86_400}&toTime=${now}`,
        { duration, headers: { token: bigToken } },
      ),
      await load(
        'GET /api/fastag/transactions/v3/{id} first page (90-row vehicle, 90 days)',
        `${server.url}/api/fastag/transactions/v3/BV000042?pageNo=0&pageSize=20&fromTime=${now - 90 * 86_400}&toTime=${now}`,
        { duration, headers: { token: bigToken } },
      ),
    ];
    console.log(`\n### Reads at 50 connections, ${duration} s each\n`);
    table(results);

    const s = await statement(server.url, bigToken, server.proc.pid, server.peakMb);
    console.log('\n### 100,000-row xlsx statement (fastagStatement/v2, one vehicle, 14 days)\n');
    console.log('| status | time | size | server VmHWM before → after |');
    console.log('|---|---|---|---|');
    console.log(`| ${s.status} | ${s.seconds.toFixed(1)} s | ${s.mb.toFixed(1)} MB | ${s.peakBefore} MB → ${s.peakAfter} MB |`);
    console.log(`\nledger:check at the end: ${ledgerCheck(databaseUrl) ? 'OK (0 violations)' : 'FAILED'}`);
    console.log('\nDOM rows: the web test scrolls a 10,000-vehicle list and keeps fewer than 100 rows (fastag-list-page.test.tsx).');
  } finally {
    await db.end();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runFastag();
