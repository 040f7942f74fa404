import { financialYearOf } from '@bhada/contracts/account/account';
import { istDay } from '@bhada/contracts/time';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { insertConsigner, insertOperator, insertVehicle } from '../../../../test/factories.ts';
import { paymentOrders, trips } from '../../../db/schema/index.ts';
import { accounts } from '../ledger/accounts.ts';
import { balanceOf } from '../ledger/ledger.service.ts';
import { type Info, PAYMENT_ENV, pay } from './payments.test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(PAYMENT_ENV);
});
afterAll(async () => t.close());

type Balance = {
  tripId: string;
  freightInPaisa: number;
  tdsInPaisa: number;
  paidInPaisa: number;
  pendingInPaisa: number;
  balanceInPaisa: number;
};

/** A consigner with one trip of ₹45,000 freight (TDS ₹450, so ₹44,550 due) and a cancelled one. */
async function consignerWithTrip(freightPaisa = 4_500_000) {
  const { operatorId, owner } = await insertOperator(t.db);
  const vehicle = await insertVehicle(t.db, operatorId);
  const consigner = await insertConsigner(t.db);
  const tripId = `TRP-${consigner.consignerCode}`;
  const base = {
    operatorId,
    consignerCode: consigner.consignerCode,
    vehicleId: vehicle.id,
    driverName: 'Ramesh',
    driverPhone: '9876543210',
    originCity: 'Jaipur',
    destinationCity: 'Delhi',
  };
  await t.db.insert(trips).values({ ...base, id: tripId, demandId: `DEM-${tripId}`, agreedPricePaisa: freightPaisa });
  await t.db
    .insert(trips)
    .values({ ...base, id: `${tripId}-X`, demandId: `DEM-${tripId}-X`, agreedPricePaisa: 1_000_000, state: 'CANCELLED' });
  return { ...consigner, tripId, operatorId, operatorToken: owner.token, vehicleNumber: vehicle.number };
}

const balances = (token: string, code?: string) =>
  t.call({ method: 'GET', url: `/api/consigner/balance/trip${code ? `?code=${code}` : ''}`, token });

async function tripBalance(token: string, tripId: string): Promise<Balance> {
  const res = await balances(token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data.balances as Balance[]).find((b) => b.tripId === tripId) as Balance;
}

const createOrder = (token: string, payload: object) => t.call({ method: 'POST', url: '/api/consigner/pay/create-order', token, payload });
const ordersOf = async (code: string) => t.db.select().from(paymentOrders).where(eq(paymentOrders.payerId, code));

describe('GET balance/trip: what a consigner owes', () => {
  it('lists its live trips with freight, 1 % TDS, paid, at the bank and due; totals in paisa', async () => {
    const c = await consignerWithTrip();
    const res = await balances(c.user.token, c.consignerCode);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ userCode: c.consignerCode, totalBalanceInPaisa: 4_455_000, tdsAmount: 45_000 });
    expect(res.body.data.balances).toHaveLength(1); // the cancelled trip is not owed
    expect(res.body.data.balances[0]).toMatchObject({
      tripId: c.tripId,
      vehicleNumber: c.vehicleNumber,
      originCity: 'Jaipur',
      destinationCity: 'Delhi',
      freightInPaisa: 4_500_000,
      tdsInPaisa: 45_000,
      paidInPaisa: 0,
      pendingInPaisa: 0,
      balanceInPaisa: 4_455_000,
    });
  });

  it('withholds no TDS on a trip whose operator filed a TDS declaration covering the day, and lets the full freight be paid', async () => {
    const c = await consignerWithTrip();
    const today = istDay(new Date());
    const fy = financialYearOf(today).slice(0, 4);
    const filed = await t.call({
      method: 'POST',
      url: '/api/odin/operator-app/v1/profile/tds-declaration',
      token: c.operatorToken,
      payload: {
        name: 'Ramesh Kumar Sharma',
        fatherName: 'Suresh Chand Sharma',
        panNumber: 'ABCPK1234Q',
        street: '12 Transport Nagar',
        city: 'Jaipur',
        state: 'Rajasthan',
        pinCode: '302003',
        number: '9876543210',
        vehicleNumber: [c.vehicleNumber],
        currentDate: today,
        startDate: `${fy}-04-01`,
        endDate: `${Number(fy) + 1}-03-31`,
      },
    });
    expect(filed.status, JSON.stringify(filed.body)).toBe(200);
    expect(await tripBalance(c.user.token, c.tripId)).toMatchObject({ tdsInPaisa: 0, balanceInPaisa: 4_500_000 });
    const order = await createOrder(c.user.token, { tripId: c.tripId, amountInPaisa: 4_500_000 });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
  });

  it('withholds TDS again once the declaring operator holds more than ten goods carriages (ADR 230)', async () => {
    const c = await consignerWithTrip();
    const today = istDay(new Date());
    const fy = financialYearOf(today).slice(0, 4);
    const payload = {
      name: 'Ramesh Kumar Sharma',
      fatherName: 'Suresh Chand Sharma',
      panNumber: 'ABCPK1234Q',
      street: '12 Transport Nagar',
      city: 'Jaipur',
      state: 'Rajasthan',
      pinCode: '302003',
      number: '9876543210',
      vehicleNumber: [c.vehicleNumber],
      currentDate: today,
      startDate: `${fy}-04-01`,
      endDate: `${Number(fy) + 1}-03-31`,
    };
    const url = '/api/odin/operator-app/v1/profile/tds-declaration';
    expect((await t.call({ method: 'POST', url, token: c.operatorToken, payload })).status).toBe(200);
    expect(await tripBalance(c.user.token, c.tripId)).toMatchObject({ tdsInPaisa: 0 });
    for (let i = 0; i < 10; i++) await insertVehicle(t.db, c.operatorId);
    expect(await tripBalance(c.user.token, c.tripId)).toMatchObject({ tdsInPaisa: 45_000, balanceInPaisa: 4_455_000 });
  });

  it('TDS is rounded to the nearest rupee', async () => {
    const c = await consignerWithTrip(1_234_567); // ₹12,345.67 → TDS ₹123.4567 → ₹123
    expect(await tripBalance(c.user.token, c.tripId)).toMatchObject({ tdsInPaisa: 12_300, balanceInPaisa: 1_222_267 });
  });

  it("another consigner's code is not found; operators are refused", async () => {
    const c = await consignerWithTrip();
    const other = await insertConsigner(t.db, 'Other');
    expect((await balances(other.user.token, c.consignerCode)).status).toBe(404);
    expect((await balances(other.user.token)).body.data.balances).toEqual([]);
    expect((await balances(c.operatorToken)).status).toBe(403);
  });
});

