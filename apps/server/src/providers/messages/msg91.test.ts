import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { insertAdmin, insertOperator } from '../../../test/factories.ts';
import { SMS_REPORTS_PATH } from './index.ts';
import * as repo from './messages.repository.ts';
import { readMsg91Reports } from './msg91-adapter.ts';

/**
 * A loopback server speaking MSG91's Flow API (ADR 266): it checks the request shape MSG91 documents and
 * answers success with a request id, or MSG91's error answer when told to.
 */
interface Seen {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}
const AUTH_KEY = 'loopback-auth-key-0001';
const WEBHOOK_SECRET = 'loopback-webhook-secret-0123456789';
let server: Server;
let seen: Seen[] = [];
/** answers to give, in order, before the normal success */
let script: Array<{ status: number; body: unknown }> = [];
let requestCounter = 0;

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.on('data', (c) => {
      text += c;
    });
    req.on('end', () => resolve(text));
  });

let t: TestApp;
beforeAll(async () => {
  server = createServer(async (req, res) => {
    const text = await readBody(req);
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text);
    } catch {
      body = {};
    }
    seen.push({ path: req.url ?? '', headers: req.headers, body });
    res.setHeader('content-type', 'application/json');
    const scripted = script.shift();
    if (scripted) {
      res.statusCode = scripted.status;
      res.end(JSON.stringify(scripted.body));
      return;
    }
    if (req.method !== 'POST' || req.url !== '/api/v5/flow' || req.headers.authkey !== AUTH_KEY) {
      res.statusCode = 401;
      res.end(JSON.stringify({ type: 'error', message: 'Authentication failure', code: '418' }));
      return;
    }
    requestCounter += 1;
    res.end(JSON.stringify({ type: 'success', message: `3565646f${String(requestCounter).padStart(16, '0')}` }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  t = await createTestApp({
    SMS_PROVIDER: 'msg91',
    MSG91_AUTH_KEY: AUTH_KEY,
    MSG91_SENDER_ID: 'BHADAI',
    MSG91_TEMPLATE_LOGIN_OTP: '64f0a1b2c3d4e5f600000001',
    MSG91_TEMPLATE_TRIP_STAGE_OTP: '64f0a1b2c3d4e5f600000002',
    MSG91_HOST: `http://127.0.0.1:${port}`,
    SMS_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => server?.close(resolve));
});
beforeEach(() => {
  seen = [];
  script = [];
});

const askCode = (phone: string) => t.call({ method: 'POST', url: '/api/auth/otp', payload: { phone } });
const delivery = (requestId: string) => t.call({ method: 'GET', url: `/api/auth/otp/${requestId}/delivery` });
const v2Report = (requestId: string, number: string, status: string, desc: string) => ({
  data: JSON.stringify([
    {
      senderId: 'BHADAI',
      requestId,
      report: [{ date: '2026-12-04 10:06:20', number, status, desc, failedReason: '' }],
      userId: '27001',
      campaignName: 'API',
    },
  ]),
});
const postReport = (form: Record<string, string>, key: string | null = WEBHOOK_SECRET) =>
  t.call({
    method: 'POST',
    url: key === null ? SMS_REPORTS_PATH : `${SMS_REPORTS_PATH}?key=${encodeURIComponent(key)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });

describe('SMS through MSG91’s Flow API (against a loopback MSG91)', () => {
  it('sends a login code in the documented request shape and the code is not kept anywhere support reads', async () => {
    const { owner } = await insertOperator(t.db);
    const res = await askCode(owner.phone);
    expect(res.status).toBe(200);
    expect(seen).toHaveLength(1);
    const [call] = seen;
    expect(call?.path).toBe('/api/v5/flow');
    expect(call?.headers.authkey).toBe(AUTH_KEY);
    expect(call?.headers['content-type']).toBe('application/json');
    expect(call?.body).toMatchObject({ template_id: '64f0a1b2c3d4e5f600000001', sender: 'BHADAI', short_url: '0' });
    const recipients = call?.body.recipients as Array<Record<string, string>>;
    expect(recipients).toHaveLength(1);
    expect(recipients[0]?.mobiles).toBe(`91${owner.phone}`);
    const code = recipients[0]?.otp;
    expect(code).toMatch(/^\d{6}$/);

    const row = await repo.findByKey(t.db, `LOGIN_OTP:${res.body.data.requestId}`);
    expect(row).toMatchObject({ state: 'sent', attempts: 1, channel: 'sms', kind: 'LOGIN_OTP', sealedVariables: null });
    expect(row?.providerMessageId).toMatch(/^3565646f/);
    // the log row, the support desk's view and the outbox hold no code
    expect(JSON.stringify(row)).not.toContain(code);
    const admin = (await insertAdmin(t.db)).token;
    const log = await t.call({ method: 'GET', url: `/api/admin/messages?recipient=${owner.phone}`, token: admin });
    expect(log.status).toBe(200);
    expect(log.body.data[0]).toMatchObject({ id: row?.id, state: 'sent', kind: 'LOGIN_OTP' });
    expect(JSON.stringify(log.body)).not.toContain(code);
    expect(t.app.notifier.list(500).some((m) => m.to === owner.phone)).toBe(false);

    // the code MSG91 carried logs the user in
    const login = await t.call({ method: 'POST', url: '/api/auth/verify', payload: { phone: owner.phone, otp: code } });
    expect(login.status).toBe(200);
  });

  it('a delivery report updates the message state and the login screen’s status; a repeated report changes nothing', async () => {
    const { owner } = await insertOperator(t.db);
    const res = await askCode(owner.phone);
    const requestId = res.body.data.requestId as string;
    expect((await delivery(requestId)).body.data).toMatchObject({ state: 'sent', whatsappOffered: false });
    const row = await repo.findByKey(t.db, `LOGIN_OTP:${requestId}`);
    const report = await postReport(v2Report(row?.providerMessageId as string, `91${owner.phone}`, '1', 'DELIVERED'));
    expect(report.status).toBe(200);
    expect(report.body.data).toEqual({ accepted: 1, changed: 1 });
    expect((await repo.findById(t.db, row?.id as string))?.state).toBe('delivered');
    expect((await delivery(requestId)).body.data.state).toBe('delivered');
    // reports come again and out of order: a late "failed" does not undo "delivered"
    expect((await postReport(v2Report(row?.providerMessageId as string, `91${owner.phone}`, '2', 'FAILED'))).body.data.changed).toBe(0);
    expect((await repo.findById(t.db, row?.id as string))?.state).toBe('delivered');
  });

  it('a failed report shows "not delivered"; so does a code never reported within the bound', async () => {
    const a = await insertOperator(t.db);
    const first = await askCode(a.owner.phone);
    const row = await repo.findByKey(t.db, `LOGIN_OTP:${first.body.data.requestId}`);
    await postReport(v2Report(row?.providerMessageId as string, `91${a.owner.phone}`, '17', 'Blocked number'));
    expect(await repo.findById(t.db, row?.id as string)).toMatchObject({ state: 'failed', lastError: 'Blocked number' });
    expect((await delivery(first.body.data.requestId)).body.data.state).toBe('not_delivered');

    const b = await insertOperator(t.db);
    const second = await askCode(b.owner.phone);
    await t.database.sql.query(`UPDATE otp_codes SET created_at = now() - interval '10 minutes' WHERE id = $1`, [
      second.body.data.requestId,
    ]);
    expect((await delivery(second.body.data.requestId)).body.data).toMatchObject({ state: 'not_delivered', resendAfterSeconds: 0 });
  });

  it('refuses a forged report: no key, a wrong key, and changes no state', async () => {
    const { owner } = await insertOperator(t.db);
    const res = await askCode(owner.phone);
    const row = await repo.findByKey(t.db, `LOGIN_OTP:${res.body.data.requestId}`);
    const forged = v2Report(row?.providerMessageId as string, `91${owner.phone}`, '2', 'FAILED');
    for (const key of [null, 'wrong-key', `${WEBHOOK_SECRET}x`]) {
      const answer = await postReport(forged, key);
      expect(answer.status).toBe(401);
      expect(answer.body.success).toBe(false);
    }
    expect((await repo.findById(t.db, row?.id as string))?.state).toBe('sent');
    // a right key with a body in no MSG91 shape is a clear 400
    expect((await postReport({ nonsense: 'yes' })).status).toBe(400);
  });

  it('retries a provider failure with backoff and sends the same code once, never a second code', async () => {
    const { owner } = await insertOperator(t.db);
    script = [
      { status: 503, body: { type: 'error', message: 'Service temporarily unavailable' } },
      { status: 500, body: { type: 'error', message: 'Internal error' } },
    ];
    const res = await askCode(owner.phone);
    expect(res.status).toBe(200);
    const key = `LOGIN_OTP:${res.body.data.requestId}`;
    let row = await repo.findByKey(t.db, key);
    expect(row).toMatchObject({ state: 'queued', attempts: 1, lastError: expect.stringContaining('503') });
    expect(row?.nextAttemptAt?.getTime()).toBeGreaterThan(Date.now());
    expect((await delivery(res.body.data.requestId)).body.data.state).toBe('sending');

    // the queue runs the job again (here by hand: the test app's queue runs no delayed jobs)
    await t.app.messages.dispatcher.attempt(row?.id as string);
    row = await repo.findByKey(t.db, key);
    expect(row).toMatchObject({ state: 'queued', attempts: 2 });
    await t.app.messages.dispatcher.attempt(row?.id as string);
    row = await repo.findByKey(t.db, key);
    expect(row).toMatchObject({ state: 'sent', attempts: 3, sealedVariables: null, lastError: null });
    // a late duplicate job finds the message sent and calls no one
    await t.app.messages.dispatcher.attempt(row?.id as string);
    expect(seen).toHaveLength(3);
    const codes = seen.map((s) => (s.body.recipients as Array<Record<string, string>>)[0]?.otp);
    expect(new Set(codes).size).toBe(1);
    // and the one code works
    expect((await t.call({ method: 'POST', url: '/api/auth/verify', payload: { phone: owner.phone, otp: codes[0] } })).status).toBe(200);

    // the same idempotency key asked again makes no second message
    const again = await t.app.messages.dispatcher.enqueue({
      channel: 'sms',
      kind: 'LOGIN_OTP',
      to: owner.phone,
      variables: { otp: '000000' },
      idempotencyKey: key,
    });
    expect(again).toEqual({ id: row?.id, created: false });
    expect(seen).toHaveLength(3);
  });

  it('gives up at once on a refusal that waiting cannot fix (a bad key or template)', async () => {
    const { owner } = await insertOperator(t.db);
    script = [{ status: 401, body: { type: 'error', message: 'Authentication failure', code: '418' } }];
    const res = await askCode(owner.phone);
    expect(res.status).toBe(200);
    const row = await repo.findByKey(t.db, `LOGIN_OTP:${res.body.data.requestId}`);
    expect(row).toMatchObject({ state: 'failed', attempts: 1, sealedVariables: null });
    expect((await delivery(res.body.data.requestId)).body.data.state).toBe('not_delivered');
  });

  it('sends a stage code to the point contact through its own template', async () => {
    const id = await t.app.messages.dispatcher.enqueue({
      channel: 'sms',
      kind: 'TRIP_STAGE_OTP',
      to: '9829012345',
      variables: { otp: '123456', stage: 'loading', vehicle: 'RJ14GA1234', trip: 'TRP-1', done: 'loaded' },
      idempotencyKey: `TRIP_STAGE_OTP:test-${Date.now()}`,
    });
    expect(id.created).toBe(true);
    expect(seen[0]?.body).toMatchObject({
      template_id: '64f0a1b2c3d4e5f600000002',
      recipients: [{ mobiles: '919829012345', otp: '123456', stage: 'loading', vehicle: 'RJ14GA1234', trip: 'TRP-1', done: 'loaded' }],
    });
  });
});

describe('reading MSG91’s report shapes', () => {
  it('reads version 2 (form with a JSON data field), version 3 and the newer webhook; skips statuses on the way', () => {
    expect(readMsg91Reports(v2Report('r1', '919800000001', '1', 'DELIVERED'))).toEqual([
      { providerMessageId: 'r1', recipient: '919800000001', state: 'delivered', reason: 'DELIVERED' },
    ]);
    expect(readMsg91Reports({ requestId: 'r2', number: '919800000002', status: '16', desc: 'Rejected' })).toMatchObject([
      { state: 'failed' },
    ]);
    expect(readMsg91Reports({ requestId: 'r3', telNum: '919800000003', status: 'Delivered' })).toMatchObject([{ state: 'delivered' }]);
    expect(readMsg91Reports({ requestId: 'r4', status: '8' })).toEqual([]);
    expect(readMsg91Reports({ data: 'not json' })).toBeNull();
    expect(readMsg91Reports('text')).toBeNull();
  });
});
