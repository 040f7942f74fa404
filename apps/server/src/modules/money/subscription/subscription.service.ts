import { LEDGER_ERRORS } from '@bhada/contracts/money/ledger';
import {
  MEMBERSHIP_BENEFITS,
  type Membership,
  type MembershipOrder,
  type MembershipPlan,
  ORDER_TTL_HOURS,
  RENEWAL_WINDOW_DAYS,
  SUBSCRIPTION_MESSAGES,
  SUBSCRIPTION_PAGE_PATH,
  type SubmitPaymentResponse,
  type SubscribeResponse,
  type SubscriptionConfig,
  statusPathFor,
} from '@bhada/contracts/money/subscription';
import type { Db } from '../../../db/client.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';
import { memo } from '../../../lib/texts/memos.ts';
import { accounts } from '../ledger/accounts.ts';
import { balanceOf, postEntry, withIdempotency } from '../ledger/ledger.service.ts';
import * as repo from './subscription.repository.ts';

const DAY_MS = 86_400_000;

/** The plan as configured (SUBSCRIPTION_* settings). */
export interface PlanSettings {
  title: string;
  amountPaisa: number;
  validityDays: number;
}

/** Who acts: the operator, and the user (owner or subordinate) acting for it. */
export interface Payer {
  operatorId: OperatorId;
  userId: string;
}

const wallet = accounts.operatorWallet;
const revenue = accounts.membershipRevenue;
const planCodeOf = (plan: PlanSettings) => `MEMBERSHIP_${plan.validityDays}D`;
const rupees = (paisa: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2, minimumFractionDigits: 0 }).format(
    paisa / 100,
  );

export function planOf(plan: PlanSettings): MembershipPlan {
  return {
    planCode: planCodeOf(plan),
    subscriptionTitle: plan.title,
    subscriptionAmountInPaisa: plan.amountPaisa,
    validityDays: plan.validityDays,
    benefits: [...MEMBERSHIP_BENEFITS],
  };
}

/** Membership as the operator sees it at `now`; renewal opens RENEWAL_WINDOW_DAYS before the end. */
export function membershipAt(row: repo.MembershipRow | undefined, now: Date): Membership {
  if (!row) return { status: 'NONE', subscribed: false, activeFrom: null, activeUntil: null, daysLeft: 0, canPay: true, renewFrom: null };
  const active = row.activeUntil.getTime() > now.getTime();
  const renewFrom = new Date(row.activeUntil.getTime() - RENEWAL_WINDOW_DAYS * DAY_MS);
  const canPay = !active || renewFrom.getTime() <= now.getTime();
  return {
    status: active ? 'ACTIVE' : 'EXPIRED',
    subscribed: active,
    activeFrom: row.activeFrom.toISOString(),
    activeUntil: row.activeUntil.toISOString(),
    daysLeft: active ? Math.ceil((row.activeUntil.getTime() - now.getTime()) / DAY_MS) : 0,
    canPay,
    renewFrom: canPay ? null : renewFrom.toISOString(),
  };
}

