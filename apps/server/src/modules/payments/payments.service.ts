import { paise } from '@bhada/contracts/common';
import type { AccountKind } from '@bhada/contracts/ledger';
import {
  type ConsignerBalances,
  type ConsignerCreateOrderRequest,
  CURRENCY,
  consignerTdsPaisa,
  DEFAULT_PSP_MODES,
  FEE_MODES,
  type FeeMode,
  internetChargePaisa,
  PAYMENTS_ERRORS,
  PAYMENTS_MESSAGES,
  type PaymentInfo,
  type PaymentResult,
  type PaymentResultStatus,
  type RechargeRequest,
  type TransactionUpdateRequest,
  type TripBalance,
} from '@bhada/contracts/payments';
import type { Db } from '../../db/client.ts';
import type { CallbackSource, PaymentPurpose, PaymentStatus } from '../../db/schema/index.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../plugins/auth.ts';
import { type PaymentProvider, ProviderError, paisaOf, type StatusResult } from '../../providers/payment/port.ts';
import { balanceOf, type Leg, postEntry, SYSTEM_OWNER, withIdempotency } from '../ledger/ledger.service.ts';
import * as repo from './payments.repository.ts';

/** What the service needs from the outside; the routes build it (services never import Fastify). */
export interface PaymentsDeps {
  db: Db;
  /** null when no provider may run (the sandbox in production mode) */
  provider: PaymentProvider | null;
  callbackUrl: string;
  /** minutes after the order's creation at which a pending order is checked (the provider's schedule) */
  checkScheduleMinutes: number[];
  publish(orderId: string, status: PaymentResultStatus): Promise<void>;
  scheduleCheck(orderId: string, checkNo: number, at: Date): Promise<void>;
  log?: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

type Order = repo.OrderRow;

const MODE_NAMES: Record<string, string> = { DC: 'Debit Card', CC: 'Credit Card', UPI: 'UPI', NB: 'Net Banking' };

export function payerOf(actor: Actor): repo.PayerRef {
  if (actor.kind === 'CONSIGNER' && actor.consignerCode) return { payerType: 'CONSIGNER', payerId: actor.consignerCode };
  if ((actor.kind === 'OPERATOR' || actor.kind === 'SUBORDINATE') && actor.operatorId)
    return { payerType: 'OPERATOR', payerId: actor.operatorId };
  throw forbidden();
}

function requireProvider(deps: PaymentsDeps): PaymentProvider {
  if (!deps.provider) throw new AppError(PAYMENTS_ERRORS.PAYMENT_PROVIDER_FAILED, PAYMENTS_MESSAGES.providerFailed);
  return deps.provider;
}

/**
 * Order ids follow the provider's rule (≤ 50 of [A-Za-z0-9_@-], never reused): a date part for
 * support staff plus randomness.
 */
export function newOrderId(now = new Date()): string {
  const ist = new Date(now.getTime() + 330 * 60_000).toISOString();
  const date = ist.slice(2, 10).replace(/-/g, '') + ist.slice(11, 19).replace(/:/g, '');
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  let tail = '';
  for (let i = 0; i < 8; i++) tail += alphabet[Math.floor(Math.random() * alphabet.length)];
  return `BHD${date}${tail}`;
}

export interface CreateOrderInput {
  purpose: PaymentPurpose;
  payer: repo.PayerRef;
  userCode: string;
  amountPaisa: number;
  referenceId?: string;
  retryOf?: string;
}

/** One database transaction; the driver's transaction handle is the same query surface as the database. */
function inTransaction<T>(db: Db, run: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((trx) => run(trx as unknown as Db));
}

/** How long a new order holds its amount before the provider's token says otherwise (its 15 minutes). */
const PROVISIONAL_HOLD_MS = 15 * 60_000;

/**
 * Every purpose enters here. The order is recorded first, inside one transaction with the caller's
 * `reserve` check (which may lock what the order pays for), so the amount is held before anyone else
 * can ask for it (ADR 070); then the provider initiates it (signed) and the order takes its token.
 */
export async function createOrder(
  deps: PaymentsDeps,
  input: CreateOrderInput,
  /** checks (and may lower) the amount under the caller's locks; the order is held in the same transaction */
  reserve?: (tx: Db) => Promise<number | undefined>,
): Promise<PaymentInfo> {
  const provider = requireProvider(deps);
  const id = newOrderId();
  let amountPaisa = input.amountPaisa;
  await inTransaction(deps.db, async (tx) => {
    if (reserve) amountPaisa = (await reserve(tx)) ?? amountPaisa;
    await repo.insertOrder(tx, {
      id,
      purpose: input.purpose,
      payerType: input.payer.payerType,
      payerId: input.payer.payerId,
      userCode: input.userCode,
      amountPaisa,
      referenceId: input.referenceId ?? null,
      retryOf: input.retryOf ?? null,
      provider: provider.name,
      txnToken: null,
      txnTokenExpiresAt: new Date(Date.now() + PROVISIONAL_HOLD_MS),
    });
  });
  let initiated: Awaited<ReturnType<PaymentProvider['initiate']>>;
  try {
    initiated = await provider.initiate({
      orderId: id,
      amountPaisa,
      customerId: input.payer.payerId,
      callbackUrl: deps.callbackUrl,
    });
  } catch (err) {
    deps.log?.warn({ err, orderId: id }, 'initiateTransaction failed');
    // the hold is released at once: nothing can be paid on an order the provider never opened
    await repo.updateOrderIf(deps.db, id, ['CREATED'], {
      status: 'FAILURE',
      statusRemarks: PAYMENTS_MESSAGES.providerFailed,
      txnTokenExpiresAt: null,
    });
    throw new AppError(PAYMENTS_ERRORS.PAYMENT_PROVIDER_FAILED, PAYMENTS_MESSAGES.providerFailed);
  }
  const order = await repo.updateOrderIf(deps.db, id, ['CREATED'], {
    txnToken: initiated.txnToken,
    txnTokenExpiresAt: initiated.expiresAt,
  });
  if (!order) throw new AppError(PAYMENTS_ERRORS.PAYMENT_PROVIDER_FAILED, PAYMENTS_MESSAGES.providerFailed);
  // the callback may never come back (browser closed after paying): the first check finds out
  await scheduleNextCheck(deps, order, 0);
  return paymentInfoOf(provider, order);
}

function paymentInfoOf(provider: PaymentProvider, order: Order): PaymentInfo {
  return {
    amount: paise.toRupees(order.amountPaisa),
    merchantId: provider.mid,
    transactionCode: order.id,
    checkSumHash: order.txnToken ?? '',
    customerId: order.payerId,
    pspModes: DEFAULT_PSP_MODES,
    host: provider.host,
    expiresAt: (order.txnTokenExpiresAt ?? new Date()).toISOString(),
  };
}

/** POST /wallet/recharge/v2: a new top-up order, or on retry one for the retried order's amount. */
export async function rechargeWallet(deps: PaymentsDeps, actor: Actor, input: RechargeRequest): Promise<PaymentInfo> {
  const payer = payerOf(actor);
  if (payer.payerType !== 'OPERATOR') throw forbidden('This is for truck operators only');
  let amountPaisa = input.amount !== undefined ? paise.fromRupees(input.amount) : undefined;
  if (input.retry) {
    const previous = await repo.findPayerOrder(deps.db, input.retry, payer);
    if (previous?.purpose !== 'WALLET_TOPUP') throw notFound('Payment not found');
    amountPaisa ??= previous.amountPaisa;
  }
  if (!amountPaisa) throw badRequest(PAYMENTS_MESSAGES.invalidAmount, 'amount');
  return createOrder(deps, { purpose: 'WALLET_TOPUP', payer, userCode: actor.userCode, amountPaisa, retryOf: input.retry });
}

/**
 * POST /v2/transactions/update: the mode is chosen, so the internet charge is known. The server's
 * own amount and charge are the authority: a browser figure that differs is refused.
 */
export async function updateTransaction(deps: PaymentsDeps, actor: Actor, input: TransactionUpdateRequest) {
  const provider = requireProvider(deps);
  const order = await repo.findPayerOrder(deps.db, input.transactionCode, payerOf(actor));
  if (!order) throw notFound('Payment not found');
  if (order.status !== 'CREATED') throw new AppError(PAYMENTS_ERRORS.PAYMENT_ORDER_CLOSED, PAYMENTS_MESSAGES.orderClosed);
  if (input.userCode !== actor.userCode) throw badRequest('userCode does not match the logged-in user', 'userCode');
  if (!order.txnToken || input.transactionToken !== order.txnToken) throw badRequest('Unknown transaction token', 'transactionToken');
  if (!order.txnTokenExpiresAt || order.txnTokenExpiresAt.getTime() < Date.now()) {
    throw new AppError(PAYMENTS_ERRORS.PAYMENT_SESSION_EXPIRED, PAYMENTS_MESSAGES.sessionExpired);
  }
  if (paise.fromRupees(input.amount) !== order.amountPaisa) {
    throw new AppError(PAYMENTS_ERRORS.PAYMENT_AMOUNT_MISMATCH, PAYMENTS_MESSAGES.amountMismatch, { field: 'amount' });
  }
  const feePaisa = internetChargePaisa(order.amountPaisa, input.paymentMode);
  if (paise.fromRupees(input.pspAmount) !== feePaisa) {
    throw new AppError(PAYMENTS_ERRORS.PAYMENT_AMOUNT_MISMATCH, PAYMENTS_MESSAGES.amountMismatch, { field: 'pspAmount' });
  }
  const total = order.amountPaisa + feePaisa;
  try {
    await provider.updateAmount({ orderId: order.id, txnToken: order.txnToken, amountPaisa: total });
  } catch (err) {
    deps.log?.warn({ err, orderId: order.id }, 'updateTransactionDetail failed');
    if (err instanceof ProviderError && err.code === '1008')
      throw new AppError(PAYMENTS_ERRORS.PAYMENT_ORDER_CLOSED, PAYMENTS_MESSAGES.orderClosed);
    throw new AppError(PAYMENTS_ERRORS.PAYMENT_PROVIDER_FAILED, PAYMENTS_MESSAGES.providerFailed);
  }
  const row = await repo.recordAttempt(
    deps.db,
    order.id,
    {
      appVersion: input.appVersion,
      paymentMode: input.paymentMode,
      serviceProvider: input.serviceProvider,
      userCode: input.userCode,
      amountPaisa: order.amountPaisa,
      feePaisa,
    },
    { feePaisa, paymentMode: input.paymentMode },
  );
  if (!row) throw new AppError(PAYMENTS_ERRORS.PAYMENT_ORDER_CLOSED, PAYMENTS_MESSAGES.orderClosed);
  return { transactionCode: order.id, totalAmount: paise.toRupees(total) };
}

// ------------------------------------------------------------------------------- settlement

/** Where a confirmed payment's amount goes, by purpose (ADR 053). */
function creditAccount(order: Order): { kind: AccountKind; ownerId: string; entryKind: string } {
  switch (order.purpose) {
    case 'WALLET_TOPUP':
      return { kind: 'OPERATOR_WALLET', ownerId: order.payerId, entryKind: 'WALLET_TOPUP' };
    case 'TOKEN':
      return { kind: 'TOKEN_ESCROW', ownerId: order.referenceId ?? order.id, entryKind: 'TOKEN_PAYMENT' };
    case 'MEMBERSHIP':
      return { kind: 'MEMBERSHIP_REVENUE', ownerId: SYSTEM_OWNER, entryKind: 'MEMBERSHIP_PAYMENT' };
    case 'CONSIGNER_TRIP':
      return { kind: 'CONSIGNER_SETTLEMENT', ownerId: order.referenceId ?? order.payerId, entryKind: 'CONSIGNER_TRIP_PAYMENT' };
  }
}

const modeName = (order: Order, confirmed?: StatusResult) =>
  MODE_NAMES[order.paymentMode ?? confirmed?.paymentMode ?? ''] ?? 'online payment';

/**
 * Credits a confirmed payment exactly once: the idempotency key is the order, and the order moves
 * to SUCCESS only from CREATED / PENDING in the same transaction as the ledger entry.
 */
export async function settleOrder(
  deps: PaymentsDeps,
  order: Order,
  confirmed: StatusResult,
  from: PaymentStatus[] = ['CREATED', 'PENDING'],
): Promise<{ settled: boolean; excessPaisa: number }> {
  const { result, replayed } = await withIdempotency(
    deps.db,
    { scope: 'order-settle', key: order.id, request: { orderId: order.id } },
    async (tx) => {
      // a trip payment is weighed against the trip's due under the trip's lock (ADR 070)
      if (order.purpose === 'CONSIGNER_TRIP' && order.referenceId) await repo.lockTrip(tx, order.referenceId);
      const moved = await repo.updateOrderIf(tx, order.id, from, {
        status: 'SUCCESS',
        feePaisa: order.feePaisa,
        statusRemarks: null,
        providerTxnId: confirmed.txnId ?? null,
        bankTxnId: confirmed.bankTxnId ?? null,
        paymentMode: order.paymentMode ?? confirmed.paymentMode ?? null,
        nextCheckAt: null,
        settledAt: new Date(),
      });
      if (!moved) return { settled: false, excessPaisa: 0 };
      const excessPaisa = await excessOf(tx, moved);
      const target = creditAccount(moved);
      const legs: Leg[] = [{ account: { kind: 'PAYMENT_CLEARING', ownerId: SYSTEM_OWNER }, amount: -(moved.amountPaisa + moved.feePaisa) }];
      if (moved.amountPaisa > excessPaisa)
        legs.push({ account: { kind: target.kind, ownerId: target.ownerId }, amount: moved.amountPaisa - excessPaisa });
      // money beyond the due is never kept silently: it is the payer's credit, in the same entry
      if (excessPaisa > 0) legs.push({ account: { kind: 'CONSIGNER_CREDIT', ownerId: moved.payerId }, amount: excessPaisa });
      if (moved.feePaisa > 0) legs.push({ account: { kind: 'PLATFORM_REVENUE', ownerId: SYSTEM_OWNER }, amount: moved.feePaisa });
      const entry = await postEntry(tx, {
        kind: target.entryKind,
        memo: PAYMENTS_MESSAGES.added(modeName(moved, confirmed)),
        referenceType: 'PAYMENT_ORDER',
        referenceId: moved.id,
        legs,
        metadata: {
          orderId: moved.id,
          feePaisa: moved.feePaisa,
          excessPaisa,
          providerTxnId: confirmed.txnId,
          paidMode: confirmed.paymentMode,
        },
      });
      await repo.updateOrderIf(tx, moved.id, ['SUCCESS'], {
        settledEntryId: entry.entryId,
        excessPaisa,
        statusRemarks: excessPaisa > 0 ? PAYMENTS_MESSAGES.keptAsCredit : null,
      });
      return { settled: true, excessPaisa };
    },
  );
  // a racing confirmation that found the order already settled did not credit anything
  return replayed ? { settled: false, excessPaisa: 0 } : result;
}

/** The part of a trip payment beyond what the trip still owed once every other settled payment counts. */
async function excessOf(tx: Db, order: Order): Promise<number> {
  if (order.purpose !== 'CONSIGNER_TRIP' || !order.referenceId) return 0;
  const [row] = await repo.listConsignerTripPayments(tx, order.payerId, order.referenceId);
  if (!row) return order.amountPaisa;
  // this order is already SUCCESS inside the transaction, so it counts in paid: take it out again
  const paidByOthers = row.paidPaisa - order.amountPaisa;
  const owed = Math.max(0, row.freightPaisa - consignerTdsPaisa(row.freightPaisa) - paidByOthers);
  return Math.max(0, order.amountPaisa - owed);
}

/**
 * The internet charge the provider collected on top of the order: the one recorded when the payer chose a
 * mode, or — when the server stopped between telling the provider the new total and recording it — the
 * charge of the mode the provider says was used. Anything else is not this order's money.
 */
function collectedFee(order: Order, status: StatusResult): number | undefined {
  if (status.amountPaisa === undefined) return undefined;
  const fee = status.amountPaisa - order.amountPaisa;
  if (fee === order.feePaisa) return fee;
  const mode = FEE_MODES.find((m) => m === status.paymentMode);
  return mode && fee === internetChargePaisa(order.amountPaisa, mode) ? fee : undefined;
}

type Outcome =
  | 'SETTLED'
  | 'REPLAY'
  | 'FAILED'
  | 'PENDING'
  | 'AMOUNT_MISMATCH'
  | 'STATUS_UNCONFIRMED'
  | 'NOT_ATTEMPTED'
  | 'UNKNOWN_ORDER'
  | 'FORGED';

async function markPending(deps: PaymentsDeps, order: Order): Promise<boolean> {
  const moved = await repo.updateOrderIf(deps.db, order.id, ['CREATED'], {
    status: 'PENDING',
    statusRemarks: PAYMENTS_MESSAGES.pendingWait,
  });
  return Boolean(moved);
}

async function markFailed(deps: PaymentsDeps, order: Order, remarks: string): Promise<boolean> {
  const moved = await repo.updateOrderIf(deps.db, order.id, ['CREATED', 'PENDING'], {
    status: 'FAILURE',
    statusRemarks: remarks,
    nextCheckAt: null,
  });
  return Boolean(moved);
}

/**
 * Asks the provider and applies its answer: the only path by which an order settles or fails.
 * `trusted` means a verified callback already told us a payment was attempted.
 */
async function confirmWithProvider(
  deps: PaymentsDeps,
  order: Order,
  trusted: boolean,
): Promise<{ outcome: Outcome; status?: StatusResult }> {
  if (order.status === 'SUCCESS') return { outcome: 'REPLAY' };
  // a failed or expired order is asked again only when a verified callback says money moved after all
  if (order.status === 'FAILURE' && !trusted) return { outcome: 'REPLAY' };
  let status: StatusResult;
  try {
    status = await requireProvider(deps).status(order.id);
  } catch (err) {
    deps.log?.warn({ err, orderId: order.id }, 'order status call failed');
    if (trusted && (await markPending(deps, order))) await deps.publish(order.id, 'PENDING');
    return { outcome: 'STATUS_UNCONFIRMED' };
  }
  switch (status.status) {
    case 'SUCCESS': {
      const feePaisa = collectedFee(order, status);
      if (feePaisa === undefined) return { outcome: 'AMOUNT_MISMATCH', status };
      if (feePaisa !== order.feePaisa) order = { ...order, feePaisa };
      // a late success (after the order failed or expired) is settled too: the money did move (ADR 070)
      const { settled } = await settleOrder(deps, order, status, ['CREATED', 'PENDING', 'FAILURE']);
      if (settled) await deps.publish(order.id, 'SUCCESS');
      return { outcome: settled ? 'SETTLED' : 'REPLAY', status };
    }
    case 'FAILURE': {
      if (order.status === 'FAILURE') return { outcome: 'REPLAY', status };
      const failed = await markFailed(deps, order, status.message || PAYMENTS_MESSAGES.somethingWentWrong);
      if (failed) await deps.publish(order.id, 'FAILURE');
      return { outcome: failed ? 'FAILED' : 'REPLAY', status };
    }
    case 'PENDING': {
      if (await markPending(deps, order)) await deps.publish(order.id, 'PENDING');
      return { outcome: 'PENDING', status };
    }
    case 'NOT_FOUND':
      return { outcome: 'NOT_ATTEMPTED', status };
    default:
      if (trusted && (await markPending(deps, order))) await deps.publish(order.id, 'PENDING');
      return { outcome: 'STATUS_UNCONFIRMED', status };
  }
}

async function audit(
  deps: PaymentsDeps,
  row: {
    orderId: string | null;
    source: CallbackSource;
    outcome: Outcome;
    reportedStatus?: string;
    reportedAmount?: string;
    payload: object;
    remoteIp?: string;
  },
) {
  if (row.outcome === 'FORGED' || row.outcome === 'UNKNOWN_ORDER' || row.outcome === 'AMOUNT_MISMATCH') {
    deps.log?.warn({ orderId: row.orderId, outcome: row.outcome, source: row.source }, 'payment confirmation refused');
  }
  await repo.insertCallbackLog(deps.db, {
    orderId: row.orderId,
    source: row.source,
    outcome: row.outcome,
    reportedStatus: row.reportedStatus ?? null,
    reportedAmount: row.reportedAmount ?? null,
    payload: row.payload as Record<string, unknown>,
    remoteIp: row.remoteIp ?? null,
  });
}

const CALLBACK_FIELDS = [
  'MID',
  'ORDERID',
  'TXNID',
  'TXNAMOUNT',
  'PAYMENTMODE',
  'CURRENCY',
  'TXNDATE',
  'STATUS',
  'RESPCODE',
  'RESPMSG',
  'GATEWAYNAME',
  'BANKTXNID',
  'BANKNAME',
];

/**
 * The provider's browser callback. Only a hint: the checksum must verify, the order must exist,
 * the amount must match, and the status call decides. Returns where to send the browser.
 */
export async function handleCallback(
  deps: PaymentsDeps,
  fields: Record<string, string>,
  remoteIp?: string,
): Promise<{ orderId?: string; outcome: Outcome }> {
  const orderId = typeof fields.ORDERID === 'string' ? fields.ORDERID.slice(0, 50) : null;
  const payload = Object.fromEntries(CALLBACK_FIELDS.filter((k) => k in fields).map((k) => [k, fields[k]]));
  const base = { orderId, source: 'CALLBACK' as const, reportedStatus: fields.STATUS, reportedAmount: fields.TXNAMOUNT, payload, remoteIp };
  const provider = requireProvider(deps);

  if (!provider.verifyCallback(fields) || fields.MID !== provider.mid) {
    await audit(deps, { ...base, outcome: 'FORGED' });
    return { outcome: 'FORGED' };
  }
  const order = orderId ? await repo.findOrder(deps.db, orderId) : undefined;
  if (!order) {
    await audit(deps, { ...base, outcome: 'UNKNOWN_ORDER' });
    return { outcome: 'UNKNOWN_ORDER' };
  }
  const reported = paisaOf(fields.TXNAMOUNT);
  if (
    fields.STATUS === 'TXN_SUCCESS' &&
    (reported === undefined ||
      collectedFee(order, { status: 'SUCCESS', amountPaisa: reported, paymentMode: fields.PAYMENTMODE, message: '', raw: fields }) ===
        undefined)
  ) {
    await audit(deps, { ...base, outcome: 'AMOUNT_MISMATCH' });
    return { orderId: order.id, outcome: 'AMOUNT_MISMATCH' };
  }
  const { outcome } = await confirmWithProvider(deps, order, true);
  await audit(deps, { ...base, outcome });
  if (outcome === 'PENDING' || outcome === 'STATUS_UNCONFIRMED') await keepChecking(deps, order.id);
  return { orderId: order.id, outcome };
}

/**
 * A payment the bank left pending must stay on the status schedule. A check that ran before the
 * payer reached the bank found nothing and scheduled no further check, so one is scheduled here.
 */
async function keepChecking(deps: PaymentsDeps, orderId: string) {
  const order = await repo.findOrder(deps.db, orderId);
  if (order?.status !== 'PENDING') return;
  if (order.nextCheckAt && order.nextCheckAt.getTime() > Date.now()) return;
  const next = Math.min(order.checkCount + 1, deps.checkScheduleMinutes.length - 1);
  await scheduleNextCheck(deps, order, next);
}

/** The status check behind the job, complete-recharge and complete-order. */
export async function reconcileOrder(
  deps: PaymentsDeps,
  orderId: string,
  source: CallbackSource,
): Promise<{ order?: Order; outcome: Outcome }> {
  const order = await repo.findOrder(deps.db, orderId);
  if (!order) return { outcome: 'UNKNOWN_ORDER' };
  const { outcome, status } = await confirmWithProvider(deps, order, false);
  if (outcome !== 'REPLAY') {
    await audit(deps, {
      orderId,
      source,
      outcome,
      reportedStatus: status?.status,
      reportedAmount: status?.amountPaisa !== undefined ? String(status.amountPaisa) : undefined,
      payload: { message: status?.message ?? '' },
    });
  }
  return { order: await repo.findOrder(deps.db, orderId), outcome };
}

async function scheduleNextCheck(deps: PaymentsDeps, order: Order, checkNo: number) {
  const minutes = deps.checkScheduleMinutes[checkNo];
  if (minutes === undefined) return;
  const at = new Date(Math.max(Date.now(), order.createdAt.getTime() + minutes * 60_000));
  await repo.setCheck(deps.db, order.id, checkNo, at);
  await deps.scheduleCheck(order.id, checkNo, at);
}

/**
 * One run of the status job (15 min … 72 h after the order): settle, fail, or look again later;
 * after the last check a still-pending payment is failed (PAYMENT-GATEWAY.md step 6).
 */
export async function checkPendingOrder(deps: PaymentsDeps, job: { orderId: string; checkNo: number }): Promise<Order | undefined> {
  const { order, outcome } = await reconcileOrder(deps, job.orderId, 'STATUS_JOB');
  if (!order || order.status === 'SUCCESS' || order.status === 'FAILURE') return order;
  // an order nobody ever paid (the provider has no transaction) is left as it is: it never reached the bank
  if (order.status === 'CREATED' && outcome === 'NOT_ATTEMPTED') return order;
  const last = job.checkNo >= deps.checkScheduleMinutes.length - 1;
  if (last) {
    if (await markFailed(deps, order, PAYMENTS_MESSAGES.notConfirmed)) await deps.publish(order.id, 'FAILURE');
    return repo.findOrder(deps.db, order.id);
  }
  await scheduleNextCheck(deps, order, job.checkNo + 1);
  return order;
}

// ------------------------------------------------------------------------------- reading

const resultStatusOf = (order: Order): PaymentResultStatus => (order.status === 'CREATED' ? 'PENDING' : order.status);

export function resultOf(order: Order): PaymentResult {
  return {
    orderId: order.id,
    purpose: order.purpose,
    status: resultStatusOf(order),
    statusRemarks: order.status === 'CREATED' ? PAYMENTS_MESSAGES.pendingWait : order.statusRemarks,
    amount: paise.toRupees(order.amountPaisa),
    fee: paise.toRupees(order.feePaisa),
    currency: CURRENCY,
    date: (order.settledAt ?? order.updatedAt).toISOString(),
    paymentMode: order.paymentMode,
    remarksIcon: null,
  };
}

/** GET /v2/transactions/{orderId}: the payer's own order only. */
export async function getResult(deps: PaymentsDeps, actor: Actor, orderId: string): Promise<PaymentResult> {
  // a subordinate whose role may not see the wallet may not read its payments either
  if (actor.kind === 'SUBORDINATE' && !actor.permissions.has('WALLET_VIEW')) throw notFound('Payment not found');
  const order = await repo.findPayerOrder(deps.db, orderId, payerOf(actor));
  if (!order) throw notFound('Payment not found');
  return resultOf(order);
}

/**
 * After a restart (a crash included) every open order is asked about at once, instead of waiting for
 * its next scheduled check: a payment that succeeded while the server was down is credited now, once.
 */
export async function recheckOpenOrders(deps: PaymentsDeps): Promise<number> {
  const open = await repo.listOpenOrders(deps.db, new Date(Date.now() - RECHECK_WINDOW_MS));
  for (const { id } of open) {
    try {
      await reconcileOrder(deps, id, 'STATUS_JOB');
    } catch (err) {
      deps.log?.warn({ err, orderId: id }, 'start-up check of an open order failed');
    }
  }
  return open.length;
}

/** Open orders younger than the provider's last status check (72 h) are worth asking about. */
const RECHECK_WINDOW_MS = 72 * 3600_000;

/** Only the payer may follow `order:{id}`. */
export async function mayFollowOrder(db: Db, actor: Actor, orderId: string): Promise<boolean> {
  try {
    return Boolean(await repo.findPayerOrder(db, orderId, payerOf(actor)));
  } catch {
    return false;
  }
}

// ------------------------------------------------------------------------------- marketplace and consigner

export async function initiateRecharge(deps: PaymentsDeps, actor: Actor, amountInPaisa: number) {
  const payer = payerOf(actor);
  if (payer.payerType !== 'OPERATOR') throw forbidden('This is for truck operators only');
  const info = await createOrder(deps, { purpose: 'WALLET_TOPUP', payer, userCode: actor.userCode, amountPaisa: amountInPaisa });
  return { ...info, orderId: info.transactionCode, amountInPaisa };
}

/** complete-recharge: confirm with the provider now (the browser is back), then report. */
export async function completeRecharge(deps: PaymentsDeps, actor: Actor, orderId: string) {
  const payer = payerOf(actor);
  const own = await repo.findPayerOrder(deps.db, orderId, payer);
  if (own?.purpose !== 'WALLET_TOPUP') throw notFound('Payment not found');
  const { order } = await reconcileOrder(deps, orderId, 'COMPLETE_CALL');
  const status = resultStatusOf(order ?? own);
  const balanceInPaisa = await balanceOf(deps.db, { kind: 'OPERATOR_WALLET', ownerId: payer.payerId });
  return {
    orderId,
    status,
    balanceInPaisa,
    message: status === 'SUCCESS' ? PAYMENTS_MESSAGES.rechargeDone : PAYMENTS_MESSAGES.rechargeStatus(status),
  };
}

function tripBalanceOf(row: Awaited<ReturnType<typeof repo.listConsignerTripPayments>>[number]): TripBalance {
  const tdsInPaisa = consignerTdsPaisa(row.freightPaisa);
  return {
    tripId: row.tripId,
    demandId: row.demandId,
    vehicleNumber: row.vehicleNumber,
    originCity: row.originCity,
    destinationCity: row.destinationCity,
    state: row.state,
    createdAt: row.createdAt.toISOString(),
    freightInPaisa: row.freightPaisa,
    tdsInPaisa,
    paidInPaisa: row.paidPaisa,
    pendingInPaisa: row.pendingPaisa,
    balanceInPaisa: Math.max(0, row.freightPaisa - tdsInPaisa - row.paidPaisa - row.pendingPaisa),
  };
}

function consignerOf(actor: Actor): repo.PayerRef {
  const payer = payerOf(actor);
  if (payer.payerType !== 'CONSIGNER') throw forbidden('This is for consigners only');
  return payer;
}

/** GET balance/trip: what the consigner still owes per trip (freight − TDS − paid − at the bank). */
export async function consignerBalances(deps: PaymentsDeps, actor: Actor, code?: string): Promise<ConsignerBalances> {
  const payer = consignerOf(actor);
  // another consigner's code is "not found", like any other foreign id
  if (code && code !== payer.payerId) throw notFound('Consigner not found');
  const balances = (await repo.listConsignerTripPayments(deps.db, payer.payerId)).map(tripBalanceOf);
  return {
    userCode: payer.payerId,
    balances,
    totalBalanceInPaisa: balances.reduce((sum, b) => sum + b.balanceInPaisa, 0),
    tdsAmount: balances.reduce((sum, b) => sum + b.tdsInPaisa, 0),
    creditInPaisa: await balanceOf(deps.db, { kind: 'CONSIGNER_CREDIT', ownerId: payer.payerId }),
  };
}

/**
 * pay/create-order: an order for part or all of what is due on one trip; on `retry`, a fresh order
 * for the failed one's trip and amount (capped at what is still due).
 */
export async function createConsignerOrder(deps: PaymentsDeps, actor: Actor, input: ConsignerCreateOrderRequest) {
  const payer = consignerOf(actor);
  let tripId = input.tripId;
  let amountPaisa = input.amountInPaisa;
  if (input.retry) {
    const previous = await repo.findPayerOrder(deps.db, input.retry, payer);
    if (previous?.purpose !== 'CONSIGNER_TRIP' || !previous.referenceId) throw notFound('Payment not found');
    tripId = previous.referenceId;
    amountPaisa = previous.amountPaisa;
  }
  if (!tripId || !amountPaisa) throw notFound('Trip not found');
  const chosenTrip = tripId;
  let amount = amountPaisa;
  // what is due counts every open order, and is weighed under the trip's lock (ADR 070)
  const info = await createOrder(
    deps,
    { purpose: 'CONSIGNER_TRIP', payer, userCode: actor.userCode, amountPaisa: amount, referenceId: chosenTrip, retryOf: input.retry },
    async (tx) => {
      await repo.lockTrip(tx, chosenTrip);
      const [row] = await repo.listConsignerTripPayments(tx, payer.payerId, chosenTrip);
      if (!row) throw notFound('Trip not found');
      const due = tripBalanceOf(row).balanceInPaisa;
      if (due <= 0) throw badRequest(row.pendingPaisa > 0 ? PAYMENTS_MESSAGES.paymentOpen : PAYMENTS_MESSAGES.nothingDue, 'tripId');
      if (input.retry) amount = Math.min(amount, due);
      else if (amount > due) throw badRequest(PAYMENTS_MESSAGES.moreThanDue, 'amountInPaisa');
      return amount;
    },
  );
  const amountInPaisa = amount;
  return { ...info, mid: info.merchantId, orderId: info.transactionCode, amountInPaisa };
}

export async function completeConsignerOrder(deps: PaymentsDeps, actor: Actor, orderId: string) {
  const own = await repo.findPayerOrder(deps.db, orderId, payerOf(actor));
  if (own?.purpose !== 'CONSIGNER_TRIP') throw notFound('Payment not found');
  const { order } = await reconcileOrder(deps, orderId, 'COMPLETE_CALL');
  const status = resultStatusOf(order ?? own);
  return { orderId, status, message: status === 'SUCCESS' ? PAYMENTS_MESSAGES.tripPaid : `Payment: ${status}` };
}

export type { FeeMode };
