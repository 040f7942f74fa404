import { z } from 'zod';
import { errorCodes } from '../common/error-codes.ts';
import { indianMobileSchema, pageQuerySchema } from '../common/index.ts';
import { parseRupees } from '../money/index.ts';

/**
 * Support and engagement (issue 14, ADR 120): tickets with a thread, surveys, training and the rating
 * story, rate cards and referral. Shapes the spec does not show are designed here (ADR 120).
 */

export const SUPPORT_ERRORS = errorCodes([
  /** the ticket's state does not allow this (a message on a closed ticket, resolving twice differently) */
  'TICKET_STATE_CONFLICT',
  /** a survey already answered by this user */
  'SURVEY_ALREADY_ANSWERED',
  /** a referral that cannot be taken: own code, unknown code, number already joined */
  'REFERRAL_NOT_ALLOWED',
  /** a rate card under review or approved cannot be edited */
  'RATE_CARD_LOCKED',
]);

export const SUPPORT_MESSAGES = {
  ticketNotFound: 'Ticket not found',
  ticketClosed: 'This ticket is closed. Raise a new ticket.',
  ticketCreated: 'Ticket raised. Our team will reply here.',
  messageSent: 'Message sent',
  resolved: 'Ticket resolved',
  assigned: 'Ticket assigned',
  messageRequired: 'Write a message or attach a photo',
  messageTooLong: 'Message is too long (at most 2000 characters)',
  fileNotUploaded: 'The photo was not uploaded. Please try again.',
  fileRejected: 'Only photos (JPG, PNG, WebP, HEIC) can be attached',
  fileTooLarge: 'The photo is larger than 5 MB',
  badFileName: 'Only photos (JPG, PNG, WebP, HEIC) can be attached',
  // spec §8
  surveyError: 'Error in submitting.',
  somethingWentWrong: 'Something went wrong',
  surveyAnswered: 'You have already answered this survey',
  surveySaved: 'Thank you for your feedback',
  trainingFailed: 'Failed to fetch training content',
  trainingDone: 'Training completed',
  referralOwn: 'You cannot use your own referral link',
  referralUnknown: 'This referral link is not valid',
  referralTaken: 'This mobile number has already joined',
  referralJoined: 'Thank you! Our team will call you soon.',
  rateCardNotFound: 'Rate card not found',
  rateCardLocked: 'This rate card is under review or approved and cannot be changed',
  rateCardSaved: 'Rate card saved',
  rateCardSubmitted: 'Rate card submitted for review',
  reasonRequired: 'Give a reason for rejecting',
} as const;

// ---------------- tickets ----------------

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

// ---------------- surveys ----------------

export const QUESTION_KINDS = ['SINGLE', 'MULTIPLE', 'RATING', 'TEXT'] as const;
export const surveyQuestionSchema = z.object({
  questionId: z.string().min(1).max(40),
  kind: z.enum(QUESTION_KINDS),
  text: z.object({ en: z.string().min(1).max(300), hi: z.string().min(1).max(300) }),
  options: z
    .array(z.object({ value: z.string().min(1).max(40), en: z.string().max(120), hi: z.string().max(120) }))
    .max(10)
    .default([]),
  required: z.boolean().default(true),
});
export type SurveyQuestion = z.infer<typeof surveyQuestionSchema>;

export const surveySchema = z.object({
  surveyId: z.string(),
  title: z.object({ en: z.string(), hi: z.string() }),
  questions: z.array(surveyQuestionSchema),
});
export type Survey = z.infer<typeof surveySchema>;

export const surveyQueryResponseSchema = z.object({
  /** the active survey this user has not answered yet, or null */
  survey: surveySchema.nullable(),
  answered: z.boolean(),
});
export type SurveyQueryResponse = z.infer<typeof surveyQueryResponseSchema>;

