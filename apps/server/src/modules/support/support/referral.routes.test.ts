import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { insertOperator, insertSubordinate, nextPhone } from '../../../../test/factories.ts';
import { asOperatorId } from '../../../lib/tenancy.ts';
import { accounts } from '../../money/ledger/accounts.ts';
import { balanceOf, checkLedger } from '../../money/ledger/ledger.service.ts';
import { rewardReferralOnFirstTrip } from './referral.service.ts';

// Referral (issue 14): the link, the public join form with its phone code (ADR 302) and the reward.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000', REFERRAL_REWARD_IN_PAISA: '50000', PUBLIC_URL: 'https://bhada.example' });
});
afterAll(() => t.close());

const count = async (table: string, where = 'true') => {
  const r = (await t.db.execute(sql.raw(`select count(*)::int as n from ${table} where ${where}`))) as unknown as {
    rows: Array<{ n: number }>;
  };
  return Number(r.rows[0]!.n);
};

/** The join form as its phone's owner sends it: the form asks for a code, the code arrives by SMS, the form joins. */
async function joinWithCode(form: Record<string, unknown>) {
  const asked = await t.call({ method: 'POST', url: '/api/shield/referral/form-submit', payload: form });
  expect(asked.status).toBe(200);
  expect(asked.body.data.status).toBe('CODE_SENT');
  return t.call({ method: 'POST', url: '/api/shield/referral/form-submit', payload: { ...form, otp: joinCodeSentTo(String(form.phone)) } });
}

