import { z } from 'zod';
import { errorCodes } from '../../common/error-codes.ts';
import { bandSchema, PRICE_MAX_RUPEES, PRICE_MIN_RUPEES, rupeesSchema } from '../loads/index.ts';

export const QUOTES_ERRORS = errorCodes([
  /** the load's bidding window has closed (or the load is no longer open) */
  'QUOTE_WINDOW_CLOSED',
  /** the operator rejected this load and must accept it before quoting */
  'QUOTE_LOAD_REJECTED',
]);

export const QUOTES_MESSAGES = {
  submitted: 'Quote submitted',
  submitError: 'Error in submitting bid.',
  qualityError: 'Error in fetching quote quality.',
  windowClosed: 'Bidding for this load has closed. Your quote was not saved.',
  loadRejected: 'You rejected this load. Accept it first to quote.',
} as const;

/** spec: "Load quote: value …"; the body carries the operator's price for the whole load, in rupees. */
export const submitQuoteRequestSchema = z.object({
  value: rupeesSchema({ min: PRICE_MIN_RUPEES, max: PRICE_MAX_RUPEES, label: 'quote' }),
});
export type SubmitQuoteRequest = z.input<typeof submitQuoteRequestSchema>;

export const QUOTE_QUALITIES = ['GREAT', 'GOOD', 'FAIR', 'HIGH'] as const;
export const quoteQualitySchema = z.enum(QUOTE_QUALITIES);
export type QuoteQuality = z.infer<typeof quoteQualitySchema>;

export const quoteQualityQuerySchema = z.object({
  /** the amount being considered (rupees); the operator's current quote when absent */
  value: z.coerce.number().positive().max(PRICE_MAX_RUPEES).optional(),
});

/** ADR 023: a quote rated against the lane's recent winning prices (or a per-km rate when too few). */
export const quoteQualityResponseSchema = z.object({
  quality: quoteQualitySchema.nullable(),
  /** the price the lane usually wins at, rupees */
  benchmark: z.number(),
  band: bandSchema,
  basis: z.enum(['LANE_HISTORY', 'DISTANCE_RATE']),
  sampleSize: z.number().int(),
  value: z.number().nullable(),
});
export type QuoteQualityResponse = z.infer<typeof quoteQualityResponseSchema>;

/**
 * The neutral live event on topic `load:{demandId}` (type `leaderboard`, ADR 022): no identities,
 * no exact prices. `ranking` lists opaque per-operator tags best first; a client finds its own rank
 * by the tag its quote view returned.
 */
export const leaderboardEventSchema = z.object({
  demandId: z.string(),
  bidderCount: z.number().int(),
  bestBand: bandSchema.nullable(),
  closesAt: z.string(),
  timeLeft: z.number().int(),
  changedAt: z.string(),
  ranking: z.array(z.string()),
});
export type LeaderboardEvent = z.infer<typeof leaderboardEventSchema>;

/** Live event types on `load:{demandId}`. `state` means the load moved (awarded, confirmed …): refetch. */
export const LOAD_EVENT_TYPES = { leaderboard: 'leaderboard', state: 'state' } as const;