describe('pay/create-order against the balance', () => {
  it('refuses more than is due with the message and stores no order', async () => {
    const c = await consignerWithTrip();
    const res = await createOrder(c.user.token, { tripId: c.tripId, amountInPaisa: 4_455_001 });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Amount is more than the balance due');
    const missing = await createOrder(c.user.token, { amountInPaisa: 100 });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('tripId');
    expect(await ordersOf(c.consignerCode)).toHaveLength(0);
  });

  it('a payment at the bank holds its amount; success moves it to paid; a failure frees it; paid in full → nothing due', async () => {
    const c = await consignerWithTrip();
    const first = (await createOrder(c.user.token, { tripId: c.tripId, amountInPaisa: 1_000_000 })).body.data as Info;
    await pay(t, c.user.token, c.user.userCode, first, { mode: 'NB', bank: 'SBI' }, 'PENDING');
    expect(await tripBalance(c.user.token, c.tripId)).toMatchObject({ pendingInPaisa: 1_000_000, balanceInPaisa: 3_455_000 });
    // what is at the bank cannot be paid twice
    expect((await createOrder(c.user.token, { tripId: c.tripId, amountInPaisa: 3_455_001 })).status).toBe(400);

    const second = (await createOrder(c.user.token, { tripId: c.tripId, amountInPaisa: 3_455_000 })).body.data as Info;
    await pay(t, c.user.token, c.user.userCode, second, { mode: 'UPI', vpa: 'fail@okaxis' }, 'FAILURE');
    expect(await tripBalance(c.user.token, c.tripId)).toMatchObject({ paidInPaisa: 0, balanceInPaisa: 3_455_000 });

    // Retry: a fresh order for the failed one's trip and amount
    const retried = await createOrder(c.user.token, { retry: second.transactionCode });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    const third = retried.body.data as Info & { amountInPaisa: number };
    expect(third.amountInPaisa).toBe(3_455_000);
    expect(third.transactionCode).not.toBe(second.transactionCode);
    const stored = (await ordersOf(c.consignerCode)).find((o) => o.id === third.transactionCode);
    expect(stored).toMatchObject({ referenceId: c.tripId, retryOf: second.transactionCode, purpose: 'CONSIGNER_TRIP' });
    await pay(t, c.user.token, c.user.userCode, third, { mode: 'UPI', vpa: 'success@okaxis' }, 'SUCCESS');
    expect(await tripBalance(c.user.token, c.tripId)).toMatchObject({
      paidInPaisa: 3_455_000,
      pendingInPaisa: 1_000_000,
      balanceInPaisa: 0,
    });
    expect(await balanceOf(t.db, accounts.consignerSettlement(c.tripId))).toBe(3_455_000);

    // the rest is held by the payment still at the bank (ADR 070)
    const nothing = await createOrder(c.user.token, { tripId: c.tripId, amountInPaisa: 100 });
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toBe('A payment for this trip is still in progress. Wait for it to finish, or try again in 15 minutes.');
    expect((await createOrder(c.user.token, { retry: second.transactionCode })).status).toBe(400);
  });

  it("retrying another consigner's order, or a wallet top-up, is not found", async () => {
    const c = await consignerWithTrip();
    const other = await consignerWithTrip();
    const theirs = (await createOrder(other.user.token, { tripId: other.tripId, amountInPaisa: 50_000 })).body.data as Info;
    expect((await createOrder(c.user.token, { retry: theirs.transactionCode })).status).toBe(404);
    expect((await createOrder(c.user.token, { retry: 'BHD000000000000NOPE' })).status).toBe(404);
    expect((await ordersOf(c.consignerCode)).length).toBe(0);
  });
});
