import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { fundWallet, insertAdmin, insertConsigner, insertOperator, insertSubordinate } from '../../../../test/factories.ts';
import { journalEntries, membershipInterests, membershipOrders, memberships } from '../../../db/schema/index.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';
import { accounts } from '../ledger/accounts.ts';
import { balanceOf, checkLedger } from '../ledger/ledger.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const CONFIG = '/api/rest/tesseract/v1/config/subscription';
const SUBSCRIBE = '/api/rest/tesseract/v1/profile/subscribe';
const ORDER = '/api/odin/v2/operator-subscription';
const PAY = '/api/odin/v2/submit-payment';
const DAY = 86_400_000;
const PRICE = 99_900;

const wallet = (operatorId: string) => balanceOf(t.db, accounts.operatorWallet(operatorId));
const revenue = () => balanceOf(t.db, accounts.membershipRevenue);
const membershipOf = async (operatorId: OperatorId) =>
  (await t.db.select().from(memberships).where(eq(memberships.operatorId, operatorId)))[0];
const paymentsOf = (orderId: string) =>
  t.db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.kind, 'MEMBERSHIP_PAYMENT'), eq(journalEntries.referenceId, orderId)));

const order = (token: string) => t.call({ method: 'POST', url: ORDER, token });
const pay = (token: string, orderId: string, key?: string) =>
  t.call({ method: 'POST', url: PAY, token, payload: { orderId }, headers: key ? { 'idempotency-key': key } : {} });

/** An operator with this much in its wallet and its open order. */
async function operatorWithOrder(walletPaisa: number) {
  const op = await insertOperator(t.db);
  if (walletPaisa > 0) await fundWallet(t.db, op.operatorId, walletPaisa);
  const created = await order(op.owner.token);
  expect(created.status).toBe(200);
  return { ...op, orderId: created.body.data.orderId as string };
}

describe('membership plan and status', () => {
  it('shows the plan at its default price and no membership for a new operator', async () => {
    const op = await insertOperator(t.db);
    const res = await t.call({ method: 'GET', url: CONFIG, token: op.owner.token });
    expect(res.status).toBe(200);
    expect(res.body.data.plan).toMatchObject({
      subscriptionTitle: 'Bhada Membership',
      subscriptionAmountInPaisa: PRICE,
      validityDays: 365,
    });
    expect(res.body.data.plan.benefits.length).toBeGreaterThan(0);
    // a Hindi reader reads the plan's title in Hindi (ADR 147)
    const hi = await t.call({ method: 'GET', url: CONFIG, token: op.owner.token, headers: { locale: 'hi' } });
    expect(hi.body.data.plan.subscriptionTitle).toBe('भाड़ा सदस्यता');
    expect(res.body.data.membership).toEqual({
      status: 'NONE',
      subscribed: false,
      activeFrom: null,
      activeUntil: null,
      daysLeft: 0,
      canPay: true,
      renewFrom: null,
    });
    expect(res.body.data.openOrder).toBeNull();
  });

  it('takes the plan from the settings', async () => {
    const other = await createTestApp({
      SUBSCRIPTION_TITLE: 'Bhada Gold',
      SUBSCRIPTION_AMOUNT_IN_PAISA: '49900',
      SUBSCRIPTION_VALIDITY_DAYS: '180',
    });
    try {
      const op = await insertOperator(other.db);
      const res = await other.call({ method: 'GET', url: CONFIG, token: op.owner.token });
      expect(res.body.data.plan).toMatchObject({ subscriptionTitle: 'Bhada Gold', subscriptionAmountInPaisa: 49_900, validityDays: 180 });
      const created = await other.call({ method: 'POST', url: ORDER, token: op.owner.token });
      expect(created.body.data).toMatchObject({ subscriptionAmountInPaisa: 49_900, validityDays: 180, status: 'OPEN' });
    } finally {
      await other.close();
    }
  });
});

