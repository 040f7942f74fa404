import { z } from 'zod';
import { errorCodes } from '../../common/error-codes.ts';

/**
 * Membership (the spec's "subscription", ADR 060): one plan, paid from the operator's wallet.
 * An order freezes the plan's price and days; paying it extends the membership from
 * max(now, current end) by the plan's days. spec: marketplace §4 "Membership payment status is
 * taken from transactionStatus; the process ends as SUCCESS or FAILURE".
 */

export const SUBSCRIPTION_ERRORS = errorCodes([
  /** a membership was bought while the current one runs longer than the renewal window */
  'MEMBERSHIP_ALREADY_ACTIVE',
]);

export const SUBSCRIPTION_MESSAGES = {
  interestSaved: 'Saved',
  orderReady: 'Membership order ready to pay',
  paid: 'Membership payment successful',
  failed: 'This payment request has expired. Please try again.',
  orderNotFound: 'Membership order not found',
  alreadyActive: 'Your membership is already active. You can renew it in the last 30 days before it ends.',
  invalidMedium: 'Invalid medium',
  orderIdRequired: 'orderId is required',
  /** the wallet is short; the web offers Add Money (code INSUFFICIENT_BALANCE of the ledger) */
  insufficient: (balanceRupees: string, amountRupees: string, shortRupees: string) =>
    `Insufficient wallet balance. Your wallet has ${balanceRupees} and membership costs ${amountRupees}. Please add ${shortRupees} to your wallet.`,
} as const;

/** Renewal opens this many days before the current membership ends (ADR 060). */
export const RENEWAL_WINDOW_DAYS = 30;
/** An unpaid order keeps its price for this long, then a new one is made at the current price. */
export const ORDER_TTL_HOURS = 24;
/** The medium recorded when the page was opened without a source. */
export const DEFAULT_MEDIUM = 'WEB';

/** What the plan card lists; the texts live in the web's locales (display only, ADR 060). */
export const MEMBERSHIP_BENEFITS = ['MEMBER_BADGE', 'PRIORITY_SUPPORT', 'EARLY_LOAD_ALERTS', 'PAYMENT_HELP'] as const;
export const membershipBenefitSchema = z.enum(MEMBERSHIP_BENEFITS);

export const TRANSACTION_STATUSES = ['SUCCESS', 'FAILURE'] as const;
export const transactionStatusSchema = z.enum(TRANSACTION_STATUSES);
export type TransactionStatus = z.infer<typeof transactionStatusSchema>;

export const MEMBERSHIP_STATUSES = ['ACTIVE', 'EXPIRED', 'NONE'] as const;
export const membershipStatusSchema = z.enum(MEMBERSHIP_STATUSES);
export type MembershipStatus = z.infer<typeof membershipStatusSchema>;

export const MEMBERSHIP_ORDER_STATUSES = ['OPEN', 'PAID', 'EXPIRED'] as const;
export const membershipOrderStatusSchema = z.enum(MEMBERSHIP_ORDER_STATUSES);

/** The status screen's `screen` query: the payment's outcome, or the membership as it stands. */
export const STATUS_SCREENS = ['SUCCESS', 'FAILURE', 'ACTIVE', 'EXPIRED', 'NONE'] as const;
export type StatusScreen = (typeof STATUS_SCREENS)[number];

/** spec: app config "subscriptionAmountInPaisa, subscriptionTitle". */
export const membershipPlanSchema = z.object({
  planCode: z.string(),
  subscriptionTitle: z.string(),
  subscriptionAmountInPaisa: z.number().int(),
  validityDays: z.number().int(),
  benefits: z.array(membershipBenefitSchema),
});
export type MembershipPlan = z.infer<typeof membershipPlanSchema>;

