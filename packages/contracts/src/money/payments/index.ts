import { z } from 'zod';
import { errorCodes } from '../../common/error-codes.ts';
import { stageCheckSchema } from '../../trips/trips/geo-check.ts';
import { tripListItemSchema } from '../../trips/trips/shapes.ts';

/**
 * Payments: one order pipeline for money coming in (wallet top-up, token, membership, consigner
 * trip payment) and the add-money checkout of spec fastag-payments-shell §2.8, §2.9, §4, §5, §7.1.
 * Wire amounts of this area are RUPEES (max 2 decimals); fields named `…InPaisa` are paisa.
 */

export const PAYMENTS_ERRORS = errorCodes([
  /** the browser sent an amount or internet charge that differs from the server's own figure */
  'PAYMENT_AMOUNT_MISMATCH',
  /** the order is already being paid, settled or failed; a fresh order is needed */
  'PAYMENT_ORDER_CLOSED',
  /** the provider's transaction token (15 minutes) has expired */
  'PAYMENT_SESSION_EXPIRED',
  /** the payment provider could not be reached or refused the request */
  'PAYMENT_PROVIDER_FAILED',
]);

/** Spec texts (fastag §5, §8; marketplace §8) plus the few this area had to name itself. */
export const PAYMENTS_MESSAGES = {
  invalidAmount: 'Invalid amount',
  amountTooHigh: 'Amount cannot be greater that 100000',
  somethingWentWrongTryAgain: 'Something went wrong. Please try again.',
  somethingWentWrong: 'Something went wrong',
  invalidUpi: 'Invalid UPI',
  onlyDigits: 'Only digits are allowed',
  maxLength: (n: number) => `Max. length should be ${n}`,
  minLength: (n: number) => `Min. length should be ${n}`,
  invalidDate: 'Invalid Date',
  required: 'Required',
  selectBank: 'Please select a bank',
  invalidCard: 'Please enter a valid card number',
  amountMismatch: 'The amount has changed. Please start again.',
  orderClosed: 'This payment is already being processed. Please start a new payment.',
  sessionExpired: 'Payment session expired. Please try again.',
  providerFailed: 'Payment service is not reachable right now. Please try again.',
  pendingWait: 'Payment Processing. Please wait for 15 minutes.',
  rechargeDone: 'Recharge successfully done',
  rechargeStatus: (status: string) => `Recharge: ${status}`,
  notConfirmed: 'We could not confirm this payment with the bank within 72 hours. Any amount debited will be refunded.',
  notCompleted: 'Payment was not completed.',
  added: (mode: string) => `Added money via ${mode}`,
  moreThanDue: 'Amount is more than the balance due',
  nothingDue: 'Nothing is due on this trip',
  /** the whole due is held by a payment still open at the bank or in checkout (ADR 070) */
  paymentOpen: 'A payment for this trip is still in progress. Wait for it to finish, or try again in 15 minutes.',
  /** a payment that arrived beyond the trip's due (ADR 070) */
  keptAsCredit: 'Paid more than was due; the extra is kept as your credit with Bhada',
  tripPaid: 'Payment successful',
} as const;

/** spec fastag §9 */
export const ADD_MONEY_MAX_RUPEES = 100000;
export const ORDER_ATTEMPTS = 3;
export const CARD_NUMBER_LENGTH = 16;
export const BIN_LENGTH = 6;
export const NEW_CARD_CVV_LENGTH = 3;
export const UPI_PATTERN = /^[A-Za-z0-9._-]{3,}@[A-Za-z]{3,}$/;
export const CURRENCY = 'INR';

// ---------------------------------------------------------------- fee tiers (spec fastag §9)

export const FEE_MODES = ['DC', 'CC', 'UPI', 'NB'] as const;
export type FeeMode = (typeof FEE_MODES)[number];
export const feeModeSchema = z.enum(FEE_MODES);

export const feeRateSchema = z.object({
  /** rupees, exclusive */
  minAmount: z.number(),
  /** rupees, inclusive */
  maxAmount: z.number(),
  /** at most 2 decimals */
  percent: z.number().min(0).max(100),
});
export type FeeRate = z.infer<typeof feeRateSchema>;
export const pspModeSchema = z.object({ mode: feeModeSchema, modeRates: z.object({ rates: z.array(feeRateSchema) }) });
export type PspMode = z.infer<typeof pspModeSchema>;