describe('profile/subscribe', () => {
  it('records the medium once and answers the same on a repeat', async () => {
    const op = await insertOperator(t.db);
    const first = await t.call({ method: 'POST', url: SUBSCRIBE, token: op.owner.token, payload: { medium: 'side_menu' } });
    const second = await t.call({ method: 'POST', url: SUBSCRIBE, token: op.owner.token, payload: { medium: 'SIDE_MENU' } });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({
      medium: 'SIDE_MENU',
      subscribed: false,
      canPay: true,
      redirect: '/app/caraxes/marketplace/subscription-page?source=SIDE_MENU',
      subscriptionValidity: null,
    });
    expect(second.body.data).toEqual(first.body.data);
    const rows = await t.db.select().from(membershipInterests).where(eq(membershipInterests.operatorId, op.operatorId));
    expect(rows.map((r) => r.medium)).toEqual(['SIDE_MENU']);
  });

  it('sends an active member to the status screen', async () => {
    const op = await insertOperator(t.db);
    const until = new Date(Date.now() + 200 * DAY);
    await t.db.insert(memberships).values({ operatorId: op.operatorId, activeFrom: new Date(), activeUntil: until });
    const res = await t.call({ method: 'POST', url: SUBSCRIBE, token: op.owner.token, payload: { medium: 'BANNER' } });
    expect(res.body.data).toMatchObject({ subscribed: true, canPay: false, subscriptionValidity: until.toISOString() });
    expect(res.body.data.redirect).toBe(
      `/app/caraxes/marketplace/subscription-status?screen=ACTIVE&validity=${encodeURIComponent(until.toISOString())}`,
    );
  });

  it('refuses a bad medium with 400 and records nothing', async () => {
    const op = await insertOperator(t.db);
    for (const payload of [{ medium: 'x' }, { medium: 'a b!' }, { medium: 42 }, {}]) {
      const res = await t.call({ method: 'POST', url: SUBSCRIBE, token: op.owner.token, payload });
      expect(res.status).toBe(400);
      expect(res.body.errorCode).toBe('VALIDATION_FAILED');
    }
    expect(await t.db.select().from(membershipInterests).where(eq(membershipInterests.operatorId, op.operatorId))).toEqual([]);
  });
});

