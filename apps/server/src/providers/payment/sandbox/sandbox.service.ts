import { randomInt } from 'node:crypto';
import { UPI_PATTERN } from '@bhada/contracts/money/payments';
import type { Db } from '../../../db/client.ts';
import { randomToken } from '../../../lib/crypto.ts';
import { newId } from '../../../lib/ids.ts';
import { signString, verifyString } from '../checksum.ts';
import { paisaOf, rupeesText } from '../port.ts';
import { bankNameOf, callbackFields } from './callback-form.ts';
import {
  BANK_NAMES,
  CALLBACK_MODE,
  cardTypeOf,
  DECLINED_CARD,
  DECLINED_CVV,
  INVALID_VPA,
  MAGIC_VPA,
  NB_CHANNELS,
  SANDBOX_OTP,
  schemeOf,
} from './catalogue.ts';
import * as repo from './sandbox.repository.ts';

/**
 * The sandbox provider: the same protocol as the real one (PAYMENT-GATEWAY.md), with its state in
 * Bhada's database. Answers are `{ head, body }` with `body.resultInfo`, as the provider's are.
 */
export interface SandboxConfig {
  mid: string;
  merchantKey: string;
  /** URL prefix of the sandbox as the browser sees it, e.g. `/api/sandbox/pg` */
  base: string;
  /** how long a "Pending" payment waits before it resolves on its own */
  pendingSeconds: number;
}

export type Envelope = { head?: Record<string, unknown>; body?: Record<string, unknown> };
type Body = Record<string, unknown>;

const TOKEN_MS = 15 * 60_000;
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

function answer(cfg: SandboxConfig, body: Body) {
  return {
    head: { responseTimestamp: String(Date.now()), version: 'v1', signature: signString(JSON.stringify(body), cfg.merchantKey) },
    body,
  };
}
const info = (resultStatus: string, resultCode: string, resultMsg: string) => ({ resultInfo: { resultStatus, resultCode, resultMsg } });
const fail = (cfg: SandboxConfig, code: string, msg: string, extra: Body = {}) => answer(cfg, { ...info('F', code, msg), ...extra });

/** Signed server-to-server calls: the signature covers the exact JSON text of `body`. */
function signed(cfg: SandboxConfig, req: Envelope): string | undefined {
  const signature = str(req.head?.signature);
  if (!req.body || !signature || !verifyString(JSON.stringify(req.body), cfg.merchantKey, signature)) return 'Checksum provided is invalid';
  if (req.body.mid !== undefined && req.body.mid !== cfg.mid) return 'Invalid MID';
  return undefined;
}

const ORDER_ID = /^[A-Za-z0-9_@-]{1,50}$/;

export async function initiateTransaction(db: Db, cfg: SandboxConfig, query: { mid?: string; orderId?: string }, req: Envelope) {
  const bad = signed(cfg, req);
  if (bad) return fail(cfg, '2005', bad);
  const b = req.body as Body;
  const orderId = str(b.orderId);
  if (!orderId || !ORDER_ID.test(orderId) || (query.orderId && query.orderId !== orderId)) return fail(cfg, '1001', 'Invalid order id');
  if (query.mid && query.mid !== cfg.mid) return fail(cfg, '1007', 'Invalid MID');
  const amountPaisa = paisaOf((b.txnAmount as Body | undefined)?.value);
  if (!amountPaisa) return fail(cfg, '1007', 'Invalid txn amount');
  const callbackUrl = str(b.callbackUrl);
  const custId = str((b.userInfo as Body | undefined)?.custId);
  if (!callbackUrl || !custId) return fail(cfg, '1006', 'Mandatory params missing');
  const txnToken = randomToken(24);
  const created = await repo.insertOrder(db, {
    orderId,
    mid: cfg.mid,
    txnToken,
    tokenExpiresAt: new Date(Date.now() + TOKEN_MS),
    amountPaisa,
    custId,
    callbackUrl,
  });
  // order ids are never reused, not even after a failure (PAYMENT-GATEWAY.md step 1)
  if (!created) return fail(cfg, '325', 'Duplicate Order Id');
  return answer(cfg, { ...info('S', '0000', 'Success'), txnToken, isPromoCodeValid: false, authenticated: false });
}

