import {
  type ConsignerBalances,
  type ConsignerCreateOrderRequest,
  type FeeMode,
  PAYMENTS_MESSAGES,
  type TripBalance,
} from '@bhada/contracts/money/payments';
import type { Db } from '../../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../../lib/errors.ts';
import type { ConsignerCode } from '../../../lib/tenancy.ts';
import type { Actor } from '../../../plugins/auth.ts';
import { stageChecksOfTrips } from '../../trips/trips/stage-checks.ts';
import { accounts } from '../ledger/accounts.ts';
import { balanceOf } from '../ledger/ledger.service.ts';
import { type PaymentsDeps, payerOf } from './payment-deps.ts';
import { reconcileOrder } from './payment-settlement.service.ts';
import * as repo from './payments.repository.ts';
import { createOrder, resultStatusOf } from './payments.service.ts';
import { tripBalanceOf, tripBalancesOf, withholdsTds } from './trip-balances.ts';

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
  const own = await repo.findPayerOrder(deps.db, { id: orderId, payer });
  if (own?.purpose !== 'WALLET_TOPUP') throw notFound('Payment not found');
  const { order } = await reconcileOrder(deps, orderId, 'COMPLETE_CALL');
  const status = resultStatusOf(order ?? own);
  const balanceInPaisa = await balanceOf(deps.db, accounts.operatorWallet(payer.payerId));
  return {
    orderId,
    status,
    balanceInPaisa,
    message: status === 'SUCCESS' ? PAYMENTS_MESSAGES.rechargeDone : PAYMENTS_MESSAGES.rechargeStatus(status),
  };
}

export function consignerOf(actor: Actor): Extract<repo.PayerRef, { payerType: 'CONSIGNER' }> {
  const payer = payerOf(actor);
  if (payer.payerType !== 'CONSIGNER') throw forbidden('This is for consigners only');
  return payer;
}

/** GET balance/trip: what the consigner still owes per trip (freight − TDS − paid − at the bank). */
export async function consignerBalances(deps: PaymentsDeps, actor: Actor, code?: string): Promise<ConsignerBalances> {
  const payer = consignerOf(actor);
  // another consigner's code is "not found", like any other foreign id
  if (code && code !== payer.payerId) throw notFound('Consigner not found');
  const balances = await tripBalancesOf(deps.db, await repo.listConsignerTripPayments(deps.db, { consignerCode: payer.payerId }));
  // the consigner sees how the truck's reaching each point was checked, and any override's reason (ADR 270)
  const checks = await stageChecksOfTrips(
    deps.db,
    balances.map((b) => b.tripId),
  );
  return {
    userCode: payer.payerId,
    balances: balances.map((b) => ({ ...b, stageChecks: checks.get(b.tripId) ?? [] })),
    totalBalanceInPaisa: balances.reduce((sum, b) => sum + b.balanceInPaisa, 0),
    tdsAmount: balances.reduce((sum, b) => sum + b.tdsInPaisa, 0),
    creditInPaisa: await balanceOf(deps.db, accounts.consignerCredit(payer.payerId)),
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
    const previous = await repo.findPayerOrder(deps.db, { id: input.retry, payer });
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
      const [row] = await repo.listConsignerTripPayments(tx, { consignerCode: payer.payerId, tripId: chosenTrip });
      if (!row) throw notFound('Trip not found');
      const due = tripBalanceOf(row, await withholdsTds(tx, row)).balanceInPaisa;
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
  const own = await repo.findPayerOrder(deps.db, { id: orderId, payer: payerOf(actor) });
  if (own?.purpose !== 'CONSIGNER_TRIP') throw notFound('Payment not found');
  const { order } = await reconcileOrder(deps, orderId, 'COMPLETE_CALL');
  const status = resultStatusOf(order ?? own);
  return { orderId, status, message: status === 'SUCCESS' ? PAYMENTS_MESSAGES.tripPaid : `Payment: ${status}` };
}

export type { FeeMode };

/** Each of the consigner's trips with its operator and what it owes (freight, TDS, paid, due): for reports. */
export async function consignerTripAccounts(db: Db, consignerCode: ConsignerCode): Promise<Array<TripBalance & { operatorId: string }>> {
  const rows = await repo.listConsignerTripPayments(db, { consignerCode });
  const balances = await tripBalancesOf(db, rows);
  return balances.map((balance, i) => ({ ...balance, operatorId: rows[i]?.operatorId ?? '' }));
}
