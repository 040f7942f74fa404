import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { redactUrl } from '../src/lib/redact.ts';
import { readStreamTicket } from '../src/lib/stream-ticket.ts';
import { createTestApp, streamTicket, type TestApp } from './app.ts';
import { insertOperator } from './factories.ts';
import { PRODUCTION_SMS_ENV } from './production-env.ts';

const otp = (t: TestApp, phone: string, headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/otp', payload: { phone }, headers, remoteAddress });

describe('forwarded addresses (default: no proxy is trusted)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ OTP_IP_LIMIT: '3' });
  });
  afterAll(() => t.close());

  it('a client rotating X-Forwarded-For still meets the per-address login-code limit', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await otp(t, `98${String(76543210 + i)}`, { 'x-forwarded-for': `203.0.113.${i}` })).statusCode);
    expect(codes.slice(0, 3)).toEqual([200, 200, 200]);
    expect(codes.slice(3)).toEqual([429, 429]);
  });
});

describe('forwarded addresses from a configured proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ OTP_IP_LIMIT: '2', TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('believes the header when the request comes through the proxy, so each client has its own budget', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++)
      codes.push((await otp(t, `97${String(76543210 + i)}`, { 'x-forwarded-for': `198.51.100.${i}` })).statusCode);
    expect(codes).toEqual([200, 200, 200, 200]);
  });

  it('ignores the header from any other address', async () => {
    const from = '192.0.2.9';
    const codes: number[] = [];
    for (let i = 0; i < 3; i++)
      codes.push((await otp(t, `96${String(76543210 + i)}`, { 'x-forwarded-for': `198.51.100.${50 + i}` }, from)).statusCode);
    expect(codes).toEqual([200, 200, 429]);
  });
});

describe('API limits per user, static files never limited', () => {
  let t: TestApp;
  beforeAll(async () => {
    const web = mkdtempSync(join(tmpdir(), 'bhada-web-'));
    mkdirSync(join(web, 'assets'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>Bhada</title>');
    writeFileSync(join(web, 'assets', 'app.js'), 'console.log(1)');
    t = await createTestApp({ RATE_LIMIT_MAX: '5', WEB_DIST: web });
  });
  afterAll(() => t.close());

  it('serves a cold page load of many files from one address without a 429', async () => {
    for (let i = 0; i < 30; i++) {
      const res = await t.app.inject({ method: 'GET', url: i % 2 ? '/assets/app.js' : '/portal/fastag' });
      expect(res.statusCode).toBe(200);
    }
  });

  it('gives two users behind one address their own budgets, and says why when one is spent', async () => {
    const a = await insertOperator(t.db);
    const b = await insertOperator(t.db);
    const roles = (token: string) => t.call({ method: 'GET', url: '/api/user/getAllRoles', token });
    for (let i = 0; i < 5; i++) expect((await roles(a.owner.token)).status).toBe(200);
    const limited = await roles(a.owner.token);
    expect(limited.status).toBe(429);
    expect(limited.body.errorCode).toBe('RATE_LIMITED');
    expect(limited.body.message).toMatch(/Too many requests/);
    expect((await roles(b.owner.token)).status).toBe(200);
  });
});

describe('development tools', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('shows the outbox and accepts the demo code only on this machine', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/dev/outbox.json' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/dev/outbox.json', remoteAddress: '203.0.113.7' })).statusCode).toBe(404);
    const demo = await insertOperator(t.db, { isDemo: true });
    const verify = (remoteAddress?: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { phone: demo.owner.phone, otp: '123456' }, remoteAddress });
    expect((await verify('203.0.113.7')).statusCode).toBe(400);
    expect((await verify()).statusCode).toBe(200);
  });

  it('opens them to every client when DEV_TOOLS_OPEN is set', async () => {
    const open = await createTestApp({ DEV_TOOLS_OPEN: 'true' });
    try {
      expect((await open.app.inject({ method: 'GET', url: '/api/dev/outbox.json', remoteAddress: '203.0.113.7' })).statusCode).toBe(200);
    } finally {
      await open.close();
    }
  });
});

