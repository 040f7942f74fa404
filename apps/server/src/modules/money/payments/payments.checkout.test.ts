import { describe, expect, it } from 'vitest';
import { insertOperator } from '../../../../test/factories.ts';
import { useTestApp } from '../../../../test/harness/index.ts';
import { resolvePending } from '../../../providers/payment/sandbox/sandbox.service.ts';
import * as repo from './payments.repository.ts';
import {
  bankDecides,
  clearing,
  createTopUp,
  entriesFor,
  orderRow,
  PAYMENT_ENV,
  pay,
  postCallback,
  process,
  providerCall,
  result,
  revenue,
  statusJob,
  updateMode,
  wallet,
} from './payments.test-support.ts';

const ctx = useTestApp(PAYMENT_ENV);

describe('checkout through the sandbox', () => {
  it('adds ₹500 by a new debit card: wallet +₹500, charge to revenue, result Successful', async () => {
    const { t } = ctx;
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
    const [entry] = await entriesFor(t, info.transactionCode);
    expect(entry).toMatchObject({ kind: 'WALLET_TOPUP', memo: 'Added money via Debit Card', referenceType: 'PAYMENT_ORDER' });
    expect((await orderRow(t, info.transactionCode))?.settledEntryId).toBe(entry?.id);

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
    const { t, h } = ctx;
    const { owner, operatorId } = await insertOperator(t.db);
    const info = await createTopUp(t, owner.token, 500);
    await pay(t, owner.token, owner.userCode, info, { mode: 'UPI', vpa: 'failure@okaxis' }, 'SUCCESS');
    const failed = await result(t, owner.token, info.transactionCode);
    expect(failed.body.data).toMatchObject({ status: 'FAILURE', amount: 500 });
    expect(failed.body.data.statusRemarks).toMatch(/declined/);
    expect(await wallet(t, operatorId)).toBe(0);
    expect(await entriesFor(t, info.transactionCode)).toHaveLength(0);

    const retry = await h.as(owner.token).payments.recharge({ retry: info.transactionCode });
    await pay(t, owner.token, owner.userCode, retry.body.data, { mode: 'UPI', vpa: 'ramesh@oksbi' }, 'SUCCESS');
    expect((await result(t, owner.token, retry.body.data.transactionCode)).body.data.status).toBe('SUCCESS');
    expect(await wallet(t, operatorId)).toBe(50000);
  });

  it('net banking pending: result Pending, then the status job settles it once the bank does', async () => {
    const { t } = ctx;
    const { owner, operatorId } = await insertOperator(t.db);
    const info = await createTopUp(t, owner.token, 500);
    const events: unknown[] = [];
    const off = t.app.events.subscribe(`order:${info.transactionCode}`, (e) => events.push(e.data));
    await pay(t, owner.token, owner.userCode, info, { mode: 'NB', bank: 'HDFC' }, 'PENDING');
    const pending = await result(t, owner.token, info.transactionCode);
    expect(pending.body.data).toMatchObject({ status: 'PENDING', statusRemarks: 'Payment Processing. Please wait for 15 minutes.' });
    expect(await orderRow(t, info.transactionCode)).toMatchObject({
      status: 'PENDING',
      statusRemarks: 'Payment Processing. Please wait for 15 minutes.',
    });

    // the 15-minute check: the bank has not decided yet, so the next check is scheduled
    await statusJob(t, info.transactionCode, 0);
    expect(await orderRow(t, info.transactionCode)).toMatchObject({ status: 'PENDING', checkCount: 1 });
    expect(await wallet(t, operatorId)).toBe(0);

    await resolvePending(t.db, info.transactionCode, 'SUCCESS');
    await statusJob(t, info.transactionCode, 1);
    expect((await result(t, owner.token, info.transactionCode)).body.data.status).toBe('SUCCESS');
    expect(await wallet(t, operatorId)).toBe(50000);
    expect(events).toEqual([
      { orderId: info.transactionCode, status: 'PENDING' },
      { orderId: info.transactionCode, status: 'SUCCESS' },
    ]);
    off();
  });

  it('a payment still pending after the last check (72 h) is failed with a clear remark', async () => {
    const { t } = ctx;
    const { owner, operatorId } = await insertOperator(t.db);
    const info = await createTopUp(t, owner.token, 300);
    await pay(t, owner.token, owner.userCode, info, { mode: 'UPI', vpa: 'pending@okicici' }, 'PENDING');
    const last = t.app.payments.checkScheduleMinutes.length - 1;
    await statusJob(t, info.transactionCode, last);
    const row = await orderRow(t, info.transactionCode);
    expect(row?.status).toBe('FAILURE');
    expect(row?.statusRemarks).toMatch(/72 hours/);
    expect(await wallet(t, operatorId)).toBe(0);
  });

  it('an order nobody paid stays as it is and is not polled further', async () => {
    const { t } = ctx;
    const { owner } = await insertOperator(t.db);
    const info = await createTopUp(t, owner.token, 300);
    await statusJob(t, info.transactionCode, 0);
    expect(await orderRow(t, info.transactionCode)).toMatchObject({ status: 'CREATED', checkCount: 0 });
  });

  it('a payment left pending after an early check that found nothing is put back on the schedule', async () => {
    const { t } = ctx;
    const { owner, operatorId } = await insertOperator(t.db);
    const info = await createTopUp(t, owner.token, 300);
    await statusJob(t, info.transactionCode, 0); // ran before the payer reached the bank
    await repo.setCheck(t.db, { id: info.transactionCode, checkCount: 0, nextCheckAt: new Date(Date.now() - 1000) }); // …and its time has passed
    await pay(t, owner.token, owner.userCode, info, { mode: 'NB', bank: 'HDFC' }, 'PENDING');
    const row = await orderRow(t, info.transactionCode);
    expect(row).toMatchObject({ status: 'PENDING', checkCount: 1 });
    expect(row?.nextCheckAt?.getTime()).toBeGreaterThan(Date.now());
    await resolvePending(t.db, info.transactionCode, 'SUCCESS');
    await statusJob(t, info.transactionCode, 1);
    expect((await orderRow(t, info.transactionCode))?.status).toBe('SUCCESS');
    expect(await wallet(t, operatorId)).toBe(30000);
  });

  it('the card bank page needs the documented OTP; the declined card always fails', async () => {
    const { t } = ctx;
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
    const { t } = ctx;
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
