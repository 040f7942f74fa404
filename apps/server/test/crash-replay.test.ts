import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { internetChargePaisa } from '@bhada/contracts/money/payments';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { hmac } from '../src/lib/crypto.ts';
import { repoRoot } from '../src/lib/paths.ts';
import { checkLedger } from '../src/modules/money/ledger/ledger.service.ts';

/**
 * The real server process on its embedded database: concurrent wallet top-ups through the sandbox, Fastag
 * recharges and toll webhooks, a `kill -9` in the middle, a restart. The ledger must check clean and every
 * payment the bank took must be credited exactly once after the start-up check (ADRs 070, 080). It runs the
 * process on its embedded database, so the PostgreSQL pass of the suites leaves it to the PGlite pass.
 */
const ISSUER = 'crash-test-issuer-secret-0123';
const dataDir = mkdtempSync(join(tmpdir(), 'bhada-crash-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as { port: number }).port;
  server.close();
  return port;
}

async function start(port: number): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'apps/server/src/server.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'error',
      RATE_LIMIT_MAX: '1000000',
      TAG_ISSUER_SECRET: ISSUER,
      WEB_DIST: join(dataDir, 'no-web'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return proc;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  proc.kill('SIGKILL');
  throw new Error('server not healthy within 90 s');
}

async function stop(proc: ChildProcess) {
  if (proc.exitCode !== null) return;
  proc.kill('SIGTERM');
  await once(proc, 'exit');
}

/** Reads the embedded database while no server holds it. */
async function withDatabase<T>(run: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir });
  try {
    return await run(database.db);
  } finally {
    await database.sql.close();
  }
}

