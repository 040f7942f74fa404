import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { insertConsigner, insertOperator, insertSubordinate, insertVehicle } from '../../../test/factories.ts';
import { journalEntries, paymentAttempts, paymentOrders, sandboxPgOrders, trips } from '../../db/schema/index.ts';
import { signParams } from '../../providers/payment/checksum.ts';
import { resolvePending } from '../../providers/payment/sandbox/sandbox.service.ts';
import { accounts } from '../ledger/accounts.ts';
import { checkPendingOrder } from './payment-settlement.service.ts';
import * as repo from './payments.repository.ts';
import {
  bankDecides,
  clearing,
  createTopUp,
  PAYMENT_ENV,
  pay,
  postCallback,
  process,
  providerCall,
  result,
  revenue,
  TEST_KEY,
  TEST_MID,
  updateMode,
  wallet,
} from './payments.test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(PAYMENT_ENV);
});
afterAll(async () => t.close());

const entriesFor = async (orderId: string) => t.db.select().from(journalEntries).where(eq(journalEntries.referenceId, orderId));
const orderRow = async (orderId: string) => (await t.db.select().from(paymentOrders).where(eq(paymentOrders.id, orderId)))[0];
const job = (orderId: string, checkNo: number) => checkPendingOrder(t.app.payments, { orderId, checkNo });

