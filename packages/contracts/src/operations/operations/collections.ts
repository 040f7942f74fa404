import { z } from 'zod';
import { actionWindowSchema } from './docket.ts';
import { amount, isoDateTime, optionalText, text } from './schemas.ts';

/** Collections against a consignment, and the driver's delivery side. */
// ---- collections

export const COLLECTION_TYPES = ['TO_PAY', 'ADVANCE', 'DETENTION'] as const;
export const COLLECTION_MODES = ['CASH', 'UPI', 'CHEQUE', 'BANK_TRANSFER'] as const;
export const COLLECTION_STATUSES = ['PENDING', 'COLLECTED', 'FAILED'] as const;
export const collectionEnumsResponseSchema = z.object({
  types: z.array(z.enum(COLLECTION_TYPES)),
  modes: z.array(z.enum(COLLECTION_MODES)),
  statuses: z.array(z.enum(COLLECTION_STATUSES)),
});
export const collectionSchema = z.object({
  collectionId: z.string(),
  type: z.enum(COLLECTION_TYPES),
  mode: z.enum(COLLECTION_MODES),
  amountInPaisa: z.number().int(),
  reference: z.string().nullable(),
  status: z.enum(COLLECTION_STATUSES),
  entryId: z.string().nullable(),
  collectedBy: z.string(),
  collectedAt: z.string(),
});
export const collectionQuerySchema = z.object({ code: text(40, 'code is required') });
export const collectionsResponseSchema = z.object({
  cCode: z.string(),
  freightInPaisa: z.number().int(),
  /** collected against the freight (to-pay and advance) */
  collectedInPaisa: z.number().int(),
  detentionCollectedInPaisa: z.number().int(),
  pendingInPaisa: z.number().int(),
  balanceInPaisa: z.number().int(),
  collections: z.array(collectionSchema),
  actionWindow: actionWindowSchema,
});
export type CollectionsResponse = z.infer<typeof collectionsResponseSchema>;
export const createCollectionRequestSchema = z
  .object({
    code: text(40, 'code is required'),
    /** set to settle an earlier PENDING collection (a cheque clears or bounces) */
    collectionId: z.string().trim().max(40).optional(),
    type: z.enum(COLLECTION_TYPES, { error: 'Choose the collection type' }),
    mode: z.enum(COLLECTION_MODES, { error: 'Choose the mode' }),
    amountInPaisa: amount(),
    reference: optionalText(60),
    status: z.enum(COLLECTION_STATUSES, { error: 'Choose the status' }),
  })
  .refine((c) => c.mode === 'CASH' || Boolean(c.reference), {
    message: 'Enter the reference (UTR, UPI or cheque number)',
    path: ['reference'],
  });
export type CreateCollectionRequest = z.input<typeof createCollectionRequestSchema>;

// ---- delivery (driver side)

export const driverUpdateConsignmentRequestSchema = z.object({
  cCode: text(40, 'cCode is required'),
  status: z.enum(['REACHED', 'UNLOADED'], { error: 'Choose reached or unloaded' }),
  time: isoDateTime,
  remarks: optionalText(500),
});