function toOrder(row: repo.MembershipOrderRow): MembershipOrder {
  return {
    orderId: row.id,
    status: row.status,
    subscriptionTitle: row.title,
    subscriptionAmountInPaisa: row.amountPaisa,
    validityDays: row.validityDays,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** An open order keeps its price for ORDER_TTL_HOURS and only while the plan is unchanged. */
const isStale = (row: repo.MembershipOrderRow, plan: PlanSettings, now: Date) =>
  row.expiresAt.getTime() <= now.getTime() ||
  row.amountPaisa !== plan.amountPaisa ||
  row.validityDays !== plan.validityDays ||
  row.planCode !== planCodeOf(plan);

/** spec "GET /rest/tesseract/v1/config/subscription": the plan, my membership and my unpaid order. */
export async function getConfig(db: Db, operatorId: OperatorId, plan: PlanSettings, now = new Date()): Promise<SubscriptionConfig> {
  const [row, open] = await Promise.all([repo.findMembership(db, { operatorId }), repo.findOpenOrder(db, { operatorId })]);
  return {
    plan: planOf(plan),
    membership: membershipAt(row, now),
    openOrder: open && !isStale(open, plan, now) ? toOrder(open) : null,
  };
}

/**
 * spec "POST /rest/tesseract/v1/profile/subscribe" (body medium): records that the operator came
 * from this medium — once; a repeat changes nothing — and says where the web goes next.
 */
export async function subscribe(db: Db, payer: Payer, medium: string, now = new Date()): Promise<SubscribeResponse> {
  await repo.insertInterest(db, { operatorId: payer.operatorId, medium, userId: payer.userId });
  const membership = membershipAt(await repo.findMembership(db, { operatorId: payer.operatorId }), now);
  return {
    medium,
    subscribed: membership.subscribed,
    canPay: membership.canPay,
    redirect: membership.canPay
      ? `${SUBSCRIPTION_PAGE_PATH}?source=${encodeURIComponent(medium)}`
      : statusPathFor('ACTIVE', membership.activeUntil),
    subscriptionValidity: membership.activeUntil,
  };
}

function assertCanPay(membership: Membership) {
  if (!membership.canPay) throw new AppError('MEMBERSHIP_ALREADY_ACTIVE', SUBSCRIPTION_MESSAGES.alreadyActive);
}

/**
 * spec "POST /odin/v2/operator-subscription": the operator's one open order at the plan's price.
 * An open order is reused; one past its time or at an old price is closed and replaced.
 */
export async function createOrder(db: Db, payer: Payer, plan: PlanSettings, now = new Date()): Promise<MembershipOrder> {
  assertCanPay(membershipAt(await repo.findMembership(db, { operatorId: payer.operatorId }), now));
  // a concurrent request may insert the open order between our read and our insert: read again
  for (let attempt = 0; attempt < 3; attempt++) {
    const open = await repo.findOpenOrder(db, { operatorId: payer.operatorId });
    if (open && !isStale(open, plan, now)) return toOrder(open);
    if (open) await repo.updateOrderIf(db, { orderId: open.id, from: 'OPEN', set: { status: 'EXPIRED' } });
    const inserted = await repo.insertOpenOrder(db, {
      id: newId('MBR', 12),
      operatorId: payer.operatorId,
      planCode: planCodeOf(plan),
      title: plan.title,
      amountPaisa: plan.amountPaisa,
      validityDays: plan.validityDays,
      status: 'OPEN',
      medium: (await repo.findLatestMedium(db, { operatorId: payer.operatorId })) ?? null,
      createdBy: payer.userId,
      expiresAt: new Date(now.getTime() + ORDER_TTL_HOURS * 3_600_000),
    });
    if (inserted) return toOrder(inserted);
  }
  throw new AppError('CONFLICT', 'Please try again');
}

/**
 * spec "POST /odin/v2/submit-payment": pays the order from the wallet — wallet → MEMBERSHIP_REVENUE,
 * the membership extended from max(now, its end) by the order's days, and the order PAID — in one
 * transaction, once per idempotency key (default: the order). A second payment of a paid order
 * under any key finds it PAID under the order's lock and debits nothing. An order past its time
 * ends as FAILURE. A short wallet changes nothing and answers INSUFFICIENT_BALANCE.
 */
export async function submitPayment(
  db: Db,
  payer: Payer,
  orderId: string,
  plan: PlanSettings,
  idempotencyKey: string | undefined,
  now = new Date(),
): Promise<SubmitPaymentResponse> {
  const { operatorId } = payer;
  if (!(await repo.findOrder(db, { operatorId, orderId }))) throw notFound(SUBSCRIPTION_MESSAGES.orderNotFound);
  const { result } = await withIdempotency(
    db,
    { scope: `membership-pay:${operatorId}`, key: idempotencyKey || `order:${orderId}`, request: { orderId } },
    async (tx): Promise<SubmitPaymentResponse> => {
      const order = (await repo.lockOrder(tx, { operatorId, orderId }))!;
      const answer = async (transactionStatus: SubmitPaymentResponse['transactionStatus'], validity: Date | null) => ({
        orderId,
        transactionStatus,
        subscriptionAmountInPaisa: order.amountPaisa,
        subscriptionValidity: validity?.toISOString() ?? null,
        balanceInPaisa: await balanceOf(tx, wallet(operatorId)),
      });
      if (order.status === 'PAID') return answer('SUCCESS', order.validUntil);
      const current = await repo.lockMembership(tx, { operatorId });
      if (order.status === 'EXPIRED') return answer('FAILURE', current?.activeUntil ?? null);
      if (isStale(order, plan, now)) {
        await repo.updateOrderIf(tx, { orderId: order.id, from: 'OPEN', set: { status: 'EXPIRED' } });
        return answer('FAILURE', current?.activeUntil ?? null);
      }
      const membership = membershipAt(current, now);
      assertCanPay(membership);

      const balance = await balanceOf(tx, wallet(operatorId));
      if (balance < order.amountPaisa) {
        throw new AppError(
          LEDGER_ERRORS.INSUFFICIENT_BALANCE,
          SUBSCRIPTION_MESSAGES.insufficient(rupees(balance), rupees(order.amountPaisa), rupees(order.amountPaisa - balance)),
        );
      }
      const posted = await postEntry(tx, {
        kind: 'MEMBERSHIP_PAYMENT',
        memo: memo('membership', { plan: order.title, days: order.validityDays }),
        referenceType: 'MEMBERSHIP_ORDER',
        referenceId: order.id,
        legs: [
          { account: wallet(operatorId), amount: -order.amountPaisa },
          { account: revenue, amount: order.amountPaisa },
        ],
        metadata: { orderId: order.id, paidBy: payer.userId },
      });
      const validFrom = current && membership.subscribed ? current.activeUntil : now;
      const validUntil = new Date(validFrom.getTime() + order.validityDays * DAY_MS);
      await repo.upsertMembership(tx, {
        operatorId,
        activeFrom: current && membership.subscribed ? current.activeFrom : now,
        activeUntil: validUntil,
        lastOrderId: order.id,
      });
      await repo.updateOrderIf(tx, {
        orderId: order.id,
        from: 'OPEN',
        set: {
          status: 'PAID',
          paidBy: payer.userId,
          entryId: posted.entryId,
          validFrom,
          validUntil,
          paidAt: now,
        },
      });
      return {
        orderId,
        transactionStatus: 'SUCCESS',
        subscriptionAmountInPaisa: order.amountPaisa,
        subscriptionValidity: validUntil.toISOString(),
        balanceInPaisa: posted.balances[`OPERATOR_WALLET:${operatorId}`]!.closing,
      };
    },
  );
  return result;
}