describe('add money: the order (POST /wallet/recharge/v2)', () => {
  it('creates an order with the payment info of spec §3', async () => {
    const { owner, operatorId } = await insertOperator(t.db);
    const res = await t.call({ method: 'POST', url: '/api/wallet/recharge/v2', token: owner.token, payload: { amount: 500 } });
    expect(res.status).toBe(200);
    const info = res.body.data;
    expect(info).toMatchObject({ amount: 500, merchantId: TEST_MID, customerId: operatorId, host: '/api/sandbox/pg' });
    expect(info.transactionCode).toMatch(/^[A-Za-z0-9_@-]{1,50}$/);
    expect(info.checkSumHash.length).toBeGreaterThan(10);
    expect(info.pspModes.map((m: { mode: string }) => m.mode).sort()).toEqual(['CC', 'DC', 'NB', 'UPI']);
    expect(info.pspModes[0].modeRates.rates[0]).toEqual(expect.objectContaining({ minAmount: 0, percent: expect.any(Number) }));
    const row = await orderRow(info.transactionCode);
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
    const { owner } = await insertOperator(t.db);
    const res = await t.call({ method: 'POST', url: '/api/wallet/recharge/v2', token: owner.token, payload });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it('accepts exactly 100000', async () => {
    const { owner } = await insertOperator(t.db);
    expect((await t.call({ method: 'POST', url: '/api/wallet/recharge/v2', token: owner.token, payload: { amount: 100000 } })).status).toBe(
      200,
    );
  });

  it('needs the add-money permission; consigners cannot top up an operator wallet', async () => {
    const { operatorId } = await insertOperator(t.db);
    const sub = await insertSubordinate(t.db, operatorId, ['WALLET_VIEW']);
    expect((await t.call({ method: 'POST', url: '/api/wallet/recharge/v2', token: sub.token, payload: { amount: 10 } })).status).toBe(403);
    const allowed = await insertSubordinate(t.db, operatorId, ['WALLET_ADD_MONEY']);
    expect((await t.call({ method: 'POST', url: '/api/wallet/recharge/v2', token: allowed.token, payload: { amount: 10 } })).status).toBe(
      200,
    );
    const { user } = await insertConsigner(t.db);
    expect((await t.call({ method: 'POST', url: '/api/wallet/recharge/v2', token: user.token, payload: { amount: 10 } })).status).toBe(403);
    expect((await t.call({ method: 'POST', url: '/api/wallet/recharge/v2', payload: { amount: 10 } })).status).toBe(401);
  });

  it('on retry reuses the failed order amount in a fresh order id', async () => {
    const { owner } = await insertOperator(t.db);
    const first = await createTopUp(t, owner.token, 750);
    const res = await t.call({
      method: 'POST',
      url: '/api/wallet/recharge/v2',
      token: owner.token,
      payload: { retry: first.transactionCode },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.amount).toBe(750);
    expect(res.body.data.transactionCode).not.toBe(first.transactionCode);
    expect((await orderRow(res.body.data.transactionCode))?.retryOf).toBe(first.transactionCode);
    const other = await insertOperator(t.db);
    const stolen = await t.call({
      method: 'POST',
      url: '/api/wallet/recharge/v2',
      token: other.owner.token,
      payload: { retry: first.transactionCode },
    });
    expect(stolen.status).toBe(404);
  });
});

describe('the server is the authority on amount and charge (POST /v2/transactions/update)', () => {
  it('records the mode, charge and attempt when the figures match', async () => {
    const { owner } = await insertOperator(t.db);
    const info = await createTopUp(t, owner.token, 2500);
    const res = await updateMode(t, owner.token, owner.userCode, info, 'DC');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ transactionCode: info.transactionCode, totalAmount: 2522.5 }); // 0.9 %
    expect(await orderRow(info.transactionCode)).toMatchObject({ feePaisa: 2250, paymentMode: 'DC', attempts: 1 });
    const attempts = await t.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, info.transactionCode));
    expect(attempts).toEqual([
      expect.objectContaining({ paymentMode: 'DC', amountPaisa: 250000, feePaisa: 2250, appVersion: 'web', serviceProvider: 'PAYTM' }),
    ]);
    const sandbox = (await t.db.select().from(sandboxPgOrders).where(eq(sandboxPgOrders.orderId, info.transactionCode)))[0];
    expect(sandbox?.amountPaisa).toBe(252250);
  });

  it('refuses a browser amount or charge that differs by even one paisa, changing nothing', async () => {
    const { owner } = await insertOperator(t.db);
    const info = await createTopUp(t, owner.token, 500);
    const base = {
      appVersion: 'web',
      paymentMode: 'CC',
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
      const res = await t.call({ method: 'POST', url: '/api/v2/transactions/update', token: owner.token, payload: { ...base, ...wrong } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ errorCode: 'PAYMENT_AMOUNT_MISMATCH', field });
    }
    expect(await orderRow(info.transactionCode)).toMatchObject({ feePaisa: 0, attempts: 0, paymentMode: null });
    const ok = await t.call({ method: 'POST', url: '/api/v2/transactions/update', token: owner.token, payload: { ...base, ...right } });
    expect(ok.status).toBe(200);
  });

  it('charges what the tier table says for boundary amounts in every mode', async () => {
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
      expect((await orderRow(info.transactionCode))?.feePaisa).toBe(Math.round(fee * 100));
    }
  });

  it('is the payer’s own order only, with the right token', async () => {
    const { owner } = await insertOperator(t.db);
    const info = await createTopUp(t, owner.token, 100);
    const other = await insertOperator(t.db);
    expect((await updateMode(t, other.owner.token, other.owner.userCode, info, 'UPI')).status).toBe(404);
    const res = await updateMode(t, owner.token, owner.userCode, { ...info, checkSumHash: 'forged-token' }, 'UPI');
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('transactionToken');
  });
});

