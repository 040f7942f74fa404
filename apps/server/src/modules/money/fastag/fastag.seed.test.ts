import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneDatabase } from '../../../../test/app.ts';
import type { Database } from '../../../db/client.ts';
import { seedIfEmpty } from '../../../seed/seed.ts';
import { checkLedger } from '../ledger/ledger.service.ts';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await cloneDatabase());
  await seedIfEmpty(database.db);
}, 120_000);
afterAll(async () => {
  database.pool?.on('error', () => {});
  await drop();
});

const rows = async <T>(q: string) => (await database.sql.query<T>(q)).rows;

describe('Fastag demo data', () => {
  it('tags most demo vehicles across classes, with months of tolls through a consistent ledger', async () => {
    expect((await checkLedger(database.db)).ok).toBe(true);
    const [counts] = await rows<{ tags: number; vehicles: number }>(
      'SELECT (SELECT count(*) FROM fastags)::int AS tags, (SELECT count(*) FROM vehicles)::int AS vehicles',
    );
    expect(counts!.tags).toBeGreaterThan(counts!.vehicles * 0.7);
    expect(counts!.tags).toBeLessThan(counts!.vehicles);
    const classes = await rows<{ tag_class: number }>('SELECT DISTINCT tag_class FROM fastags');
    expect(classes.length).toBeGreaterThanOrEqual(4);
    const [span] = await rows<{ days: number; tolls: number }>(
      "SELECT (extract(epoch FROM max(occurred_at) - min(occurred_at)) / 86400)::int AS days, count(*)::int AS tolls FROM fastag_transactions WHERE kind = 'TOLL'",
    );
    expect(span!.days).toBeGreaterThanOrEqual(80);
    expect(span!.tolls).toBeGreaterThan(1000);
    // every applied row's balances agree with the ledger's postings
    const [mismatch] = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM fastag_transactions t JOIN postings p ON p.entry_id = t.entry_id AND p.account_id = 'FASTAG:' || t.tag_id
       WHERE t.status = 'SUCCESS' AND p.balance_after <> t.closing_balance_paisa`,
    );
    expect(mismatch!.n).toBe(0);
  });

  it('has low balances with auto-recharge on and off, and wallet history with success, failure and pending', async () => {
    const low = await rows<{ auto_recharge: boolean }>(
      `SELECT f.auto_recharge FROM fastags f JOIN ledger_accounts a ON a.id = 'FASTAG:' || f.tag_id WHERE a.balance < 100000`,
    );
    expect(low.some((r) => r.auto_recharge)).toBe(true);
    expect(low.some((r) => !r.auto_recharge)).toBe(true);
    const statuses = await rows<{ status: string }>("SELECT DISTINCT status FROM payment_orders WHERE purpose = 'WALLET_TOPUP'");
    expect(statuses.map((s) => s.status).sort()).toEqual(['FAILURE', 'PENDING', 'SUCCESS']);
    const failed = await rows<{ n: number }>("SELECT count(*)::int AS n FROM fastag_transactions WHERE status = 'FAILED'");
    expect(failed[0]!.n).toBeGreaterThan(0);
  });
});
