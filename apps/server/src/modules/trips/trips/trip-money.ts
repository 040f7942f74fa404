import { REFUND_POLICY } from '@bhada/contracts/marketplace/tokens';
import { ADVANCE_PERCENT, type TripTransactions } from '@bhada/contracts/trips/trips';
import type { Db } from '../../../db/client.ts';
import { memo } from '../../../lib/texts/memos.ts';
import { accounts } from '../../money/ledger/accounts.ts';
import { balanceOf, postEntry } from '../../money/ledger/ledger.service.ts';
import * as repo from './trips.repository.ts';

/**
 * Trip money (ADR 032). The operator's token sits in TOKEN_ESCROW:{demandId}. Bhada pays the
 * freight into the operator's wallet: an advance once loaded, the balance once the POD is
 * verified, and the token comes back from escrow at the same time — so the operator receives
 * agreed price + approved charges − deductions in total. Every function here runs inside the
 * caller's transaction; callers wrap them in withIdempotency keyed by the trip id.
 */
export interface TripMoneyRef {
  id: string;
  demandId: string;
  operatorId: string;
  agreedPricePaisa: number;
  tokenAmountPaisa: number;
}

const escrow = accounts.tokenEscrow;
const wallet = accounts.operatorWallet;
/** the outside world: Bhada's bank payouts on the consigner's behalf */
const payouts = accounts.tripPayouts;
const revenue = accounts.platformRevenue;

export function advanceFor(trip: Pick<TripMoneyRef, 'agreedPricePaisa' | 'tokenAmountPaisa'>) {
  const base = Math.max(0, trip.agreedPricePaisa - trip.tokenAmountPaisa);
  // whole rupees: payouts are made in rupees
  return Math.floor((base * ADVANCE_PERCENT) / 100 / 100) * 100;
}

export async function payAdvance(tx: Db, trip: TripMoneyRef) {
  const paid = await repo.listPayments(tx, trip.id);
  if (paid.some((p) => p.kind === 'ADVANCE')) return;
  const amount = advanceFor(trip);
  let entryId: string | null = null;
  if (amount > 0) {
    const posted = await postEntry(tx, {
      kind: 'TRIP_ADVANCE',
      memo: memo('tripAdvance', { trip: trip.id }),
      referenceType: 'TRIP',
      referenceId: trip.id,
      legs: [
        { account: payouts, amount: -amount },
        { account: wallet(trip.operatorId), amount },
      ],
    });
    entryId = posted.entryId;
  }
  await repo.insertPayment(tx, { tripId: trip.id, kind: 'ADVANCE', amountPaisa: amount, entryId });
}

async function figures(db: Db, trip: TripMoneyRef) {
  const [charges, deductions, payments, held] = await Promise.all([
    repo.listCharges(db, trip.id),
    repo.listDeductions(db, trip.id),
    repo.listPayments(db, trip.id),
    balanceOf(db, escrow(trip.demandId)),
  ]);
  const paid = (kind: string) => payments.find((p) => p.kind === kind);
  const approved = charges.filter((c) => c.status === 'APPROVED' || c.status === 'PAID').reduce((s, c) => s + (c.approvedPaisa ?? 0), 0);
  const deducted = deductions.reduce((s, d) => s + d.amountPaisa, 0);
  const advance = paid('ADVANCE')?.amountPaisa ?? advanceFor(trip);
  const released = paid('TOKEN_RELEASE')?.amountPaisa;
  const token = trip.tokenAmountPaisa;
  const balance = Math.max(0, trip.agreedPricePaisa - (released ?? Math.min(held, token)) - advance + approved - deducted);
  return { charges, deductions, payments, held, paid, approved, deducted, advance, balance, token };
}

/** Releases the token from escrow and pays the balance; marks approved charges paid. */
export async function settle(tx: Db, trip: TripMoneyRef) {
  const f = await figures(tx, trip);
  if (f.paid('BALANCE')) return;
  const release = Math.min(f.held, f.token);
  let releaseEntry: string | null = null;
  if (release > 0) {
    releaseEntry = (
      await postEntry(tx, {
        kind: 'TRIP_TOKEN_RELEASE',
        memo: memo('tripTokenReturned', { trip: trip.id }),
        referenceType: 'TRIP',
        referenceId: trip.id,
        legs: [
          { account: escrow(trip.demandId), amount: -release },
          { account: wallet(trip.operatorId), amount: release },
        ],
      })
    ).entryId;
  }
  await repo.insertPayment(tx, { tripId: trip.id, kind: 'TOKEN_RELEASE', amountPaisa: release, entryId: releaseEntry });
  const balance = Math.max(0, trip.agreedPricePaisa - release - f.advance + f.approved - f.deducted);
  let balanceEntry: string | null = null;
  if (balance > 0) {
    balanceEntry = (
      await postEntry(tx, {
        kind: 'TRIP_BALANCE',
        memo: memo('tripBalance', { trip: trip.id }),
        referenceType: 'TRIP',
        referenceId: trip.id,
        legs: [
          { account: payouts, amount: -balance },
          { account: wallet(trip.operatorId), amount: balance },
        ],
      })
    ).entryId;
  }
  await repo.insertPayment(tx, { tripId: trip.id, kind: 'BALANCE', amountPaisa: balance, entryId: balanceEntry });
  await repo.markChargesPaid(tx, trip.id);
}

/** Token refund on cancel, by the marketplace's policy (ADR 025 of tokens, ADR 032). */
export function refundPercent(state: string, loadingAt: Date | null, now: Date) {
  // nothing once the trip has started (ADR 025 of tokens)
  if (state !== 'ASSIGNED') return 0;
  if (!loadingAt || loadingAt.getTime() - now.getTime() >= REFUND_POLICY.fullRefundHoursBeforeLoading * 3600_000) return 100;
  return REFUND_POLICY.latePercent;
}