describe('checkout through the sandbox', () => {
  it('adds ₹500 by a new debit card: wallet +₹500, charge to revenue, result Successful', async () => {
    const { owner, operatorId } = await insertOperator(t.db);
    const rev0 = await revenue(t);
    const clr0 = await clearing(t);
    const info = await createTopUp(t, owner.token, 500);
    const { callback } = await pay(
      t,
      owner.token,
      owner.userCode,
      info,
      { mode: 'CARD', card: '4000001234561881', cardType: 'DEBIT_CARD', store: true },
      'SUCCESS',
    );
    expect(callback.statusCode).toBe(303);
    expect(callback.headers.location).toBe(`/portal/transaction/paytm/${info.transactionCode}`);
    expect(await wallet(t, operatorId)).toBe(50000);
    expect((await revenue(t)) - rev0).toBe(200);
    expect((await clearing(t)) - clr0).toBe(-50200);
    const res = await result(t, owner.token, info.transactionCode);
    expect(res.body.data).toMatchObject({
      status: 'SUCCESS',
      amount: 500,
      fee: 2,
      currency: 'INR',
      paymentMode: 'DC',
      purpose: 'WALLET_TOPUP',
    });
    const [entry] = await entriesFor(info.transactionCode);
    expect(entry).toMatchObject({ kind: 'WALLET_TOPUP', memo: 'Added money via Debit Card', referenceType: 'PAYMENT_ORDER' });
    expect((await orderRow(info.transactionCode))?.settledEntryId).toBe(entry?.id);

    // the card was stored: the next checkout offers it as a saved instrument
    const next = await createTopUp(t, owner.token, 100);
    const options = await providerCall(t.app, '/theia/api/v2/fetchPaymentOptions', next, {
      mid: next.merchantId,
      orderId: next.transactionCode,
    });
    const saved = (options.body.merchantPayOption as { savedInstruments: Array<{ cardDetails: { lastFourDigit: string } }> })
      .savedInstruments;
    expect(saved.map((s) => s.cardDetails.lastFourDigit)).toContain('1881');
  });

  it('UPI failure shows Failed and credits nothing; a retry of the same amount succeeds', async () => {
    const { owner, operatorId } = await insertOperator(t.db);
    const info = await createTopUp(t, owner.token, 500);
    await pay(t, owner.token, owner.userCode, info, { mode: 'UPI', vpa: 'failure@okaxis' }, 'SUCCESS');
    const failed = await result(t, owner.token, info.transactionCode);
    expect(failed.body.data).toMatchObject({ status: 'FAILURE', amount: 500 });
    expect(failed.body.data.statusRemarks).toMatch(/declined/);
    expect(await wallet(t, operatorId)).toBe(0);
    expect(await entriesFor(info.transactionCode)).toHaveLength(0);

    const retry = await t.call({
      method: 'POST',
      url: '/api/wallet/recharge/v2',
      token: owner.token,
      payload: { retry: info.transactionCode },
    });
    await pay(t, owner.token, owner.userCode, retry.body.data, { mode: 'UPI', vpa: 'ramesh@oksbi' }, 'SUCCESS');
    expect((await result(t, owner.token, retry.body.data.transactionCode)).body.data.status).toBe('SUCCESS');
    expect(await wallet(t, operatorId)).toBe(50000);
  });

  it('net banking pending: result Pending, then the status job settles it once the bank does', async () => {
    const { owner, operatorId } = await insertOperator(t.db);
    const info = await createTopUp(t, owner.token, 500);
    const events: unknown[] = [];
    const off = t.app.events.subscribe(`order:${info.transactionCode}`, (e) => events.push(e.data));
    await pay(t, owner.token, owner.userCode, info, { mode: 'NB', bank: 'HDFC' }, 'PENDING');
    const pending = await result(t, owner.token, info.transactionCode);
    expect(pending.body.data).toMatchObject({ status: 'PENDING', statusRemarks: 'Payment Processing. Please wait for 15 minutes.' });
    expect(await orderRow(info.transactionCode)).toMatchObject({
      status: 'PENDING',
      statusRemarks: 'Payment Processing. Please wait for 15 minutes.',
    });

    // the 15-minute check: the bank has not decided yet, so the next check is scheduled
    await job(info.transactionCode, 0);
    expect(await orderRow(info.transactionCode)).toMatchObject({ status: 'PENDING', checkCount: 1 });
    expect(await wallet(t, operatorId)).toBe(0);

    await resolvePending(t.db, info.transactionCode, 'SUCCESS');
    await job(info.transactionCode, 1);
    expect((await result(t, owner.token, info.transactionCode)).body.data.status).toBe('SUCCESS');
    expect(await wallet(t, operatorId)).toBe(50000);
    expect(events).toEqual([
      { orderId: info.transactionCode, status: 'PENDING' },
      { orderId: info.transactionCode, status: 'SUCCESS' },
    ]);
    off();
  });

  it('a payment still pending after the last check (72 h) is failed with a clear remark', async () => {
    const { owner, operatorId } = await insertOperator(t.db);
    const info = await createTopUp(t, owner.token, 300);
    await pay(t, owner.token, owner.userCode, info, { mode: 'UPI', vpa: 'pending@okicici' }, 'PENDING');
    const last = t.app.payments.checkScheduleMinutes.length - 1;
    await job(info.transactionCode, last);
    const row = await orderRow(info.transactionCode);
    expect(row?.status).toBe('FAILURE');
    expect(row?.statusRemarks).toMatch(/72 hours/);
    expect(await wallet(t, operatorId)).toBe(0);
  });

  it('an order nobody paid stays as it is and is not polled further', async () => {
    const { owner } = await insertOperator(t.db);
    const info = await createTopUp(t, owner.token, 300);
    await job(info.transactionCode, 0);
    expect(await orderRow(info.transactionCode)).toMatchObject({ status: 'CREATED', checkCount: 0 });
  });

  it('a payment left pending after an early check that found nothing is put back on the schedule', async () => {
    const { owner, operatorId } = await insertOperator(t.db);
    const info = await createTopUp(t, owner.token, 300);
    await job(info.transactionCode, 0); // ran before the payer reached the bank
    await repo.setCheck(t.db, info.transactionCode, 0, new Date(Date.now() - 1000)); // …and its time has passed
    await pay(t, owner.token, owner.userCode, info, { mode: 'NB', bank: 'HDFC' }, 'PENDING');
    const row = await orderRow(info.transactionCode);
    expect(row).toMatchObject({ status: 'PENDING', checkCount: 1 });
    expect(row?.nextCheckAt?.getTime()).toBeGreaterThan(Date.now());
    await resolvePending(t.db, info.transactionCode, 'SUCCESS');
    await job(info.transactionCode, 1);
    expect((await orderRow(info.transactionCode))?.status).toBe('SUCCESS');
    expect(await wallet(t, operatorId)).toBe(30000);
  });

  it('the card bank page needs the documented OTP; the declined card always fails', async () => {
    const { owner, operatorId } = await insertOperator(t.db);
    const info = await createTopUp(t, owner.token, 200);
    await updateMode(t, owner.token, owner.userCode, info, 'DC');
    await process(t.app, info, { mode: 'CARD', card: '4000000000000002', cardType: 'DEBIT_CARD' });
    const wrong = await bankDecides(t.app, info.transactionCode, 'SUCCESS', '000000');
    expect(wrong.status).toBe(400);
    expect(wrong.html).toContain('Incorrect OTP');
    const bank = await bankDecides(t.app, info.transactionCode, 'SUCCESS');
    expect(bank.fields.STATUS).toBe('TXN_FAILURE');
    await postCallback(t.app, bank.fields);
    expect((await result(t, owner.token, info.transactionCode)).body.data.status).toBe('FAILURE');
    expect(await wallet(t, operatorId)).toBe(0);
  });

  it('the provider refuses a card whose BIN is of the other mode, a bad VPA and an unknown bank', async () => {
    const { owner } = await insertOperator(t.db);
    const info = await createTopUp(t, owner.token, 200);
    const bin = await providerCall(t.app, '/fetchBinDetail', info, { bin: '411111' });
    expect((bin.body.binDetail as { paymentMode: string }).paymentMode).toBe('CREDIT_CARD');
    const mismatch = await process(t.app, info, { mode: 'CARD', card: '4111111111111111', cardType: 'DEBIT_CARD' });
    expect(mismatch.body.resultInfo).toMatchObject({ resultStatus: 'F' });
    const vpa = await providerCall(t.app, '/theia/api/v1/vpa/validate', info, { vpa: 'invalid@okaxis' });
    expect(vpa.body).toMatchObject({ valid: false });
    const nb = await process(t.app, info, { mode: 'NB', bank: 'NOPE' });
    expect(nb.body.resultInfo.resultStatus).toBe('F');
    const channels = await providerCall(t.app, '/theia/api/v1/fetchNBPaymentChannels', info, { type: 'MERCHANT' });
    expect((channels.body.nbPayOption as { payChannelOptions: unknown[] }).payChannelOptions.length).toBeGreaterThan(3);
    const stale = await providerCall(t.app, '/theia/api/v2/fetchPaymentOptions', { ...info, checkSumHash: 'x' }, {});
    expect(stale.body.resultInfo.resultStatus).toBe('F');
  });
});

