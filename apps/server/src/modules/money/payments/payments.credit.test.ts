import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertConsigner, insertOperator, insertVehicle } from '../../../../test/factories.ts';
import { useTestApp } from '../../../../test/harness/index.ts';
import { sandboxPgOrders, trips } from '../../../db/schema/index.ts';
import { signParams } from '../../../providers/payment/checksum.ts';
import { accounts } from '../ledger/accounts.ts';
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
  statusJob,
  TEST_KEY,
  TEST_MID,
  updateMode,
  wallet,
} from './payments.test-support.ts';

const ctx = useTestApp(PAYMENT_ENV);

describe('crediting exactly once', () => {
  it('a callback replayed 5 times credits once and logs the replays', async () => {
    const { t } = ctx;
    const { owner, operatorId } = await insertOperator(t.db);
    const info = await createTopUp(t, owner.token, 500);
    const { fields } = await pay(t, owner.token, owner.userCode, info, { mode: 'UPI', vpa: 'success@okhdfc' }, 'SUCCESS');
    for (let i = 0; i < 5; i++) expect((await postCallback(t.app, fields)).statusCode).toBe(303);
    expect(await wallet(t, operatorId)).toBe(50000);
    expect(await entriesFor(t, info.transactionCode)).toHaveLength(1);
    const log = await repo.listCallbackLog(t.db, info.transactionCode);
    expect(log.map((l) => l.outcome)).toEqual(['SETTLED', 'REPLAY', 'REPLAY', 'REPLAY', 'REPLAY', 'REPLAY']);
  });

  it('a settled top-up sends the owner one receipt, unless the owner stopped payment SMS in Settings', async () => {
    const { t, h } = ctx;
    const keeps = await insertOperator(t.db);
    const stops = await insertOperator(t.db);
    const stopped = await h.as(stops.owner.token).send('POST', '/api/setting', { notifications: { PAYMENTS: { SMS: false } } });
    expect(stopped.status).toBe(200);
    for (const op of [keeps, stops]) {
      const info = await createTopUp(t, op.owner.token, 500);
      await updateMode(t, op.owner.token, op.owner.userCode, info, 'UPI');
      await process(t.app, info, { mode: 'UPI', vpa: 'success@okhdfc' });
      const bank = await bankDecides(t.app, info.transactionCode, 'SUCCESS');
      await Promise.all([postCallback(t.app, bank.fields), statusJob(t, info.transactionCode, 0), postCallback(t.app, bank.fields)]);
      expect(await wallet(t, op.operatorId)).toBe(50000);
    }
    const receiptsTo = (phone: string) => t.app.notifier.list(1000).filter((m) => m.to === phone && m.kind === 'PAYMENT_RECEIPT');
    const [receipt, ...more] = receiptsTo(keeps.owner.phone);
    expect(more).toEqual([]);
    expect(receipt?.text).toBe('₹500 has been added to your Bhada wallet.');
    expect(receiptsTo(stops.owner.phone)).toEqual([]);
  });

  it('callbacks raced with the status job credit once', async () => {
    const { t } = ctx;
    const { owner, operatorId } = await insertOperator(t.db);
    const info = await createTopUp(t, owner.token, 500);
    await updateMode(t, owner.token, owner.userCode, info, 'UPI');
    await process(t.app, info, { mode: 'UPI', vpa: 'success@okhdfc' });
    const bank = await bankDecides(t.app, info.transactionCode, 'SUCCESS');
    await Promise.all([
      postCallback(t.app, bank.fields),
      statusJob(t, info.transactionCode, 0),
      postCallback(t.app, bank.fields),
      statusJob(t, info.transactionCode, 1),
      postCallback(t.app, bank.fields),
    ]);
    expect(await wallet(t, operatorId)).toBe(50000);
    expect(await entriesFor(t, info.transactionCode)).toHaveLength(1);
    expect((await orderRow(t, info.transactionCode))?.status).toBe('SUCCESS');
  });

  it('a forged checksum changes nothing and is logged', async () => {
    const { t } = ctx;
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
    expect((await orderRow(t, info.transactionCode))?.status).toBe('CREATED');
    expect((await repo.listCallbackLog(t.db, info.transactionCode)).map((l) => l.outcome)).toEqual(['FORGED', 'FORGED', 'FORGED']);
  });

  it('an unknown order changes nothing and is logged', async () => {
    const { t } = ctx;
    const fields = { MID: TEST_MID, ORDERID: 'BHDNOSUCHORDER', TXNAMOUNT: '500.00', STATUS: 'TXN_SUCCESS', RESPMSG: 'ok' };
    const before = await clearing(t);
    const res = await postCallback(t.app, { ...fields, CHECKSUMHASH: signParams(fields, TEST_KEY) });
    expect(res.statusCode).toBe(400);
    expect(await clearing(t)).toBe(before);
    expect((await repo.listCallbackLog(t.db, 'BHDNOSUCHORDER')).map((l) => l.outcome)).toEqual(['UNKNOWN_ORDER']);
  });

  it('an amount mismatch (callback or status) credits nothing and is logged', async () => {
    const { t } = ctx;
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
    await statusJob(t, info.transactionCode, 0);
    expect(await wallet(t, operatorId)).toBe(0);
    expect(await entriesFor(t, info.transactionCode)).toHaveLength(0);
    expect((await orderRow(t, info.transactionCode))?.status).toBe('CREATED');
    expect((await repo.listCallbackLog(t.db, info.transactionCode)).map((l) => l.outcome)).toEqual([
      'AMOUNT_MISMATCH',
      'AMOUNT_MISMATCH',
      'AMOUNT_MISMATCH',
    ]);
  });
});

