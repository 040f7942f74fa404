import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertConsigner, insertOperator, insertSubordinate } from '../../../../test/factories.ts';
import { useTestApp } from '../../../../test/harness/index.ts';
import { paymentAttempts, sandboxPgOrders } from '../../../db/schema/index.ts';
import { createTopUp, orderRow, PAYMENT_ENV, result, TEST_MID, updateMode } from './payments.test-support.ts';

const ctx = useTestApp(PAYMENT_ENV);

describe('add money: the order (POST /wallet/recharge/v2)', () => {
  it('creates an order with the payment info of spec §3', async () => {
    const { t, h } = ctx;
    const { owner, operatorId } = await insertOperator(t.db);
    const res = await h.as(owner.token).payments.recharge({ amount: 500 });
    expect(res.status).toBe(200);
    const info = res.body.data;
    expect(info).toMatchObject({ amount: 500, merchantId: TEST_MID, customerId: operatorId, host: '/api/sandbox/pg' });
    expect(info.transactionCode).toMatch(/^[A-Za-z0-9_@-]{1,50}$/);
    expect(info.checkSumHash.length).toBeGreaterThan(10);
    expect(info.pspModes.map((m: { mode: string }) => m.mode).sort()).toEqual(['CC', 'DC', 'NB', 'UPI']);
    expect(info.pspModes[0]?.modeRates.rates[0]).toEqual(expect.objectContaining({ minAmount: 0, percent: expect.any(Number) }));
    const row = await orderRow(t, info.transactionCode);
    expect(row).toMatchObject({
      status: 'CREATED',
      purpose: 'WALLET_TOPUP',
      amountPaisa: 50000,
      payerId: operatorId,
      userCode: owner.userCode,
    });
  });

  it.each([
    [{ amount: 0 }, 'Invalid amount'],
    [{ amount: -5 }, 'Invalid amount'],
    [{ amount: 100000.01 }, 'Amount cannot be greater that 100000'],
    [{ amount: 12.345 }, 'Invalid amount'],
    [{}, 'Invalid amount'],
  ])('refuses %j with "%s"', async (payload, message) => {
    const { t, h } = ctx;
    const { owner } = await insertOperator(t.db);
    const res = await h.as(owner.token).payments.recharge(payload);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it('accepts exactly 100000', async () => {
    const { t, h } = ctx;
    const { owner } = await insertOperator(t.db);
    expect((await h.as(owner.token).payments.recharge({ amount: 100000 })).status).toBe(200);
  });

  it('needs the add-money permission; consigners cannot top up an operator wallet', async () => {
    const { t, h } = ctx;
    const { operatorId } = await insertOperator(t.db);
    const sub = await insertSubordinate(t.db, operatorId, ['WALLET_VIEW']);
    expect((await h.as(sub.token).payments.recharge({ amount: 10 })).status).toBe(403);
    const allowed = await insertSubordinate(t.db, operatorId, ['WALLET_ADD_MONEY']);
    expect((await h.as(allowed.token).payments.recharge({ amount: 10 })).status).toBe(200);
    const { user } = await insertConsigner(t.db);
    expect((await h.as(user.token).payments.recharge({ amount: 10 })).status).toBe(403);
    expect((await h.anonymous.payments.recharge({ amount: 10 })).status).toBe(401);
  });

  it('on retry reuses the failed order amount in a fresh order id', async () => {
    const { t, h } = ctx;
    const { owner } = await insertOperator(t.db);
    const first = await createTopUp(t, owner.token, 750);
    const res = await h.as(owner.token).payments.recharge({ retry: first.transactionCode });
    expect(res.status).toBe(200);
    expect(res.body.data.amount).toBe(750);
    expect(res.body.data.transactionCode).not.toBe(first.transactionCode);
    expect((await orderRow(t, res.body.data.transactionCode))?.retryOf).toBe(first.transactionCode);
    const other = await insertOperator(t.db);
    const stolen = await h.as(other.owner.token).payments.recharge({ retry: first.transactionCode });
    expect(stolen.status).toBe(404);
  });
});

describe('the server is the authority on amount and charge (POST /v2/transactions/update)', () => {
  it('records the mode, charge and attempt when the figures match', async () => {
    const { t } = ctx;
    const { owner } = await insertOperator(t.db);
    const info = await createTopUp(t, owner.token, 2500);
    const res = await updateMode(t, owner.token, owner.userCode, info, 'DC');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ transactionCode: info.transactionCode, totalAmount: 2522.5 }); // 0.9 %
    expect(await orderRow(t, info.transactionCode)).toMatchObject({ feePaisa: 2250, paymentMode: 'DC', attempts: 1 });
    const attempts = await t.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, info.transactionCode));
    expect(attempts).toEqual([
      expect.objectContaining({ paymentMode: 'DC', amountPaisa: 250000, feePaisa: 2250, appVersion: 'web', serviceProvider: 'PAYTM' }),
    ]);
    const sandbox = (await t.db.select().from(sandboxPgOrders).where(eq(sandboxPgOrders.orderId, info.transactionCode)))[0];
    expect(sandbox?.amountPaisa).toBe(252250);
  });

  it('refuses a browser amount or charge that differs by even one paisa, changing nothing', async () => {
    const { t, h } = ctx;
    const { owner } = await insertOperator(t.db);
    const info = await createTopUp(t, owner.token, 500);
    const base = {
      appVersion: 'web',
      paymentMode: 'CC' as const,
      serviceProvider: 'PAYTM',
      userCode: owner.userCode,
      transactionCode: info.transactionCode,
      transactionToken: info.checkSumHash,
    };
    const right = { amount: 500, pspAmount: 9.95 }; // 1.99 % of 500
    for (const [wrong, field] of [
      [{ ...right, amount: 499.99 }, 'amount'],
      [{ ...right, amount: 1 }, 'amount'],
      [{ ...right, pspAmount: 9.94 }, 'pspAmount'],
      [{ ...right, pspAmount: 0 }, 'pspAmount'],
    ] as const) {
      const res = await h.as(owner.token).payments.updateTransaction({ ...base, ...wrong });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ errorCode: 'PAYMENT_AMOUNT_MISMATCH', field });
    }
    expect(await orderRow(t, info.transactionCode)).toMatchObject({ feePaisa: 0, attempts: 0, paymentMode: null });
    const ok = await h.as(owner.token).payments.updateTransaction({ ...base, ...right });
    expect(ok.status).toBe(200);
  });

  it('charges what the tier table says for boundary amounts in every mode', async () => {
    const { t } = ctx;
    const { owner } = await insertOperator(t.db);
    for (const [amount, mode, fee] of [
      [2000, 'DC', 8],
      [2000.01, 'DC', 18],
      [5000, 'NB', 60],
      [5000.01, 'NB', 50],
      [100000, 'CC', 1990],
      [1, 'UPI', 0],
    ] as const) {
      const info = await createTopUp(t, owner.token, amount);
      const res = await updateMode(t, owner.token, owner.userCode, info, mode);
      expect(res.status).toBe(200);
      expect((await orderRow(t, info.transactionCode))?.feePaisa).toBe(Math.round(fee * 100));
    }
  });

  it('is the payer’s own order only, with the right token', async () => {
    const { t } = ctx;
    const { owner } = await insertOperator(t.db);
    const info = await createTopUp(t, owner.token, 100);
    const other = await insertOperator(t.db);
    expect((await updateMode(t, other.owner.token, other.owner.userCode, info, 'UPI')).status).toBe(404);
    const res = await updateMode(t, owner.token, owner.userCode, { ...info, checkSumHash: 'forged-token' }, 'UPI');
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('transactionToken');
  });
});

describe('who sees an order', () => {
  it('only the payer reads the result and follows its topic', async () => {
    const { t, h } = ctx;
    const { owner } = await insertOperator(t.db);
    const info = await createTopUp(t, owner.token, 100);
    const other = await insertOperator(t.db);
    expect((await result(t, other.owner.token, info.transactionCode)).status).toBe(404);
    const denied = await h.as(other.owner.token).send('GET', `/api/events/stream?topics=order:${info.transactionCode}`);
    expect(denied.status).toBe(404);
    const { mayFollowOrder } = await import('./payments.service.ts');
    const { resolveSession } = await import('../../account/auth/auth.service.ts');
    expect(await mayFollowOrder(t.db, (await resolveSession(t.db, owner.token))!, info.transactionCode)).toBe(true);
    expect(await mayFollowOrder(t.db, (await resolveSession(t.db, other.owner.token))!, info.transactionCode)).toBe(false);
  });
});
