import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { type NamedWrite, withValues } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';
import { accounts } from './accounts.ts';
import { type AccountRef, balanceOf, checkLedger, idempotentAnswers, postEntry, postOnce, withIdempotency } from './ledger.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  // the harness drops the database WITH (FORCE); closing pooled connections may report that
  t.database.pool?.on('error', () => {});
  await t.close();
});

const clearing: AccountRef = accounts.paymentClearing;
const wallet = accounts.operatorWallet;
const escrow = accounts.tokenEscrow;

async function topUp(op: string, paisa: number) {
  return t.db.transaction(async (tx) =>
    postEntry(tx as never, {
      kind: 'TEST_TOPUP',
      memo: 'test top-up',
      legs: [
        { account: clearing, amount: -paisa },
        { account: wallet(op), amount: paisa },
      ],
    }),
  );
}

describe('ledger', () => {
  it('posts balanced entries with opening and closing balances', async () => {
    const posted = await topUp('OPL1', 150_075);
    expect(posted.balances['OPERATOR_WALLET:OPL1']).toEqual({ opening: 0, closing: 150_075 });
    expect(await balanceOf(t.db, wallet('OPL1'))).toBe(150_075);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('refuses unbalanced or fractional entries', async () => {
    await expect(
      t.db.transaction(async (tx) =>
        postEntry(tx as never, {
          kind: 'X',
          memo: 'x',
          legs: [
            { account: clearing, amount: -100 },
            { account: wallet('OPL2'), amount: 99 },
          ],
        }),
      ),
    ).rejects.toThrow(/sum to zero/);
    await expect(
      t.db.transaction(async (tx) =>
        postEntry(tx as never, {
          kind: 'X',
          memo: 'x',
          legs: [
            { account: clearing, amount: -10.5 },
            { account: wallet('OPL2'), amount: 10.5 },
          ],
        }),
      ),
    ).rejects.toThrow(/integer/);
  });

  it('never lets a wallet go negative and leaves nothing behind on refusal', async () => {
    await topUp('OPL3', 1000);
    const spend = () =>
      t.db.transaction(async (tx) =>
        postEntry(tx as never, {
          kind: 'SPEND',
          memo: 's',
          legs: [
            { account: wallet('OPL3'), amount: -1001 },
            { account: escrow('D1'), amount: 1001 },
          ],
        }),
      );
    await expect(spend()).rejects.toBeInstanceOf(AppError);
    expect(await balanceOf(t.db, wallet('OPL3'))).toBe(1000);
    expect(await balanceOf(t.db, escrow('D1'))).toBe(0);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('the database itself refuses a negative holder balance', async () => {
    await topUp('OPL4', 500);
    await expect(t.database.sql.query(`UPDATE ledger_accounts SET balance = -1 WHERE id = 'OPERATOR_WALLET:OPL4'`)).rejects.toThrow();
    await expect(t.database.sql.query('DELETE FROM postings')).rejects.toThrow(/immutable/);
  });

  it('an idempotent operation runs once; a repeat returns the first answer', async () => {
    await topUp('OPL5', 10_000);
    const pay = () =>
      withIdempotency(t.db, { scope: 'pay:OPL5', key: 'k-1', request: { amount: 2500 } }, async (tx) => {
        const posted = await postEntry(tx, {
          kind: 'PAY',
          memo: 'p',
          legs: [
            { account: wallet('OPL5'), amount: -2500 },
            { account: escrow('D5'), amount: 2500 },
          ],
        });
        return { entryId: posted.entryId };
      });
    const first = await pay();
    const again = await pay();
    expect(again.replayed).toBe(true);
    expect(again.result).toEqual(first.result);
    expect(await balanceOf(t.db, wallet('OPL5'))).toBe(7500);

    await expect(withIdempotency(t.db, { scope: 'pay:OPL5', key: 'k-1', request: { amount: 1 } }, async () => ({}))).rejects.toMatchObject({
      code: 'IDEMPOTENCY_MISMATCH',
    });
  });

  it("stores a key's answer through the primary key, never by scanning the scope's keys (ADR 181)", async () => {
    const write = idempotentAnswers('test-answers', [{ key: 'k1', requestHash: 'h1', response: { ok: true } }]);
    const plan = (await t.db.execute(sql`EXPLAIN (COSTS OFF) ${withValues(write)}`)) as unknown as { rows: Array<Record<string, string>> };
    const text = plan.rows.map((r) => Object.values(r).join(' ')).join('\n');
    expect(text).toContain('Conflict Arbiter Indexes: idempotency_keys_pkey');
    expect(text).not.toMatch(/Scan on idempotency_keys/);
  });

  it('concurrent spends never overdraw and never lose an update', async () => {
    await topUp('OPL6', 10_000);
    const spend = (i: number) =>
      t.db.transaction(async (tx) =>
        postEntry(tx as never, {
          kind: 'SPEND',
          memo: `s${i}`,
          legs: [
            { account: wallet('OPL6'), amount: -300 },
            { account: escrow(`C${i % 3}`), amount: 300 },
          ],
        }),
      );
    const results = await Promise.allSettled(Array.from({ length: 40 }, (_, i) => spend(i)));
    const okCount = results.filter((r) => r.status === 'fulfilled').length;
    expect(okCount).toBe(33); // 33 × ₹3 fits in ₹100, the 34th would overdraw
    expect(await balanceOf(t.db, wallet('OPL6'))).toBe(10_000 - okCount * 300);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('concurrent repeats of one idempotency key debit once', async () => {
    await topUp('OPL7', 5000);
    const pay = () =>
      withIdempotency(t.db, { scope: 'pay:OPL7', key: 'same', request: { amount: 1000 } }, async (tx) => {
        const posted = await postEntry(tx, {
          kind: 'PAY',
          memo: 'p',
          legs: [
            { account: wallet('OPL7'), amount: -1000 },
            { account: escrow('D7'), amount: 1000 },
          ],
        });
        return { entryId: posted.entryId };
      });
    const results = await Promise.all(Array.from({ length: 8 }, pay));
    expect(new Set(results.map((r) => (r.result as { entryId: string }).entryId)).size).toBe(1);
    expect(await balanceOf(t.db, wallet('OPL7'))).toBe(4000);
  });

  describe('a movement posted once with its writes in one statement (ADR 177)', () => {
    const marker = (key: string): NamedWrite => ({
      name: 'test-marker',
      text: (at) => sql`INSERT INTO idempotency_keys (scope, key, request_hash) VALUES ('test-marker', ${at('key')}::text, 'x')`,
      values: { key },
    });
    const pay = (key: string, paisa: number, writes = [marker(key)]) =>
      postOnce(t.db, { scope: 'once:OPL8', key, request: { paisa } }, [[wallet('OPL8'), escrow('D8')]], (book) => {
        const posted = book.post({
          kind: 'PAY',
          memo: 'p',
          legs: [
            { account: wallet('OPL8'), amount: -paisa },
            { account: escrow('D8'), amount: paisa },
          ],
        });
        return { result: { entryId: posted.entryId, left: posted.balances['OPERATOR_WALLET:OPL8']!.closing }, writes };
      });
    const markers = async () =>
      (await t.database.sql.query<{ key: string }>(`SELECT key FROM idempotency_keys WHERE scope = 'test-marker' ORDER BY key`)).rows.map(
        (r) => r.key,
      );

    it('writes its entries, its own writes and its answer together; a repeat answers as the first did', async () => {
      await topUp('OPL8', 10_000);
      const first = await pay('a', 2500);
      expect(first).toMatchObject({ replayed: false, result: { left: 7500 } });
      expect(await pay('a', 2500)).toEqual({ replayed: true, result: first.result });
      await expect(pay('a', 1)).rejects.toMatchObject({ code: 'IDEMPOTENCY_MISMATCH' });
      expect(await markers()).toEqual(['a']);
      expect(await balanceOf(t.db, wallet('OPL8'))).toBe(7500);
    });

    it('leaves nothing behind when the book refuses or a write alongside fails, and the key stays free', async () => {
      await expect(pay('b', 1_000_000)).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
      const broken: NamedWrite = {
        name: 'test-broken',
        text: () => sql`INSERT INTO postings (entry_id, account_id, amount, balance_after) VALUES ('JE-none', 'none', 1, 1)`,
        values: {},
      };
      await expect(pay('c', 100, [marker('c'), broken])).rejects.toThrow();
      expect(await balanceOf(t.db, wallet('OPL8'))).toBe(7500);
      expect(await markers()).toEqual(['a']);
      expect((await pay('c', 100)).replayed).toBe(false);
      expect(await markers()).toEqual(['a', 'c']);
      expect(await balanceOf(t.db, wallet('OPL8'))).toBe(7400);
      expect((await checkLedger(t.db)).ok).toBe(true);
    });

    it('concurrent movements and repeats never overdraw and post each key once', async () => {
      const runs = await Promise.allSettled([
        ...Array.from({ length: 30 }, (_, i) => pay(`k${i}`, 300)),
        ...Array.from({ length: 10 }, () => pay('k0', 300)),
      ]);
      const answers = runs.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      const posted = new Set(answers.map((a) => a.result.entryId));
      expect(posted.size).toBe(24); // ₹74 holds 24 × ₹3, the 25th would overdraw
      expect(answers.filter((a) => a.replayed).every((a) => posted.has(a.result.entryId))).toBe(true);
      expect(await balanceOf(t.db, wallet('OPL8'))).toBe(7400 - 24 * 300);
      expect((await checkLedger(t.db)).ok).toBe(true);
    });
  });
});
