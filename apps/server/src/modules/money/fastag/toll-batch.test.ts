import { ISSUER_SIGNATURE_HEADER } from '@bhada/contracts/money/fastag';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { fundWallet, insertOperator, insertVehicle } from '../../../../test/factories.ts';
import type { Db } from '../../../db/client.ts';
import * as schema from '../../../db/schema/index.ts';
import { hmac } from '../../../lib/crypto.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';
import { accountId, accounts } from '../ledger/accounts.ts';
import { balanceOf, checkLedger } from '../ledger/ledger.service.ts';
import { recharge } from './fastag.service.ts';
import { deliverToll, fundTag, insertTag, tollEvent } from './fastag.test-helpers.ts';
import { applyTollEvents } from './toll-events.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  t.database.pool?.on('error', () => {});
  await t.close();
});

const tag = (id: string) => balanceOf(t.db, accounts.fastag(id));
const deliverBatch = (raw: string, signature = hmac(t.config.TAG_ISSUER_SECRET, raw)) =>
  t.call({
    method: 'POST',
    url: '/api/fastag/webhooks/tolls',
    headers: { 'content-type': 'application/json', [ISSUER_SIGNATURE_HEADER]: signature },
    payload: raw,
  });

async function tags(n: number, fund: number) {
  const { operatorId } = await insertOperator(t.db);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const vehicle = await insertVehicle(t.db, operatorId);
    const id = await insertTag(t.db, operatorId, vehicle.id);
    await fundTag(t.db, id, fund);
    ids.push(id);
  }
  return { operatorId, ids };
}

/**
 * Runs `during` while another transaction holds the operator's wallet, as a movement of that operator would
 * (PostgreSQL); `release` commits that transaction.
 */
async function whileWalletHeld(operatorId: OperatorId, during: (release: () => Promise<void>) => Promise<void>) {
  const other = await t.database.pool!.connect();
  try {
    await other.query('BEGIN');
    await other.query('SELECT 1 FROM ledger_accounts WHERE id = $1 FOR UPDATE', [accountId(accounts.operatorWallet(operatorId))]);
    await during(async () => {
      await other.query('COMMIT');
    });
  } finally {
    await other.query('ROLLBACK').catch(() => {});
    other.release();
  }
}

/** How many transactions of this database wait for a lock, once one does (or after 500 turns of the loop). */
async function lockWaiters() {
  const count = async () =>
    (
      await t.database.pool!.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      )
    ).rows[0]!.n;
  for (let i = 0; i < 500 && (await count()) === 0; i++) await new Promise((r) => setImmediate(r));
  return count();
}