export const surveyAnswerSchema = z.object({
  questionId: z.string().min(1).max(40),
  value: z.union(
    [
      z.string().max(1000, SUPPORT_MESSAGES.surveyError),
      z.array(z.string().max(40)).max(10, SUPPORT_MESSAGES.surveyError),
      z.number().int(SUPPORT_MESSAGES.surveyError).min(1, SUPPORT_MESSAGES.surveyError).max(5, SUPPORT_MESSAGES.surveyError),
    ],
    { error: SUPPORT_MESSAGES.surveyError },
  ),
});
export const surveySubmitRequestSchema = z.object({
  surveyId: z.string().min(1).max(40),
  answers: z.array(surveyAnswerSchema).min(1, 'Answer the questions').max(30),
});
export type SurveySubmitRequest = z.infer<typeof surveySubmitRequestSchema>;

export const createSurveyRequestSchema = z.object({
  title: z.object({ en: z.string().trim().min(3).max(120), hi: z.string().trim().min(3).max(120) }),
  questions: z.array(surveyQuestionSchema).min(1).max(20),
  active: z.boolean().default(true),
});
export const surveyResultsSchema = z.object({
  surveyId: z.string(),
  title: z.object({ en: z.string(), hi: z.string() }),
  active: z.boolean(),
  responses: z.number().int(),
  questions: z.array(
    z.object({
      questionId: z.string(),
      kind: z.enum(QUESTION_KINDS),
      text: z.string(),
      answered: z.number().int(),
      counts: z.record(z.string(), z.number().int()),
      average: z.number().nullable(),
    }),
  ),
});
export const surveyListSchema = z.array(surveyResultsSchema);

// ---------------- training, welang, widgets, rating story ----------------

export const trainingCardSchema = z.object({
  title: z.string(),
  text: z.string(),
  imageUrl: z.string().nullable(),
  videoUrl: z.string().nullable(),
});
export const trainingModuleSchema = z.object({
  id: z.string(),
  type: z.string(),
  source: z.string(),
  title: z.string(),
  cards: z.array(trainingCardSchema),
  completed: z.boolean(),
});
export type TrainingModule = z.infer<typeof trainingModuleSchema>;
export const trainingInfoQuerySchema = z.object({ page: z.coerce.number().int().min(0).max(1000).default(0) });
export const trainingInfoResponseSchema = z.object({
  modules: z.array(trainingModuleSchema),
  page: z.number().int(),
  hasMore: z.boolean(),
});
export const tripTrainingQuerySchema = z.object({
  type: z.string().trim().min(1, 'type is required').max(40),
  source: z.string().trim().max(40).default('APP'),
});
export const trainingStatusQuerySchema = z.object({
  type: z.string().trim().min(1, 'type is required').max(40),
  id: z.string().trim().min(1, 'id is required').max(40),
});
export const trainingStatusResponseSchema = z.object({ id: z.string(), completed: z.literal(true), completedAt: z.string() });

export const welangConfigSchema = z.object({
  locales: z.array(z.object({ code: z.enum(['hi', 'en']), label: z.string() })),
  current: z.enum(['hi', 'en']),
  /** the language welcome is shown until the user acknowledges the WELANG widget */
  showLanguagePrompt: z.boolean(),
  pendingTraining: z.number().int(),
});
export const WIDGETS = ['WELANG', 'FEEDBACK', 'RATING_STORY', 'REFERRAL', 'TRAINING'] as const;
export const widgetAckRequestSchema = z.object({
  widget: z.enum(WIDGETS, { error: 'Unknown widget' }),
  refId: z.string().max(60).optional(),
});
export const widgetAckResponseSchema = z.object({ widget: z.string(), acknowledgedAt: z.string() });

export const ratingComponentSchema = z.object({
  key: z.enum(['ON_TIME_LOADING', 'POD_SPEED', 'CANCELLATIONS']),
  score: z.number(),
  weight: z.number(),
  value: z.number().nullable(),
  sample: z.number().int(),
});
export const ratingStorySchema = z.object({
  rating: z.number().nullable(),
  trips: z.number().int(),
  components: z.array(ratingComponentSchema),
});
export type RatingStory = z.infer<typeof ratingStorySchema>;

// ---------------- rate cards ----------------

export const RATE_CARD_STATUSES = ['DRAFT', 'SUBMITTED', 'APPROVED', 'REJECTED'] as const;
export const rateRupeesSchema = z
  .number({ error: 'Enter the rate in rupees' })
  .positive('Enter the rate in rupees')
  .max(10_000_000, 'Rate is too high')
  // rupees rounded to 2 decimals with the one money rule (ADR 096), kept as paisa
  .transform((r): number => parseRupees(r) ?? 0)
  .pipe(z.number().int().positive('Enter the rate in rupees'));
