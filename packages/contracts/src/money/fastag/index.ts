import { z } from 'zod';
import { errorCodes } from '../../common/error-codes.ts';
import { epochSecondsSchema } from '../../common/index.ts';
import { tollFlagRowSchema } from './toll-flags.ts';

/** Errors of the Fastag area. */
export const FASTAG_ERRORS = errorCodes([
  /** a manual recharge asks for more than the wallet holds */
  'FASTAG_RECHARGE_EXCEEDS_WALLET',
  /** the tag is blocked or closed at the issuer */
  'FASTAG_TAG_INACTIVE',
  /** a toll webhook's signature does not match its raw body */
  'FASTAG_WEBHOOK_SIGNATURE_INVALID',
  /** a toll webhook names a tag this platform does not hold */
  'FASTAG_UNKNOWN_TAG',
  /** a dispute is raised on something other than a successful toll debit */
  'FASTAG_DISPUTE_NOT_ALLOWED',
  /** a suspicious toll was dismissed or disputed already (ADR 280) */
  'TOLL_FLAG_CLOSED',
  /** NETC refuses a dispute raised inside the cooling period (reason code 5290) */
  'TOLL_DISPUTE_TOO_EARLY',
  /** the time for raising a dispute has passed */
  'TOLL_DISPUTE_TOO_LATE',
]);

export const FASTAG_MESSAGES = {
  invalidAmount: 'Invalid amount',
  rechargeExceedsWallet: 'Recharge amount cannot be greater that wallet balance',
  rechargeSuccess: (vehicle: string) => `Fastag Recharge successful for ${vehicle}.`,
  toggleSuccess: 'Auto-Recharge updated successfully',
  minBalanceSuccess: (vehicle: string) => `Auto-Recharge balance to be maintained updated for ${vehicle}.`,
  enterVehicleNumber: 'Enter Vehicle Number',
  tagNotFound: 'Fastag not found',
  vehicleNotFound: 'Vehicle not found',
  transactionNotFound: 'Transaction not found',
  tagInactive: 'This Fastag is not active',
  badSignature: 'Invalid signature',
  unknownTag: 'Unknown tag',
  disputeNotAllowed: 'Only a toll payment can be disputed',
  disputeRaised: 'Dispute raised. Our team will get back to you.',
  accountBody: 'Send either {id, recharge, minBal} or {fastagId, minBalance, autoRechargeActivate}',
} as const;

/** The header the tag issuer signs its webhook body with (HMAC-SHA256, hex). */
export const ISSUER_SIGNATURE_HEADER = 'x-issuer-signature';

/** spec fastag §9: tag classes and their colours */
export const TAG_CLASSES = [4, 5, 6, 7, 12, 15, 16] as const;
export type TagClass = (typeof TAG_CLASSES)[number];
export const FASTAG_COLORS: Record<TagClass, string> = {
  4: 'purple',
  5: 'orange',
  6: 'yellow',
  7: 'green',
  12: 'pink',
  15: 'blue',
  16: 'grey',
};

export const TXN_TYPES = ['DEBIT', 'CREDIT'] as const;
export type TxnType = (typeof TXN_TYPES)[number];

/** The largest amount a Fastag form field takes: nine rupee digits and two decimals. */
/** The largest amount a Fastag form field takes; amounts are read by the money module's `parseRupeeAmount` (ADR 096). */
export const FASTAG_FIELD_MAX_PAISA = 99_999_999_999;

const amountInput = z.union([z.number(), z.string()]);
const epochSeconds = epochSecondsSchema;
const txnTypeFilter = z
  .enum(['DEBIT', 'CREDIT', 'ALL', 'all', 'debit', 'credit', ''])
  .optional()
  .transform((v) => (v && v.toUpperCase() !== 'ALL' ? (v.toUpperCase() as TxnType) : undefined));

export const fastagListQuerySchema = z.object({
  searchText: z.string().trim().max(20).optional(),
  pageNo: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  details: z.string().optional(),
  noReset: z.string().optional(),
});
export type FastagListQuery = z.infer<typeof fastagListQuerySchema>;