/** The order a browser call's token opens, or the reason it does not. */
async function byToken(db: Db, orderId: string | undefined, token: string | undefined) {
  if (!orderId || !token) return { error: 'Mandatory params missing' as const };
  const order = await repo.findOrder(db, orderId);
  if (!order || order.txnToken !== token) return { error: 'Invalid txn token' as const };
  if (order.tokenExpiresAt.getTime() < Date.now()) return { error: 'Session expired. Please start again.' as const };
  return { order };
}

export async function updateTransactionDetail(db: Db, cfg: SandboxConfig, query: { orderId?: string }, req: Envelope) {
  const bad = signed(cfg, req);
  if (bad) return fail(cfg, '2005', bad);
  const found = await byToken(db, query.orderId, str(req.head?.txnToken));
  if (!found.order) return fail(cfg, '1001', found.error);
  const amountPaisa = paisaOf(((req.body as Body).txnAmount as Body | undefined)?.value);
  if (!amountPaisa) return fail(cfg, '1007', 'Invalid txn amount');
  const row = await repo.updateOrder(db, { orderId: found.order.orderId, from: ['CREATED'], set: { amountPaisa } });
  if (!row) return fail(cfg, '1008', 'Transaction already in progress');
  return answer(cfg, { ...info('S', '0000', 'Success'), txnToken: found.order.txnToken });
}

const tokenOf = (head: Body | undefined) => str(head?.token) ?? str(head?.txnToken);
const orderIdOf = (query: { orderId?: string }, body: Body | undefined) => query.orderId ?? str(body?.orderId);

function nbChannels(cfg: SandboxConfig) {
  return NB_CHANNELS.map((c) => ({
    channelCode: c.channelCode,
    channelName: c.channelName,
    iconUrl: `${cfg.base}/icons/${c.channelCode}.svg`,
  }));
}

export async function fetchPaymentOptions(db: Db, cfg: SandboxConfig, query: { orderId?: string }, req: Envelope) {
  const found = await byToken(db, orderIdOf(query, req.body), tokenOf(req.head));
  if (!found.order) return fail(cfg, '1001', found.error);
  const cards = await repo.listCards(db, found.order.custId);
  return answer(cfg, {
    ...info('S', '0000', 'Success'),
    orderId: found.order.orderId,
    txnAmount: { value: rupeesText(found.order.amountPaisa), currency: 'INR' },
    merchantPayOption: {
      paymentModes: [
        { displayName: 'Debit Card', paymentMode: 'DEBIT_CARD', payChannelOptions: [] },
        { displayName: 'Credit Card', paymentMode: 'CREDIT_CARD', payChannelOptions: [] },
        { displayName: 'BHIM UPI', paymentMode: 'UPI', payChannelOptions: [] },
        { displayName: 'Net Banking', paymentMode: 'NET_BANKING', payChannelOptions: nbChannels(cfg) },
      ],
      savedInstruments: cards.map((c) => ({
        displayName: `${c.scheme === 'MASTER' ? 'Mastercard' : c.scheme === 'VISA' ? 'Visa' : 'RuPay'} ${c.cardType === 'CREDIT_CARD' ? 'Credit' : 'Debit'} Card`,
        channelCode: c.scheme,
        cardDetails: { cardId: c.id, cardType: c.cardType, lastFourDigit: c.last4, cvvLength: c.cvvLength },
      })),
    },
  });
}

