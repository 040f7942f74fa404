import { z } from 'zod';
import { errorCodes } from '../../common/error-codes.ts';
import { MAX_MOVEMENT_PAISA } from '../../money/amounts/index.ts';

/** The desk's error codes, messages and the field rules every operations form shares. */
export const OPERATIONS_ERRORS = errorCodes([
  /** a docket, invoice or delivery change after the action window closed (ADR 131) */
  'ACTION_WINDOW_CLOSED',
  /** a consignment that has collected money or whose vehicle has loaded cannot be deleted */
  'CONSIGNMENT_LOCKED',
]);

/** spec §8, exact where the spec has the text. */
export const OPERATIONS_MESSAGES = {
  consignmentFetchFailed: 'Error in fetching consignment data.',
  consignmentUpdated: 'Consignment updated successfully.',
  consignmentUpdateFailed: 'Error in updating consignment',
  consignmentDeleted: 'Consignment deleted successfully.',
  consignmentNotFound: 'Consignment not found',
  consignmentStale: 'This consignment was changed by someone else. Please reload.',
  deleteMoneyMoved: 'This consignment has collections recorded and cannot be deleted.',
  deleteTripStarted: 'The vehicle for this consignment has already loaded; it cannot be deleted.',
  docketUpdated: 'Docket updated successfully',
  docketDeleted: 'Docket deleted successfully',
  invoiceDeleted: 'Invoice deleted successfully',
  docketNotFound: 'Docket not found',
  invoiceNotFound: 'Invoice not found',
  docketNumberTaken: 'This docket number is already used by another consignment',
  windowClosed: (closedAt: string) => `The time to change this consignment ended on ${closedAt}.`,
  ewayBillInvalid: 'Enter a valid 12-digit e-way bill number',
  collectionUpdated: 'Collection updated successfully',
  collectionNotFound: 'Collection not found',
  collectionKeyRequired: 'An idempotency-key header is required to record a collection',
  collectionExceedsBalance: (balance: string) => `Amount is more than the balance to collect (${balance})`,
  collectionFinal: 'This collection is already settled and cannot be changed',
  consigneeNotFound: 'No consignee recorded for this consignment',
  deliveryUpdated: 'Consignment updated successfully',
  deliveryOrder: 'Mark the vehicle reached before unloaded',
  vehiclesFetchFailed: 'Error in fetching consigner vehicles.',
  reportMailed: 'Report will be mailed to the email shortly.',
  emailRequired: 'Add an email address to receive the report',
  emailNotOnAccount: 'Reports are mailed only to an email address on your account',
  itineraryFailed: 'Error in fetching itinerary data.',
  pathFailed: 'Error in fetching path details.',
  locationFailed: 'Error in fetching current location.',
  scheduledNotFound: 'Scheduled vehicle not found',
} as const;

export const text = (max: number, message: string) => z.string({ error: message }).trim().min(1, message).max(max, message);
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));
export const isoDate = z.iso.date({ error: 'Enter a date as YYYY-MM-DD' });
export const isoDateTime = z.iso.datetime({ offset: true, error: 'Enter a date and time' });
export const amount = (message = 'Invalid amount') =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(MAX_MOVEMENT_PAISA, message);
export const pageParams = {
  pageNo: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
};
export const page = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
    totalCount: z.number().int(),
    totalPages: z.number().int(),
  });