describe('crediting exactly once', () => {
  it('a callback replayed 5 times credits once and logs the replays', async () => {
    const { owner, operatorId } = await insertOperator(t.db);
    const info = await createTopUp(t, owner.token, 500);
    const { fields } = await pay(t, owner.token, owner.userCode, info, { mode: 'UPI', vpa: 'success@okhdfc' }, 'SUCCESS');
    for (let i = 0; i < 5; i++) expect((await postCallback(t.app, fields)).statusCode).toBe(303);
    expect(await wallet(t, operatorId)).toBe(50000);
    expect(await entriesFor(info.transactionCode)).toHaveLength(1);
    const log = await repo.listCallbackLog(t.db, info.transactionCode);
    expect(log.map((l) => l.outcome)).toEqual(['SETTLED', 'REPLAY', 'REPLAY', 'REPLAY', 'REPLAY', 'REPLAY']);
  });

  it('a settled top-up sends the owner one receipt, unless the owner stopped payment SMS in Settings', async () => {
    const keeps = await insertOperator(t.db);
    const stops = await insertOperator(t.db);
    const stopped = await t.call({
      method: 'POST',
      url: '/api/setting',
      token: stops.owner.token,
      payload: { notifications: { PAYMENTS: { SMS: false } } },
    });
    expect(stopped.status).toBe(200);
    for (const op of [keeps, stops]) {
      const info = await createTopUp(t, op.owner.token, 500);
      await updateMode(t, op.owner.token, op.owner.userCode, info, 'UPI');
      await process(t.app, info, { mode: 'UPI', vpa: 'success@okhdfc' });
      const bank = await bankDecides(t.app, info.transactionCode, 'SUCCESS');
      await Promise.all([postCallback(t.app, bank.fields), job(info.transactionCode, 0), postCallback(t.app, bank.fields)]);
      expect(await wallet(t, op.operatorId)).toBe(50000);
    }
    const receiptsTo = (phone: string) => t.app.notifier.list(1000).filter((m) => m.to === phone && m.kind === 'PAYMENT_RECEIPT');
    const [receipt, ...more] = receiptsTo(keeps.owner.phone);
    expect(more).toEqual([]);
    expect(receipt?.text).toBe('₹500 has been added to your Bhada wallet.');
    expect(receiptsTo(stops.owner.phone)).toEqual([]);
  });

  it('callbacks raced with the status job credit once', async () => {
    const { owner, operatorId } = await insertOperator(t.db);
    const info = await createTopUp(t, owner.token, 500);
    await updateMode(t, owner.token, owner.userCode, info, 'UPI');
    await process(t.app, info, { mode: 'UPI', vpa: 'success@okhdfc' });
    const bank = await bankDecides(t.app, info.transactionCode, 'SUCCESS');
    await Promise.all([
      postCallback(t.app, bank.fields),
      job(info.transactionCode, 0),
      postCallback(t.app, bank.fields),
      job(info.transactionCode, 1),
      postCallback(t.app, bank.fields),
    ]);
    expect(await wallet(t, operatorId)).toBe(50000);
    expect(await entriesFor(info.transactionCode)).toHaveLength(1);
    expect((await orderRow(info.transactionCode))?.status).toBe('SUCCESS');
  });

  it('a forged checksum changes nothing and is logged', async () => {
    const { owner, operatorId } = await insertOperator(t.db);
    const info = await createTopUp(t, owner.token, 500);
    await updateMode(t, owner.token, owner.userCode, info, 'UPI');
    await process(t.app, info, { mode: 'UPI', vpa: 'someone@okhdfc' });
    const fields = {
      MID: TEST_MID,
      ORDERID: info.transactionCode,
      TXNID: '1',
      TXNAMOUNT: '500.00',
      PAYMENTMODE: 'UPI',
      CURRENCY: 'INR',
      TXNDATE: '2026-11-21 10:00:00',
      STATUS: 'TXN_SUCCESS',
      RESPCODE: '01',
      RESPMSG: 'Txn Success',
      GATEWAYNAME: 'UPI',
      BANKTXNID: '1',
      BANKNAME: 'HDFC',
    };
    const forged = await postCallback(t.app, { ...fields, CHECKSUMHASH: signParams(fields, 'WrongMerchantKey') });
    expect(forged.statusCode).toBe(400);
    const tampered = { ...fields, CHECKSUMHASH: signParams(fields, TEST_KEY), TXNAMOUNT: '5000.00' };
    expect((await postCallback(t.app, tampered)).statusCode).toBe(400);
    expect(await postCallback(t.app, { ...fields })).toMatchObject({ statusCode: 400 });
    expect(await wallet(t, operatorId)).toBe(0);
    expect((await orderRow(info.transactionCode))?.status).toBe('CREATED');
    expect((await repo.listCallbackLog(t.db, info.transactionCode)).map((l) => l.outcome)).toEqual(['FORGED', 'FORGED', 'FORGED']);
  });

  it('an unknown order changes nothing and is logged', async () => {
    const fields = { MID: TEST_MID, ORDERID: 'BHDNOSUCHORDER', TXNAMOUNT: '500.00', STATUS: 'TXN_SUCCESS', RESPMSG: 'ok' };
    const before = await clearing(t);
    const res = await postCallback(t.app, { ...fields, CHECKSUMHASH: signParams(fields, TEST_KEY) });
    expect(res.statusCode).toBe(400);
    expect(await clearing(t)).toBe(before);
    expect((await repo.listCallbackLog(t.db, 'BHDNOSUCHORDER')).map((l) => l.outcome)).toEqual(['UNKNOWN_ORDER']);
  });

  it('an amount mismatch (callback or status) credits nothing and is logged', async () => {
    const { owner, operatorId } = await insertOperator(t.db);
    const info = await createTopUp(t, owner.token, 500);
    await updateMode(t, owner.token, owner.userCode, info, 'UPI');
    await process(t.app, info, { mode: 'UPI', vpa: 'someone@okhdfc' });
    // the provider collected a different amount than the order's (e.g. tampered on the way)
    await t.db.update(sandboxPgOrders).set({ amountPaisa: 100 }).where(eq(sandboxPgOrders.orderId, info.transactionCode));
    const bank = await bankDecides(t.app, info.transactionCode, 'SUCCESS');
    expect(bank.fields.TXNAMOUNT).toBe('1.00');
    await postCallback(t.app, bank.fields);
    // a genuine-looking callback with the right amount still meets the status call's amount
    const { CHECKSUMHASH: _, ...rest } = bank.fields;
    const lying = { ...rest, TXNAMOUNT: '500.00' };
    await postCallback(t.app, { ...lying, CHECKSUMHASH: signParams(lying, TEST_KEY) });
    await job(info.transactionCode, 0);
    expect(await wallet(t, operatorId)).toBe(0);
    expect(await entriesFor(info.transactionCode)).toHaveLength(0);
    expect((await orderRow(info.transactionCode))?.status).toBe('CREATED');
    expect((await repo.listCallbackLog(t.db, info.transactionCode)).map((l) => l.outcome)).toEqual([
      'AMOUNT_MISMATCH',
      'AMOUNT_MISMATCH',
      'AMOUNT_MISMATCH',
    ]);
  });
});