export async function fetchBinDetail(db: Db, cfg: SandboxConfig, query: { orderId?: string }, req: Envelope) {
  const found = await byToken(db, orderIdOf(query, req.body), tokenOf(req.head));
  if (!found.order) return fail(cfg, '1001', found.error);
  const bin = (str(req.body?.bin) ?? str(req.body?.cardNumber) ?? '').replace(/\D/g, '').slice(0, 6);
  const scheme = bin.length === 6 ? schemeOf(bin) : undefined;
  if (!scheme) return fail(cfg, '1021', 'Invalid card number');
  const paymentMode = cardTypeOf(bin);
  return answer(cfg, {
    ...info('S', '0000', 'Success'),
    binDetail: {
      bin,
      issuingBank: BANK_NAMES[scheme],
      paymentMode,
      channelCode: scheme,
      channelName: scheme,
      cnMin: '16',
      cnMax: '16',
      cvvRequired: true,
      cvvLength: '3',
      expiryRequired: true,
      isActive: true,
    },
    authModes: ['otp'],
  });
}

export async function validateVpa(db: Db, cfg: SandboxConfig, query: { orderId?: string }, req: Envelope) {
  const found = await byToken(db, orderIdOf(query, req.body), tokenOf(req.head));
  if (!found.order) return fail(cfg, '1001', found.error);
  const vpa = str(req.body?.vpa) ?? '';
  const valid = UPI_PATTERN.test(vpa) && !INVALID_VPA.test(vpa);
  return answer(cfg, { ...(valid ? info('S', '0000', 'Success') : info('F', '1022', 'Invalid UPI')), valid, vpa });
}

export async function fetchNbChannels(db: Db, cfg: SandboxConfig, query: { orderId?: string }, req: Envelope) {
  const found = await byToken(db, orderIdOf(query, req.body), tokenOf(req.head));
  if (!found.order) return fail(cfg, '1001', found.error);
  return answer(cfg, { ...info('S', '0000', 'Success'), nbPayOption: { payChannelOptions: nbChannels(cfg) } });
}

function expiryOk(mmyyyy: string): boolean {
  const m = /^(\d{2})(\d{4})$/.exec(mmyyyy);
  if (!m) return false;
  const month = Number(m[1]);
  const year = Number(m[2]);
  if (month < 1 || month > 12) return false;
  const now = new Date();
  return year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1);
}

export async function processTransaction(db: Db, cfg: SandboxConfig, query: { orderId?: string }, req: Envelope) {
  const b = (req.body ?? {}) as Body;
  const found = await byToken(db, orderIdOf(query, b), tokenOf(req.head));
  if (!found.order) return fail(cfg, '1001', found.error, { txnInfo: { RESPMSG: found.error } });
  const order = found.order;
  const mode = str(b.paymentMode);
  const reject = (msg: string) => fail(cfg, '1006', msg, { txnInfo: { RESPMSG: msg } });
  const set: Parameters<typeof repo.updateOrder>[1]['set'] = { paymentMode: mode, forcedOutcome: null };

  if (mode === 'CREDIT_CARD' || mode === 'DEBIT_CARD') {
    const [savedId = '', number = '', cvv = '', expiry = ''] = (str(b.cardInfo) ?? '').split('|');
    if (savedId) {
      const card = await repo.findCard(db, { custId: order.custId, id: savedId });
      if (!card) return reject('Saved card not found');
      if (!new RegExp(`^\\d{${card.cvvLength}}$`).test(cvv)) return reject('Invalid CVV');
      if (card.cardType !== mode) return reject('Payment mode does not match the card');
      Object.assign(set, { cardBin: card.bin, cardLast4: card.last4, channelCode: card.scheme, storeInstrument: false });
      if (cvv === DECLINED_CVV) set.forcedOutcome = 'TXN_FAILURE';
    } else {
      if (!/^\d{16}$/.test(number)) return reject('Invalid card number');
      if (!/^\d{3}$/.test(cvv)) return reject('Invalid CVV');
      if (!expiryOk(expiry)) return reject('Invalid card expiry');
      const bin = number.slice(0, 6);
      const scheme = schemeOf(bin);
      if (!scheme) return reject('Invalid card number');
      if (cardTypeOf(bin) !== mode) return reject('Payment mode does not match the card');
      const store = b.storeInstrument === '1' || b.storeInstrument === 1 || b.storeInstrument === true;
      Object.assign(set, { cardBin: bin, cardLast4: number.slice(-4), channelCode: scheme, storeInstrument: store });
      if (number === DECLINED_CARD || cvv === DECLINED_CVV) set.forcedOutcome = 'TXN_FAILURE';
    }
  } else if (mode === 'NET_BANKING') {
    const code = str(b.channelCode);
    if (!NB_CHANNELS.some((c) => c.channelCode === code)) return reject('Invalid bank');
    set.channelCode = code;
  } else if (mode === 'UPI') {
    const vpa = str(b.payerAccount) ?? '';
    if (!UPI_PATTERN.test(vpa) || INVALID_VPA.test(vpa)) return reject('Invalid UPI');
    set.payerAccount = vpa;
    const magic = MAGIC_VPA.exec(vpa)?.[1]?.toUpperCase();
    if (magic) set.forcedOutcome = magic === 'SUCCESS' ? 'TXN_SUCCESS' : magic === 'FAILURE' ? 'TXN_FAILURE' : 'PENDING';
  } else {
    return reject('Invalid payment mode');
  }

  // a payer may come back from the bank page and try again until the order is decided
  const row = await repo.updateOrder(db, {
    orderId: order.orderId,
    from: ['CREATED', 'PROCESSING'],
    set: { ...set, status: 'PROCESSING' },
  });
  if (!row) return reject('This order is already paid or closed');
  return answer(cfg, {
    ...info('S', '0000', 'Success'),
    bankForm: {
      pageType: 'redirect',
      redirectForm: {
        actionUrl: `${cfg.base}/bank/${encodeURIComponent(order.orderId)}`,
        method: 'post',
        type: 'redirect',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        content: { ORDERID: order.orderId, MID: order.mid },
      },
    },
  });
}