export const fastagRowSchema = z.object({
  vehicleId: z.string(),
  vehicleNumber: z.string(),
  tagId: z.string(),
  tagClass: z.number().int(),
  fastagColor: z.string(),
  barcode: z.string(),
  lastTollName: z.string().nullable(),
  /** ISO-8601 */
  lastTollTime: z.string().nullable(),
  /** the tag balance in rupees */
  fastagAmount: z.number(),
  autoRecharge: z.boolean(),
  /** rupees */
  minBalance: z.number(),
  status: z.enum(['ACTIVE', 'BLOCKED', 'CLOSED']),
});
export type FastagRow = z.infer<typeof fastagRowSchema>;

export const fastagListResponseSchema = z.object({
  list: z.array(fastagRowSchema),
  totalCount: z.number().int(),
  searchText: z.string(),
});
export type FastagListResponse = z.infer<typeof fastagListResponseSchema>;

/** POST /api/fastag/recharge; the amount is checked by parseRupeeAmount so the message is the spec's */
export const rechargeRequestSchema = z.object({
  tagId: z.string().min(1),
  amount: amountInput,
});
export type RechargeRequest = z.infer<typeof rechargeRequestSchema>;

export const rechargeResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  vehicleNumber: z.string(),
  fastagAmount: z.number(),
  walletBalance: z.number(),
});
export type RechargeResponse = z.infer<typeof rechargeResponseSchema>;

/**
 * PUT /api/fastag/account carries one of two shapes (spec fastag §7.2): the auto-recharge toggle
 * `{ id, recharge, minBal }` or the minimum balance `{ fastagId, minBalance, autoRechargeActivate: true }`.
 */
export const accountRequestSchema = z.object({
  id: z.string().min(1).optional(),
  recharge: z.boolean().optional(),
  minBal: amountInput.nullable().optional(),
  fastagId: z.string().min(1).optional(),
  minBalance: amountInput.optional(),
  autoRechargeActivate: z.literal(true).optional(),
});
export type AccountRequest = z.infer<typeof accountRequestSchema>;

export const accountResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  tagId: z.string(),
  autoRecharge: z.boolean(),
  minBalance: z.number(),
});
export type AccountResponse = z.infer<typeof accountResponseSchema>;

export const vehicleIdParamsSchema = z.object({ id: z.string().min(1) });

export const txnOverviewQuerySchema = z.object({
  fromTime: epochSeconds.optional(),
  toTime: epochSeconds.optional(),
  txnType: txnTypeFilter,
});
export type TxnOverviewQuery = z.infer<typeof txnOverviewQuerySchema>;

export const txnOverviewResponseSchema = z.object({
  vehicleId: z.string(),
  vehicleNumber: z.string(),
  tagId: z.string(),
  tagClass: z.number().int(),
  fastagColor: z.string(),
  autoRecharge: z.boolean(),
  fastagAmount: z.number(),
  txnCount: z.number().int(),
  /** rupees: toll spend (debits), or credits when txnType is CREDIT */
  totalAmount: z.number(),
  /** the tag's barcode */
  serialNumber: z.string(),
});
export type TxnOverviewResponse = z.infer<typeof txnOverviewResponseSchema>;

export const transactionsQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  transactionType: txnTypeFilter,
  vehicleId: z.string().optional(),
  vehicleNumber: z.string().optional(),
  fromTime: epochSeconds.optional(),
  toTime: epochSeconds.optional(),
  searchText: z.string().optional(),
  reset: z.string().optional(),
});
export type TransactionsQuery = z.infer<typeof transactionsQuerySchema>;

export const txnRowSchema = z.object({
  txnId: z.string(),
  vehicleId: z.string(),
  vehicleNumber: z.string(),
  /** open dispute tickets on this transaction */
  ticket: z.number().int(),
  plaza: z.string().nullable(),
  /** ISO-8601 */
  time: z.string(),
  type: z.enum(TXN_TYPES),
  kind: z.enum(['TOLL', 'TOLL_REVERSAL', 'RECHARGE', 'AUTO_RECHARGE']),
  amount: z.number(),
  openingBalance: z.number(),
  closingBalance: z.number(),
});
export type TxnRow = z.infer<typeof txnRowSchema>;