describe('marketplace wallet recharge and consigner trip payment', () => {
  it('initiate-recharge (paisa) and complete-recharge report the status and balance', async () => {
    const { t, h } = ctx;
    const { owner, operatorId } = await insertOperator(t.db);
    const init = await h.as(owner.token).payments.initiateRecharge({
      amountInPaisa: 25000,
      entityType: 'WALLET',
      serviceProvider: 'PAYTM',
      useSsoToken: true,
      channel: 'WEB',
    });
    expect(init.status).toBe(200);
    expect(init.body.data).toMatchObject({ amountInPaisa: 25000, amount: 250 });
    const orderId = init.body.data.orderId;
    const before = await h.as(owner.token).payments.completeRecharge(orderId);
    expect(before.body.data).toMatchObject({ status: 'PENDING', balanceInPaisa: 0 });
    expect(before.body.message).toBe('Recharge: PENDING');

    const info = { ...init.body.data, transactionCode: orderId };
    await updateMode(t, owner.token, owner.userCode, info, 'UPI');
    await process(t.app, info, { mode: 'UPI', vpa: 'success@okaxis' });
    await bankDecides(t.app, orderId, 'SUCCESS'); // the browser never returns: no callback
    const done = await h.as(owner.token).payments.completeRecharge(orderId);
    expect(done.body).toMatchObject({ message: 'Recharge successfully done', data: { status: 'SUCCESS', balanceInPaisa: 25000 } });
    expect(await wallet(t, operatorId)).toBe(25000);
  });

  it('a consigner pays for its own trip into its settlement account', async () => {
    const { t, h } = ctx;
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
    const tooMuch = await h.as(user.token).payments.consignerCreateOrder({ tripId, amountInPaisa: 4500001 });
    expect(tooMuch.status).toBe(400);
    const other = await insertConsigner(t.db, 'Other');
    expect((await h.as(other.user.token).payments.consignerCreateOrder({ tripId, amountInPaisa: 100 })).status).toBe(404);

    const created = await h.as(user.token).payments.consignerCreateOrder({ tripId, amountInPaisa: 1000000 });
    expect(created.status).toBe(200);
    const info = created.body.data;
    expect(info).toMatchObject({ mid: TEST_MID, amountInPaisa: 1000000, amount: 10000 });
    await pay(t, user.token, user.userCode, info, { mode: 'NB', bank: 'SBI' }, 'SUCCESS');
    const done = await h.as(user.token).payments.consignerCompleteOrder(info.orderId);
    expect(done.body.data).toMatchObject({ status: 'SUCCESS' });
    const { balanceOf } = await import('../ledger/ledger.service.ts');
    expect(await balanceOf(t.db, accounts.consignerSettlement(tripId))).toBe(1000000);
    expect((await entriesFor(t, info.orderId))[0]?.kind).toBe('CONSIGNER_TRIP_PAYMENT');
  });
});
