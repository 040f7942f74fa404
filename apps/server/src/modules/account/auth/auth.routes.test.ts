import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { insertOperator, nextPhone } from '../../../../test/factories.ts';
import { PRODUCTION_SMS_ENV } from '../../../../test/production-env.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** the code the notifier delivered to this phone (the outbox is the SMS channel here) */
function lastCodeSentTo(phone: string): string {
  const msg = t.app.notifier.list(500).find((m) => m.to === phone && m.kind === 'LOGIN_OTP');
  const code = msg?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code sent to ${phone}`);
  return code;
}

const send = (phone: string) => t.call({ method: 'POST', url: '/api/auth/otp', payload: { phone } });
const verify = (phone: string, otp: string) => t.call({ method: 'POST', url: '/api/auth/verify', payload: { phone, otp } });

describe('login with a one-time code', () => {
  it('logs in with the code that was sent and returns the session fields', async () => {
    const { operatorId, owner } = await insertOperator(t.db, { name: 'Rajesh Kumar' });
    expect((await send(owner.phone)).status).toBe(200);
    const res = await verify(owner.phone, lastCodeSentTo(owner.phone));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ userCode: owner.userCode, operatorId, name: 'Rajesh Kumar', locale: 'en', menuType: 'OPERATOR' });
    const me = await t.call({ method: 'GET', url: '/api/auth/me', token: res.body.data.accessToken });
    expect(me.body.data).toMatchObject({ userCode: owner.userCode, kind: 'OPERATOR' });
    expect(me.body.data.permissions).toContain('USERS_MANAGE');
  });

  it('answers the same for an unregistered phone and sends nothing', async () => {
    const phone = nextPhone();
    const res = await send(phone);
    expect(res.status).toBe(200);
    const { owner } = await insertOperator(t.db);
    const registered = await send(owner.phone);
    // the same answer but for the request's own id
    expect({ ...res.body, data: { ...res.body.data, requestId: '' } }).toEqual({
      ...registered.body,
      data: { ...registered.body.data, requestId: '' },
    });
    expect(t.app.notifier.list(500).some((m) => m.to === phone)).toBe(false);
  });

  it('refuses a phone that is not a 10-digit Indian mobile with 400 naming the field', async () => {
    for (const phone of ['12345', '5123456789', 'abcdefghij', '98765432101']) {
      const res = await send(phone);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, errorCode: 'VALIDATION_FAILED', field: 'phone' });
    }
    const missing = await t.call({ method: 'POST', url: '/api/auth/otp', payload: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.field).toBe('phone');
  });

  it('refuses a wrong code with a clear error, and the sixth try even with the right code', async () => {
    const { owner } = await insertOperator(t.db);
    await send(owner.phone);
    const code = lastCodeSentTo(owner.phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await verify(owner.phone, wrong);
      expect(res.status).toBe(400);
      expect(res.body.errorCode).toBe('OTP_INVALID');
      expect(res.body.message).toMatch(/wrong or has expired/);
    }
    const sixth = await verify(owner.phone, code);
    expect(sixth.status).toBe(400);
    expect(sixth.body.errorCode).toBe('OTP_INVALID');
  });

  it('limits sends to 3 per phone in 15 minutes (fourth → 429)', async () => {
    const phone = nextPhone();
    for (let i = 0; i < 3; i++) {
      expect((await send(phone)).status).toBe(200);
      // past the resend cooldown, still inside the 15 minutes
      await t.database.sql.query(`UPDATE otp_codes SET created_at = created_at - interval '1 minute' WHERE phone = $1`, [phone]);
    }
    const fourth = await send(phone);
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toMatch(/15 minutes/);
  });

  it('refuses a used code and an expired code', async () => {
    const { owner } = await insertOperator(t.db);
    await send(owner.phone);
    const code = lastCodeSentTo(owner.phone);
    expect((await verify(owner.phone, code)).status).toBe(200);
    expect((await verify(owner.phone, code)).status).toBe(400);

    const other = await insertOperator(t.db);
    await send(other.owner.phone);
    const code2 = lastCodeSentTo(other.owner.phone);
    await t.database.sql.query(`UPDATE otp_codes SET expires_at = now() - interval '1 second' WHERE phone = $1`, [other.owner.phone]);
    expect((await verify(other.owner.phone, code2)).status).toBe(400);
  });

  it('stores codes and session tokens hashed', async () => {
    const { owner } = await insertOperator(t.db);
    await send(owner.phone);
    const code = lastCodeSentTo(owner.phone);
    const res = await verify(owner.phone, code);
    const codes = await t.database.sql.query<{ code_hash: string }>('SELECT code_hash FROM otp_codes WHERE phone = $1', [owner.phone]);
    expect(codes.rows[0]?.code_hash).not.toContain(code);
    const tokens = await t.database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE token_hash = $1', [
      res.body.data.accessToken,
    ]);
    expect(tokens.rows[0]?.n).toBe(0);
  });

  it('accepts the demo code only for demo accounts outside production', async () => {
    const demo = await insertOperator(t.db, { isDemo: true });
    expect((await verify(demo.owner.phone, '123456')).status).toBe(200);
    const real = await insertOperator(t.db);
    expect((await verify(real.owner.phone, '123456')).status).toBe(400);

    const prod = await createTestApp({
      NODE_ENV: 'production',
      APP_SECRET: 'prod-secret-0123456789',
      TAG_ISSUER_SECRET: 'prod-tag-issuer-0123456789',
      ...PRODUCTION_SMS_ENV,
    });
    try {
      const d = await insertOperator(prod.db, { isDemo: true });
      const res = await prod.call({ method: 'POST', url: '/api/auth/verify', payload: { phone: d.owner.phone, otp: '123456' } });
      expect(res.status).toBe(400);
    } finally {
      await prod.close();
    }
  });

  it('logout revokes the token: the next call is 401', async () => {
    const { owner } = await insertOperator(t.db, { isDemo: true });
    const login = await verify(owner.phone, '123456');
    const token = login.body.data.accessToken as string;
    expect((await t.call({ method: 'GET', url: '/api/auth/me', token })).status).toBe(200);
    expect((await t.call({ method: 'POST', url: '/api/auth/logout', token })).status).toBe(200);
    const after = await t.call({ method: 'GET', url: '/api/auth/me', token });
    expect(after.status).toBe(401);
    expect(after.body.errorCode).toBe('UNAUTHENTICATED');
  });

  it('expires a session after 30 days without use', async () => {
    const { owner } = await insertOperator(t.db);
    await t.database.sql.query(`UPDATE sessions SET last_seen_at = now() - interval '31 days' WHERE user_id = $1`, [owner.userId]);
    expect((await t.call({ method: 'GET', url: '/api/auth/me', token: owner.token })).status).toBe(401);
  });

  it('rate-limits code requests per IP with 429 and a clear message', async () => {
    const limited = await createTestApp({ OTP_IP_LIMIT: '2' });
    try {
      const call = () => limited.call({ method: 'POST', url: '/api/auth/otp', payload: { phone: nextPhone() } });
      expect((await call()).status).toBe(200);
      expect((await call()).status).toBe(200);
      const third = await call();
      expect(third.status).toBe(429);
      expect(third.body.message).toMatch(/Too many requests/);
    } finally {
      await limited.close();
    }
  });
});
