import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { insertOperator } from '../../../test/factories.ts';
import { PRODUCTION_SMS_ENV } from '../../../test/production-env.ts';
import { loadConfig } from '../../config.ts';
import * as repo from './messages.repository.ts';

const PROD = { NODE_ENV: 'production', APP_SECRET: 'prod-secret-0123456789', TAG_ISSUER_SECRET: 'prod-tag-issuer-0123456789' };

/** Waits for the sandbox's report (posted after SMS_SANDBOX_REPORT_DELAY_MS) to reach the message. */
async function stateWithin(t: TestApp, key: string, ms: number) {
  const until = Date.now() + ms;
  let row = await repo.findByKey(t.db, key);
  while (Date.now() < until && row?.state !== 'delivered' && row?.state !== 'failed') {
    await new Promise((r) => setTimeout(r, 25));
    row = await repo.findByKey(t.db, key);
  }
  return row;
}

describe('the built-in SMS sandbox (MSG91’s API, outside production)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SMS_SANDBOX_REPORT_DELAY_MS: '20' });
  });
  afterAll(async () => t?.close());

  const ask = (phone: string) => t.call({ method: 'POST', url: '/api/auth/otp', payload: { phone } });
  const delivery = (id: string) => t.call({ method: 'GET', url: `/api/auth/otp/${id}/delivery` });

  it('delivers the code to the development outbox and reports it delivered through our webhook', async () => {
    const { owner } = await insertOperator(t.db);
    const res = await ask(owner.phone);
    expect(res.status).toBe(200);
    const outbox = t.app.notifier.list(50).find((m) => m.to === owner.phone && m.kind === 'LOGIN_OTP');
    expect(outbox?.text).toMatch(/^\d{6} is your Bhada login code/);
    const row = await stateWithin(t, `LOGIN_OTP:${res.body.data.requestId}`, 3000);
    expect(row).toMatchObject({ provider: 'sandbox', state: 'delivered' });
    expect((await delivery(res.body.data.requestId)).body.data.state).toBe('delivered');
  });

  it('is told by the number: …9902 fails, …9903 is dropped, …9901 answers a temporary failure that is retried', async () => {
    const failed = await insertOperator(t.db, { phone: '9876549902' });
    const r1 = await ask(failed.owner.phone);
    expect((await stateWithin(t, `LOGIN_OTP:${r1.body.data.requestId}`, 3000))?.state).toBe('failed');
    expect((await delivery(r1.body.data.requestId)).body.data.state).toBe('not_delivered');

    const dropped = await insertOperator(t.db, { phone: '9876549903' });
    const r2 = await ask(dropped.owner.phone);
    await new Promise((r) => setTimeout(r, 200));
    expect((await repo.findByKey(t.db, `LOGIN_OTP:${r2.body.data.requestId}`))?.state).toBe('sent');
    await t.database.sql.query(`UPDATE otp_codes SET created_at = now() - interval '10 minutes' WHERE id = $1`, [r2.body.data.requestId]);
    expect((await delivery(r2.body.data.requestId)).body.data.state).toBe('not_delivered');

    const flaky = await insertOperator(t.db, { phone: '9876549901' });
    const r3 = await ask(flaky.owner.phone);
    expect(await repo.findByKey(t.db, `LOGIN_OTP:${r3.body.data.requestId}`)).toMatchObject({ state: 'queued', attempts: 1 });
  });

  it('fails the next sends when its settings say so, and the retry then goes through with the same code', async () => {
    const settings = await t.app.inject({ method: 'POST', url: '/api/sandbox/sms/settings', payload: { failNext: 1 } });
    expect(settings.json()).toMatchObject({ failNext: 1 });
    const { owner } = await insertOperator(t.db);
    const res = await ask(owner.phone);
    const key = `LOGIN_OTP:${res.body.data.requestId}`;
    const queued = await repo.findByKey(t.db, key);
    expect(queued).toMatchObject({ state: 'queued', attempts: 1 });
    expect(t.app.notifier.list(50).some((m) => m.to === owner.phone)).toBe(false);
    await t.app.messages.dispatcher.attempt(queued?.id as string);
    expect((await repo.findByKey(t.db, key))?.state).toMatch(/sent|delivered/);
    const texts = t.app.notifier.list(50).filter((m) => m.to === owner.phone);
    expect(texts).toHaveLength(1);
  });

  it('refuses a request without its key or with an unknown template, as MSG91 does', async () => {
    const noKey = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/sms/api/v5/flow',
      payload: { template_id: 'x', recipients: [] },
    });
    expect(noKey.statusCode).toBe(401);
    expect(noKey.json()).toMatchObject({ type: 'error' });
  });

  it('answers a resend within the cooldown with 429 and a clear message', async () => {
    const { owner } = await insertOperator(t.db);
    expect((await ask(owner.phone)).status).toBe(200);
    const again = await ask(owner.phone);
    expect(again.status).toBe(429);
    expect(again.body.errorCode).toBe('OTP_RESEND_COOLDOWN');
    const hindi = await t.call({ method: 'POST', url: '/api/auth/otp', payload: { phone: owner.phone }, headers: { locale: 'hi' } });
    expect(hindi.body.message).toMatch(/[\u0900-\u097f]/);
  });

  it('an unregistered phone’s request reports as a delivered one would, so the status tells nothing', async () => {
    const res = await ask('9123400017');
    expect(res.status).toBe(200);
    expect((await delivery(res.body.data.requestId)).body.data.state).toBe('sent');
    await t.database.sql.query(`UPDATE otp_codes SET created_at = now() - interval '5 seconds' WHERE id = $1`, [res.body.data.requestId]);
    expect((await delivery(res.body.data.requestId)).body.data.state).toBe('delivered');
    expect((await delivery('OTP-0000000000')).status).toBe(404);
    expect((await delivery('nonsense')).status).toBe(400);
  });
});

describe('production and the login-code channel', () => {
  it('refuses to start without a real SMS provider, naming the variable', () => {
    expect(() => loadConfig(PROD)).toThrow(/SMS_PROVIDER/);
    expect(() => loadConfig({ ...PROD, SMS_PROVIDER: 'sandbox' })).toThrow(/SMS_PROVIDER/);
    const { MSG91_AUTH_KEY: _k, ...withoutKey } = PRODUCTION_SMS_ENV;
    expect(() => loadConfig({ ...PROD, ...withoutKey })).toThrow(/MSG91_AUTH_KEY/);
    const { MSG91_TEMPLATE_LOGIN_OTP: _t, ...withoutTemplate } = PRODUCTION_SMS_ENV;
    expect(() => loadConfig({ ...PROD, ...withoutTemplate })).toThrow(/MSG91_TEMPLATE_LOGIN_OTP/);
    const { SMS_WEBHOOK_SECRET: _s, ...withoutSecret } = PRODUCTION_SMS_ENV;
    expect(() => loadConfig({ ...PROD, ...withoutSecret })).toThrow(/SMS_WEBHOOK_SECRET/);
    expect(loadConfig({ ...PROD, ...PRODUCTION_SMS_ENV }).SMS_PROVIDER).toBe('msg91');
  });

  it('serves no SMS sandbox in production', async () => {
    const prod = await createTestApp({ ...PROD, ...PRODUCTION_SMS_ENV });
    try {
      const res = await prod.app.inject({ method: 'POST', url: '/api/sandbox/sms/api/v5/flow', payload: {} });
      expect(res.statusCode).toBe(404);
      expect(prod.app.messages.setup.smsSandbox).toBeUndefined();
    } finally {
      await prod.close();
    }
  });
});
