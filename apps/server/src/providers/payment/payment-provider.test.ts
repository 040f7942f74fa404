import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { insertOperator } from '../../../test/factories.ts';
import { PRODUCTION_SMS_ENV } from '../../../test/production-env.ts';
import { accounts } from '../../modules/money/ledger/accounts.ts';
import { balanceOf } from '../../modules/money/ledger/ledger.service.ts';
import {
  bankDecides,
  PAYMENT_ENV,
  postCallback,
  process,
  TEST_KEY,
  TEST_MID,
  updateMode,
} from '../../modules/money/payments/payments.test-support.ts';
import { signParams, signString, stringOfParams, verifyParams, verifyString } from './checksum.ts';
import { paytmAdapter } from './paytm-adapter.ts';
import { paisaOf, rupeesText } from './port.ts';

describe('checksum (the provider library’s algorithm)', () => {
  it('verifies its own signatures, refuses a tampered text or another key, and salts every signature', () => {
    const text = JSON.stringify({ mid: TEST_MID, orderId: 'BHD1', txnAmount: { value: '500.00', currency: 'INR' } });
    const a = signString(text, TEST_KEY);
    const b = signString(text, TEST_KEY);
    expect(a).not.toBe(b);
    // AES-128-CBC of 64 hex + 4 salt characters (68 bytes, padded to 80) = 108 base64 characters, as documented
    expect(Buffer.from(a, 'base64')).toHaveLength(80);
    expect(a).toHaveLength(108);
    expect(verifyString(text, TEST_KEY, a)).toBe(true);
    expect(verifyString(text, TEST_KEY, b)).toBe(true);
    expect(verifyString(`${text} `, TEST_KEY, a)).toBe(false);
    expect(verifyString(text, 'AnotherMerchKey1', a)).toBe(false);
    expect(verifyString(text, TEST_KEY, 'not-a-signature')).toBe(false);
    expect(verifyString(text, TEST_KEY, '')).toBe(false);
  });

  it('signs form fields sorted by name, without CHECKSUMHASH, null as empty', () => {
    expect(stringOfParams({ ORDERID: 'B', MID: 'A', CHECKSUMHASH: 'x', BANKNAME: 'null', TXNID: '' })).toBe('|A|B|'); // BANKNAME, MID, ORDERID, TXNID
    const fields = { STATUS: 'TXN_SUCCESS', ORDERID: 'BHD1', TXNAMOUNT: '500.00' };
    const sig = signParams(fields, TEST_KEY);
    expect(verifyParams({ ...fields, CHECKSUMHASH: sig }, TEST_KEY, sig)).toBe(true);
    expect(verifyParams({ ...fields, TXNAMOUNT: '5000.00' }, TEST_KEY, sig)).toBe(false);
  });

  it('reads and writes amounts as exact two-decimal text', () => {
    expect(rupeesText(50200)).toBe('502.00');
    expect(rupeesText(5)).toBe('0.05');
    expect(paisaOf('502.00')).toBe(50200);
    expect(paisaOf('502.5')).toBe(50250);
    expect(paisaOf('0.07')).toBe(7);
    expect(paisaOf('1e3')).toBeUndefined();
    expect(paisaOf('-1.00')).toBeUndefined();
  });
});

