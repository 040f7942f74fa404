import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { insertConsigner, insertOperator, insertSubordinate, insertVehicle } from '../../../../test/factories.ts';
import { buildApp } from '../../../app.ts';
import { journalEntries, paymentCallbacks, paymentOrders, trips } from '../../../db/schema/index.ts';
import { accounts } from '../ledger/accounts.ts';
import { balanceOf, checkLedger } from '../ledger/ledger.service.ts';
import {
  bankDecides,
  createTopUp,
  type Info,
  PAYMENT_ENV,
  pay,
  postCallback,
  process,
  result,
  updateMode,
  wallet,
} from './payments.test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(PAYMENT_ENV);
});
afterAll(async () => t.close());

const FREIGHT = 1_700_000; // ₹17,000 → TDS ₹170 → ₹16,830 due
const DUE = 1_683_000;

async function consignerWithTrip() {
  const { operatorId } = await insertOperator(t.db);
  const vehicle = await insertVehicle(t.db, operatorId);
  const consigner = await insertConsigner(t.db);
  const tripId = `TRP-${consigner.consignerCode}`;
  await t.db.insert(trips).values({
    id: tripId,
    demandId: `DEM-${tripId}`,
    operatorId,
    consignerCode: consigner.consignerCode,
    vehicleId: vehicle.id,
    driverName: 'Ramesh',
    driverPhone: '9876543210',
    originCity: 'Jaipur',
    destinationCity: 'Delhi',
    agreedPricePaisa: FREIGHT,
  });
  return { ...consigner, tripId };
}

const createOrder = (token: string, payload: object) => t.call({ method: 'POST', url: '/api/consigner/pay/create-order', token, payload });
const infoOf = (data: Record<string, unknown>) => data as unknown as Info;

async function balanceOfTrip(token: string, tripId: string) {
  const res = await t.call({ method: 'GET', url: '/api/consigner/balance/trip', token });
  expect(res.status).toBe(200);
  const trip = (
    res.body.data.balances as Array<{ tripId: string; paidInPaisa: number; pendingInPaisa: number; balanceInPaisa: number }>
  ).find((b) => b.tripId === tripId);
  return { ...trip, creditInPaisa: res.body.data.creditInPaisa as number };
}

describe('a trip payment reserves its amount against what is due (ADR 070)', () => {
  it('five concurrent orders for the whole due: one is created, the others are refused and stored nothing', async () => {
    const c = await consignerWithTrip();
    const answers = await Promise.all(Array.from({ length: 5 }, () => createOrder(c.user.token, { tripId: c.tripId, amountInPaisa: DUE })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/still in progress/);
    }
    const stored = await t.db.select().from(paymentOrders).where(eq(paymentOrders.referenceId, c.tripId));
    expect(stored).toHaveLength(1);
    expect(await balanceOfTrip(c.user.token, c.tripId)).toMatchObject({ pendingInPaisa: DUE, balanceInPaisa: 0 });
  });

  it('an order whose checkout expired or failed releases its hold', async () => {
    const c = await consignerWithTrip();
    const first = await createOrder(c.user.token, { tripId: c.tripId, amountInPaisa: DUE });
    expect(first.status).toBe(200);
    await t.db
      .update(paymentOrders)
      .set({ txnTokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(paymentOrders.id, first.body.data.orderId));
    expect((await balanceOfTrip(c.user.token, c.tripId)).balanceInPaisa).toBe(DUE);
    const second = await createOrder(c.user.token, { tripId: c.tripId, amountInPaisa: DUE });
    expect(second.status).toBe(200);
    await t.db.update(paymentOrders).set({ status: 'FAILURE' }).where(eq(paymentOrders.id, second.body.data.orderId));
    expect((await createOrder(c.user.token, { tripId: c.tripId, amountInPaisa: DUE })).status).toBe(200);
  });

  it('money that arrives after its order expired, when the due is already paid, becomes visible credit in one entry', async () => {
    const c = await consignerWithTrip();
    const late = await createOrder(c.user.token, { tripId: c.tripId, amountInPaisa: DUE });
    expect(late.status).toBe(200);
    const info = infoOf(late.body.data);
    expect((await updateMode(t, c.user.token, c.user.userCode, info, 'UPI')).status).toBe(200);
    await process(t.app, info, { mode: 'UPI', vpa: 'success@okaxis' });
    // the payer sits on the bank page; the order's hold lapses and the status job fails it
    await t.db
      .update(paymentOrders)
      .set({ txnTokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(paymentOrders.id, late.body.data.orderId));
    const onTime = await createOrder(c.user.token, { tripId: c.tripId, amountInPaisa: DUE });
    expect(onTime.status).toBe(200);
    await pay(t, c.user.token, c.user.userCode, infoOf(onTime.body.data), { mode: 'UPI', vpa: 'success@okaxis' }, 'SUCCESS');
    await t.db.update(paymentOrders).set({ status: 'FAILURE' }).where(eq(paymentOrders.id, late.body.data.orderId));

    // now the late payment goes through at the bank and its verified callback arrives
    const bank = await bankDecides(t.app, info.transactionCode, 'SUCCESS');
    await postCallback(t.app, bank.fields);

    const after = await balanceOfTrip(c.user.token, c.tripId);
    expect(after.paidInPaisa).toBe(DUE); // never more than was due
    expect(after.creditInPaisa).toBe(DUE); // the rest is the consigner's, and shown
    expect(await balanceOf(t.db, accounts.consignerSettlement(c.tripId))).toBe(DUE);
    const [settled] = await t.db.select().from(paymentOrders).where(eq(paymentOrders.id, info.transactionCode));
    expect(settled).toMatchObject({ status: 'SUCCESS', excessPaisa: DUE });
    const entries = await t.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.referenceType, 'PAYMENT_ORDER'), eq(journalEntries.referenceId, info.transactionCode)));
    expect(entries).toHaveLength(1);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });
});