export type Outcome = 'SUCCESS' | 'FAILURE' | 'PENDING';

const RESULT: Record<Outcome, { status: 'TXN_SUCCESS' | 'TXN_FAILURE' | 'PENDING'; code: string; msg: string }> = {
  SUCCESS: { status: 'TXN_SUCCESS', code: '01', msg: 'Txn Success' },
  FAILURE: {
    status: 'TXN_FAILURE',
    code: '227',
    msg: 'Your payment has been declined by your bank. Please try again or use a different method.',
  },
  PENDING: {
    status: 'PENDING',
    code: '402',
    msg: 'Looks like the payment is not complete. Please wait while we confirm the status with your bank.',
  },
};

/**
 * The payer's choice on the bank page. Returns the signed callback fields to post to the merchant,
 * or an error to show on the page (a wrong OTP, an order already decided).
 */
export async function decide(db: Db, cfg: SandboxConfig, orderId: string, chosen: Outcome, otp: string | undefined) {
  const order = await repo.findOrder(db, orderId);
  if (order?.status !== 'PROCESSING') return { error: 'This payment is no longer waiting for the bank.' as const };
  const needsOtp = order.paymentMode !== 'UPI';
  if (chosen === 'SUCCESS' && needsOtp && otp !== SANDBOX_OTP) return { error: 'Incorrect OTP. Please try again.' as const, order };
  // magic inputs (a declined card, a success@/failure@/pending@ VPA) decide whatever is pressed
  const forced: Record<string, Outcome> = { TXN_FAILURE: 'FAILURE', TXN_SUCCESS: 'SUCCESS', PENDING: 'PENDING' };
  const outcome: Outcome = (order.forcedOutcome && forced[order.forcedOutcome]) || chosen;
  const r = RESULT[outcome];
  const declinedCard = order.forcedOutcome === 'TXN_FAILURE' && order.paymentMode !== 'UPI';
  const row = await repo.updateOrder(db, {
    orderId,
    from: ['PROCESSING'],
    set: {
      status: r.status,
      txnId: `20${Date.now()}${randomInt(100000, 999999)}`,
      bankTxnId: String(randomInt(100000000, 999999999)) + String(randomInt(100, 999)),
      respCode: r.code,
      respMsg: declinedCard ? 'Card declined by the issuing bank' : r.msg,
      resolveAt: outcome === 'PENDING' ? new Date(Date.now() + cfg.pendingSeconds * 1000) : null,
      resolveTo: outcome === 'PENDING' ? 'TXN_SUCCESS' : null,
    },
  });
  if (!row) return { error: 'This payment is no longer waiting for the bank.' as const };
  if (outcome === 'SUCCESS' && row.storeInstrument && row.cardBin && row.cardLast4) {
    const scheme = schemeOf(row.cardBin);
    if (scheme) {
      await repo.insertCard(db, {
        id: newId('CARD', 10),
        custId: row.custId,
        bin: row.cardBin,
        last4: row.cardLast4,
        scheme,
        cardType: cardTypeOf(row.cardBin),
        cvvLength: 3,
      });
    }
  }
  return { callback: callbackFields(cfg, row), callbackUrl: row.callbackUrl, order: row };
}

