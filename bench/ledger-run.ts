import { execSync } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { bigFleet } from './fastag.ts';
import { DB, f, PORT, type Row, seededDatabase } from './hot-run.ts';
import { demoToken, FIRST_SHARDS, freshPgDatabase, PG_BASE, root, startServer, tempDir } from './lib.ts';

/**
 * Issue 17 target 2 on PostgreSQL: ledger entries through HTTP (fastag recharges + batched toll deliveries)
 * against pgbench TPC-B in the same run.
 */
const ledgerSeconds = Number(process.env.BENCH_LEDGER_SECONDS ?? 20);
/**
 * Events per signed toll delivery, one ledger run per size: small batches as a lane sends them, and the
 * webhook's most (500), where ADR 164's one write per batch pays most.
 */
const TOLL_BATCHES = (process.env.BENCH_TOLL_BATCHES ?? '50,500').split(',').map(Number);
const SECRET = 'bhada-bench-issuer-secret';
/**
 * The books the ledger runs on (ADR 177): `fleet` adds the hot-path bench's fleet of 10,000 tagged vehicles to
 * the demo's, as a marketplace's toll batches meet many tags; `demo` is the demo's 35 tags and three wallets
 * alone, where nearly every 50-event batch touches every tag, so batches and recharges queue on the tags' rows.
 */
const BOOKS = (process.env.BENCH_LEDGER_BOOKS ?? 'fleet,demo').split(',') as Array<'fleet' | 'demo'>;
const BOOK_NAMES = { fleet: '10,035 tags', demo: 'demo book, 35 tags' };

function pgbench(): number {
  const url = freshPgDatabase(`${DB}_pgbench`);
  execSync(`pgbench -i -q -s 10 ${url}`, { stdio: 'ignore' });
  const out = execSync(`pgbench -c 8 -j 8 -T ${ledgerSeconds} ${url}`, { encoding: 'utf8' });
  const tps = Number(out.match(/tps = ([\d.]+) \(without initial connection time\)/)?.[1] ?? out.match(/tps = ([\d.]+)/)?.[1] ?? 0);
  execSync(`psql ${PG_BASE}/postgres -qc "DROP DATABASE IF EXISTS ${DB}_pgbench WITH (FORCE)"`);
  return Math.round(tps);
}

function ledgerViolations(databaseUrl: string): number {
  try {
    execSync('npx tsx src/db/cli.ts ledger-check', {
      cwd: join(root, 'apps/server'),
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: 'pipe',
    });
    return 0;
  } catch (e) {
    const out = String((e as { stdout?: Buffer }).stdout ?? e);
    console.error(out.slice(0, 2000));
    return Math.max(1, (out.match(/\n/g) ?? []).length);
  }
}