describe('the real adapter against the sandbox of another instance', () => {
  let sandboxApp: TestApp;
  let merchant: TestApp;
  let host: string;

  beforeAll(async () => {
    sandboxApp = await createTestApp(PAYMENT_ENV);
    const address = await sandboxApp.app.listen({ port: 0, host: '127.0.0.1' });
    host = `${address}/api/sandbox/pg`;
    merchant = await createTestApp({ ...PAYMENT_ENV, PAYMENT_PROVIDER: 'paytm', PAYTM_HOST: host, PUBLIC_URL: 'https://bhada.example' });
  });
  afterAll(async () => {
    await merchant?.close();
    await sandboxApp?.close();
  });

  it('signs initiate, update and status calls that the sandbox verifies, over HTTP at the configured host', async () => {
    const { owner, operatorId } = await insertOperator(merchant.db);
    const res = await merchant.call({ method: 'POST', url: '/api/wallet/recharge/v2', token: owner.token, payload: { amount: 500 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const info = res.body.data;
    expect(info.host).toBe(host);
    expect(merchant.app.payments.provider?.name).toBe('paytm');

    // the mode's charge reaches the provider through the signed updateTransactionDetail
    expect((await updateMode(merchant, owner.token, owner.userCode, info, 'CC')).status).toBe(200);
    // the browser's calls go to the provider host (here: the other instance)
    const processed = await process(sandboxApp.app, info, { mode: 'CARD', card: '5555554444333322', cardType: 'CREDIT_CARD' });
    expect(processed.body.resultInfo.resultStatus).toBe('S');
    const bank = await bankDecides(sandboxApp.app, info.transactionCode, 'SUCCESS');
    expect(bank.action).toBe('https://bhada.example/api/payments/paytm/callback');
    expect(bank.fields.TXNAMOUNT).toBe('509.95');

    const callback = await postCallback(merchant.app, bank.fields);
    expect(callback.statusCode).toBe(303);
    expect(await balanceOf(merchant.db, accounts.operatorWallet(operatorId))).toBe(50000);
    expect(await balanceOf(merchant.db, { kind: 'PLATFORM_REVENUE', ownerId: 'SYSTEM' })).toBe(995);
  });

  it('the sandbox refuses a request signed with another key, and the adapter reports it', async () => {
    const wrong = paytmAdapter({
      name: 'paytm',
      mid: TEST_MID,
      merchantKey: 'AnotherMerchKey1',
      apiBase: host,
      browserHost: host,
      websiteName: 'DEFAULT',
    });
    await expect(
      wrong.initiate({ orderId: 'BHDWRONGKEY1', amountPaisa: 100, customerId: 'OP1', callbackUrl: 'https://x/cb' }),
    ).rejects.toThrow(/Checksum provided is invalid/);
    const right = paytmAdapter({
      name: 'paytm',
      mid: TEST_MID,
      merchantKey: TEST_KEY,
      apiBase: host,
      browserHost: host,
      websiteName: 'DEFAULT',
    });
    const ok = await right.initiate({ orderId: 'BHDRIGHTKEY1', amountPaisa: 100, customerId: 'OP1', callbackUrl: 'https://x/cb' });
    expect(ok.txnToken).toBeTruthy();
    // order ids are never reused
    await expect(
      right.initiate({ orderId: 'BHDRIGHTKEY1', amountPaisa: 100, customerId: 'OP1', callbackUrl: 'https://x/cb' }),
    ).rejects.toThrow(/Duplicate/);
    expect((await right.status('BHDRIGHTKEY1')).status).toBe('NOT_FOUND');
  });

  it('an unreachable provider is a clean 502, not a crash', async () => {
    const down = await createTestApp({
      ...PAYMENT_ENV,
      PAYMENT_PROVIDER: 'paytm',
      PAYTM_HOST: 'http://127.0.0.1:9',
      PUBLIC_URL: 'https://bhada.example',
    });
    try {
      const { owner } = await insertOperator(down.db);
      const res = await down.call({ method: 'POST', url: '/api/wallet/recharge/v2', token: owner.token, payload: { amount: 100 } });
      expect(res.status).toBe(502);
      expect(res.body.errorCode).toBe('PAYMENT_PROVIDER_FAILED');
    } finally {
      await down.close();
    }
  });
});

const PROD_SECRETS = { APP_SECRET: 'prod-secret-0123456789', TAG_ISSUER_SECRET: 'prod-tag-issuer-0123456789', ...PRODUCTION_SMS_ENV };

describe('production mode', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({ ...PAYMENT_ENV, ...PROD_SECRETS, NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' });
  });
  afterAll(async () => prod?.close());

  it('the sandbox routes answer 404 and no payment can start', async () => {
    for (const [method, url] of [
      ['POST', '/api/sandbox/pg/theia/api/v1/initiateTransaction'],
      ['POST', '/api/sandbox/pg/theia/api/v1/processTransaction'],
      ['POST', '/api/sandbox/pg/v3/order/status'],
      ['GET', '/api/sandbox/pg/bank/BHD1'],
      ['GET', '/api/sandbox/pg/icons/SBI.svg'],
    ] as const) {
      const res = await prod.app.inject({ method, url, payload: method === 'POST' ? { head: {}, body: {} } : undefined });
      expect(res.statusCode, url).toBe(404);
    }
    const { owner } = await insertOperator(prod.db);
    const res = await prod.call({ method: 'POST', url: '/api/wallet/recharge/v2', token: owner.token, payload: { amount: 100 } });
    expect(res.status).toBe(502);
  });

  it('the real provider without its keys refuses to start', async () => {
    await expect(createTestApp({ ...PROD_SECRETS, NODE_ENV: 'production', PAYMENT_PROVIDER: 'paytm' })).rejects.toThrow(/PAYTM_MID/);
  });
});