export const rateCardInputSchema = z.object({
  id: z.string().max(40).optional(),
  origin: z.string().trim().min(2, 'Enter the origin').max(60),
  destination: z.string().trim().min(2, 'Enter the destination').max(60),
  bodyType: z.string().trim().min(2, 'Enter the body type').max(40),
  tonnage: z.number({ error: 'Enter the tonnage' }).positive('Enter the tonnage').max(100),
  rate: rateRupeesSchema,
});
export const rateCardSaveRequestSchema = z.object({
  cards: z.array(rateCardInputSchema).min(1, 'Add a rate').max(50),
  submit: z.boolean().default(false),
});
export type RateCardSaveRequest = z.input<typeof rateCardSaveRequestSchema>;
export const rateCardSchema = z.object({
  id: z.string(),
  origin: z.string(),
  destination: z.string(),
  bodyType: z.string(),
  tonnage: z.number(),
  /** rupees, 2 decimals */
  rate: z.number(),
  rateInPaisa: z.number().int(),
  status: z.enum(RATE_CARD_STATUSES),
  reason: z.string().nullable(),
  updatedAt: z.string(),
});
export type RateCard = z.infer<typeof rateCardSchema>;
export const rateCardListSchema = z.object({ cards: z.array(rateCardSchema) });
export const rateCardDecisionSchema = z
  .object({ decision: z.enum(['APPROVED', 'REJECTED']), reason: z.string().trim().max(300).optional() })
  .refine((d) => d.decision === 'APPROVED' || Boolean(d.reason), { message: SUPPORT_MESSAGES.reasonRequired, path: ['reason'] });
export const adminRateCardQuerySchema = pageQuerySchema.extend({ status: z.enum(RATE_CARD_STATUSES).default('SUBMITTED') });
export const adminRateCardListSchema = z.object({
  cards: z.array(rateCardSchema.extend({ operatorId: z.string(), operatorName: z.string() })),
  totalCount: z.number().int(),
});
export const rateCardIdParamsSchema = z.object({ id: z.string().min(1).max(40) });

// ---------------- referral ----------------

export const REFERRAL_STATUSES = ['JOINED', 'REGISTERED', 'REWARDED'] as const;
/** spec §9: the referral toaster stays 3 s */
export const REFERRAL_TOASTER_MS = 3000;
/** spec §9: the default text is a Hindi invitation with the link */
export const referralMessage = (link: string) => `भाड़ा पर मेरे साथ जुड़ें! यहाँ रोज़ नए लोड मिलते हैं और भुगतान समय पर होता है। इस लिंक से जुड़ें: ${link}`;

export const referralSchema = z.object({
  referralId: z.string(),
  name: z.string(),
  /** masked: the operator sees who joined, not the whole number */
  phone: z.string(),
  city: z.string(),
  fleetSize: z.number().int(),
  status: z.enum(REFERRAL_STATUSES),
  rewardInPaisa: z.number().int().nullable(),
  createdAt: z.string(),
});
export const referralLinkSchema = z.object({
  code: z.string(),
  link: z.string(),
  message: z.string(),
  rewardInPaisa: z.number().int(),
  referrals: z.array(referralSchema),
  earnedInPaisa: z.number().int(),
});
export type ReferralLink = z.infer<typeof referralLinkSchema>;
export const referralFormSchema = z.object({
  code: z.string().trim().min(4, SUPPORT_MESSAGES.referralUnknown).max(20, SUPPORT_MESSAGES.referralUnknown),
  name: z.string().trim().min(2, 'Enter your name').max(80, 'Name is too long'),
  phone: indianMobileSchema,
  city: z.string().trim().min(2, 'Enter your city').max(60),
  fleetSize: z.coerce.number({ error: 'Enter the number of trucks' }).int().min(1, 'Enter the number of trucks').max(10_000),
});
export type ReferralForm = z.input<typeof referralFormSchema>;
export const referralFormResponseSchema = z.object({ status: z.literal('JOINED'), referralId: z.string() });
