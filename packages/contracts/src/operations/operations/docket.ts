import { z } from 'zod';
import { consignmentSchema } from './consignments.ts';
import { amount, isoDate, isoDateTime, OPERATIONS_MESSAGES, optionalText, text } from './schemas.ts';

/** The docket (lorry receipt) with its goods invoices and e-way bill (ADR 131). */
// ---- docket

/** e-way bills are 12 digits (GST rules); validity is shown as VALID, EXPIRING (within 24 h) or EXPIRED. */
export const ewayBillNumberSchema = z
  .string()
  .trim()
  .regex(/^\d{12}$/, OPERATIONS_MESSAGES.ewayBillInvalid);
export const EWAY_BILL_STATES = ['NONE', 'VALID', 'EXPIRING', 'EXPIRED'] as const;

export const actionWindowSchema = z.object({
  allowed: z.boolean(),
  /** when the window closes (24 h after unloading), null while the vehicle has not unloaded */
  closesAt: z.string().nullable(),
  message: z.string().nullable(),
});
export type ActionWindow = z.infer<typeof actionWindowSchema>;

export const docketInvoiceSchema = z.object({
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  invoiceDate: z.string(),
  valueInPaisa: z.number().int(),
  hasFile: z.boolean(),
  viewUrl: z.string().nullable(),
});
export const docketResponseSchema = z.object({
  cCode: z.string(),
  consignment: consignmentSchema.omit({ history: true }),
  docket: z
    .object({
      docketNumber: z.string(),
      docketDate: z.string(),
      ewayBillNumber: z.string().nullable(),
      ewayBillValidUntil: z.string().nullable(),
      ewayBillState: z.enum(EWAY_BILL_STATES),
      remarks: z.string().nullable(),
      updatedAt: z.string(),
    })
    .nullable(),
  invoices: z.array(docketInvoiceSchema),
  totalInvoiceValueInPaisa: z.number().int(),
  actionWindow: actionWindowSchema,
});
export type DocketResponse = z.infer<typeof docketResponseSchema>;

export const docketInvoiceInputSchema = z.object({
  invoiceId: z.string().trim().max(40).optional(),
  invoiceNumber: text(40, 'Enter the invoice number'),
  invoiceDate: isoDate,
  valueInPaisa: amount('Enter the invoice value'),
  /** the key an invoice upload-url gave; the file is checked when the docket is saved */
  fileKey: z.string().trim().max(200).optional(),
});
export const saveDocketRequestSchema = z.object({
  cCode: text(40, 'cCode is required'),
  docketNumber: text(30, 'Enter the docket number'),
  docketDate: isoDate,
  ewayBillNumber: ewayBillNumberSchema.nullable().optional(),
  ewayBillValidUntil: isoDateTime.nullable().optional(),
  remarks: optionalText(500),
  invoices: z.array(docketInvoiceInputSchema).max(50).default([]),
});
export type SaveDocketRequest = z.input<typeof saveDocketRequestSchema>;
export const deleteInvoiceQuerySchema = z.object({ invoiceId: text(40, 'invoiceId is required') });
export const invoiceUploadUrlRequestSchema = z.object({
  cCode: text(40, 'cCode is required'),
  fileName: text(120, 'Choose a file'),
});
export const invoiceUploadUrlResponseSchema = z.object({ uploadUrl: z.string(), fileKey: z.string() });
export const validateActionTimeResponseSchema = actionWindowSchema;
