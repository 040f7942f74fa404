import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { insertOperator } from '../../../test/factories.ts';
import { paymentCallbacks } from '../../db/schema/index.ts';
import {
  bankDecides,
  createTopUp,
  orderRow,
  PAYMENT_ENV,
  postCallback,
  process,
  statusJob,
  TEST_KEY,
  updateMode,
  wallet,
} from '../../modules/money/payments/payments.test-support.ts';
import { memberText, readSignedAnswer } from './answer-text.ts';
import { signString } from './checksum.ts';

// ADR 221: a status answer credits money only when it is signed with the merchant's key and names the order and
// the merchant that were asked about, with the order's amount. Between the merchant and the provider (the sandbox
// of another instance, over HTTP) sits a loopback relay that rewrites status answers the way an attacker, a
// misrouted proxy or a replayed answer would.

type Body = Record<string, unknown>;
type Tamper = (answer: { head: Body; body: Body }) => { head: Body; body: Body } | string;

const resign = (body: Body, key = TEST_KEY) => ({ head: { version: 'v1', signature: signString(JSON.stringify(body), key) }, body });
const TAMPERS: Record<string, Tamper> = {
  'a signature made with another key': ({ body }) => resign(body, 'AnotherMerchKey1'),
  'no signature at all': ({ body }) => ({ head: { version: 'v1' }, body }),
  'a body changed after signing': ({ head, body }) => ({ head, body: { ...body, txnId: `${body.txnId}9` } }),
  'a signature over other text': ({ body }) => ({ head: { signature: signString('{}', TEST_KEY) }, body }),
  "another order's genuine answer": ({ body }) => resign({ ...body, orderId: 'BHD000000OTHERORDER' }),
  "another merchant's genuine answer": ({ body }) => resign({ ...body, mid: 'OtherMid000000000001' }),
  'an answer that names no order': ({ body }) => resign(Object.fromEntries(Object.entries(body).filter(([k]) => k !== 'orderId'))),
  'a signed answer with a larger amount': ({ body }) => resign({ ...body, txnAmount: '5000.00' }),
  'an answer that is not JSON': () => '<html>gateway timeout</html>',
};

let sandboxApp: TestApp;
let merchant: TestApp;
let relay: Server;
let tamper: Tamper | undefined;