describe('who sees an order', () => {
  it('only the payer reads the result and follows its topic', async () => {
    const { owner } = await insertOperator(t.db);
    const info = await createTopUp(t, owner.token, 100);
    const other = await insertOperator(t.db);
    expect((await result(t, other.owner.token, info.transactionCode)).status).toBe(404);
    const denied = await t.call({
      method: 'GET',
      url: `/api/events/stream?topics=order:${info.transactionCode}`,
      token: other.owner.token,
    });
    expect(denied.status).toBe(404);
    const { mayFollowOrder } = await import('./payments.service.ts');
    const { resolveSession } = await import('../auth/auth.service.ts');
    expect(await mayFollowOrder(t.db, (await resolveSession(t.db, owner.token))!, info.transactionCode)).toBe(true);
    expect(await mayFollowOrder(t.db, (await resolveSession(t.db, other.owner.token))!, info.transactionCode)).toBe(false);
  });
});

describe('marketplace wallet recharge and consigner trip payment', () => {
  it('initiate-recharge (paisa) and complete-recharge report the status and balance', async () => {
    const { owner, operatorId } = await insertOperator(t.db);
    const init = await t.call({
      method: 'POST',
      url: '/api/rest/tesseract/v1/payment/wallet/initiate-recharge',
      token: owner.token,
      payload: { amountInPaisa: 25000, entityType: 'WALLET', serviceProvider: 'PAYTM', useSsoToken: true, channel: 'WEB' },
    });
    expect(init.status).toBe(200);
    expect(init.body.data).toMatchObject({ amountInPaisa: 25000, amount: 250 });
    const orderId = init.body.data.orderId;
    const before = await t.call({
      method: 'POST',
      url: '/api/rest/tesseract/v1/payment/wallet/complete-recharge',
      token: owner.token,
      payload: { orderId },
    });
    expect(before.body.data).toMatchObject({ status: 'PENDING', balanceInPaisa: 0 });
    expect(before.body.message).toBe('Recharge: PENDING');

    const info = { ...init.body.data, transactionCode: orderId };
    await updateMode(t, owner.token, owner.userCode, info, 'UPI');
    await process(t.app, info, { mode: 'UPI', vpa: 'success@okaxis' });
    await bankDecides(t.app, orderId, 'SUCCESS'); // the browser never returns: no callback
    const done = await t.call({
      method: 'POST',
      url: '/api/rest/tesseract/v1/payment/wallet/complete-recharge',
      token: owner.token,
      payload: { orderId },
    });
    expect(done.body).toMatchObject({ message: 'Recharge successfully done', data: { status: 'SUCCESS', balanceInPaisa: 25000 } });
    expect(await wallet(t, operatorId)).toBe(25000);
  });

  it('a consigner pays for its own trip into its settlement account', async () => {
    const { operatorId } = await insertOperator(t.db);
    const vehicle = await insertVehicle(t.db, operatorId);
    const { consignerCode, user } = await insertConsigner(t.db);
    const tripId = `TRP-${consignerCode}`;
    await t.db.insert(trips).values({
      id: tripId,
      demandId: `DEM-${consignerCode}`,
      operatorId,
      consignerCode,
      vehicleId: vehicle.id,
      driverName: 'Ramesh',
      driverPhone: '9876543210',
      originCity: 'Jaipur',
      destinationCity: 'Delhi',
      agreedPricePaisa: 4500000,
    });
    const tooMuch = await t.call({
      method: 'POST',
      url: '/api/consigner/pay/create-order',
      token: user.token,
      payload: { tripId, amountInPaisa: 4500001 },
    });
    expect(tooMuch.status).toBe(400);
    const other = await insertConsigner(t.db, 'Other');
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/api/consigner/pay/create-order',
          token: other.user.token,
          payload: { tripId, amountInPaisa: 100 },
        })
      ).status,
    ).toBe(404);

    const created = await t.call({
      method: 'POST',
      url: '/api/consigner/pay/create-order',
      token: user.token,
      payload: { tripId, amountInPaisa: 1000000 },
    });
    expect(created.status).toBe(200);
    const info = created.body.data;
    expect(info).toMatchObject({ mid: TEST_MID, amountInPaisa: 1000000, amount: 10000 });
    await pay(t, user.token, user.userCode, info, { mode: 'NB', bank: 'SBI' }, 'SUCCESS');
    const done = await t.call({
      method: 'POST',
      url: '/api/consigner/pay/complete-order',
      token: user.token,
      payload: { orderId: info.orderId },
    });
    expect(done.body.data).toMatchObject({ status: 'SUCCESS' });
    const { balanceOf } = await import('../ledger/ledger.service.ts');
    expect(await balanceOf(t.db, accounts.consignerSettlement(tripId))).toBe(1000000);
    expect((await entriesFor(info.orderId))[0]?.kind).toBe('CONSIGNER_TRIP_PAYMENT');
  });
});
