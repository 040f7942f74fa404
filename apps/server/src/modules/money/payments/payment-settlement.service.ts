import type { AccountKind } from '@bhada/contracts/money/ledger';
import { consignerTdsPaisa, FEE_MODES, internetChargePaisa, PAYMENTS_MESSAGES } from '@bhada/contracts/money/payments';
import type { Db } from '../../../db/client.ts';
import type { CallbackSource, PaymentStatus } from '../../../db/schema/index.ts';
import { asConsignerCode } from '../../../lib/tenancy.ts';
import { memo, payMethodOf } from '../../../lib/texts/memos.ts';
import { paisaOf, type StatusResult } from '../../../providers/payment/port.ts';
import { accounts } from '../ledger/accounts.ts';
import { type Leg, postEntry, SYSTEM_OWNER, withIdempotency } from '../ledger/ledger.service.ts';
import { MODE_NAMES, type Order, type PaymentsDeps, requireProvider } from './payment-deps.ts';
import * as repo from './payments.repository.ts';
import { withholdsTds } from './trip-balances.ts';

// ------------------------------------------------------------------------------- settlement

/** Where a confirmed payment's amount goes, by purpose (ADR 053). */
export function creditAccount(order: Order): { kind: AccountKind; ownerId: string; entryKind: string } {
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

export const modeName = (order: Order, confirmed?: StatusResult) =>
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
      const moved = await repo.updateOrderIf(tx, {
        id: order.id,
        from,
        set: {
          status: 'SUCCESS',
          feePaisa: order.feePaisa,
          statusRemarks: null,
          providerTxnId: confirmed.txnId ?? null,
          bankTxnId: confirmed.bankTxnId ?? null,
          paymentMode: order.paymentMode ?? confirmed.paymentMode ?? null,
          nextCheckAt: null,
          settledAt: new Date(),
        },
      });
      if (!moved) return { settled: false, excessPaisa: 0 };
      const excessPaisa = await excessOf(tx, moved);
      const target = creditAccount(moved);
      const legs: Leg[] = [{ account: accounts.paymentClearing, amount: -(moved.amountPaisa + moved.feePaisa) }];
      if (moved.amountPaisa > excessPaisa)
        legs.push({ account: { kind: target.kind, ownerId: target.ownerId }, amount: moved.amountPaisa - excessPaisa });
      // money beyond the due is never kept silently: it is the payer's credit, in the same entry
      if (excessPaisa > 0) legs.push({ account: accounts.consignerCredit(moved.payerId), amount: excessPaisa });
      if (moved.feePaisa > 0) legs.push({ account: accounts.platformRevenue, amount: moved.feePaisa });
      const entry = await postEntry(tx, {
        kind: target.entryKind,
        memo: memo('moneyAdded', { method: payMethodOf(moved.paymentMode ?? confirmed.paymentMode) }),
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
      await repo.updateOrderIf(tx, {
        id: moved.id,
        from: ['SUCCESS'],
        set: {
          settledEntryId: entry.entryId,
          excessPaisa,
          statusRemarks: excessPaisa > 0 ? PAYMENTS_MESSAGES.keptAsCredit : null,
        },
      });
      return { settled: true, excessPaisa };
    },
  );
  // a racing confirmation that found the order already settled did not credit anything
  return replayed ? { settled: false, excessPaisa: 0 } : result;
}

/** The part of a trip payment beyond what the trip still owed once every other settled payment counts. */
export async function excessOf(tx: Db, order: Order): Promise<number> {
  if (order.purpose !== 'CONSIGNER_TRIP' || !order.referenceId) return 0;
  // a CONSIGNER_TRIP order's payer is the consigner
  const [row] = await repo.listConsignerTripPayments(tx, { consignerCode: asConsignerCode(order.payerId), tripId: order.referenceId });
  if (!row) return order.amountPaisa;
  // this order is already SUCCESS inside the transaction, so it counts in paid: take it out again
  const paidByOthers = row.paidPaisa - order.amountPaisa;
  const tds = (await withholdsTds(tx, row)) ? consignerTdsPaisa(row.freightPaisa) : 0;
  const owed = Math.max(0, row.freightPaisa - tds - paidByOthers);
  return Math.max(0, order.amountPaisa - owed);
}

