import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { fundWallet, insertOperator, insertSubordinate, insertVehicle } from '../../../../test/factories.ts';
import { hmac } from '../../../lib/crypto.ts';
import { accounts } from '../ledger/accounts.ts';
import { balanceOf, checkLedger } from '../ledger/ledger.service.ts';
import { deliverToll, fundTag, insertTag, tollEvent } from './fastag.test-helpers.ts';
import { autoTopUpAmount } from './toll-events.service.ts';
import { simulateTollCrossings } from './toll-simulator.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  // DROP DATABASE … WITH (FORCE) in the harness can hit pooled connections that are still closing;
  // without a listener that shutdown notice would surface as an uncaught error
  t.database.pool?.on('error', () => {});
  await t.close();
});

const wallet = (op: string) => balanceOf(t.db, accounts.operatorWallet(op));
const tag = (id: string) => balanceOf(t.db, accounts.fastag(id));

async function operatorWithTag(opts: Parameters<typeof insertTag>[3] = {}) {
  const { operatorId, owner } = await insertOperator(t.db);
  const vehicle = await insertVehicle(t.db, operatorId);
  const tagId = await insertTag(t.db, operatorId, vehicle.id, opts);
  return { operatorId, owner, vehicle, tagId };
}

describe('manual recharge', () => {
  it('100 concurrent ₹100 recharges against ₹5,000: exactly 50 succeed, the rest get the balance message', async () => {
    const { operatorId, owner, vehicle, tagId } = await operatorWithTag();
    await fundWallet(t.db, operatorId, 500_000);
    const results = await Promise.all(
      Array.from({ length: 100 }, () =>
        t.call({ method: 'POST', url: '/api/fastag/recharge', token: owner.token, payload: { tagId, amount: 100 } }),
      ),
    );
    const okResults = results.filter((r) => r.status === 200);
    expect(okResults).toHaveLength(50);
    expect(okResults[0]!.body.data.message).toBe(`Fastag Recharge successful for ${vehicle.number}.`);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(50);
    for (const r of refused) {
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('Recharge amount cannot be greater that wallet balance');
    }
    expect(await wallet(operatorId)).toBe(0);
    expect(await tag(tagId)).toBe(500_000);
    expect((await checkLedger(t.db)).ok).toBe(true);
  }, 60_000);

  it('refuses what is not an amount, and a repeated idempotency key debits once', async () => {
    const { operatorId, owner, tagId } = await operatorWithTag();
    await fundWallet(t.db, operatorId, 100_000);
    for (const amount of ['abc', -5, 0, '12.345']) {
      const bad = await t.call({ method: 'POST', url: '/api/fastag/recharge', token: owner.token, payload: { tagId, amount } });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Invalid amount');
    }
    const send = () =>
      t.call({
        method: 'POST',
        url: '/api/fastag/recharge',
        token: owner.token,
        headers: { 'idempotency-key': 'recharge-1' },
        payload: { tagId, amount: '250.50' },
      });
    const first = await send();
    const again = await send();
    expect(first.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect(first.body.data).toMatchObject({ fastagAmount: 250.5, walletBalance: 749.5 });
    expect(await wallet(operatorId)).toBe(74_950);
  });

  it("another operator's tag is not found, and a role without recharge permission is refused", async () => {
    const a = await operatorWithTag();
    const b = await operatorWithTag();
    await fundWallet(t.db, b.operatorId, 10_000);
    const res = await t.call({
      method: 'POST',
      url: '/api/fastag/recharge',
      token: b.owner.token,
      payload: { tagId: a.tagId, amount: 10 },
    });
    expect(res.status).toBe(404);
    const viewer = await insertSubordinate(t.db, b.operatorId, ['FASTAG_VIEW']);
    const denied = await t.call({
      method: 'POST',
      url: '/api/fastag/recharge',
      token: viewer.token,
      payload: { tagId: b.tagId, amount: 10 },
    });
    expect(denied.status).toBe(403);
    expect(await wallet(b.operatorId)).toBe(10_000);
  });
});

describe('auto-recharge settings (PUT /fastag/account)', () => {
  it('toggles, sets the minimum balance, and refuses a non-number', async () => {
    const { owner, vehicle, tagId } = await operatorWithTag();
    const toggle = await t.call({
      method: 'PUT',
      url: '/api/fastag/account',
      token: owner.token,
      payload: { id: tagId, recharge: true, minBal: 500 },
    });
    expect(toggle.status).toBe(200);
    expect(toggle.body.data).toMatchObject({
      success: true,
      message: 'Auto-Recharge updated successfully',
      autoRecharge: true,
      minBalance: 500,
    });

    const min = await t.call({
      method: 'PUT',
      url: '/api/fastag/account',
      token: owner.token,
      payload: { fastagId: tagId, minBalance: 1500, autoRechargeActivate: true },
    });
    expect(min.body.data).toMatchObject({
      message: `Auto-Recharge balance to be maintained updated for ${vehicle.number}.`,
      autoRecharge: true,
      minBalance: 1500,
    });
    const bad = await t.call({
      method: 'PUT',
      url: '/api/fastag/account',
      token: owner.token,
      payload: { fastagId: tagId, minBalance: 'lots', autoRechargeActivate: true },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Invalid amount');

    const off = await t.call({
      method: 'PUT',
      url: '/api/fastag/account',
      token: owner.token,
      payload: { id: tagId, recharge: false, minBal: null },
    });
    expect(off.body.data).toMatchObject({ autoRecharge: false, minBalance: 1500 });

    const other = await operatorWithTag();
    const foreign = await t.call({
      method: 'PUT',
      url: '/api/fastag/account',
      token: other.owner.token,
      payload: { id: tagId, recharge: true },
    });
    expect(foreign.status).toBe(404);
  });
});

describe('toll webhook', () => {
  it('a toll delivered three times is applied once', async () => {
    const { tagId } = await operatorWithTag();
    await fundTag(t.db, tagId, 100_000);
    const raw = JSON.stringify(tollEvent(tagId, { amount: 41_500 }));
    const replies = [await deliverToll(t, raw), await deliverToll(t, raw), await deliverToll(t, raw)];
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(replies.map((r) => r.body.data.duplicate)).toEqual([false, true, true]);
    expect(new Set(replies.map((r) => r.body.data.txnId)).size).toBe(1);
    expect(await tag(tagId)).toBe(100_000 - 41_500);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('concurrent duplicate deliveries are applied once', async () => {
    const { tagId } = await operatorWithTag();
    await fundTag(t.db, tagId, 100_000);
    const raw = JSON.stringify(tollEvent(tagId, { amount: 10_000 }));
    const replies = await Promise.all(Array.from({ length: 5 }, () => deliverToll(t, raw)));
    expect(replies.every((r) => r.status === 200)).toBe(true);
    expect(await tag(tagId)).toBe(90_000);
  });

  it('a bad signature, an unknown tag or a malformed event changes nothing', async () => {
    const { tagId } = await operatorWithTag();
    await fundTag(t.db, tagId, 50_000);
    const raw = JSON.stringify(tollEvent(tagId));
    const forged = await deliverToll(t, raw, 'deadbeef'.repeat(8));
    expect(forged.status).toBe(401);
    // the signature covers the exact bytes: the genuine signature on an altered body does not pass
    const genuine = hmac(t.config.TAG_ISSUER_SECRET, raw);
    const tampered = await deliverToll(t, raw.replace('41500', '100'), genuine);
    expect(tampered.status).toBe(401);
    expect(await tag(tagId)).toBe(50_000);
    const unknown = await deliverToll(t, JSON.stringify(tollEvent('TAGNOSUCHTAG')));
    expect(unknown.status).toBe(404);
    const malformed = await deliverToll(t, JSON.stringify({ eventId: 'x', tagId }));
    expect(malformed.status).toBe(400);
    expect(await tag(tagId)).toBe(50_000);
    // the genuine delivery still applies afterwards: refusals did not burn its event id
    expect((await deliverToll(t, raw, genuine)).status).toBe(200);
    expect(await tag(tagId)).toBe(50_000 - 41_500);
  });

  it('a toll the tag cannot cover is declined: a failed row, nothing moves, the owner is alerted', async () => {
    const { operatorId, owner, vehicle, tagId } = await operatorWithTag();
    await fundTag(t.db, tagId, 5_000);
    const res = await deliverToll(t, JSON.stringify(tollEvent(tagId, { amount: 41_500 })));
    expect(res.body.data.status).toBe('FAILED');
    expect(await tag(tagId)).toBe(5_000);
    const list = await t.call({ method: 'GET', url: `/api/fastag/transactions/v3/${vehicle.id}`, token: owner.token });
    expect(list.body.data.list.filter((r: { kind: string }) => r.kind === 'TOLL')).toHaveLength(0);
    expect(t.app.notifier.list().some((m) => m.kind === 'LOW_BALANCE' && m.text.includes(vehicle.number))).toBe(true);
    expect(await wallet(operatorId)).toBe(0);
  });
});

describe('automatic recharge', () => {
  it('the rule: up to the minimum plus the recharge amount (default: the minimum again), capped by the wallet', () => {
    const tagCfg = { minBalancePaisa: 50_000, rechargeAmountPaisa: null };
    expect(autoTopUpAmount(tagCfg, 40_000, 1_000_000)).toEqual({ amount: 60_000, short: false, wanted: 60_000 });
    expect(autoTopUpAmount({ ...tagCfg, rechargeAmountPaisa: 20_000 }, 40_000, 1_000_000).amount).toBe(30_000);
    expect(autoTopUpAmount(tagCfg, 40_000, 25_000)).toEqual({ amount: 25_000, short: true, wanted: 60_000 });
    expect(autoTopUpAmount(tagCfg, 50_000, 1_000_000).amount).toBe(0);
  });

  it('a toll that drops an auto-recharge tag below its minimum tops it up from the wallet in the same transaction', async () => {
    const { operatorId, owner, vehicle, tagId } = await operatorWithTag({ autoRecharge: true, minBalancePaisa: 50_000 });
    await fundWallet(t.db, operatorId, 1_000_000);
    await fundTag(t.db, tagId, 60_000);
    const res = await deliverToll(t, JSON.stringify(tollEvent(tagId, { amount: 20_000 })));
    expect(res.body.data.status).toBe('SUCCESS');
    // 40,000 left < 50,000 → top up 50,000 − 40,000 + 50,000 = 60,000
    expect(await tag(tagId)).toBe(100_000);
    expect(await wallet(operatorId)).toBe(940_000);
    const list = await t.call({ method: 'GET', url: `/api/fastag/transactions/v3/${vehicle.id}`, token: owner.token });
    const kinds = list.body.data.list.map((r: { kind: string }) => r.kind);
    expect(kinds).toEqual(expect.arrayContaining(['TOLL', 'AUTO_RECHARGE']));
    const auto = list.body.data.list.find((r: { kind: string }) => r.kind === 'AUTO_RECHARGE');
    expect(auto).toMatchObject({ type: 'CREDIT', amount: 600, openingBalance: 400, closingBalance: 1000 });
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('with an empty wallet it alerts the operator and nothing goes negative', async () => {
    const { operatorId, vehicle, tagId } = await operatorWithTag({ autoRecharge: true, minBalancePaisa: 50_000 });
    await fundTag(t.db, tagId, 60_000);
    const before = t.app.notifier.list().length;
    const res = await deliverToll(t, JSON.stringify(tollEvent(tagId, { amount: 20_000 })));
    expect(res.body.data.status).toBe('SUCCESS');
    expect(await tag(tagId)).toBe(40_000);
    expect(await wallet(operatorId)).toBe(0);
    const sent = t.app.notifier.list();
    expect(sent.length).toBe(before + 1);
    expect(sent[0]).toMatchObject({ kind: 'LOW_BALANCE', channel: 'sms' });
    expect(sent[0]!.text).toContain(vehicle.number);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });
});

describe('reads and disputes', () => {
  it('lists tagged vehicles with search, an overview, typed transactions and one-click disputes', async () => {
    const { operatorId, owner, vehicle, tagId } = await operatorWithTag({ tagClass: 7 });
    const second = await insertVehicle(t.db, operatorId, { number: 'PB10ZZ4321' });
    await insertTag(t.db, operatorId, second.id, { tagClass: 4 });
    await fundWallet(t.db, operatorId, 200_000);
    await t.call({ method: 'POST', url: '/api/fastag/recharge', token: owner.token, payload: { tagId, amount: 1000 } });
    const toll = await deliverToll(t, JSON.stringify(tollEvent(tagId, { amount: 29_000, plaza: 'Panipat Toll Plaza (NH44)' })));

    const all = await t.call({ method: 'GET', url: '/api/fastag/vehicleWiseTagAmount', token: owner.token });
    expect(all.body.data.totalCount).toBe(2);
    const search = await t.call({ method: 'GET', url: '/api/fastag/vehicleWiseTagAmount?searchText=pb10 zz', token: owner.token });
    expect(search.body.data.list.map((r: { vehicleNumber: string }) => r.vehicleNumber)).toEqual(['PB10ZZ4321']);
    const row = all.body.data.list.find((r: { tagId: string }) => r.tagId === tagId);
    expect(row).toMatchObject({
      vehicleNumber: vehicle.number,
      tagClass: 7,
      fastagColor: 'green',
      fastagAmount: 710,
      lastTollName: 'Panipat Toll Plaza (NH44)',
      autoRecharge: false,
    });

    const overview = await t.call({ method: 'GET', url: `/api/fastag/txnOverview/${vehicle.id}`, token: owner.token });
    expect(overview.body.data).toMatchObject({ vehicleNumber: vehicle.number, txnCount: 2, totalAmount: 290 });
    expect(overview.body.data.serialNumber).toBeTruthy();

    const debits = await t.call({
      method: 'GET',
      url: `/api/fastag/transactions/v3/${vehicle.id}?transactionType=DEBIT`,
      token: owner.token,
    });
    expect(debits.body.data.totalCount).toBe(1);
    expect(debits.body.data.list[0]).toMatchObject({
      plaza: 'Panipat Toll Plaza (NH44)',
      type: 'DEBIT',
      amount: 290,
      openingBalance: 1000,
      closingBalance: 710,
      ticket: 0,
    });
    const credits = await t.call({
      method: 'GET',
      url: `/api/fastag/transactions/v3/${vehicle.id}?transactionType=CREDIT`,
      token: owner.token,
    });
    expect(credits.body.data.list[0]).toMatchObject({ kind: 'RECHARGE', amount: 1000 });

    const txnId = toll.body.data.txnId;
    const d1 = await t.call({ method: 'POST', url: `/api/fastag/transactions/${txnId}/dispute`, token: owner.token, payload: {} });
    const d2 = await t.call({ method: 'POST', url: `/api/fastag/transactions/${txnId}/dispute`, token: owner.token, payload: {} });
    expect(d1.body.data).toMatchObject({ ticket: 1, created: true });
    expect(d2.body.data).toMatchObject({ ticket: 1, created: false, ticketId: d1.body.data.ticketId });
    const after = await t.call({
      method: 'GET',
      url: `/api/fastag/transactions/v3/${vehicle.id}?transactionType=DEBIT`,
      token: owner.token,
    });
    expect(after.body.data.list[0].ticket).toBe(1);
    const recharge = credits.body.data.list[0].txnId;
    const notToll = await t.call({ method: 'POST', url: `/api/fastag/transactions/${recharge}/dispute`, token: owner.token, payload: {} });
    expect(notToll.status).toBe(400);
  });

  it("another operator's tag, transactions and disputes are not found", async () => {
    const a = await operatorWithTag();
    await fundTag(t.db, a.tagId, 100_000);
    const toll = await deliverToll(t, JSON.stringify(tollEvent(a.tagId, { amount: 1000 })));
    const b = await operatorWithTag();
    const list = await t.call({ method: 'GET', url: '/api/fastag/vehicleWiseTagAmount', token: b.owner.token });
    expect(list.body.data.list.map((r: { tagId: string }) => r.tagId)).toEqual([b.tagId]);
    for (const url of [`/api/fastag/txnOverview/${a.vehicle.id}`, `/api/fastag/transactions/v3/${a.vehicle.id}`]) {
      const res = await t.call({ method: 'GET', url, token: b.owner.token });
      expect(res.status).toBe(404);
    }
    const dispute = await t.call({
      method: 'POST',
      url: `/api/fastag/transactions/${toll.body.data.txnId}/dispute`,
      token: b.owner.token,
      payload: {},
    });
    expect(dispute.status).toBe(404);
    const unauth = await t.call({ method: 'GET', url: '/api/fastag/vehicleWiseTagAmount' });
    expect(unauth.status).toBe(401);
  });
});

describe('toll simulator', () => {
  it('posts realistic crossings through the signed webhook', async () => {
    const { operatorId, owner, vehicle, tagId } = await operatorWithTag({ tagClass: 12 });
    await fundTag(t.db, tagId, 1_000_000);
    const results = await simulateTollCrossings(t.db, {
      secret: t.config.TAG_ISSUER_SECRET,
      count: 3,
      operatorIds: [operatorId],
      deliver: async (raw, signature) => {
        const r = await deliverToll(t, raw, signature);
        return { status: r.status, body: r.body };
      },
    });
    expect(results).toHaveLength(1);
    expect(results[0]!.status).toBe(200);
    expect(results[0]!.event.plaza).toMatch(/Toll Plaza/);
    const list = await t.call({ method: 'GET', url: `/api/fastag/transactions/v3/${vehicle.id}`, token: owner.token });
    expect(list.body.data.totalCount).toBe(1);
  });
});