/** The internet charge table the server sends with every order and charges by (ADR 052). */
export const DEFAULT_PSP_MODES: PspMode[] = [
  {
    mode: 'DC',
    modeRates: {
      rates: [
        { minAmount: 0, maxAmount: 2000, percent: 0.4 },
        { minAmount: 2000, maxAmount: ADD_MONEY_MAX_RUPEES, percent: 0.9 },
      ],
    },
  },
  { mode: 'CC', modeRates: { rates: [{ minAmount: 0, maxAmount: ADD_MONEY_MAX_RUPEES, percent: 1.99 }] } },
  { mode: 'UPI', modeRates: { rates: [{ minAmount: 0, maxAmount: ADD_MONEY_MAX_RUPEES, percent: 0 }] } },
  {
    mode: 'NB',
    modeRates: {
      rates: [
        { minAmount: 0, maxAmount: 5000, percent: 1.2 },
        { minAmount: 5000, maxAmount: ADD_MONEY_MAX_RUPEES, percent: 1 },
      ],
    },
  },
];

const toPaisa = (rupees: number) => Math.round(rupees * 100);

/** The percent of the tier with minAmount < amount <= maxAmount; 0 when no tier covers it. */
export function feePercentFor(amountPaisa: number, mode: FeeMode, pspModes: readonly PspMode[] = DEFAULT_PSP_MODES): number {
  const rates = pspModes.find((m) => m.mode === mode)?.modeRates.rates ?? [];
  const tier = rates.find((r) => toPaisa(r.minAmount) < amountPaisa && amountPaisa <= toPaisa(r.maxAmount));
  return tier?.percent ?? 0;
}

/**
 * Internet charge in paisa = amount × percent / 100, rounded half up to the paisa. Integer
 * arithmetic on basis points so browser and server always agree (ADR 052).
 */
export function internetChargePaisa(amountPaisa: number, mode: FeeMode, pspModes: readonly PspMode[] = DEFAULT_PSP_MODES): number {
  const basisPoints = Math.round(feePercentFor(amountPaisa, mode, pspModes) * 100);
  return Math.floor((amountPaisa * basisPoints + 5000) / 10000);
}

// ---------------------------------------------------------------- add money (spec fastag §5)

/** Rupees with at most 2 decimals. */
const rupeesSchema = z
  .number({ error: PAYMENTS_MESSAGES.invalidAmount })
  .refine((v) => Number.isFinite(v) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
    message: PAYMENTS_MESSAGES.invalidAmount,
  });

export const addMoneyAmountSchema = rupeesSchema
  .refine((v) => v > 0, { message: PAYMENTS_MESSAGES.invalidAmount })
  .refine((v) => v <= ADD_MONEY_MAX_RUPEES, { message: PAYMENTS_MESSAGES.amountTooHigh });

/** The add-money form field (a text input): required, a number > 0, at most 100000. */
export const addMoneyFormSchema = z.object({
  amount: z
    .string()
    .trim()
    .min(1, PAYMENTS_MESSAGES.invalidAmount)
    .refine((v) => /^\d+(\.\d{1,2})?$/.test(v) && Number(v) > 0, { message: PAYMENTS_MESSAGES.invalidAmount })
    .refine((v) => Number(v) <= ADD_MONEY_MAX_RUPEES, { message: PAYMENTS_MESSAGES.amountTooHigh }),
});
export type AddMoneyForm = z.infer<typeof addMoneyFormSchema>;

/** POST /wallet/recharge/v2: an amount, or on retry the failed order whose amount is reused. */
export const rechargeRequestSchema = z
  .object({
    amount: addMoneyAmountSchema.optional(),
    /** the order being retried (spec fastag §4 Retry) */
    retry: z.string().max(50).optional(),
  })
  .refine((v) => v.amount !== undefined || v.retry !== undefined, { message: PAYMENTS_MESSAGES.invalidAmount, path: ['amount'] });
export type RechargeRequest = z.infer<typeof rechargeRequestSchema>;

/** spec fastag §3 "Payment info"; host is where the browser sends the provider calls (§7.3). */
export const paymentInfoSchema = z.object({
  /** rupees */
  amount: z.number(),
  merchantId: z.string(),
  /** the order id */
  transactionCode: z.string(),
  /** the provider's transaction token */
  checkSumHash: z.string(),
  customerId: z.string(),
  pspModes: z.array(pspModeSchema),
  /** base URL of the provider's browser-facing API (the sandbox or the real host) */
  host: z.string(),
  /** when the transaction token stops working (ISO) */
  expiresAt: z.string(),
});
export type PaymentInfo = z.infer<typeof paymentInfoSchema>;

// ---------------------------------------------------------------- transaction update (spec fastag §7.1)