/**
 * The internet charge the provider collected on top of the order: the one recorded when the payer chose a
 * mode, or — when the server stopped between telling the provider the new total and recording it — the
 * charge of the mode the provider says was used. Anything else is not this order's money.
 */
export function collectedFee(order: Order, status: StatusResult): number | undefined {
  if (status.amountPaisa === undefined) return undefined;
  const fee = status.amountPaisa - order.amountPaisa;
  if (fee === order.feePaisa) return fee;
  const mode = FEE_MODES.find((m) => m === status.paymentMode);
  return mode && fee === internetChargePaisa(order.amountPaisa, mode) ? fee : undefined;
}

export type Outcome =
  | 'SETTLED'
  | 'REPLAY'
  | 'FAILED'
  | 'PENDING'
  | 'AMOUNT_MISMATCH'
  | 'STATUS_UNCONFIRMED'
  | 'NOT_ATTEMPTED'
  | 'UNKNOWN_ORDER'
  | 'FORGED'
  /** the provider's status answer failed its signature, order id or merchant id check (ADR 221) */
  | 'UNVERIFIED_STATUS';

export async function markPending(deps: PaymentsDeps, order: Order): Promise<boolean> {
  const moved = await repo.updateOrderIf(deps.db, {
    id: order.id,
    from: ['CREATED'],
    set: {
      status: 'PENDING',
      statusRemarks: PAYMENTS_MESSAGES.pendingWait,
    },
  });
  return Boolean(moved);
}

export async function markFailed(deps: PaymentsDeps, order: Order, remarks: string): Promise<boolean> {
  const moved = await repo.updateOrderIf(deps.db, {
    id: order.id,
    from: ['CREATED', 'PENDING'],
    set: {
      status: 'FAILURE',
      statusRemarks: remarks,
      nextCheckAt: null,
    },
  });
  return Boolean(moved);
}

/**
 * Asks the provider and applies its answer: the only path by which an order settles or fails.
 * `trusted` means a verified callback already told us a payment was attempted.
 */
export async function confirmWithProvider(
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
      if (settled) {
        await deps.publish(order.id, 'SUCCESS');
        // a receipt that cannot be sent never undoes a payment
        await deps.receipt?.(order).catch((err: unknown) => deps.log?.warn({ err, orderId: order.id }, 'payment receipt not sent'));
      }
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
    case 'UNVERIFIED': {
      // believed by nobody: nothing settles or fails on it, and the scheduled check asks again (ADR 221)
      if (trusted && (await markPending(deps, order))) await deps.publish(order.id, 'PENDING');
      return { outcome: 'UNVERIFIED_STATUS', status };
    }
    default:
      if (trusted && (await markPending(deps, order))) await deps.publish(order.id, 'PENDING');
      return { outcome: 'STATUS_UNCONFIRMED', status };
  }
}

const REFUSED = new Set<Outcome>(['FORGED', 'UNKNOWN_ORDER', 'AMOUNT_MISMATCH', 'UNVERIFIED_STATUS']);

export async function audit(
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
  if (REFUSED.has(row.outcome)) {
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

export const CALLBACK_FIELDS = [
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
  if (outcome === 'PENDING' || outcome === 'STATUS_UNCONFIRMED' || outcome === 'UNVERIFIED_STATUS') await keepChecking(deps, order.id);
  return { orderId: order.id, outcome };
}

/**
 * A payment the bank left pending must stay on the status schedule. A check that ran before the
 * payer reached the bank found nothing and scheduled no further check, so one is scheduled here.
 */
export async function keepChecking(deps: PaymentsDeps, orderId: string) {
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
      payload: { message: status?.message ?? '', ...(status?.problem ? { problem: status.problem } : {}) },
    });
  }
  return { order: await repo.findOrder(deps.db, orderId), outcome };
}

export async function scheduleNextCheck(deps: PaymentsDeps, order: Order, checkNo: number) {
  const minutes = deps.checkScheduleMinutes[checkNo];
  if (minutes === undefined) return;
  const at = new Date(Math.max(Date.now(), order.createdAt.getTime() + minutes * 60_000));
  await repo.setCheck(deps.db, { id: order.id, checkCount: checkNo, nextCheckAt: at });
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