describe('bad input is a 400 or 415 for every route, never a 500', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await insertOperator(t.db)).owner.token;
  });
  afterAll(() => t.close());

  it.each([
    ['a NUL byte in a body', { method: 'POST', url: '/api/auth/otp', payload: { phone: '98765\u000043210' } }],
    [
      'a lone surrogate in a body',
      { method: 'POST', url: '/api/auth/otp', payload: '{"phone":"\\ud800"}', headers: { 'content-type': 'application/json' } },
    ],
    ['a NUL byte in a query', { method: 'GET', url: '/api/wallet/transactions?txnType=A%00' }],
    ['a NUL byte in a path', { method: 'GET', url: '/api/rest/tesseract/v1/load/LD%00X' }],
  ] as const)('%s', async (_name, request) => {
    const res = await t.app.inject({ ...request, headers: { ...('headers' in request ? request.headers : {}), token } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('VALIDATION_FAILED');
  });

  it('refuses milliseconds sent as seconds on the passbook and the Fastag statement', async () => {
    const ms = Date.now();
    for (const url of [
      `/api/wallet/transactions?fromTime=${ms}&toTime=${ms}`,
      `/api/fastag/txnOverview/TAG1?fromTime=${ms}&toTime=${ms}`,
    ]) {
      const res = await t.call({ method: 'GET', url, token });
      expect(res.status, url).toBe(400);
      expect(res.body.message).toMatch(/seconds, not milliseconds/);
    }
  });

  it('answers 415 to a text/plain payment callback', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/paytm/callback',
      payload: 'ORDERID=1',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('content security policy', () => {
  it('allows no inline script on the site; the sandbox bank page runs its one script under a fresh nonce', async () => {
    const t = await createTestApp();
    try {
      const api = await t.app.inject({ method: 'GET', url: '/api/health' });
      const policy = String(api.headers['content-security-policy']);
      expect(policy).toMatch(/script-src 'self'(;|$)/);
      expect(policy).not.toContain("'unsafe-inline' ;");
      expect(policy.match(/script-src[^;]*/)?.[0]).not.toContain('unsafe-inline');
    } finally {
      await t.close();
    }
  });
});

describe('secrets and logs', () => {
  it('refuses to start in production with a development secret, naming the variable', () => {
    const base = { NODE_ENV: 'production', APP_SECRET: 'a-real-secret-0123456789', ...PRODUCTION_SMS_ENV };
    expect(() => loadConfig(base)).toThrow(/TAG_ISSUER_SECRET/);
    expect(() => loadConfig({ ...base, TAG_ISSUER_SECRET: 'bhada-tag-issuer-dev-secret' })).toThrow(/TAG_ISSUER_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', TAG_ISSUER_SECRET: 'another-real-secret-0123' })).toThrow(/APP_SECRET/);
    expect(loadConfig({ ...base, TAG_ISSUER_SECRET: 'another-real-secret-0123' }).NODE_ENV).toBe('production');
  });

  it('keeps no credential of a URL in the request log', () => {
    const kept = redactUrl('/api/events/stream?topics=load.1&ticket=abc&token=s3cret&sig=zz&pageNo=2');
    expect(kept).not.toMatch(/abc|s3cret|zz/);
    expect(kept).toContain('topics=load.1');
    expect(kept).toContain('pageNo=2');
  });
});

describe('session tokens stay out of URLs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('no route takes the session token from the query', async () => {
    const { owner } = await insertOperator(t.db);
    expect((await t.call({ method: 'GET', url: `/api/user/getAllRoles?token=${owner.token}` })).status).toBe(401);
    const topics = `user:${owner.userCode}`;
    expect((await t.call({ method: 'GET', url: `/api/events/stream?topics=${topics}&token=${owner.token}` })).status).toBe(401);
  });

  it('a stream ticket opens only its own topics, only unaltered, and not after logout', async () => {
    const { owner } = await insertOperator(t.db);
    const topics = `user:${owner.userCode}`;
    const ticket = await streamTicket(t.app, owner.token, topics);
    expect(ticket).not.toContain(owner.token);
    const [sessionId, expires, signature] = ticket.split('.');
    const tampered = `${sessionId}.${Number(expires) + 3600}.${signature}`;
    expect((await t.call({ method: 'GET', url: `/api/events/stream?topics=${topics}&ticket=${tampered}` })).status).toBe(401);
    expect((await t.call({ method: 'GET', url: `/api/events/stream?topics=user:OTHER&ticket=${ticket}` })).status).toBe(401);
    expect(readStreamTicket(t.config.APP_SECRET ?? '', ticket, topics, Date.now() + 61_000)).toBeUndefined();
    expect(readStreamTicket(t.config.APP_SECRET ?? '', ticket, topics)).toBe(sessionId);
    await t.call({ method: 'POST', url: '/api/auth/logout', token: owner.token });
    expect((await t.call({ method: 'GET', url: `/api/events/stream?topics=${topics}&ticket=${ticket}` })).status).toBe(401);
  });
});
