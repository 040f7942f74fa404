import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hmac } from '../src/lib/crypto.ts';
import { checkLedger, MAX_ACCOUNT_PAISA, postEntry } from '../src/modules/money/ledger/ledger.service.ts';
import { createTestApp, type TestApp } from './app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const credit = (ownerId: string, amount: number) =>
  t.db.transaction((tx) =>
    postEntry(tx as never, {
      kind: 'TEST_CREDIT',
      memo: 'bound test',
      legs: [
        { account: { kind: 'PAYMENT_CLEARING', ownerId: 'SYSTEM' }, amount: -amount },
        { account: { kind: 'OPERATOR_WALLET', ownerId }, amount },
      ],
    }),
  );

describe('amounts and balances stay exact and bounded (ADR 077)', () => {
  it('a credit of 2^53 − 1 paisa is refused with a 400, nothing is written, and the ledger still checks', async () => {
    await expect(credit('OP-HUGE', Number.MAX_SAFE_INTEGER)).rejects.toMatchObject({ code: 'VALIDATION_FAILED', status: 400 });
    await credit('OP-HUGE', MAX_ACCOUNT_PAISA - 1);
    // one more paisa would pass the bound: refused, balance unchanged
    await expect(credit('OP-HUGE', 2)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('the database itself refuses a balance beyond the bound', async () => {
    await expect(
      t.db.execute(
        sql`insert into ledger_accounts (id, kind, owner_id, balance) values ('OPERATOR_WALLET:OP-DB', 'OPERATOR_WALLET', 'OP-DB', 1000000000000001)`,
      ),
    ).rejects.toThrow();
  });

  it('a toll event beyond any toll is a 400 at the webhook, before any money moves', async () => {
    const raw = JSON.stringify({
      eventId: 'EV-HUGE',
      tagId: 'TAG-X',
      type: 'CREDIT',
      amount: Number.MAX_SAFE_INTEGER,
      plaza: 'Kherki Daula',
      crossedAt: new Date().toISOString(),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/fastag/webhooks/toll',
      headers: { 'content-type': 'application/json', 'x-issuer-signature': hmac(t.config.TAG_ISSUER_SECRET, raw) },
      payload: raw,
    });
    expect(res.statusCode).toBe(400);
  });
});
