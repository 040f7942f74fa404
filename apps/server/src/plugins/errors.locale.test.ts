import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { insertOperator } from '../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const devanagari = /[\u0900-\u097f]/;
const latinWords = (text = '') => text.match(/[A-Za-z]{2,}/g) ?? [];
const askOtp = (phone: unknown, headers: Record<string, string> = {}) =>
  t.call({ method: 'POST', url: '/api/auth/otp', payload: { phone }, headers });

describe("refusals in the reader's language (ADR 161)", () => {
  it("answers a validation refusal in Hindi with locale: hi, and in the spec's English without the header", async () => {
    const english = await askOtp('12345');
    expect(english.status).toBe(400);
    expect(english.body).toMatchObject({
      errorCode: 'VALIDATION_FAILED',
      field: 'phone',
      message: 'Enter a valid 10-digit Indian mobile number',
    });
    const hindi = await askOtp('12345', { locale: 'hi' });
    expect(hindi.status).toBe(400);
    expect(hindi.body).toMatchObject({ errorCode: 'VALIDATION_FAILED', field: 'phone', message: 'सही 10 अंकों का भारतीय मोबाइल नंबर डालें' });
    expect((await askOtp('12345', { locale: 'en' })).body.message).toBe('Enter a valid 10-digit Indian mobile number');
  });

  it("writes zod's own messages in Hindi too", async () => {
    const { owner } = await insertOperator(t.db);
    const url = '/api/wallet/transactions?pageSize=1000';
    const english = await t.call({ method: 'GET', url, token: owner.token });
    expect(english.status).toBe(400);
    expect(english.body.message).toMatch(/[A-Za-z]/);
    const hindi = await t.call({ method: 'GET', url, token: owner.token, headers: { locale: 'hi' } });
    expect(hindi.status).toBe(400);
    expect(hindi.body.field).toBe(english.body.field);
    expect(hindi.body.message).toMatch(devanagari);
    expect(latinWords(hindi.body.message)).toEqual([]);
  });

  it('answers a domain refusal and an unknown route in Hindi', async () => {
    const missing = await t.call({ method: 'GET', url: '/api/no-such-thing', headers: { locale: 'hi' } });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('यह पता मौजूद नहीं है');
    const { owner } = await insertOperator(t.db);
    // a download link that was never signed: the domain's own refusal, in each language
    const url = '/api/wallet/report/wallet-transactions?startDate=2026-01-20&endDate=2026-01-01';
    const english = await t.call({ method: 'GET', url, token: owner.token });
    expect(english.body).toMatchObject({ errorCode: 'DOWNLOAD_LINK_INVALID', message: 'This download link is not valid.' });
    const hindi = await t.call({ method: 'GET', url, token: owner.token, headers: { locale: 'hi' } });
    expect(hindi.body).toMatchObject({ errorCode: 'DOWNLOAD_LINK_INVALID', message: 'यह डाउनलोड लिंक सही नहीं है।' });
  });
});