function joinCodeSentTo(phone: string) {
  const sms = t.app.notifier.list(500).find((m) => m.kind === 'REFERRAL_CODE' && m.to === phone);
  const code = sms?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no join code sent to ${phone}`);
  return code;
}

describe('referral', () => {
  it("takes a number only when its owner enters the code sent to it, so nobody claims another's number", async () => {
    const squatter = await insertOperator(t.db);
    const honest = await insertOperator(t.db);
    const codeOf = async (op: { owner: { token: string } }) =>
      (await t.call({ method: 'GET', url: '/api/shield/referral/link', token: op.owner.token })).body.data.code as string;
    const phone = nextPhone();
    const form = { name: 'Ramesh Roadlines', phone, city: 'Kota', fleetSize: 3 };
    // the squatter fills in someone else's number: a code goes to that phone, nothing is taken
    const asked = await t.call({
      method: 'POST',
      url: '/api/shield/referral/form-submit',
      payload: { ...form, code: await codeOf(squatter) },
    });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ data: { status: 'CODE_SENT' }, message: 'We sent a code to this number. Enter it to join.' });
    expect(await count('referrals', `phone = '${phone}'`)).toBe(0);
    const real = joinCodeSentTo(phone);
    const wrong = real === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const guess = await t.call({
        method: 'POST',
        url: '/api/shield/referral/form-submit',
        payload: { ...form, code: await codeOf(squatter), otp: wrong },
      });
      expect(guess.status).toBe(400);
      expect(guess.body.field).toBe('otp');
    }
    // five wrong tries spend the code: even the right one no longer joins
    const late = await t.call({
      method: 'POST',
      url: '/api/shield/referral/form-submit',
      payload: { ...form, code: await codeOf(squatter), otp: real },
    });
    expect(late.status).toBe(400);
    expect(await count('referrals', `phone = '${phone}'`)).toBe(0);
    // a malformed code is a clear 400 that changes nothing
    const bad = await t.call({
      method: 'POST',
      url: '/api/shield/referral/form-submit',
      payload: { ...form, code: await codeOf(honest), otp: '12ab' },
    });
    expect(bad.status).toBe(400);

    // the phone's owner joins through the link they chose, with the code they received
    const joined = await joinWithCode({ ...form, code: await codeOf(honest) });
    expect(joined.body.data.status).toBe('JOINED');
    const rows = await t.database.sql.query<{ referrer_operator_id: string }>(
      `select referrer_operator_id from referrals where phone = '${phone}'`,
    );
    expect(rows.rows.map((r) => r.referrer_operator_id)).toEqual([honest.operatorId]);

    // codes asked for one number are bounded
    const other = nextPhone();
    const again = { ...form, phone: other, code: await codeOf(honest) };
    for (let i = 0; i < 3; i++)
      expect((await t.call({ method: 'POST', url: '/api/shield/referral/form-submit', payload: again })).status).toBe(200);
    const limited = await t.call({ method: 'POST', url: '/api/shield/referral/form-submit', payload: again });
    expect(limited.status).toBe(400);
    expect(limited.body.message).toBe('Too many codes asked for this number. Try again in 15 minutes.');
  });

  it('gives a code, link and Hindi invitation; the join form takes a number once; the reward is credited once', async () => {
    const referrer = await insertOperator(t.db);
    const sub = await insertSubordinate(t.db, referrer.operatorId, []);
    expect((await t.call({ method: 'GET', url: '/api/shield/referral/link', token: sub.token })).status).toBe(403);
    const link = await t.call({ method: 'GET', url: '/api/shield/referral/link', token: referrer.owner.token });
    expect(link.status).toBe(200);
    const { code } = link.body.data;
    expect(link.body.data.link).toBe(`https://bhada.example/web-view/referral/join?code=${code}`);
    expect(link.body.data.message).toContain(link.body.data.link);
    expect(link.body.data.message).toMatch(/[\u0900-\u097F]/);
    expect((await t.call({ method: 'GET', url: '/api/shield/referral/link', token: referrer.owner.token })).body.data.code).toBe(code);

    const phone = nextPhone();
    const form = { code, name: 'Suresh Transport', phone, city: 'Ajmer', fleetSize: 6 };
    expect((await t.call({ method: 'POST', url: '/api/shield/referral/form-submit', payload: { ...form, code: 'BHNOPE12' } })).status).toBe(
      400,
    );
    expect((await t.call({ method: 'POST', url: '/api/shield/referral/form-submit', payload: { ...form, phone: '12345' } })).status).toBe(
      400,
    );
    const own = await t.call({
      method: 'POST',
      url: '/api/shield/referral/form-submit',
      payload: { ...form, phone: referrer.owner.phone },
    });
    expect(own.status).toBe(400);
    expect(own.body.message).toBe('You cannot use your own referral link');
    expect(await count('referrals', `referrer_operator_id = '${referrer.operatorId}'`)).toBe(0);
    const joined = await joinWithCode(form);
    expect(joined.status).toBe(200);
    expect(joined.body.data.status).toBe('JOINED');
    expect((await t.call({ method: 'POST', url: '/api/shield/referral/form-submit', payload: form })).status).toBe(400);
    // before the number has an account the referrer's list says JOINED, not REGISTERED
    const listed = await t.call({ method: 'GET', url: '/api/shield/referral/link', token: referrer.owner.token });
    expect(listed.body.data.referrals.map((r: { status: string }) => r.status)).toEqual(['JOINED']);

    // the referred operator signs up and completes two trips at the same moment
    const referred = await insertOperator(t.db, { phone });
    const wallet = accounts.operatorWallet(referrer.operatorId);
    const before = await balanceOf(t.db, wallet);
    const results = await Promise.all([
      rewardReferralOnFirstTrip(t.app.ctx, { operatorId: asOperatorId(referred.operatorId) }),
      rewardReferralOnFirstTrip(t.app.ctx, { operatorId: asOperatorId(referred.operatorId) }),
    ]);
    expect(results.filter((r) => r.credited)).toHaveLength(1);
    expect(await balanceOf(t.db, wallet)).toBe(before + 50_000);
    await rewardReferralOnFirstTrip(t.app.ctx, { operatorId: asOperatorId(referred.operatorId) });
    expect(await balanceOf(t.db, wallet)).toBe(before + 50_000);
    expect(await count('journal_entries', `kind = 'REFERRAL_REWARD' and reference_id = '${joined.body.data.referralId}'`)).toBe(1);
    // an operator nobody referred earns nobody anything
    const stranger = await insertOperator(t.db);
    expect((await rewardReferralOnFirstTrip(t.app.ctx, { operatorId: asOperatorId(stranger.operatorId) })).credited).toBe(false);
    expect((await checkLedger(t.db)).ok).toBe(true);

    const earn = await t.call({ method: 'GET', url: '/api/shield/referral/link', token: referrer.owner.token });
    expect(earn.body.data.earnedInPaisa).toBe(50_000);
    expect(earn.body.data.referrals[0]).toMatchObject({ name: 'Suresh Transport', status: 'REWARDED', rewardInPaisa: 50_000 });
    expect(earn.body.data.referrals[0].phone).not.toBe(phone);
  });
});
