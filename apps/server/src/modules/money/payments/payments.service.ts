import { paise } from '@bhada/contracts/common';
import { formatPaisa } from '@bhada/contracts/money/amounts';
import {
  CURRENCY,
  DEFAULT_PSP_MODES,
  internetChargePaisa,
  PAYMENTS_ERRORS,
  PAYMENTS_MESSAGES,
  type PaymentInfo,
  type PaymentResult,
  type PaymentResultStatus,
  type RechargeRequest,
  type TransactionUpdateRequest,
} from '@bhada/contracts/money/payments';
import { istWallClock } from '@bhada/contracts/time';
import { type Db, inTransaction } from '../../../db/client.ts';
import type { PaymentPurpose } from '../../../db/schema/index.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { AppError, badRequest, forbidden, notFound } from '../../../lib/errors.ts';
import { asOperatorId } from '../../../lib/tenancy.ts';
import type { Actor } from '../../../plugins/auth.ts';
import { type PaymentProvider, ProviderError } from '../../../providers/payment/port.ts';
import { ownerContact } from '../wallet/wallet.service.ts';
import { type Order, type PaymentsDeps, payerOf, requireProvider } from './payment-deps.ts';
import { reconcileOrder, scheduleNextCheck } from './payment-settlement.service.ts';
import * as repo from './payments.repository.ts';

/**
 * Order ids follow the provider's rule (≤ 50 of [A-Za-z0-9_@-], never reused): a date part for
 * support staff plus randomness.
 */
export function newOrderId(now = new Date()): string {
  const ist = istWallClock(now).toISOString();
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

/** How long a new order holds its amount before the provider's token says otherwise (its 15 minutes). */
export const PROVISIONAL_HOLD_MS = 15 * 60_000;

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
    await repo.updateOrderIf(deps.db, {
      id,
      from: ['CREATED'],
      set: {
        status: 'FAILURE',
        statusRemarks: PAYMENTS_MESSAGES.providerFailed,
        txnTokenExpiresAt: null,
      },
    });
    throw new AppError(PAYMENTS_ERRORS.PAYMENT_PROVIDER_FAILED, PAYMENTS_MESSAGES.providerFailed);
  }
  const order = await repo.updateOrderIf(deps.db, {
    id,
    from: ['CREATED'],
    set: {
      txnToken: initiated.txnToken,
      txnTokenExpiresAt: initiated.expiresAt,
    },
  });
  if (!order) throw new AppError(PAYMENTS_ERRORS.PAYMENT_PROVIDER_FAILED, PAYMENTS_MESSAGES.providerFailed);
  // the callback may never come back (browser closed after paying): the first check finds out
  await scheduleNextCheck(deps, order, 0);
  return paymentInfoOf(provider, order);
}

export function paymentInfoOf(provider: PaymentProvider, order: Order): PaymentInfo {
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
    const previous = await repo.findPayerOrder(deps.db, { id: input.retry, payer });
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
  const order = await repo.findPayerOrder(deps.db, { id: input.transactionCode, payer: payerOf(actor) });
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
  const row = await repo.recordAttempt(deps.db, {
    orderId: order.id,
    attempt: {
      appVersion: input.appVersion,
      paymentMode: input.paymentMode,
      serviceProvider: input.serviceProvider,
      userCode: input.userCode,
      amountPaisa: order.amountPaisa,
      feePaisa,
    },
    set: { feePaisa, paymentMode: input.paymentMode },
  });
  if (!row) throw new AppError(PAYMENTS_ERRORS.PAYMENT_ORDER_CLOSED, PAYMENTS_MESSAGES.orderClosed);
  return { transactionCode: order.id, totalAmount: paise.toRupees(total) };
}

// ------------------------------------------------------------------------------- reading

export const resultStatusOf = (order: Order): PaymentResultStatus => (order.status === 'CREATED' ? 'PENDING' : order.status);

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
  const order = await repo.findPayerOrder(deps.db, { id: orderId, payer: payerOf(actor) });
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
export const RECHECK_WINDOW_MS = 72 * 3600_000;

/** Only the payer may follow `order:{id}`. */
export async function mayFollowOrder(db: Db, actor: Actor, orderId: string): Promise<boolean> {
  try {
    return Boolean(await repo.findPayerOrder(db, { id: orderId, payer: payerOf(actor) }));
  } catch {
    return false;
  }
}

const RECEIPT_TEXT: Record<Order['purpose'], (amount: string) => string> = {
  WALLET_TOPUP: (amount) => `${amount} has been added to your Bhada wallet.`,
  TOKEN: (amount) => `We received your token payment of ${amount}.`,
  MEMBERSHIP: (amount) => `We received your membership payment of ${amount}.`,
  CONSIGNER_TRIP: (amount) => `We received your trip payment of ${amount}.`,
};

/**
 * The SMS receipt of a settled operator payment, to the account's owner, unless the owner stopped
 * payment messages in Settings (the notifier checks the preference).
 */
export async function sendReceipt(ctx: Pick<ServiceContext, 'db' | 'notifier'>, order: Order): Promise<void> {
  if (order.payerType !== 'OPERATOR') return;
  // an OPERATOR payer's id is its operator id
  const operatorId = asOperatorId(order.payerId);
  const owner = await ownerContact(ctx.db, operatorId);
  if (!owner) return;
  await ctx.notifier.send({
    channel: 'sms',
    to: owner.phone,
    subject: 'Payment received',
    text: RECEIPT_TEXT[order.purpose](formatPaisa(order.amountPaisa)),
    kind: 'PAYMENT_RECEIPT',
    preference: { kind: 'PAYMENTS', operatorId },
  });
}