export const membershipSchema = z.object({
  status: membershipStatusSchema,
  /** spec "Subscription: subscribed": active right now */
  subscribed: z.boolean(),
  /** start of the current unbroken membership (ISO), null when never a member */
  activeFrom: z.string().nullable(),
  /** end of the membership (ISO); in the past when EXPIRED */
  activeUntil: z.string().nullable(),
  /** whole days left, 0 unless ACTIVE */
  daysLeft: z.number().int(),
  /** false while the membership runs longer than the renewal window */
  canPay: z.boolean(),
  /** when renewal opens (ISO), set only when canPay is false */
  renewFrom: z.string().nullable(),
});
export type Membership = z.infer<typeof membershipSchema>;

export const membershipOrderSchema = z.object({
  orderId: z.string(),
  status: membershipOrderStatusSchema,
  subscriptionTitle: z.string(),
  subscriptionAmountInPaisa: z.number().int(),
  validityDays: z.number().int(),
  createdAt: z.string(),
  /** after this the order answers FAILURE and a new one is made */
  expiresAt: z.string(),
});
export type MembershipOrder = z.infer<typeof membershipOrderSchema>;

/** GET /rest/tesseract/v1/config/subscription */
export const subscriptionConfigSchema = z.object({
  plan: membershipPlanSchema,
  membership: membershipSchema,
  /** the operator's unpaid order, if one is open */
  openOrder: membershipOrderSchema.nullable(),
});
export type SubscriptionConfig = z.infer<typeof subscriptionConfigSchema>;

/** The page's `source` becomes the medium: where the operator came from (menu, banner, app…). */
export const mediumSchema = z
  .string({ error: SUBSCRIPTION_MESSAGES.invalidMedium })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9_-]{2,40}$/, SUBSCRIPTION_MESSAGES.invalidMedium);

/** POST /rest/tesseract/v1/profile/subscribe, body medium */
export const subscribeRequestSchema = z.object({ medium: mediumSchema });
export type SubscribeRequest = z.infer<typeof subscribeRequestSchema>;

/** spec "Subscription: medium, redirect, subscriptionValidity". */
export const subscribeResponseSchema = z.object({
  medium: z.string(),
  subscribed: z.boolean(),
  canPay: z.boolean(),
  /** where the web goes next: the status screen when there is nothing to pay, else the plan page */
  redirect: z.string(),
  /** the membership's end (ISO), null when never a member */
  subscriptionValidity: z.string().nullable(),
});
export type SubscribeResponse = z.infer<typeof subscribeResponseSchema>;

/** POST /odin/v2/submit-payment */
export const submitPaymentRequestSchema = z.object({
  orderId: z
    .string({ error: SUBSCRIPTION_MESSAGES.orderIdRequired })
    .trim()
    .min(1, SUBSCRIPTION_MESSAGES.orderIdRequired)
    .max(40, SUBSCRIPTION_MESSAGES.orderIdRequired),
});
export type SubmitPaymentRequest = z.infer<typeof submitPaymentRequestSchema>;

export const submitPaymentResponseSchema = z.object({
  orderId: z.string(),
  transactionStatus: transactionStatusSchema,
  subscriptionAmountInPaisa: z.number().int(),
  /** the membership's end after this payment (ISO); null on FAILURE with no membership */
  subscriptionValidity: z.string().nullable(),
  balanceInPaisa: z.number().int(),
});
export type SubmitPaymentResponse = z.infer<typeof submitPaymentResponseSchema>;

/** The web routes of the area (spec marketplace §2), used by the server's `redirect`. */
export const SUBSCRIPTION_PAGE_PATH = '/app/caraxes/marketplace/subscription-page';
export const SUBSCRIPTION_STATUS_PATH = '/app/caraxes/marketplace/subscription-status';

export function statusPathFor(screen: StatusScreen, validity: string | null): string {
  const q = new URLSearchParams({ screen });
  if (validity) q.set('validity', validity);
  return `${SUBSCRIPTION_STATUS_PATH}?${q.toString()}`;
}
