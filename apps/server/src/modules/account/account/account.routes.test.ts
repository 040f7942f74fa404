import { gstinCheckChar, isValidGstin, POLICY_VERSIONS } from '@bhada/contracts/account/account';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { insertAdmin, insertConsigner, insertOperator, insertSubordinate, insertVehicle } from '../../../../test/factories.ts';
import { clientEvents, operatorProfiles, policyAcceptances, userSettings, users } from '../../../db/schema/index.ts';
import { asOperatorId } from '../../../lib/tenancy.ts';
import { insertTrip } from '../../trips/trips/trips.test-factory.ts';
import { notificationAllowed } from './account.service.ts';
import { pendingPolicies } from './policy.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const V1 = '/api/rest/tesseract/v1';
const PAN = 'ABCDE1234F';
const GSTIN_BASE = `08${PAN}1Z`;
const GSTIN = GSTIN_BASE + gstinCheckChar(GSTIN_BASE);

describe('field rules', () => {
  it('checks the GSTIN check digit', () => {
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(isValidGstin('27AAPFU0939F1ZA')).toBe(false);
    expect(isValidGstin(GSTIN)).toBe(true);
    expect(isValidGstin('27AAPFU0939F1Z')).toBe(false);
  });
});

describe('profile', () => {
  it('shows my company, owner, phone and fleet, and the defaults', async () => {
    const op = await insertOperator(t.db, { name: 'Sharma Roadlines' });
    await insertVehicle(t.db, op.operatorId);
    const res = await t.call({ method: 'GET', url: `${V1}/profile`, token: op.owner.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      operatorId: op.operatorId,
      phone: op.owner.phone,
      fleetSize: 1,
      operative: true,
      verification: 'PENDING',
      gstin: null,
      pan: null,
      bank: null,
      tdsDeclared: false,
      undertakingDeclared: false,
      membership: { active: false, activeUntil: null },
    });
  });

  it('saves PAN, GSTIN, bank account and email, masks the account number and verifies the account', async () => {
    const op = await insertOperator(t.db);
    await insertVehicle(t.db, op.operatorId);
    const res = await t.call({
      method: 'PUT',
      url: `${V1}/profile`,
      token: op.owner.token,
      payload: {
        pan: 'abcde1234f',
        gstin: GSTIN.toLowerCase(),
        email: 'Owner@Sharma.in',
        bank: { accountName: 'Sharma Roadlines', accountNumber: '001234567890', ifsc: 'sbin0001234' },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Profile updated successfully');
    expect(res.body.data).toMatchObject({
      pan: PAN,
      gstin: GSTIN,
      email: 'owner@sharma.in',
      bank: { accountName: 'Sharma Roadlines', accountNumberMasked: 'XXXXXXXX7890', ifsc: 'SBIN0001234' },
      verification: 'VERIFIED',
    });
  });

  it.each([
    [{ pan: 'ABCD1234F' }, 'pan'],
    [{ pan: 'ABCDE12345' }, 'pan'],
    [{ gstin: '08ABCDE1234F1ZA' === GSTIN ? '08ABCDE1234F1ZB' : '08ABCDE1234F1ZA' }, 'gstin'],
    [{ gstin: '08ABCDE1234F1Z' }, 'gstin'],
    [{ email: 'owner@sharma' }, 'email'],
    [{ bank: { accountName: 'Sharma', accountNumber: '001234567890', ifsc: 'SBIN1001234' } }, 'bank.ifsc'],
    [{ bank: { accountName: 'Sharma', accountNumber: '12AB', ifsc: 'SBIN0001234' } }, 'bank.accountNumber'],
  ])('refuses %j with 400 naming the field, and stores nothing', async (payload, field) => {
    const op = await insertOperator(t.db);
    const res = await t.call({
      method: 'PUT',
      url: `${V1}/profile`,
      token: op.owner.token,
      payload: { companyName: 'Changed Co', ...payload },
    });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    expect(await t.db.select().from(operatorProfiles).where(eq(operatorProfiles.operatorId, op.operatorId))).toEqual([]);
    const after = await t.call({ method: 'GET', url: `${V1}/profile`, token: op.owner.token });
    expect(after.body.data.companyName).not.toBe('Changed Co');
  });

  it('refuses a GSTIN that does not carry my PAN', async () => {
    const op = await insertOperator(t.db);
    const other = `08ZZZZZ9999Z1Z`;
    const res = await t.call({
      method: 'PUT',
      url: `${V1}/profile`,
      token: op.owner.token,
      payload: { pan: PAN, gstin: other + gstinCheckChar(other) },
    });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('gstin');
  });

  it('pauses and resumes taking loads', async () => {
    const op = await insertOperator(t.db);
    const off = await t.call({ method: 'PATCH', url: `${V1}/profile/operative`, token: op.owner.token, payload: { operative: false } });
    expect(off.body.data.operative).toBe(false);
    const on = await t.call({ method: 'PATCH', url: `${V1}/profile/operative`, token: op.owner.token, payload: { operative: true } });
    expect(on.body.data.operative).toBe(true);
  });

  it('refuses a subordinate without ACCOUNT_MANAGE, a consigner and nobody; a subordinate with it sees the profile', async () => {
    const op = await insertOperator(t.db);
    const without = await insertSubordinate(t.db, op.operatorId, ['LOADS_VIEW']);
    const withIt = await insertSubordinate(t.db, op.operatorId, ['ACCOUNT_MANAGE']);
    const consigner = await insertConsigner(t.db);
    expect((await t.call({ method: 'GET', url: `${V1}/profile`, token: without.token })).status).toBe(403);
    expect((await t.call({ method: 'PUT', url: `${V1}/profile`, token: without.token, payload: { pan: PAN } })).status).toBe(403);
    expect((await t.call({ method: 'GET', url: `${V1}/profile`, token: consigner.user.token })).status).toBe(403);
    expect((await t.call({ method: 'GET', url: `${V1}/profile` })).status).toBe(401);
    const seen = await t.call({ method: 'GET', url: `${V1}/profile`, token: withIt.token });
    expect(seen.body.data.operatorId).toBe(op.operatorId);
  });

  it('stops onboarding messages', async () => {
    const op = await insertOperator(t.db);
    const res = await t.call({ method: 'POST', url: `${V1}/profile/onboarding/unsubsribe`, token: op.owner.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ unsubscribed: true });
    const [row] = await t.db.select().from(operatorProfiles).where(eq(operatorProfiles.operatorId, op.operatorId));
    expect(row?.onboardingUnsubscribed).toBe(true);
  });
});

describe('app config', () => {
  it('answers the spec defaults, saves my changes, and the token screen reads the same source', async () => {
    const op = await insertOperator(t.db);
    const first = await t.call({ method: 'GET', url: `${V1}/config/app`, token: op.owner.token });
    expect(first.body.data).toEqual({
      subscriptionAmountInPaisa: 99_900,
      subscriptionTitle: 'Bhada Membership',
      loadScreen: 'LIST',
      activeScreen: 2,
      walletRechargeSource: 'RAZORPAY',
      showWarningBottomBanner: false,
      buyGpsLink: '/web-view/buy-gps',
      feedBackWidget: true,
      show_vehicle_availability_card: true,
    });
    const patched = await t.call({
      method: 'PATCH',
      url: `${V1}/config/app`,
      token: op.owner.token,
      payload: { activeScreen: 3, show_vehicle_availability_card: false, feedBackWidget: false },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ activeScreen: 3, show_vehicle_availability_card: false, feedBackWidget: false });
    const info = await t.call({ method: 'GET', url: '/api/odin/operator-web/services/info/app-config', token: op.owner.token });
    expect(info.body.data.activeScreen).toBe(3);
    const card = await t.call({
      method: 'GET',
      url: '/api/odin/operator-web/services/info/show-vehicle-availability',
      token: op.owner.token,
    });
    expect(card.body.data).toEqual({ show: false, totalVehicles: 0, freeVehicles: 0 });
    const token = await t.call({ method: 'GET', url: `${V1}/token/app-config`, token: op.owner.token });
    expect(token.body.data.walletRechargeSource).toBe('RAZORPAY');
    // another operator keeps its own defaults
    const other = await insertOperator(t.db);
    expect((await t.call({ method: 'GET', url: `${V1}/config/app`, token: other.owner.token })).body.data.activeScreen).toBe(2);
  });

  it('the vehicle availability card counts the vehicles no running trip holds', async () => {
    const op = await insertOperator(t.db);
    const url = '/api/odin/operator-web/services/info/show-vehicle-availability';
    // no vehicle yet: nothing to say, so no card
    expect((await t.call({ method: 'GET', url, token: op.owner.token })).body.data).toEqual({
      show: false,
      totalVehicles: 0,
      freeVehicles: 0,
    });
    await insertVehicle(t.db, op.operatorId);
    await insertTrip(t.db, { operator: op, state: 'IN_TRANSIT' }); // adds a vehicle the trip holds
    await insertTrip(t.db, { operator: op, state: 'UNLOADED' }); // an unloaded truck is free for a new load
    expect((await t.call({ method: 'GET', url, token: op.owner.token })).body.data).toEqual({
      show: true,
      totalVehicles: 3,
      freeVehicles: 2,
    });
    // another operator's trips and vehicles never count
    const other = await insertOperator(t.db);
    await insertTrip(t.db, { operator: other, state: 'IN_TRANSIT' });
    expect((await t.call({ method: 'GET', url, token: op.owner.token })).body.data.totalVehicles).toBe(3);
  });

  it('refuses a platform field and an unknown screen', async () => {
    const op = await insertOperator(t.db);
    for (const payload of [{ walletRechargeSource: 'PAYTM' }, { subscriptionAmountInPaisa: 1 }, { activeScreen: 9 }]) {
      const res = await t.call({ method: 'PATCH', url: `${V1}/config/app`, token: op.owner.token, payload });
      expect(res.status).toBe(400);
    }
    expect((await t.call({ method: 'GET', url: `${V1}/config/app`, token: op.owner.token })).body.data.activeScreen).toBe(2);
  });
});

describe('settings', () => {
  it('keeps settings per user, changes the language and stops a notification kind', async () => {
    const op = await insertOperator(t.db);
    const sub = await insertSubordinate(t.db, op.operatorId, []);
    const first = await t.call({ method: 'GET', url: '/api/setting', token: op.owner.token });
    expect(first.body.data.language).toBe('en');
    expect(first.body.data.notifications.PAYMENTS.SMS).toBe(true);
    const saved = await t.call({
      method: 'POST',
      url: '/api/setting',
      token: op.owner.token,
      payload: { language: 'hi', notifications: { PAYMENTS: { SMS: false, WHATSAPP: false } }, statementEmail: 'accounts@sharma.in' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      language: 'hi',
      statementEmail: 'accounts@sharma.in',
      notifications: { PAYMENTS: { SMS: false, WHATSAPP: false, EMAIL: true } },
    });
    const [user] = await t.db.select().from(users).where(eq(users.id, op.owner.userId));
    expect(user?.locale).toBe('hi');
    expect(await notificationAllowed(t.app.ctx, { userId: op.owner.userId, kind: 'PAYMENTS', channel: 'SMS' })).toBe(false);
    expect(await notificationAllowed(t.app.ctx, { userId: op.owner.userId, kind: 'TRIP_STAGES', channel: 'SMS' })).toBe(true);
    // the subordinate's settings are its own
    expect((await t.call({ method: 'GET', url: '/api/setting', token: sub.token })).body.data.notifications.PAYMENTS.SMS).toBe(true);
  });

  it('refuses a bad statement email and an unknown kind, and stores nothing', async () => {
    const op = await insertOperator(t.db);
    for (const payload of [{ statementEmail: 'nope' }, { notifications: { SPAM: { SMS: true } } }, { language: 'fr' }]) {
      const res = await t.call({ method: 'POST', url: '/api/setting', token: op.owner.token, payload });
      expect(res.status).toBe(400);
    }
    expect(await t.db.select().from(userSettings).where(eq(userSettings.userId, op.owner.userId))).toEqual([]);
  });
});

describe('policies', () => {
  it('records acceptance once per version and asks again for a new version', async () => {
    const op = await insertOperator(t.db);
    const before = await t.call({ method: 'GET', url: '/api/policy?type=token-refund', token: op.owner.token });
    expect(before.body.data).toMatchObject({ type: 'token-refund', version: 1, accepted: false, acceptedAt: null });
    const pending = await t.call({ method: 'GET', url: '/api/policy/pending', token: op.owner.token });
    expect(pending.body.data.pending.map((p: { type: string }) => p.type)).toContain('token-refund');

    const a = await t.call({ method: 'POST', url: '/api/policy', token: op.owner.token, payload: { type: 'token-refund', version: 1 } });
    expect(a.body.data.accepted).toBe(true);
    const again = await t.call({
      method: 'POST',
      url: '/api/policy',
      token: op.owner.token,
      payload: { type: 'token-refund', version: 1 },
    });
    expect(again.body.data.acceptedAt).toBe(a.body.data.acceptedAt);
    const rows = await t.db.select().from(policyAcceptances).where(eq(policyAcceptances.operatorId, op.operatorId));
    expect(rows).toHaveLength(1);

    const stale = await t.call({
      method: 'POST',
      url: '/api/policy',
      token: op.owner.token,
      payload: { type: 'token-refund', version: 0 },
    });
    expect(stale.status).toBe(400);
    const old = await t.call({ method: 'POST', url: '/api/policy', token: op.owner.token, payload: { type: 'token-refund', version: 7 } });
    expect(old.status).toBe(400);

    const operatorId = asOperatorId(op.operatorId);
    expect((await pendingPolicies(t.app.ctx, { operatorId })).pending.map((p) => p.type)).not.toContain('token-refund');
    const bumped = { ...POLICY_VERSIONS, 'token-refund': 2 };
    expect((await pendingPolicies(t.app.ctx, { operatorId, versions: bumped })).pending).toContainEqual({
      type: 'token-refund',
      version: 2,
    });
  });
});

describe('client events', () => {
  it('records an event and the admin counts it; oversized properties are refused', async () => {
    const op = await insertOperator(t.db);
    const admin = await insertAdmin(t.db);
    const res = await t.call({
      method: 'POST',
      url: '/api/odin/operator-app/log-event',
      token: op.owner.token,
      payload: { name: 'tds_form_opened', screen: 'operator-tds-declaration', properties: { step: 2 } },
    });
    expect(res.status).toBe(200);
    const big = await t.call({
      method: 'POST',
      url: '/api/odin/operator-app/log-event',
      token: op.owner.token,
      payload: { name: 'big', properties: Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`k${i}`, 'x'.repeat(100)])) },
    });
    expect(big.status).toBe(400);
    const rows = await t.db.select().from(clientEvents).where(eq(clientEvents.userId, op.owner.userId));
    expect(rows.map((r) => r.name)).toEqual(['tds_form_opened']);
    const counts = await t.call({ method: 'GET', url: '/api/admin/client-events/counts', token: admin.token });
    expect(counts.body.data).toContainEqual({ name: 'tds_form_opened', count: 1 });
    expect((await t.call({ method: 'GET', url: '/api/admin/client-events/counts', token: op.owner.token })).status).toBe(403);
  });
});