describe('toll events in batches (ADR 158)', () => {
  it('applies each event once, in order per tag, answering per event; a repeat batch is all duplicates', async () => {
    const { ids } = await tags(3, 30_000);
    const events = [
      tollEvent(ids[0]!, { amount: 10_000 }),
      tollEvent(ids[1]!, { amount: 25_000 }),
      tollEvent(ids[0]!, { amount: 15_000 }),
      tollEvent(ids[1]!, { amount: 10_000 }), // 5,000 left on the tag: declined like a single delivery
      tollEvent('TAGNOSUCHTAG'),
      tollEvent(ids[2]!, { type: 'CREDIT', amount: 500 }),
    ];
    const raw = JSON.stringify({ events });
    const res = await deliverBatch(raw);
    expect(res.status).toBe(200);
    const results = res.body.data.results as Array<{ eventId: string; status: string; duplicate: boolean; errorCode: string | null }>;
    expect(results.map((r) => r.eventId)).toEqual(events.map((e) => e.eventId));
    expect(results.map((r) => r.status)).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS', 'FAILED', 'REFUSED', 'SUCCESS']);
    expect(results[4]!.errorCode).toBe('FASTAG_UNKNOWN_TAG');
    expect(await tag(ids[0]!)).toBe(5_000);
    expect(await tag(ids[1]!)).toBe(5_000);
    expect(await tag(ids[2]!)).toBe(30_500);

    const again = await deliverBatch(raw);
    expect(
      (again.body.data.results as Array<{ duplicate: boolean; status: string }>)
        .filter((r) => r.status !== 'REFUSED')
        .every((r) => r.duplicate),
    ).toBe(true);
    expect(await tag(ids[0]!)).toBe(5_000);
    // an event already delivered alone is a duplicate inside a batch too
    const single = tollEvent(ids[2]!, { amount: 1_000 });
    expect((await deliverToll(t, JSON.stringify(single))).body.data.duplicate).toBe(false);
    const mixed = await deliverBatch(JSON.stringify({ events: [single] }));
    expect(mixed.body.data.results[0]).toMatchObject({ status: 'SUCCESS', duplicate: true });
    expect(await tag(ids[2]!)).toBe(29_500);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('refuses a forged, empty, oversized or malformed batch and changes nothing', async () => {
    const { ids } = await tags(1, 10_000);
    const raw = JSON.stringify({ events: [tollEvent(ids[0]!, { amount: 1_000 })] });
    expect((await deliverBatch(raw, 'deadbeef'.repeat(8))).status).toBe(401);
    expect((await deliverBatch(JSON.stringify({ events: [] }))).status).toBe(400);
    expect(
      (await deliverBatch(JSON.stringify({ events: Array.from({ length: 501 }, () => tollEvent(ids[0]!, { amount: 1 })) }))).status,
    ).toBe(400);
    expect((await deliverBatch(JSON.stringify({ events: [{ eventId: 'x' }] }))).status).toBe(400);
    expect(await tag(ids[0]!)).toBe(10_000);
  });

  it('concurrent batches and single tolls: no overdraft, no lost update, the ledger balances, tolls spread over shards', async () => {
    const { operatorId, ids } = await tags(6, 20_000);
    await fundWallet(t.db, operatorId, 1_000_000);
    const before = await balanceOf(t.db, accounts.tollNetwork);
    const batches = Array.from({ length: 4 }, () => ({
      events: ids.flatMap((id) => [tollEvent(id, { amount: 3_000 }), tollEvent(id, { amount: 3_000 })]),
    }));
    const singles = ids.map((id) => JSON.stringify(tollEvent(id, { amount: 3_000 })));
    const replies = await Promise.all([
      ...batches.map((b) => deliverBatch(JSON.stringify(b))),
      ...singles.map((raw) => deliverToll(t, raw)),
    ]);
    expect(replies.every((r) => r.status === 200)).toBe(true);
    const statuses = replies.flatMap((r) =>
      r.body.data.results ? r.body.data.results.map((x: { status: string }) => x.status) : [r.body.data.status],
    );
    const applied = statuses.filter((s) => s === 'SUCCESS').length;
    // each tag holds ₹200 and is asked for 9 tolls of ₹30: exactly 6 fit
    expect(applied).toBe(6 * ids.length);
    for (const id of ids) expect(await tag(id)).toBe(2_000);
    expect((await balanceOf(t.db, accounts.tollNetwork)) - before).toBe(applied * 3_000);
    const shards = await t.db.execute(sql`SELECT count(*)::int AS n FROM ledger_accounts WHERE kind = 'TOLL_NETWORK'`);
    expect(Number((shards as unknown as { rows: Array<{ n: number }> }).rows[0]!.n)).toBeGreaterThan(1);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('a batch over many tags writes the toll network through one shard, so it locks one row of it (ADR 177)', async () => {
    const { ids } = await tags(12, 10_000);
    const res = await deliverBatch(JSON.stringify({ events: ids.map((id) => tollEvent(id, { amount: 1_000 })) }));
    expect(res.status).toBe(200);
    const used = await t.db.execute(sql`
      SELECT DISTINCT p.account_id FROM postings p JOIN journal_entries e ON e.id = p.entry_id
      WHERE e.kind = 'TOLL_DEBIT' AND e.reference_id = ANY(${sql.param(res.body.data.results.map((r: { eventId: string }) => r.eventId))}::text[])
        AND p.account_id LIKE 'TOLL_NETWORK:%'`);
    expect((used as unknown as { rows: unknown[] }).rows).toHaveLength(1);
    for (const id of ids) expect(await tag(id)).toBe(9_000);
  });

  it('a repeated eventId inside one batch answers as its first; the same id with another body is refused; nothing moves twice', async () => {
    const { ids } = await tags(1, 50_000);
    const once = tollEvent(ids[0]!, { amount: 10_000 });
    const res = await deliverBatch(JSON.stringify({ events: [once, once, { ...once, amount: 20_000 }] }));
    const results = res.body.data.results as Array<{ status: string; duplicate: boolean; txnId: string | null; errorCode: string | null }>;
    expect(results.map((r) => [r.status, r.duplicate, r.errorCode])).toEqual([
      ['SUCCESS', false, null],
      ['SUCCESS', true, null],
      ['REFUSED', false, 'IDEMPOTENCY_MISMATCH'],
    ]);
    expect(results[1]!.txnId).toBe(results[0]!.txnId);
    expect(await tag(ids[0]!)).toBe(40_000);
  });

  it('tops tags up from the wallet within the batch, never past what the wallet holds, and declines what no money covers', async () => {
    const { operatorId } = await insertOperator(t.db);
    const vehicle = await insertVehicle(t.db, operatorId);
    const id = await insertTag(t.db, operatorId, vehicle.id, { autoRecharge: true, minBalancePaisa: 10_000 });
    await fundTag(t.db, id, 10_000);
    await fundWallet(t.db, operatorId, 25_000);
    // ₹100 on the tag, ₹250 in the wallet: the first toll tops up ₹180, the third the last ₹70, the fifth finds ₹30
    const events = Array.from({ length: 5 }, () => tollEvent(id, { amount: 8_000 }));
    const applied = await applyTollEvents(t.db, events);
    expect(applied.response.results.map((r) => r.status)).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS', 'SUCCESS', 'FAILED']);
    const wallet = await balanceOf(t.db, accounts.operatorWallet(operatorId));
    const tagLeft = await balanceOf(t.db, accounts.fastag(id));
    expect(wallet).toBe(0);
    expect(tagLeft).toBe(10_000 + 25_000 - 4 * 8_000);
    expect(applied.alerts.map((a) => a.kind)).toContain('TOLL_DECLINED');
    expect(applied.alerts.map((a) => a.kind)).toContain('LOW_BALANCE');
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "locks the operator's wallet only for a batch that tops a tag up, so recharges do not queue behind every batch (ADR 179)",
    async () => {
      const { operatorId } = await insertOperator(t.db);
      const vehicle = await insertVehicle(t.db, operatorId);
      const id = await insertTag(t.db, operatorId, vehicle.id, { autoRecharge: true, minBalancePaisa: 10_000 });
      await fundTag(t.db, id, 50_000);
      await fundWallet(t.db, operatorId, 100_000);
      // another transaction holds the wallet, as a recharge of the same operator would
      await whileWalletHeld(operatorId, async (release) => {
        const above = await applyTollEvents(t.db, [tollEvent(id, { amount: 10_000 })]);
        expect(above.response.results[0]!.status).toBe('SUCCESS');
        // ₹400 → ₹50, below the ₹100 minimum: this batch needs the wallet and waits for it
        const below = applyTollEvents(t.db, [tollEvent(id, { amount: 35_000 })]);
        expect(await lockWaiters()).toBe(1);
        await release();
        expect((await below).response.results[0]!.status).toBe('SUCCESS');
      });
      // ₹50 left, topped up to the minimum and as much again: ₹150 moved from the wallet
      expect(await tag(id)).toBe(20_000);
      expect(await balanceOf(t.db, accounts.operatorWallet(operatorId))).toBe(85_000);
      expect((await checkLedger(t.db)).ok).toBe(true);
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "a recharge queued for its operator's wallet holds no lock on the tag, so tolls on that tag go on (ADR 180)",
    async () => {
      const { operatorId } = await insertOperator(t.db);
      const vehicle = await insertVehicle(t.db, operatorId);
      const id = await insertTag(t.db, operatorId, vehicle.id);
      await fundTag(t.db, id, 50_000);
      await fundWallet(t.db, operatorId, 100_000);
      // another movement of the operator holds the wallet
      await whileWalletHeld(operatorId, async (release) => {
        const recharged = recharge(t.db, operatorId, { tagId: id, amount: 200 }, 'recharge-queued-for-wallet');
        expect(await lockWaiters()).toBe(1);
        // the toll does not wait for the recharge (in id order the recharge held the tag while it queued)
        let guard: NodeJS.Timeout | undefined;
        const toll = await Promise.race([
          applyTollEvents(t.db, [tollEvent(id, { amount: 10_000 })]),
          new Promise<'blocked'>((resolve) => {
            guard = setTimeout(() => resolve('blocked'), 5_000);
          }),
        ]);
        clearTimeout(guard);
        expect(toll === 'blocked' ? toll : toll.response.results[0]!.status).toBe('SUCCESS');
        await release();
        await recharged;
      });
      // ₹500 − ₹100 toll + ₹200 recharge
      expect(await tag(id)).toBe(60_000);
      expect(await balanceOf(t.db, accounts.operatorWallet(operatorId))).toBe(80_000);
      expect((await checkLedger(t.db)).ok).toBe(true);
    },
  );

  it('writes a batch of 200 events in a fixed number of statements, not one round per event (ADR 164)', async () => {
    const { ids } = await tags(20, 1_000_000);
    // the same database, seen through a driver that counts every statement sent
    let seen = 0;
    const logger = { logQuery: () => void seen++ };
    const counted = (t.database.pglite
      ? drizzlePglite(t.database.pglite, { schema, logger })
      : drizzlePg(t.database.pool!, { schema, logger })) as unknown as Db;
    const count = async (n: number) => {
      const events = Array.from({ length: n }, (_, i) => tollEvent(ids[i % ids.length]!, { amount: 100 }));
      seen = 0;
      const applied = await applyTollEvents(counted, events);
      expect(applied.response.results.every((r) => r.status === 'SUCCESS')).toBe(true);
      return seen;
    };
    const few = await count(2);
    const many = await count(200);
    expect(many).toBe(few);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });
});