export async function cancellationFigures(db: Db, trip: TripMoneyRef, state: string, loadingAt: Date | null, now: Date) {
  const held = await balanceOf(db, escrow(trip.demandId));
  const refund = Math.floor((held * refundPercent(state, loadingAt, now)) / 100);
  return { held, refund, forfeit: held - refund };
}

export async function refundOnCancel(tx: Db, trip: TripMoneyRef, state: string, loadingAt: Date | null, now: Date) {
  const { refund, forfeit } = await cancellationFigures(tx, trip, state, loadingAt, now);
  const legs = [
    { account: wallet(trip.operatorId), amount: refund },
    { account: revenue, amount: forfeit },
  ].filter((l) => l.amount > 0);
  let entryId: string | null = null;
  if (legs.length) {
    entryId = (
      await postEntry(tx, {
        kind: 'TRIP_CANCEL_REFUND',
        memo: memo('tripTokenKept', { trip: trip.id }),
        referenceType: 'TRIP',
        referenceId: trip.id,
        legs: [{ account: escrow(trip.demandId), amount: -(refund + forfeit) }, ...legs],
      })
    ).entryId;
  }
  await repo.insertPayment(tx, { tripId: trip.id, kind: 'TOKEN_REFUND', amountPaisa: refund, entryId });
  if (forfeit > 0) await repo.insertPayment(tx, { tripId: trip.id, kind: 'TOKEN_FORFEIT', amountPaisa: forfeit, entryId });
  return { refund, forfeit };
}

export async function transactionsOf(db: Db, trip: TripMoneyRef & { state: string }): Promise<TripTransactions> {
  const f = await figures(db, trip);
  const iso = (d: Date | undefined) => (d ? d.toISOString() : null);
  const list: TripTransactions['transactions'] = [];
  const release = f.paid('TOKEN_RELEASE');
  const refund = f.paid('TOKEN_REFUND');
  list.push({
    kind: 'TOKEN',
    label: 'Token paid by you',
    amountInPaisa: f.token,
    status: release || refund ? 'PAID' : 'HELD',
    at: null,
    entryId: null,
  });
  const adv = f.paid('ADVANCE');
  if (trip.state !== 'CANCELLED') {
    list.push({
      kind: 'ADVANCE',
      label: 'Advance',
      amountInPaisa: f.advance,
      status: adv ? 'PAID' : 'DUE',
      at: iso(adv?.createdAt),
      entryId: adv?.entryId ?? null,
    });
  }
  for (const c of f.charges) {
    if (c.status === 'REJECTED') continue;
    list.push({
      kind: 'CHARGE',
      label: `${c.type} charges`,
      amountInPaisa: c.approvedPaisa ?? c.amountPaisa,
      status: c.status === 'CLAIMED' ? 'CLAIMED' : c.status === 'PAID' ? 'PAID' : 'APPROVED',
      at: c.createdAt.toISOString(),
      entryId: null,
    });
  }
  for (const d of f.deductions) {
    list.push({
      kind: 'DEDUCTION',
      label: d.reason,
      amountInPaisa: -d.amountPaisa,
      status: 'APPROVED',
      at: d.createdAt.toISOString(),
      entryId: null,
    });
  }
  if (release) {
    list.push({
      kind: 'TOKEN_RELEASE',
      label: 'Token returned',
      amountInPaisa: release.amountPaisa,
      status: 'PAID',
      at: iso(release.createdAt),
      entryId: release.entryId,
    });
  }
  if (refund) {
    list.push({
      kind: 'TOKEN_REFUND',
      label: 'Token refund',
      amountInPaisa: refund.amountPaisa,
      status: 'PAID',
      at: iso(refund.createdAt),
      entryId: refund.entryId,
    });
  }
  const forfeit = f.paid('TOKEN_FORFEIT');
  if (forfeit) {
    list.push({
      kind: 'TOKEN_FORFEIT',
      label: 'Cancellation fee',
      amountInPaisa: -forfeit.amountPaisa,
      status: 'PAID',
      at: iso(forfeit.createdAt),
      entryId: forfeit.entryId,
    });
  }
  const bal = f.paid('BALANCE');
  if (trip.state !== 'CANCELLED') {
    list.push({
      kind: 'BALANCE',
      label: 'Balance',
      amountInPaisa: bal?.amountPaisa ?? f.balance,
      status: bal ? 'PAID' : 'DUE',
      at: iso(bal?.createdAt),
      entryId: bal?.entryId ?? null,
    });
  }
  const cancelled = trip.state === 'CANCELLED';
  const paidIn = f.payments.filter((p) => p.kind !== 'TOKEN_FORFEIT').reduce((s, p) => s + p.amountPaisa, 0);
  return {
    tripId: trip.id,
    agreedPriceInPaisa: trip.agreedPricePaisa,
    tokenInPaisa: f.token,
    tokenHeldInPaisa: f.held,
    advanceInPaisa: cancelled ? 0 : f.advance,
    advancePaid: Boolean(adv),
    approvedChargesInPaisa: f.approved,
    deductionsInPaisa: f.deducted,
    balanceInPaisa: cancelled ? 0 : (bal?.amountPaisa ?? f.balance),
    balancePaid: Boolean(bal),
    totalPayableInPaisa: cancelled ? (refund?.amountPaisa ?? 0) : trip.agreedPricePaisa + f.approved - f.deducted,
    paidInPaisa: paidIn,
    transactions: list,
  };
}