export const transactionUpdateRequestSchema = z.object({
  appVersion: z.string().max(40).default('web'),
  /** the fee mode chosen: UPI, NB, or the card's DC / CC */
  paymentMode: feeModeSchema,
  serviceProvider: z.string().max(40).default('PAYTM'),
  userCode: z.string().max(40),
  transactionCode: z.string().max(50),
  transactionToken: z.string().max(200),
  /** rupees: the order's amount */
  amount: z.number(),
  /** rupees: the internet charge for paymentMode (the pay button shows amount + pspAmount) */
  pspAmount: z.number(),
});
export type TransactionUpdateRequest = z.infer<typeof transactionUpdateRequestSchema>;
export const transactionUpdateResponseSchema = z.object({
  transactionCode: z.string(),
  /** rupees: amount + charge, what the provider will collect */
  totalAmount: z.number(),
});

// ---------------------------------------------------------------- result (spec fastag §2.9, §3)

export const PAYMENT_RESULT_STATUSES = ['SUCCESS', 'PENDING', 'FAILURE'] as const;
export type PaymentResultStatus = (typeof PAYMENT_RESULT_STATUSES)[number];
export const PAYMENT_PURPOSES = ['WALLET_TOPUP', 'TOKEN', 'MEMBERSHIP', 'CONSIGNER_TRIP'] as const;

export const paymentResultSchema = z.object({
  orderId: z.string(),
  purpose: z.enum(PAYMENT_PURPOSES),
  status: z.enum(PAYMENT_RESULT_STATUSES),
  statusRemarks: z.string().nullable(),
  /** rupees, what reached the wallet (or account) */
  amount: z.number(),
  /** rupees, the internet charge */
  fee: z.number(),
  currency: z.string(),
  /** ISO; the last status change */
  date: z.string(),
  paymentMode: z.string().nullable(),
  remarksIcon: z.string().nullable(),
});
export type PaymentResult = z.infer<typeof paymentResultSchema>;

/** Event on topic `order:{orderId}` when the order's status changes. */
export const orderStatusEventSchema = z.object({ orderId: z.string(), status: z.enum(PAYMENT_RESULT_STATUSES) });
export const ORDER_STATUS_EVENT = 'order.status';

// ---------------------------------------------------------------- marketplace wallet (marketplace §7)

export const initiateRechargeRequestSchema = z.object({
  amountInPaisa: z
    .number()
    .int()
    .positive(PAYMENTS_MESSAGES.invalidAmount)
    .max(ADD_MONEY_MAX_RUPEES * 100, PAYMENTS_MESSAGES.amountTooHigh),
  entityType: z.literal('WALLET').optional(),
  serviceProvider: z.string().max(40).optional(),
  useSsoToken: z.boolean().optional(),
  channel: z.string().max(20).optional(),
});
export const initiateRechargeResponseSchema = paymentInfoSchema.extend({ orderId: z.string(), amountInPaisa: z.number().int() });
export const completeOrderRequestSchema = z.object({ orderId: z.string().max(50) });
export const completeRechargeResponseSchema = z.object({
  orderId: z.string(),
  status: z.enum(PAYMENT_RESULT_STATUSES),
  balanceInPaisa: z.number().int(),
  message: z.string(),
});

// ---------------------------------------------------------------- consigner trip payment (marketplace §7)

/**
 * TDS a consigner withholds on freight under section 194C (individual / HUF transporters: 1 %),
 * deposited by the consigner with the tax department, so it never passes through Bhada (ADR 055).
 */
export const CONSIGNER_TDS_PERCENT = 1;

/** TDS on a freight amount, rounded to the nearest rupee (section 288B). */
export function consignerTdsPaisa(freightPaisa: number): number {
  return Math.round((freightPaisa * CONSIGNER_TDS_PERCENT) / 100 / 100) * 100;
}

/** GET balance/trip (code): what the consigner owes per trip (spec marketplace §7 Consigner payment). */
export const consignerBalanceQuerySchema = z.object({ code: z.string().max(40).optional() });
export const tripBalanceSchema = tripListItemSchema
  .pick({ tripId: true, demandId: true, originCity: true, destinationCity: true, createdAt: true })
  .extend({
    vehicleNumber: z.string(),
    state: z.string(),
    freightInPaisa: z.number().int(),
    tdsInPaisa: z.number().int(),
    paidInPaisa: z.number().int(),
    /** paid at the bank, not yet confirmed: not payable again until it settles or fails */
    pendingInPaisa: z.number().int(),
    /** freight − TDS − paid − pending, never below 0 */
    balanceInPaisa: z.number().int(),
    /** on the consigner's list: how the truck's reaching each point was checked, overrides with their reason (ADR 270) */
    stageChecks: z.array(stageCheckSchema).optional(),
  });
export type TripBalance = z.infer<typeof tripBalanceSchema>;
export const consignerBalancesSchema = z.object({
  userCode: z.string(),
  balances: z.array(tripBalanceSchema),
  totalBalanceInPaisa: z.number().int(),
  /** paisa (the spec's client divides by 100): TDS on the listed trips */
  tdsAmount: z.number().int(),
  /** paisa paid beyond a trip's due (a race with the bank), held as the consigner's credit (ADR 070) */
  creditInPaisa: z.number().int().nonnegative(),
});
export type ConsignerBalances = z.infer<typeof consignerBalancesSchema>;

