import type { Db } from '../db/client.ts';
import { membershipOrders, memberships } from '../db/schema/index.ts';
import { memo } from '../lib/texts/memos.ts';
import { accounts } from '../modules/money/ledger/accounts.ts';
import { balanceOf, postEntry } from '../modules/money/ledger/ledger.service.ts';
import { OP1002 } from './demo-data.ts';
import type { SeedStep } from './seed.ts';

/** The default plan (SUBSCRIPTION_* settings): ₹999 for 365 days. */
const DEMO_PLAN = { title: 'Bhada Membership', amountPaisa: 99_900, validityDays: 365 };
/** The second demo operator is a member; the others are not, so the purchase can be tried. */
const MEMBER_OPERATOR = OP1002;

/**
 * OP1002 bought the membership from its wallet when the demo started: a paid order, the wallet →
 * MEMBERSHIP_REVENUE entry and the membership period, as a real payment leaves them.
 */
export const seedSubscription: SeedStep = async (tx: Db) => {
  const now = new Date();
  const wallet = accounts.operatorWallet(MEMBER_OPERATOR);
  if ((await balanceOf(tx, wallet)) < DEMO_PLAN.amountPaisa) return;
  const orderId = 'MBR-DEMO-OP1002';
  const posted = await postEntry(tx, {
    kind: 'MEMBERSHIP_PAYMENT',
    memo: memo('membership', { plan: DEMO_PLAN.title, days: DEMO_PLAN.validityDays }),
    referenceType: 'MEMBERSHIP_ORDER',
    referenceId: orderId,
    legs: [
      { account: wallet, amount: -DEMO_PLAN.amountPaisa },
      { account: accounts.membershipRevenue, amount: DEMO_PLAN.amountPaisa },
    ],
    metadata: { orderId, paidBy: `USR-${MEMBER_OPERATOR}` },
  });
  const validUntil = new Date(now.getTime() + DEMO_PLAN.validityDays * 86_400_000);
  await tx.insert(membershipOrders).values({
    id: orderId,
    operatorId: MEMBER_OPERATOR,
    planCode: `MEMBERSHIP_${DEMO_PLAN.validityDays}D`,
    title: DEMO_PLAN.title,
    amountPaisa: DEMO_PLAN.amountPaisa,
    validityDays: DEMO_PLAN.validityDays,
    status: 'PAID',
    medium: 'SIDE_MENU',
    createdBy: `USR-${MEMBER_OPERATOR}`,
    paidBy: `USR-${MEMBER_OPERATOR}`,
    entryId: posted.entryId,
    validFrom: now,
    validUntil,
    expiresAt: now,
    paidAt: now,
  });
  await tx.insert(memberships).values({ operatorId: MEMBER_OPERATOR, activeFrom: now, activeUntil: validUntil, lastOrderId: orderId });
};