async function ledger(batchSize: number, book: 'fleet' | 'demo') {
  const databaseUrl = seededDatabase(`${DB}_ledger`);
  const server = await startServer({
    port: PORT,
    env: {
      DATA_DIR: tempDir('bidledger-ledger'),
      DATABASE_URL: databaseUrl,
      JOBS_ENABLED: 'false',
      PLACES_IMPORT: 'false',
      TAG_ISSUER_SECRET: SECRET,
    },
  });
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    if (book === 'fleet') {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await bigFleet(client);
      await client.end();
    }
    // the three demo operators recharge their own tags from their wallets; the issuer tolls every tag
    const operators = ['9000000001', '9000000002', '9000000003'];
    const tokens = await Promise.all(operators.map((p) => demoToken(server.url, p)));
    const own = await Promise.all(
      ['OP1001', 'OP1002', 'OP1003'].map(async (op) =>
        (await db.query<{ tag_id: string }>('SELECT tag_id FROM fastags WHERE operator_id = $1', [op])).rows.map((r) => r.tag_id),
      ),
    );
    // money for the run, as a settled top-up lands: clearing → wallet, one balanced entry each
    for (const op of ['OP1001', 'OP1002', 'OP1003']) {
      const paisa = 100_000_000;
      const wallet = `OPERATOR_WALLET:${op}`;
      await db.query(FIRST_SHARDS);
      await db.query('BEGIN');
      const { rows } = await db.query<{ id: string; balance: string }>(
        `SELECT id, balance FROM ledger_accounts WHERE id IN ($1, 'PAYMENT_CLEARING:SYSTEM') ORDER BY id FOR UPDATE`,
        [wallet],
      );
      const bal = new Map(rows.map((r) => [r.id, Number(r.balance)]));
      const entry = `JEBENCH${op}${Date.now()}`;
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
    const all = (await db.query<{ tag_id: string }>('SELECT tag_id FROM fastags')).rows.map((r) => r.tag_id);
    const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;
    const count = async () => Number((await db.query<{ n: string }>('SELECT count(*)::text AS n FROM journal_entries')).rows[0]!.n);
    const before = await count();
    const stats = { recharge: 0, toll: 0, declined: 0, failed: 0, batches: 0 };
    const end = performance.now() + ledgerSeconds * 1000;
    const started = performance.now();
    const recharger = (k: number) => async () => {
      while (performance.now() < end) {
        const r = await fetch(`${server.url}/api/fastag/recharge`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', token: tokens[k % 3]!, 'idempotency-key': randomUUID() },
          body: JSON.stringify({ tagId: pick(own[k % 3]!), amount: 1 }),
        });
        if (r.ok) stats.recharge++;
        else stats.failed++;
        await r.arrayBuffer();
      }
    };
    const issuer = async () => {
      while (performance.now() < end) {
        const events = Array.from({ length: batchSize }, () => ({
          eventId: randomUUID(),
          tagId: pick(all),
          type: 'DEBIT',
          amount: 100,
          plaza: 'Kherki Daula Toll Plaza (NH48)',
          crossedAt: new Date().toISOString(),
        }));
        const raw = JSON.stringify({ events });
        const r = await fetch(`${server.url}/api/fastag/webhooks/tolls`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-issuer-signature': createHmac('sha256', SECRET).update(raw).digest('hex') },
          body: raw,
        });
        const body = (await r.json().catch(() => ({}))) as { data?: { results: Array<{ status: string }> } };
        if (!r.ok || !body.data) {
          stats.failed++;
          continue;
        }
        stats.batches++;
        for (const x of body.data.results) {
          if (x.status === 'SUCCESS') stats.toll++;
          else stats.declined++;
        }
      }
    };
    await Promise.all([...Array.from({ length: 12 }, (_, k) => recharger(k)()), ...Array.from({ length: 4 }, issuer)]);
    const elapsed = (performance.now() - started) / 1000;
    const entries = (await count()) - before;
    return { perSecond: entries / elapsed, entries, ...stats, violations: ledgerViolations(databaseUrl) };
  } finally {
    await db.end();
    await server.stop();
  }
}

export async function ledgerRows(): Promise<Row[]> {
  const tps = pgbench();
  const rows: Row[] = [];
  for (const book of BOOKS) {
    for (const size of TOLL_BATCHES) {
      const l = await ledger(size, book);
      const run = `${size}-event batches, ${BOOK_NAMES[book]}`;
      rows.push(
        {
          target: `ledger entries/s via HTTP (12 recharge clients + 4 issuers × ${run}, ${ledgerSeconds} s)`,
          goal: '≥ 50 % of pgbench',
          value: `${f(l.perSecond)} (${l.recharge} recharges, ${l.toll} tolls, ${l.declined} declined, ${l.failed} failed requests)`,
          baseline: `pgbench TPC-B ${f(tps)} tps (-s 10 -c 8 -j 8)`,
          ratio: `${((100 * l.perSecond) / Math.max(1, tps)).toFixed(1)} %`,
          pass: l.perSecond >= tps / 2,
        },
        {
          target: `ledger:check violations after that run (${run})`,
          goal: '0',
          value: String(l.violations),
          baseline: '—',
          ratio: '—',
          pass: l.violations === 0,
        },
      );
    }
  }
  return rows;
}
