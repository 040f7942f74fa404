import { z } from 'zod';
import { errorCodes } from '../../common/error-codes.ts';
import { epochSecondsSchema } from '../../common/index.ts';

/** Errors of the wallet area and of report download links. */
export const WALLET_ERRORS = errorCodes([
  /** a report link's download token is past its expiry */
  'DOWNLOAD_LINK_EXPIRED',
  /** a report link's download token is malformed, forged, or issued for another report or other parameters */
  'DOWNLOAD_LINK_INVALID',
]);

export const WALLET_MESSAGES = {
  startAfterEnd: 'Start Date cannot be greater than End Date',
  rangeTooLong: 'Please select a date range of not more than 14 days',
  linkExpired: 'This download link has expired. Please download the statement again.',
  linkInvalid: 'This download link is not valid.',
  topUpDescription: 'Money added to wallet',
} as const;

/** spec fastag §7.1: the passbook report defaults to the 30 days before now. */
export const PASSBOOK_DEFAULT_RANGE_SECONDS = 2_592_000;
/** spec fastag §9: the all-vehicles Fastag report covers at most 14 days. */
export const MAX_ALL_VEHICLES_REPORT_SECONDS = 14 * 86_400;
/** a download link works this long after the web client asks for it */
export const DOWNLOAD_TOKEN_TTL_SECONDS = 300;

export const REPORT_FORMATS = ['xlsx', 'pdf'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const reportFormatSchema = z.enum(REPORT_FORMATS).default('xlsx');

/** epoch seconds on the wire (spec fastag §5) */
export { epochSecondsSchema };

/** client-side flags the spec sends along with list queries; the server ignores them */
const clientFlag = z.string().optional();

export const walletBalanceResponseSchema = z.object({
  /** rupees, at most 2 decimals (ARCHITECTURE §5) */
  balance: z.number(),
  balanceInPaisa: z.number().int(),
});
export type WalletBalanceResponse = z.infer<typeof walletBalanceResponseSchema>;

/** marketplace §7 GET /rest/tesseract/v1/payment/wallet */
export const paymentWalletResponseSchema = z.object({
  balanceInPaisa: z.number().int(),
  active: z.boolean(),
});
export type PaymentWalletResponse = z.infer<typeof paymentWalletResponseSchema>;

export const passbookQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  fromTime: epochSecondsSchema.optional(),
  toTime: epochSecondsSchema.optional(),
  reset: clientFlag,
  fetchMore: clientFlag,
});
export type PassbookQuery = z.infer<typeof passbookQuerySchema>;

export const PASSBOOK_STATUSES = ['SUCCESS', 'PENDING', 'FAILURE'] as const;
export type PassbookStatus = (typeof PASSBOOK_STATUSES)[number];

export const passbookRowSchema = z.object({
  id: z.string(),
  /** ISO-8601 */
  date: z.string(),
  description: z.string(),
  amount: z.number(),
  transactionType: z.enum(['DEBIT', 'CREDIT']),
  /** rupees; null on pending and failed top-ups, which move no money */
  openingBalance: z.number().nullable(),
  closingBalance: z.number().nullable(),
  status: z.enum(PASSBOOK_STATUSES),
  statusRemarks: z.string().nullable(),
});
export type PassbookRow = z.infer<typeof passbookRowSchema>;

export const passbookResponseSchema = z.object({
  list: z.array(passbookRowSchema),
  totalCount: z.number().int(),
  totalPages: z.number().int(),
});
export type PassbookResponse = z.infer<typeof passbookResponseSchema>;

/** GET /api/wallet/report/wallet-transactions */
export const walletReportQuerySchema = z.object({
  fromTime: epochSecondsSchema.optional(),
  toTime: epochSecondsSchema.optional(),
  reportFormat: reportFormatSchema,
});
export type WalletReportQuery = z.infer<typeof walletReportQuerySchema>;

/** Reports opened in a new tab; each link carries a short-lived download token (`dt`). */
export const REPORT_NAMES = ['fastagStatement', 'fastagStatement/v2', 'wallet-transactions'] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

export const downloadTokenRequestSchema = z.object({
  report: z.enum(REPORT_NAMES),
  /** the report's own query (fromTime, toTime, reportFormat, vehicleId, txnType) */
  params: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
});
export type DownloadTokenRequest = z.infer<typeof downloadTokenRequestSchema>;

export const downloadTokenResponseSchema = z.object({
  /** a path under /api the browser opens in a new tab */
  url: z.string(),
  expiresAt: z.string(),
});
export type DownloadTokenResponse = z.infer<typeof downloadTokenResponseSchema>;
