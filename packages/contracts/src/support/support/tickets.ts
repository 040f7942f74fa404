import { z } from 'zod';
import { pageQuerySchema } from '../../common/index.ts';
import { SUPPORT_MESSAGES } from './messages.ts';

// The support area: tickets.

export const TICKET_STATUSES = ['OPEN', 'IN_PROGRESS', 'RESOLVED', 'CLOSED'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
/** statuses in which a ticket is still open (counted on the toll rows) */
export const OPEN_TICKET_STATUSES: readonly TicketStatus[] = ['OPEN', 'IN_PROGRESS'];

export const TICKET_CATEGORIES = ['FASTAG_DISPUTE', 'TRIP_DELAY', 'TRIP_PAYMENT', 'POD_REJECTED', 'PAYMENT', 'LOAD', 'OTHER'] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];
export const TICKET_REFERENCE_TYPES = ['FASTAG_TXN', 'TRIP', 'PAYMENT_ORDER', 'LOAD', 'NONE'] as const;

export const RESOLUTION_OUTCOMES = ['OPERATOR_FAVOUR', 'REJECTED', 'ANSWERED'] as const;
export type ResolutionOutcome = (typeof RESOLUTION_OUTCOMES)[number];

/** a message body: plain text, shown as text (never as markup) */
export const MESSAGE_MAX_CHARS = 2000;
export const TICKET_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const TICKET_PHOTO_KINDS: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heic: 'image/heic',
};
export const photoExtensionOf = (name: string) => name.toLowerCase().split('.').pop() ?? '';

export const ticketListQuerySchema = pageQuerySchema.extend({
  status: z.enum(TICKET_STATUSES).optional(),
});
export type TicketListQuery = z.infer<typeof ticketListQuerySchema>;

export const ticketSummarySchema = z.object({
  ticketId: z.string(),
  category: z.string(),
  referenceType: z.string(),
  referenceId: z.string(),
  subject: z.string(),
  status: z.enum(TICKET_STATUSES),
  outcome: z.enum(RESOLUTION_OUTCOMES).nullable(),
  assignedTo: z.string().nullable(),
  messageCount: z.number().int(),
  lastMessageAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TicketSummary = z.infer<typeof ticketSummarySchema>;

export const ticketListResponseSchema = z.object({
  tickets: z.array(ticketSummarySchema),
  totalCount: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export type TicketListResponse = z.infer<typeof ticketListResponseSchema>;

export const ticketAttachmentSchema = z.object({
  resourceKey: z.string(),
  contentType: z.string(),
  viewUrl: z.string(),
});

export const ticketMessageSchema = z.object({
  messageId: z.string(),
  author: z.enum(['OPERATOR', 'SUPPORT', 'SYSTEM']),
  authorName: z.string(),
  body: z.string(),
  attachments: z.array(ticketAttachmentSchema),
  createdAt: z.string(),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

export const ticketDetailSchema = ticketSummarySchema.extend({
  operatorId: z.string(),
  details: z.record(z.string(), z.unknown()),
  resolvedAt: z.string().nullable(),
  creditedTxnId: z.string().nullable(),
  messages: z.array(ticketMessageSchema),
});
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

export const ticketIdParamsSchema = z.object({ id: z.string().min(1).max(40) });

const messageBodySchema = z.string().trim().max(MESSAGE_MAX_CHARS, SUPPORT_MESSAGES.messageTooLong).optional().default('');

export const createTicketRequestSchema = z.object({
  category: z.enum(TICKET_CATEGORIES, { error: 'Choose a category' }),
  referenceType: z.enum(TICKET_REFERENCE_TYPES).default('NONE'),
  referenceId: z.string().trim().max(60).optional(),
  subject: z.string().trim().min(3, 'Subject is too short').max(120, 'Subject is too long'),
  message: z.string().trim().min(1, SUPPORT_MESSAGES.messageRequired).max(MESSAGE_MAX_CHARS, SUPPORT_MESSAGES.messageTooLong),
  /** context from the chat page's query (vNum, lane, tripId, q, ref) */
  context: z
    .object({
      vNum: z.string().max(20).optional(),
      lane: z.string().max(120).optional(),
      tripId: z.string().max(60).optional(),
      q: z.string().max(200).optional(),
      ref: z.string().max(60).optional(),
    })
    .default({}),
});
export type CreateTicketRequest = z.input<typeof createTicketRequestSchema>;

export const sendMessageRequestSchema = z
  .object({
    message: messageBodySchema,
    attachmentKeys: z.array(z.string().min(1).max(200)).max(3, 'At most 3 photos per message').default([]),
  })
  .refine((b) => b.message.length > 0 || b.attachmentKeys.length > 0, { message: SUPPORT_MESSAGES.messageRequired, path: ['message'] });
export type SendMessageRequest = z.input<typeof sendMessageRequestSchema>;

export const ticketUploadRequestSchema = z.object({
  fileName: z
    .string()
    .trim()
    .min(1)
    .max(120)
    .refine((n) => Boolean(TICKET_PHOTO_KINDS[photoExtensionOf(n)]), SUPPORT_MESSAGES.badFileName),
});
export const ticketUploadResponseSchema = z.object({
  url: z.string(),
  resourceKey: z.string(),
  contentType: z.string(),
  expiresInSeconds: z.number().int(),
  maxBytes: z.number().int(),
});

export const adminTicketQuerySchema = pageQuerySchema.extend({
  status: z.enum(TICKET_STATUSES).optional(),
  category: z.enum(TICKET_CATEGORIES).optional(),
  /** oldest first (the desk's queue) unless newest */
  sort: z.enum(['oldest', 'newest']).default('oldest'),
});
export const adminTicketRowSchema = ticketSummarySchema.extend({
  operatorId: z.string(),
  operatorName: z.string(),
  ageHours: z.number(),
});
export const adminTicketListSchema = z.object({
  tickets: z.array(adminTicketRowSchema),
  totalCount: z.number().int(),
  counts: z.record(z.string(), z.number().int()),
});
export type AdminTicketList = z.infer<typeof adminTicketListSchema>;

export const assignRequestSchema = z.object({ assignee: z.string().trim().min(1).max(80).optional() });
export const resolveRequestSchema = z.object({
  outcome: z.enum(RESOLUTION_OUTCOMES, { error: 'Choose an outcome' }),
  note: z.string().trim().min(1, 'Write a note for the operator').max(MESSAGE_MAX_CHARS, SUPPORT_MESSAGES.messageTooLong),
});
export type ResolveRequest = z.infer<typeof resolveRequestSchema>;

/** the event stream: topic `ticket:<id>` (operator and desk), `support:desk` (admins) */
export const TICKET_EVENTS = { message: 'ticket.message', status: 'ticket.status' } as const;