describe('buying the membership from the wallet', () => {
  it('reuses the open order, pays it once for a repeated key and extends validity by the plan', async () => {
    const op = await operatorWithOrder(1_500_00);
    const again = await order(op.owner.token);
    expect(again.body.data.orderId).toBe(op.orderId);
    const config = await t.call({ method: 'GET', url: CONFIG, token: op.owner.token });
    expect(config.body.data.openOrder).toMatchObject({ orderId: op.orderId, status: 'OPEN', subscriptionAmountInPaisa: PRICE });
    const revenueBefore = await revenue();

    const before = Date.now();
    const first = await pay(op.owner.token, op.orderId, 'm-1');
    const second = await pay(op.owner.token, op.orderId, 'm-1');
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ orderId: op.orderId, transactionStatus: 'SUCCESS', balanceInPaisa: 1_500_00 - PRICE });
    expect(first.body.message).toBe('Membership payment successful');
    expect(second.body.data).toEqual(first.body.data);
    // a fresh key for the same order finds it paid
    const third = await pay(op.owner.token, op.orderId, 'm-2');
    expect(third.body.data).toMatchObject({ transactionStatus: 'SUCCESS', subscriptionValidity: first.body.data.subscriptionValidity });

    expect(await wallet(op.operatorId)).toBe(1_500_00 - PRICE);
    expect((await revenue()) - revenueBefore).toBe(PRICE);
    expect(await paymentsOf(op.orderId)).toHaveLength(1);
    const until = new Date(first.body.data.subscriptionValidity).getTime();
    expect(until).toBeGreaterThanOrEqual(before + 365 * DAY);
    expect(until).toBeLessThanOrEqual(Date.now() + 365 * DAY);
    expect((await membershipOf(op.operatorId))!.activeUntil.getTime()).toBe(until);

    const after = await t.call({ method: 'GET', url: CONFIG, token: op.owner.token });
    expect(after.body.data.membership).toMatchObject({
      status: 'ACTIVE',
      subscribed: true,
      activeUntil: first.body.data.subscriptionValidity,
      daysLeft: 365,
      canPay: false,
    });
    expect(after.body.data.openOrder).toBeNull();
    // a member with most of a year left cannot buy again by mistake
    const early = await order(op.owner.token);
    expect(early.status).toBe(400);
    expect(early.body.errorCode).toBe('MEMBERSHIP_ALREADY_ACTIVE');
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('four payments raced at once debit once and extend once', async () => {
    const op = await operatorWithOrder(3_000_00);
    const results = await Promise.all([
      pay(op.owner.token, op.orderId, 'race'),
      pay(op.owner.token, op.orderId, 'race'),
      pay(op.owner.token, op.orderId),
      pay(op.owner.token, op.orderId, 'race-other'),
    ]);
    for (const r of results) {
      expect(r.status).toBe(200);
      expect(r.body.data.transactionStatus).toBe('SUCCESS');
    }
    expect(new Set(results.map((r) => r.body.data.subscriptionValidity)).size).toBe(1);
    expect(await wallet(op.operatorId)).toBe(3_000_00 - PRICE);
    expect(await paymentsOf(op.orderId)).toHaveLength(1);
    const until = (await membershipOf(op.operatorId))!.activeUntil.getTime();
    expect(until - Date.now()).toBeLessThanOrEqual(365 * DAY);
    expect(until - Date.now()).toBeGreaterThan(364 * DAY);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('a short wallet changes nothing and says how much to add; the same order pays once money is added', async () => {
    const op = await operatorWithOrder(500_00);
    const short = await pay(op.owner.token, op.orderId, 'short-1');
    expect(short.status).toBe(400);
    expect(short.body.errorCode).toBe('INSUFFICIENT_BALANCE');
    expect(short.body.message).toBe(
      'Insufficient wallet balance. Your wallet has ₹500 and membership costs ₹999. Please add ₹499 to your wallet.',
    );
    expect(await wallet(op.operatorId)).toBe(500_00);
    expect(await membershipOf(op.operatorId)).toBeUndefined();
    expect(await paymentsOf(op.orderId)).toEqual([]);
    const [row] = await t.db.select().from(membershipOrders).where(eq(membershipOrders.id, op.orderId));
    expect(row!.status).toBe('OPEN');

    await fundWallet(t.db, op.operatorId, 500_00);
    // the refused attempt kept no answer under its key
    const paid = await pay(op.owner.token, op.orderId, 'short-1');
    expect(paid.body.data).toMatchObject({ transactionStatus: 'SUCCESS', balanceInPaisa: 1_000_00 - PRICE });
  });

  it('renewal in the last 30 days extends from the current end; after a lapse from now', async () => {
    const renewing = await insertOperator(t.db);
    const end = new Date(Date.now() + 10 * DAY);
    const from = new Date(Date.now() - 355 * DAY);
    await t.db.insert(memberships).values({ operatorId: renewing.operatorId, activeFrom: from, activeUntil: end });
    await fundWallet(t.db, renewing.operatorId, PRICE);
    const o1 = await order(renewing.owner.token);
    const r1 = await pay(renewing.owner.token, o1.body.data.orderId);
    expect(r1.body.data.subscriptionValidity).toBe(new Date(end.getTime() + 365 * DAY).toISOString());
    expect((await membershipOf(renewing.operatorId))!.activeFrom.getTime()).toBe(from.getTime());

    const lapsed = await insertOperator(t.db);
    await t.db
      .insert(memberships)
      .values({ operatorId: lapsed.operatorId, activeFrom: new Date(Date.now() - 400 * DAY), activeUntil: new Date(Date.now() - 5 * DAY) });
    const lapsedConfig = await t.call({ method: 'GET', url: CONFIG, token: lapsed.owner.token });
    expect(lapsedConfig.body.data.membership).toMatchObject({ status: 'EXPIRED', subscribed: false, canPay: true, daysLeft: 0 });
    await fundWallet(t.db, lapsed.operatorId, PRICE);
    const before = Date.now();
    const o2 = await order(lapsed.owner.token);
    const r2 = await pay(lapsed.owner.token, o2.body.data.orderId);
    expect(new Date(r2.body.data.subscriptionValidity).getTime()).toBeGreaterThanOrEqual(before + 365 * DAY);
    expect((await membershipOf(lapsed.operatorId))!.activeFrom.getTime()).toBeGreaterThanOrEqual(before);
  });

  it('an order past its time ends as FAILURE without taking money, and a new order replaces it', async () => {
    const op = await operatorWithOrder(2_000_00);
    await t.db
      .update(membershipOrders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(membershipOrders.id, op.orderId));
    const res = await pay(op.owner.token, op.orderId);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ transactionStatus: 'FAILURE', subscriptionValidity: null, balanceInPaisa: 2_000_00 });
    expect(await wallet(op.operatorId)).toBe(2_000_00);
    const fresh = await order(op.owner.token);
    expect(fresh.body.data.orderId).not.toBe(op.orderId);
    expect((await pay(op.owner.token, fresh.body.data.orderId)).body.data.transactionStatus).toBe('SUCCESS');
  });
});