describe('racing confirmations and who may read a payment', () => {
  it('of ten racing confirmations one credits and the rest are audited as repeats', async () => {
    const { owner, operatorId } = await insertOperator(t.db);
    const info = await createTopUp(t, owner.token, 1000);
    expect((await updateMode(t, owner.token, owner.userCode, info, 'UPI')).status).toBe(200);
    await process(t.app, info, { mode: 'UPI', vpa: 'success@okaxis' });
    const bank = await bankDecides(t.app, info.transactionCode, 'SUCCESS');
    const before = await wallet(t, operatorId);
    await Promise.all(Array.from({ length: 10 }, () => postCallback(t.app, bank.fields)));
    expect((await wallet(t, operatorId)) - before).toBe(100_000);
    const outcomes = (await t.db.select().from(paymentCallbacks).where(eq(paymentCallbacks.orderId, info.transactionCode))).map(
      (r) => r.outcome,
    );
    expect(outcomes.filter((o) => o === 'SETTLED')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'REPLAY')).toHaveLength(9);
  });

  it('a subordinate whose role may not see the wallet cannot read the payment result (404)', async () => {
    const { owner, operatorId } = await insertOperator(t.db);
    const info = await createTopUp(t, owner.token, 500);
    const blind = await insertSubordinate(t.db, operatorId, ['LOADS_VIEW']);
    const seeing = await insertSubordinate(t.db, operatorId, ['WALLET_VIEW']);
    expect((await result(t, blind.token, info.transactionCode)).status).toBe(404);
    expect((await result(t, seeing.token, info.transactionCode)).status).toBe(200);
  });
});

describe('after a crash', () => {
  it('a payment that succeeded while the server was down is credited at start, once', async () => {
    const { owner, operatorId } = await insertOperator(t.db);
    const info = await createTopUp(t, owner.token, 700);
    expect((await updateMode(t, owner.token, owner.userCode, info, 'UPI')).status).toBe(200);
    await process(t.app, info, { mode: 'UPI', vpa: 'success@okaxis' });
    await bankDecides(t.app, info.transactionCode, 'SUCCESS'); // the callback never arrives
    const before = await wallet(t, operatorId);

    const restarted = await buildApp({ ...t.config, JOBS_ENABLED: true }, { database: t.database });
    try {
      await restarted.ready();
      await vi.waitFor(
        async () => {
          const [order] = await t.db.select().from(paymentOrders).where(eq(paymentOrders.id, info.transactionCode));
          expect(order?.status).toBe('SUCCESS');
        },
        { timeout: 15_000, interval: 100 },
      );
    } finally {
      await restarted.close();
    }
    expect((await wallet(t, operatorId)) - before).toBe(70_000);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });
});