const rows = async <T>(db: Awaited<ReturnType<typeof openDatabase>>['db'], text: string) =>
  ((await db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;

it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  'after kill -9 under money load the ledger checks clean and every paid order is credited exactly once',
  async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

    // first start: migrations and the demo data
    let server = await start(port);
    const login = (await (await post('/api/auth/verify', { phone: '9000000001', otp: '123456' })).json()) as {
      data: { accessToken: string; userCode: string };
    };
    const token = login.data.accessToken as string;
    const userCode = login.data.userCode as string;
    await stop(server);
    const tags = await withDatabase((db) =>
      rows<{ tag_id: string }>(db, `select tag_id from fastags where operator_id = 'OP1001' order by tag_id limit 5`),
    );
    expect(tags.length).toBeGreaterThan(0);

    server = await start(port);
    const auth = { token };

    let decided = 0;
    const takenByBank: string[] = [];
    /** a top-up the bank approves; its callback may or may not arrive before the crash */
    const topUp = async (i: number) => {
      const order = ((await (await post('/api/wallet/recharge/v2', { amount: 100 + i }, auth)).json()) as { data: unknown }).data as {
        transactionCode: string;
        checkSumHash: string;
        merchantId: string;
        amount: number;
      };
      const fee = internetChargePaisa(Math.round(order.amount * 100), 'UPI') / 100;
      await post(
        '/api/v2/transactions/update',
        {
          appVersion: 'web',
          paymentMode: 'UPI',
          serviceProvider: 'PAYTM',
          userCode,
          transactionCode: order.transactionCode,
          transactionToken: order.checkSumHash,
          amount: order.amount,
          pspAmount: fee,
        },
        auth,
      );
      await post(`/api/sandbox/pg/theia/api/v1/processTransaction?mid=${order.merchantId}&orderId=${order.transactionCode}`, {
        head: { tokenType: 'TXN_TOKEN', token: order.checkSumHash, txnToken: order.checkSumHash, channelId: 'WAP' },
        body: {
          requestType: 'NATIVE',
          mid: order.merchantId,
          orderId: order.transactionCode,
          paymentMode: 'UPI',
          payerAccount: 'success@okaxis',
        },
      });
      const bank = await fetch(`${base}/api/sandbox/pg/bank/${order.transactionCode}/decide`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ outcome: 'SUCCESS', otp: '123456' }).toString(),
      });
      const html = await bank.text();
      decided++;
      takenByBank.push(order.transactionCode);
      const fields = Object.fromEntries(
        [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]),
      );
      // half the browsers never come back with the callback
      if (i % 2 === 0) {
        await fetch(`${base}/api/payments/paytm/callback`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(fields as Record<string, string>).toString(),
        });
      }
    };
    const recharge = (i: number) =>
      post(
        '/api/fastag/recharge',
        { tagId: tags[i % tags.length]!.tag_id, amount: 100 },
        { ...auth, 'idempotency-key': `crash-recharge-${i}` },
      );
    const toll = (i: number) => {
      const raw = JSON.stringify({
        eventId: `crash-toll-${i}`,
        tagId: tags[i % tags.length]!.tag_id,
        type: 'DEBIT',
        amount: 4500,
        plaza: 'Shahjahanpur',
        crossedAt: new Date().toISOString(),
      });
      return fetch(`${base}/api/fastag/webhooks/toll`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-issuer-signature': hmac(ISSUER, raw) },
        body: raw,
      });
    };

    const work = [
      ...Array.from({ length: 12 }, (_, i) => topUp(i)),
      ...Array.from({ length: 30 }, (_, i) => recharge(i)),
      ...Array.from({ length: 30 }, (_, i) => toll(i)),
    ].map((p) => p.catch(() => undefined));
    // the crash lands while requests are in flight, once the bank has taken a few payments
    const waitUntil = Date.now() + 30_000;
    while (decided < 4 && Date.now() < waitUntil) await new Promise((r) => setTimeout(r, 20));
    server.kill('SIGKILL');
    await once(server, 'exit');
    await Promise.all(work);

    // restart: the start-up check asks the provider about every open order, in the background once the server
    // is up. Follow the orders the bank took through the payer's own result call until each is paid, then look
    // (with the server stopped: the embedded database has one owner at a time); an order the bank took whose
    // answer the crash swallowed is found there, and followed the same way after another start.
    const deadline = Date.now() + 150_000;
    const paidByApi = async (ids: string[]) => {
      while (Date.now() < deadline) {
        const states = await Promise.all(
          ids.map(async (id) => {
            const answer = (await (await fetch(`${base}/api/v2/transactions/${id}`, { headers: auth })).json()) as {
              data?: { status?: string };
            };
            return answer.data?.status;
          }),
        );
        if (states.every((s) => s === 'SUCCESS')) return;
        await new Promise((r) => setTimeout(r, 200));
      }
    };
    let follow = takenByBank;
    let settledAll = false;
    while (!settledAll && Date.now() < deadline) {
      server = await start(port);
      await paidByApi(follow);
      await stop(server);
      follow = await withDatabase(async (db) =>
        (
          await rows<{ id: string }>(
            db,
            `select o.id from payment_orders o join sandbox_pg_orders s on s.order_id = o.id where s.status = 'TXN_SUCCESS' and o.status <> 'SUCCESS'`,
          )
        ).map((r) => r.id),
      );
      settledAll = follow.length === 0;
    }
    expect(settledAll, 'every order the bank took is settled after the start-up check').toBe(true);

    await withDatabase(async (db) => {
      expect((await checkLedger(db)).ok).toBe(true);
      const [paid] = await rows<{ n: number }>(db, `select count(*)::int as n from payment_orders where status = 'SUCCESS'`);
      const [byCheck] = await rows<{ n: number }>(
        db,
        `select count(distinct order_id)::int as n from payment_callbacks where source = 'STATUS_JOB' and outcome = 'SETTLED'`,
      );
      console.info(
        `crash: bank took ${decided} payments before the kill; ${paid?.n} orders paid, ${byCheck?.n} credited by the start-up check`,
      );
      expect(paid?.n).toBeGreaterThanOrEqual(4);
      const twice = await rows<{ reference_id: string; n: number }>(
        db,
        `select reference_id, count(*)::int as n from journal_entries where reference_type = 'PAYMENT_ORDER' group by reference_id having count(*) <> 1`,
      );
      expect(twice).toEqual([]);
      const paidWithoutEntry = await rows<{ id: string }>(
        db,
        `select o.id from payment_orders o where o.status = 'SUCCESS' and not exists (select 1 from journal_entries j where j.reference_type = 'PAYMENT_ORDER' and j.reference_id = o.id)`,
      );
      expect(paidWithoutEntry).toEqual([]);
    });
  },
  300_000,
);