describe('who may buy', () => {
  it('consigners and admin get 403 on every call', async () => {
    const { user: consigner } = await insertConsigner(t.db);
    const admin = await insertAdmin(t.db);
    const op = await operatorWithOrder(0);
    for (const token of [consigner.token, admin.token]) {
      expect((await t.call({ method: 'GET', url: CONFIG, token })).status).toBe(403);
      expect((await t.call({ method: 'POST', url: SUBSCRIBE, token, payload: { medium: 'WEB' } })).status).toBe(403);
      expect((await order(token)).status).toBe(403);
      expect((await pay(token, op.orderId)).status).toBe(403);
    }
    expect((await t.call({ method: 'GET', url: CONFIG })).status).toBe(401);
  });

  it('a subordinate sees the plan; paying needs the wallet payment permission and debits the operator', async () => {
    const op = await operatorWithOrder(1_000_00);
    const viewer = await insertSubordinate(t.db, op.operatorId, ['WALLET_VIEW']);
    expect((await t.call({ method: 'GET', url: CONFIG, token: viewer.token })).status).toBe(200);
    expect((await pay(viewer.token, op.orderId)).status).toBe(403);
    expect((await order(viewer.token)).status).toBe(403);
    expect(await wallet(op.operatorId)).toBe(1_000_00);

    const accounts = await insertSubordinate(t.db, op.operatorId, ['WALLET_VIEW', 'WALLET_ADD_MONEY']);
    const paid = await pay(accounts.token, op.orderId);
    expect(paid.body.data.transactionStatus).toBe('SUCCESS');
    expect(await wallet(op.operatorId)).toBe(1_000_00 - PRICE);
    const [row] = await t.db.select().from(membershipOrders).where(eq(membershipOrders.id, op.orderId));
    expect(row).toMatchObject({ status: 'PAID', paidBy: accounts.userId });
  });

  it("another operator can neither see nor pay someone's order", async () => {
    const owner = await operatorWithOrder(2_000_00);
    const other = await insertOperator(t.db);
    await fundWallet(t.db, other.operatorId, 2_000_00);
    const res = await pay(other.owner.token, owner.orderId);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Membership order not found');
    const seen = await t.call({ method: 'GET', url: CONFIG, token: other.owner.token });
    expect(seen.body.data.openOrder).toBeNull();
    expect(await wallet(owner.operatorId)).toBe(2_000_00);
    expect(await wallet(other.operatorId)).toBe(2_000_00);
    const [row] = await t.db.select().from(membershipOrders).where(eq(membershipOrders.id, owner.orderId));
    expect(row!.status).toBe('OPEN');
  });

  it('bad submit-payment bodies are 400 and change nothing', async () => {
    const op = await operatorWithOrder(2_000_00);
    for (const payload of [{}, { orderId: '' }, { orderId: 12 }, { orderId: 'x'.repeat(41) }]) {
      const res = await t.call({ method: 'POST', url: PAY, token: op.owner.token, payload });
      expect(res.status).toBe(400);
      expect(res.body.errorCode).toBe('VALIDATION_FAILED');
    }
    expect((await pay(op.owner.token, 'MBR-NOPE')).status).toBe(404);
    expect(await wallet(op.operatorId)).toBe(2_000_00);
  });
});
