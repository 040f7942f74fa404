import { type FeeMode, internetChargePaisa } from '@bhada/contracts/money/payments';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from '../../../../test/app.ts';
import { clientsFor } from '../../../../test/harness/index.ts';
import { journalEntries, paymentOrders } from '../../../db/schema/index.ts';
import { accounts } from '../ledger/accounts.ts';
import { balanceOf } from '../ledger/ledger.service.ts';
import { checkPendingOrder } from './payment-settlement.service.ts';

/** Test keys shared by both app instances in the real-adapter test (16 bytes for AES-128). */
export const TEST_MID = 'TestMid0000000000001';
export const TEST_KEY = 'TestMerchantKey1';
export const PAYMENT_ENV = { PAYTM_MID: TEST_MID, PAYTM_MERCHANT_KEY: TEST_KEY };

const SANDBOX = '/api/sandbox/pg';

export type Info = { amount: number; merchantId: string; transactionCode: string; checkSumHash: string; customerId: string; host: string };

export async function createTopUp(t: TestApp, token: string, amount: number): Promise<Info> {
  const res = await clientsFor(t, token).payments.recharge({ amount });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** The pay call of spec fastag §4: the chosen mode with the server's own charge. */
export async function updateMode(t: TestApp, token: string, userCode: string, info: Info, mode: FeeMode) {
  const fee = internetChargePaisa(Math.round(info.amount * 100), mode) / 100;
  return clientsFor(t, token).payments.updateTransaction({
    appVersion: 'web',
    paymentMode: mode,
    serviceProvider: 'PAYTM',
    userCode,
    transactionCode: info.transactionCode,
    transactionToken: info.checkSumHash,
    amount: info.amount,
    pspAmount: fee,
  });
}

/** The browser's provider call (no checksum, token head), against the sandbox of `app`. */
export async function providerCall(
  app: FastifyInstance,
  path: string,
  info: Info,
  body: Record<string, unknown>,
  head: Record<string, unknown> = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: `${SANDBOX}${path}?mid=${info.merchantId}&orderId=${info.transactionCode}`,
    payload: { head: { tokenType: 'TXN_TOKEN', token: info.checkSumHash, txnToken: info.checkSumHash, channelId: 'WAP', ...head }, body },
  });
  return res.json() as { body: Record<string, unknown> & { resultInfo: { resultStatus: string; resultMsg: string } } };
}

export type PayBy =
  | { mode: 'CARD'; card: string; cvv?: string; expiry?: string; store?: boolean; cardType: 'DEBIT_CARD' | 'CREDIT_CARD' }
  | { mode: 'UPI'; vpa: string }
  | { mode: 'NB'; bank: string };

export async function process(app: FastifyInstance, info: Info, by: PayBy) {
  const base = { requestType: 'NATIVE', mid: info.merchantId, orderId: info.transactionCode };
  const body =
    by.mode === 'CARD'
      ? {
          ...base,
          paymentMode: by.cardType,
          cardInfo: `|${by.card}|${by.cvv ?? '123'}|${by.expiry ?? '122030'}`,
          storeInstrument: by.store ? '1' : '0',
        }
      : by.mode === 'UPI'
        ? { ...base, paymentMode: 'UPI', payerAccount: by.vpa }
        : { ...base, paymentMode: 'NET_BANKING', channelCode: by.bank };
  return providerCall(app, '/theia/api/v1/processTransaction', info, body);
}

const unescapeHtml = (v: string) =>
  v
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** Presses a button on the sandbox bank page; returns the signed callback form it posts. */
export async function bankDecides(app: FastifyInstance, orderId: string, outcome: 'SUCCESS' | 'FAILURE' | 'PENDING', otp = '123456') {
  const res = await app.inject({
    method: 'POST',
    url: `${SANDBOX}/bank/${orderId}/decide`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ outcome, otp }).toString(),
  });
  const fields: Record<string, string> = {};
  for (const m of res.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    fields[m[1] as string] = unescapeHtml(m[2] as string);
  const action = /<form method="post" action="([^"]+)">/.exec(res.body)?.[1];
  return { status: res.statusCode, html: res.body, fields, action: action ? unescapeHtml(action) : undefined };
}

export async function postCallback(app: FastifyInstance, fields: Record<string, string>, url = '/api/payments/paytm/callback') {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** update → process → bank page → callback: the whole checkout through the sandbox. */
export async function pay(t: TestApp, token: string, userCode: string, info: Info, by: PayBy, outcome: 'SUCCESS' | 'FAILURE' | 'PENDING') {
  const feeMode: FeeMode = by.mode === 'CARD' ? (by.cardType === 'CREDIT_CARD' ? 'CC' : 'DC') : by.mode;
  const updated = await updateMode(t, token, userCode, info, feeMode);
  expect(updated.status, JSON.stringify(updated.body)).toBe(200);
  const processed = await process(t.app, info, by);
  expect(processed.body.resultInfo.resultStatus, processed.body.resultInfo.resultMsg).toBe('S');
  const bank = await bankDecides(t.app, info.transactionCode, outcome);
  expect(bank.status).toBe(200);
  const callback = await postCallback(t.app, bank.fields);
  return { callback, fields: bank.fields };
}

export async function result(t: TestApp, token: string, orderId: string) {
  return clientsFor(t, token).payments.result(orderId);
}

/** The journal entries an order posted, and its row. */
export const entriesFor = async (t: TestApp, orderId: string) =>
  t.db.select().from(journalEntries).where(eq(journalEntries.referenceId, orderId));
export const orderRow = async (t: TestApp, orderId: string) =>
  (await t.db.select().from(paymentOrders).where(eq(paymentOrders.id, orderId)))[0];

export const wallet = (t: TestApp, operatorId: string) => balanceOf(t.db, accounts.operatorWallet(operatorId));
export const revenue = (t: TestApp) => balanceOf(t.db, { kind: 'PLATFORM_REVENUE', ownerId: 'SYSTEM' });
export const clearing = (t: TestApp) => balanceOf(t.db, { kind: 'PAYMENT_CLEARING', ownerId: 'SYSTEM' });

/** One run of the pending-order status job (the n-th check of its schedule). */
export const statusJob = (t: TestApp, orderId: string, checkNo: number) => checkPendingOrder(t.app.payments, { orderId, checkNo });