/** Ends a pending sandbox payment now (the "resolve" button); the merchant learns it by its status call. */
export async function resolvePending(db: Db, orderId: string, to: 'SUCCESS' | 'FAILURE') {
  const r = RESULT[to];
  return repo.updateOrder(db, {
    orderId,
    from: ['PENDING'],
    set: {
      status: r.status,
      respCode: r.code,
      respMsg: r.msg,
      resolveAt: null,
      resolveTo: null,
    },
  });
}

/** A pending payment whose timer ran out resolves to its planned outcome; an abandoned bank page times out. */
async function settleTimers(db: Db, order: repo.SandboxOrder): Promise<repo.SandboxOrder> {
  const now = Date.now();
  if (order.status === 'PENDING' && order.resolveAt && order.resolveAt.getTime() <= now) {
    const to = order.resolveTo === 'TXN_FAILURE' ? 'FAILURE' : 'SUCCESS';
    return (await resolvePending(db, order.orderId, to)) ?? ((await repo.findOrder(db, order.orderId)) as repo.SandboxOrder);
  }
  if (order.status === 'PROCESSING' && order.tokenExpiresAt.getTime() < now) {
    const row = await repo.updateOrder(db, {
      orderId: order.orderId,
      from: ['PROCESSING'],
      set: {
        status: 'TXN_FAILURE',
        txnId: `20${now}${randomInt(100000, 999999)}`,
        respCode: '810',
        respMsg: 'Payment was not completed in time.',
      },
    });
    return row ?? ((await repo.findOrder(db, order.orderId)) as repo.SandboxOrder);
  }
  return order;
}

export async function orderStatus(db: Db, cfg: SandboxConfig, req: Envelope) {
  const bad = signed(cfg, req);
  if (bad) return fail(cfg, '2005', bad);
  const orderId = str(req.body?.orderId);
  const found = orderId ? await repo.findOrder(db, orderId) : undefined;
  if (!found || found.status === 'CREATED') return fail(cfg, '334', 'Invalid Order Id.', { orderId });
  const order = await settleTimers(db, found);
  const r = order.status === 'PROCESSING' ? RESULT.PENDING : order.status === 'PENDING' ? RESULT.PENDING : undefined;
  const body: Body = {
    resultInfo: r
      ? { resultStatus: 'PENDING', resultCode: r.code, resultMsg: r.msg }
      : { resultStatus: order.status, resultCode: order.respCode ?? '', resultMsg: order.respMsg ?? '' },
    txnId: order.txnId ?? '',
    bankTxnId: order.bankTxnId ?? '',
    orderId: order.orderId,
    txnAmount: rupeesText(order.amountPaisa),
    txnType: 'SALE',
    gatewayName: callbackFields(cfg, order).GATEWAYNAME,
    bankName: bankNameOf(order),
    mid: order.mid,
    paymentMode: CALLBACK_MODE[order.paymentMode ?? ''] ?? '',
    refundAmt: '0.00',
    txnDate: order.updatedAt.toISOString().replace('T', ' ').slice(0, 19),
  };
  return answer(cfg, body);
}

export const findSandboxOrder = repo.findOrder;