beforeAll(async () => {
  sandboxApp = await createTestApp(PAYMENT_ENV);
  const sandboxBase = `${await sandboxApp.app.listen({ port: 0, host: '127.0.0.1' })}/api/sandbox/pg`;
  relay = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const upstream = await fetch(`${sandboxBase}${req.url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.concat(chunks).toString(),
    });
    let text = await upstream.text();
    if (tamper && req.url?.startsWith('/v3/order/status')) {
      const out = tamper(JSON.parse(text));
      text = typeof out === 'string' ? out : JSON.stringify(out);
    }
    res.writeHead(upstream.status, { 'content-type': 'application/json' }).end(text);
  });
  await new Promise<void>((done) => relay.listen(0, '127.0.0.1', done));
  const host = `http://127.0.0.1:${(relay.address() as AddressInfo).port}`;
  merchant = await createTestApp({ ...PAYMENT_ENV, PAYMENT_PROVIDER: 'paytm', PAYTM_HOST: host, PUBLIC_URL: 'https://bhada.example' });
});
afterAll(async () => {
  await merchant?.close();
  await new Promise((done) => relay?.close(done));
  await sandboxApp?.close();
});

/** A ₹300 top-up paid by UPI at the provider; returns the provider's (genuine) callback form. */
async function paidTopUp(outcome: 'SUCCESS' | 'FAILURE' = 'SUCCESS') {
  const { owner, operatorId } = await insertOperator(merchant.db);
  const info = await createTopUp(merchant, owner.token, 300);
  expect((await updateMode(merchant, owner.token, owner.userCode, info, 'UPI')).status).toBe(200);
  const processed = await process(sandboxApp.app, info, { mode: 'UPI', vpa: 'someone@okhdfc' });
  expect(processed.body.resultInfo.resultStatus).toBe('S');
  const bank = await bankDecides(sandboxApp.app, info.transactionCode, outcome);
  expect(bank.fields.STATUS).toBe(outcome === 'SUCCESS' ? 'TXN_SUCCESS' : 'TXN_FAILURE');
  return { operatorId, orderId: info.transactionCode, fields: bank.fields };
}

const outcomes = async (orderId: string) =>
  (await merchant.db.select().from(paymentCallbacks).where(eq(paymentCallbacks.orderId, orderId))).map((r) => r.outcome);

describe('status answers are verified before anything is credited', () => {
  it('a genuine answer through the relay credits the top-up once', async () => {
    tamper = undefined;
    const { operatorId, orderId, fields } = await paidTopUp();
    expect((await postCallback(merchant.app, fields)).statusCode).toBe(303);
    expect(await wallet(merchant, operatorId)).toBe(30000);
    expect((await orderRow(merchant, orderId))?.status).toBe('SUCCESS');
  });

  for (const [name, how] of Object.entries(TAMPERS)) {
    it(`${name}: credits nothing, is logged, and the scheduled check settles it from the genuine answer`, async () => {
      const { operatorId, orderId, fields } = await paidTopUp();
      tamper = how;
      try {
        // the genuine callback asks the provider, and the answer that comes back is not believed
        expect((await postCallback(merchant.app, fields)).statusCode).toBe(303);
        expect(await wallet(merchant, operatorId)).toBe(0);
        // the scheduled check meets the same answer and still credits nothing
        await statusJob(merchant, orderId, 0);
        expect(await wallet(merchant, operatorId)).toBe(0);
        const row = await orderRow(merchant, orderId);
        // a verified callback leaves the order waiting (a mismatched amount leaves it as it was), never settled
        expect(['CREATED', 'PENDING']).toContain(row?.status);
        expect(row?.settledEntryId ?? null).toBeNull();
        const seen = await outcomes(orderId);
        expect(seen.length).toBeGreaterThanOrEqual(2);
        expect(
          seen.every((o) => ['UNVERIFIED_STATUS', 'AMOUNT_MISMATCH', 'STATUS_UNCONFIRMED'].includes(o)),
          seen.join(),
        ).toBe(true);
        expect(seen).not.toContain('SETTLED');
      } finally {
        tamper = undefined;
      }
      // the next check reads the genuine answer: the money that did move is credited, once
      await statusJob(merchant, orderId, 1);
      expect(await wallet(merchant, operatorId)).toBe(30000);
      await statusJob(merchant, orderId, 2);
      expect(await wallet(merchant, operatorId)).toBe(30000);
      expect(await outcomes(orderId)).toContain('SETTLED');
    });
  }

  it('a forged success for a payment the bank failed never credits, and the genuine answer fails the order', async () => {
    const { operatorId, orderId, fields } = await paidTopUp('FAILURE');
    tamper = ({ head, body }) => ({
      head,
      body: { ...body, resultInfo: { resultStatus: 'TXN_SUCCESS', resultCode: '01', resultMsg: 'Txn Success' } },
    });
    try {
      await postCallback(merchant.app, fields);
      await statusJob(merchant, orderId, 0);
      expect(await wallet(merchant, operatorId)).toBe(0);
      expect(await outcomes(orderId)).toContain('UNVERIFIED_STATUS');
    } finally {
      tamper = undefined;
    }
    await statusJob(merchant, orderId, 1);
    expect((await orderRow(merchant, orderId))?.status).toBe('FAILURE');
    expect(await wallet(merchant, operatorId)).toBe(0);
  });
});

describe('the signed text of an answer', () => {
  it('is the body exactly as it arrived, whatever its spacing and escapes', () => {
    const bodyText = '{ "orderId":"BHD1", "note":"a \\"quoted\\" \\u20b9 \\/ [x] {y}", "n":[1,2.5e3,{"k":null}] }';
    const text = `{"head":{"signature":"${signString(bodyText, TEST_KEY)}","x":"}"},  "body" : ${bodyText} }`;
    expect(memberText(text, 'body')).toBe(bodyText);
    expect(memberText(text, 'missing')).toBeUndefined();
    expect(memberText('[1]', 'body')).toBeUndefined();
    expect(memberText('{"body":', 'body')).toBeUndefined();
    const read = readSignedAnswer(text, TEST_KEY);
    expect(read?.signed).toBe(true);
    expect(read?.body.orderId).toBe('BHD1');
    // the same body signed after re-serialisation (as the provider's examples do) verifies too
    const parsed = JSON.parse(bodyText) as Body;
    expect(readSignedAnswer(JSON.stringify(resign(parsed)), TEST_KEY)?.signed).toBe(true);
    expect(readSignedAnswer(JSON.stringify(resign(parsed, 'AnotherMerchKey1')), TEST_KEY)?.signed).toBe(false);
    expect(readSignedAnswer(text.replace('BHD1', 'BHD2'), TEST_KEY)?.signed).toBe(false);
    expect(readSignedAnswer('not json', TEST_KEY)).toBeUndefined();
  });
});
