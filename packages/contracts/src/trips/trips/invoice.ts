import { z } from 'zod';

// The trip invoice: upload, attach, view.

export const invoiceUploadUrlQuerySchema = z.object({ file: z.string().trim().min(1, 'file is required').max(120) });
export const uploadUrlResponseSchema = z.object({
  url: z.string(),
  filePath: z.string(),
  expiresInSeconds: z.number().int(),
  maxBytes: z.number().int(),
});
export const updateInvoiceRequestSchema = z.object({
  filePath: z.string().min(1).max(300),
  invoiceNumber: z.string().trim().max(40).optional(),
  amountInPaisa: z.number().int().positive('Invalid amount').optional(),
});
export const invoiceViewQuerySchema = z.object({ filePath: z.string().min(1).max(300) });
export const viewUrlResponseSchema = z.object({ url: z.string() });