export const transactionsResponseSchema = z.object({
  list: z.array(txnRowSchema),
  totalCount: z.number().int(),
});
export type TransactionsResponse = z.infer<typeof transactionsResponseSchema>;

export const disputeParamsSchema = z.object({ txnId: z.string().min(1) });
export const disputeRequestSchema = z.object({ reason: z.string().trim().max(500).optional() }).default({});
export const disputeResponseSchema = z.object({
  ticketId: z.string(),
  /** open tickets on the transaction after this call */
  ticket: z.number().int(),
  created: z.boolean(),
});
export type DisputeResponse = z.infer<typeof disputeResponseSchema>;

const reportFormat = z.enum(['xlsx', 'pdf']).default('xlsx');

/** report/fastagStatement: all vehicles, at most 14 days */
export const fastagStatementQuerySchema = z.object({
  fromTime: epochSeconds,
  toTime: epochSeconds,
  reportFormat,
  txnType: txnTypeFilter,
});
export type FastagStatementQuery = z.infer<typeof fastagStatementQuerySchema>;

/** report/fastagStatement/v2: one vehicle */
export const fastagStatementV2QuerySchema = fastagStatementQuerySchema.extend({
  vehicleId: z.string().min(1, FASTAG_MESSAGES.enterVehicleNumber),
});
export type FastagStatementV2Query = z.infer<typeof fastagStatementV2QuerySchema>;

/**
 * The largest single toll or reversal the issuer may post, in paisa (₹50,000): the dearest plaza charges an
 * oversized vehicle a few thousand rupees; anything beyond is a fault or a forgery (ADR 077).
 */
export const TOLL_MAX_PAISA = 5_000_000;

/** What the tag issuer posts for every toll event (amount in paisa). */
export const tollEventSchema = z.object({
  eventId: z.string().min(1).max(100),
  tagId: z.string().min(1).max(64),
  type: z.enum(TXN_TYPES),
  amount: z.number().int().positive().max(TOLL_MAX_PAISA, 'Toll amount is beyond any toll'),
  plaza: z.string().min(1).max(120),
  plazaCode: z.string().max(40).optional(),
  laneDirection: z.string().max(40).optional(),
  vehicleClass: z.number().int().optional(),
  /** where the plaza stands, when the issuer reports it (ADR 280) */
  plazaLat: z.number().min(-90).max(90).optional(),
  plazaLng: z.number().min(-180).max(180).optional(),
  crossedAt: z.iso.datetime({ offset: true }),
});
export type TollEvent = z.infer<typeof tollEventSchema>;

export const tollWebhookResponseSchema = z.object({
  txnId: z.string(),
  status: z.enum(['SUCCESS', 'FAILED']),
  /** true when this delivery repeated an event already applied */
  duplicate: z.boolean(),
});
export type TollWebhookResponse = z.infer<typeof tollWebhookResponseSchema>;

// ——— toll events in batches (ADR 158) ———
/** The most events one signed batch may carry. */
export const TOLL_BATCH_MAX = 500;
export const tollBatchSchema = z.object({
  events: z
    .array(tollEventSchema)
    .min(1, 'A batch needs at least one event')
    .max(TOLL_BATCH_MAX, `At most ${TOLL_BATCH_MAX} events per batch`),
});
export type TollBatch = z.infer<typeof tollBatchSchema>;
/** One answer per event, in the batch's order: applied (SUCCESS or FAILED as one delivery would answer) or REFUSED with its code. */
export const tollBatchResponseSchema = z.object({
  results: z.array(
    z.object({
      eventId: z.string(),
      status: z.enum(['SUCCESS', 'FAILED', 'REFUSED']),
      txnId: z.string().nullable(),
      duplicate: z.boolean(),
      errorCode: z.string().nullable(),
    }),
  ),
});
export type TollBatchResponse = z.infer<typeof tollBatchResponseSchema>;

export * from './toll-flags.ts';

/** POST /api/fastag/tollFlags/:id/dispute: the dispute ticket and the flag after it (ADR 280) */
export const tollFlagDisputeResponseSchema = disputeResponseSchema.extend({ flag: tollFlagRowSchema });
export type TollFlagDisputeResponse = z.infer<typeof tollFlagDisputeResponseSchema>;
