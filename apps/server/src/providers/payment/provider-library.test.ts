import PaytmChecksum from 'paytmchecksum';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { insertOperator } from '../../../test/factories.ts';
import * as repo from '../../modules/money/payments/payments.repository.ts';
import {
  bankDecides,
  createTopUp,
  PAYMENT_ENV,
  postCallback,
  process,
  TEST_KEY,
  updateMode,
  wallet,
} from '../../modules/money/payments/payments.test-support.ts';
import { signParams, signString, stringOfParams, verifyParams, verifyString } from './checksum.ts';

// The provider's own checksum library (npm paytmchecksum) against ours (ADR 221). Its Node library signs a field
// whose value is the text "null" as that text; its PHP library blanks it. A callback signed either way verifies.

const quiet = <T>(run: () => T): T => {
  // the library prints the decipher error of a signature that is not its own
  const log = console.log;
  console.log = () => {};
  try {
    return run();
  } finally {
    console.log = log;
  }
};

describe('our checksum and the provider library agree', () => {
  it('each verifies the other’s signatures over form fields and over JSON text', async () => {
    const fields = { MID: 'TestMid0000000000001', ORDERID: 'BHD1', TXNAMOUNT: '500.00', STATUS: 'TXN_SUCCESS' };
    const theirs = await PaytmChecksum.generateSignature({ ...fields }, TEST_KEY);
    expect(verifyParams(fields, TEST_KEY, theirs)).toBe(true);
    const ours = signParams(fields, TEST_KEY);
    expect(PaytmChecksum.verifySignature({ ...fields }, TEST_KEY, ours)).toBe(true);
    expect(quiet(() => PaytmChecksum.verifySignature({ ...fields, TXNAMOUNT: '5000.00' }, TEST_KEY, ours))).toBe(false);

    const json = JSON.stringify({ mid: fields.MID, orderId: 'BHD1' });
    expect(verifyString(json, TEST_KEY, await PaytmChecksum.generateSignature(json, TEST_KEY))).toBe(true);
    expect(PaytmChecksum.verifySignature(json, TEST_KEY, signString(json, TEST_KEY))).toBe(true);
  });

  it('the Node library signs a "null" value as the text null; the PHP convention blanks it; both verify', async () => {
    const fields = { BANKNAME: 'null', MID: 'M', ORDERID: 'BHD1', RESPMSG: 'NULL' };
    const node = await PaytmChecksum.generateSignature({ ...fields }, TEST_KEY);
    // what the library signed: the values as they are
    expect(verifyString('null|M|BHD1|NULL', TEST_KEY, node)).toBe(true);
    expect(verifyString(stringOfParams(fields), TEST_KEY, node)).toBe(false);
    expect(stringOfParams(fields, 'text')).toBe('null|M|BHD1|NULL');
    expect(stringOfParams(fields)).toBe('|M|BHD1|');
    expect(verifyParams(fields, TEST_KEY, node)).toBe(true);
    const php = signParams(fields, TEST_KEY);
    expect(verifyParams(fields, TEST_KEY, php)).toBe(true);
    // neither reading lets a changed value through
    expect(verifyParams({ ...fields, ORDERID: 'BHD2' }, TEST_KEY, node)).toBe(false);
    expect(verifyParams({ ...fields, BANKNAME: '' }, TEST_KEY, node)).toBe(false);
    expect(verifyParams({ ...fields, BANKNAME: 'SBI' }, TEST_KEY, php)).toBe(false);
  });
});

describe('a callback with a literal "null" value', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(PAYMENT_ENV);
  });
  afterAll(async () => t?.close());

  /** A ₹300 top-up paid at the provider; the callback fields with a "null" bank name, unsigned. */
  async function paid() {
    const { owner, operatorId } = await insertOperator(t.db);
    const info = await createTopUp(t, owner.token, 300);
    expect((await updateMode(t, owner.token, owner.userCode, info, 'UPI')).status).toBe(200);
    await process(t.app, info, { mode: 'UPI', vpa: 'someone@okhdfc' });
    const { CHECKSUMHASH: _, ...fields } = (await bankDecides(t.app, info.transactionCode, 'SUCCESS')).fields;
    return { operatorId, orderId: info.transactionCode, fields: { ...fields, BANKNAME: 'null', BANKTXNID: 'null' } };
  }

  it('signed by the provider’s Node library, it is accepted at once and credits the top-up', async () => {
    const { operatorId, orderId, fields } = await paid();
    const CHECKSUMHASH = await PaytmChecksum.generateSignature({ ...fields }, TEST_KEY);
    const res = await postCallback(t.app, { ...fields, CHECKSUMHASH });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/portal/transaction/paytm/${orderId}`);
    expect(await wallet(t, operatorId)).toBe(30000);
    expect((await repo.listCallbackLog(t.db, orderId)).map((l) => l.outcome)).toEqual(['SETTLED']);
  });

  it('signed by the PHP convention (blank), it is accepted too', async () => {
    const { operatorId, fields } = await paid();
    const res = await postCallback(t.app, { ...fields, CHECKSUMHASH: signParams(fields, TEST_KEY) });
    expect(res.statusCode).toBe(303);
    expect(await wallet(t, operatorId)).toBe(30000);
  });

  it('changed after the Node library signed it, it is refused and credits nothing', async () => {
    const { operatorId, fields } = await paid();
    const CHECKSUMHASH = await PaytmChecksum.generateSignature({ ...fields }, TEST_KEY);
    const res = await postCallback(t.app, { ...fields, BANKNAME: 'HDFC', CHECKSUMHASH });
    expect(res.statusCode).toBe(400);
    expect(await wallet(t, operatorId)).toBe(0);
  });
});