/** The trip-payment form field (rupees, a text input): a number > 0 with at most 2 decimals, at most what is due. */
export const tripPayFormSchema = (duePaisa: number) =>
  z.object({
    amount: z
      .string()
      .trim()
      .min(1, PAYMENTS_MESSAGES.invalidAmount)
      .refine((v) => /^\d+(\.\d{1,2})?$/.test(v) && Number(v) > 0, { message: PAYMENTS_MESSAGES.invalidAmount })
      .refine((v) => Math.round(Number(v) * 100) <= duePaisa, { message: PAYMENTS_MESSAGES.moreThanDue }),
  });

/** A new trip payment, or (`retry`) a fresh order for a failed one: same trip, same amount if still due. */
export const consignerCreateOrderRequestSchema = z
  .object({
    tripId: z.string().max(50).optional(),
    amountInPaisa: z.number().int(PAYMENTS_MESSAGES.invalidAmount).positive(PAYMENTS_MESSAGES.invalidAmount).optional(),
    /** the failed order to pay again */
    retry: z.string().max(50).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.retry) return;
    if (!body.tripId) ctx.addIssue({ code: 'custom', path: ['tripId'], message: PAYMENTS_MESSAGES.required });
    if (body.amountInPaisa === undefined)
      ctx.addIssue({ code: 'custom', path: ['amountInPaisa'], message: PAYMENTS_MESSAGES.invalidAmount });
  });
export type ConsignerCreateOrderRequest = z.infer<typeof consignerCreateOrderRequestSchema>;
export const consignerCreateOrderResponseSchema = paymentInfoSchema.extend({
  mid: z.string(),
  orderId: z.string(),
  amountInPaisa: z.number().int(),
});
export const consignerCompleteOrderResponseSchema = z.object({
  orderId: z.string(),
  status: z.enum(PAYMENT_RESULT_STATUSES),
  message: z.string(),
});

// ---------------------------------------------------------------- provider shapes the browser reads (spec fastag §3, §7.3)

export const resultInfoSchema = z.object({
  resultStatus: z.string(),
  resultCode: z.string().optional(),
  resultMsg: z.string().optional(),
});
export const savedCardSchema = z.object({
  displayName: z.string(),
  channelCode: z.enum(['VISA', 'MASTER', 'RUPAY']),
  cardDetails: z.object({
    cardId: z.string(),
    cardType: z.enum(['CREDIT_CARD', 'DEBIT_CARD']),
    lastFourDigit: z.string(),
    cvvLength: z.number().int(),
  }),
});
export type SavedCard = z.infer<typeof savedCardSchema>;
export const payChannelSchema = z.object({ channelCode: z.string(), channelName: z.string(), iconUrl: z.string().optional() });
export type PayChannel = z.infer<typeof payChannelSchema>;
export const paymentOptionsBodySchema = z.object({
  resultInfo: resultInfoSchema,
  merchantPayOption: z
    .object({
      savedInstruments: z.array(savedCardSchema).default([]),
      paymentModes: z.array(
        z.object({ paymentMode: z.string(), displayName: z.string().optional(), payChannelOptions: z.array(payChannelSchema).default([]) }),
      ),
    })
    .optional(),
});
export type PaymentOptionsBody = z.infer<typeof paymentOptionsBodySchema>;
export const redirectFormSchema = z.object({
  actionUrl: z.string(),
  method: z.string(),
  type: z.string().optional(),
  headers: z.record(z.string(), z.string()).default({}),
  content: z.record(z.string(), z.string()).default({}),
});
export type RedirectForm = z.infer<typeof redirectFormSchema>;
export const processTransactionBodySchema = z.object({
  resultInfo: resultInfoSchema,
  txnInfo: z.record(z.string(), z.string()).optional(),
  bankForm: z.object({ redirectForm: redirectFormSchema }).optional(),
});
export type ProcessTransactionBody = z.infer<typeof processTransactionBodySchema>;

/** Paytm's mode names on processTransaction. */
export const PROVIDER_PAYMENT_MODES = ['CREDIT_CARD', 'DEBIT_CARD', 'NET_BANKING', 'UPI'] as const;
export type ProviderPaymentMode = (typeof PROVIDER_PAYMENT_MODES)[number];
export const feeModeOfCard = (cardType: 'CREDIT_CARD' | 'DEBIT_CARD'): FeeMode => (cardType === 'CREDIT_CARD' ? 'CC' : 'DC');
