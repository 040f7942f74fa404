import { z } from 'zod';
import { errorCodes } from '../../common/error-codes.ts';
import { indianMobileSchema } from '../../common/index.ts';
import { groupIndianDigits } from '../../money/amounts/index.ts';

/**
 * A load's life (ADR 020): OPEN (taking quotes) → AWARDED (a winner, token not yet paid) →
 * CONFIRMED (token paid, trip created) → IN_TRIP → CLOSED; OPEN/AWARDED/CONFIRMED may end
 * CANCELLED, and an OPEN load whose window ends without quotes becomes EXPIRED.
 */
export const LOAD_STATES = ['OPEN', 'AWARDED', 'CONFIRMED', 'IN_TRIP', 'CLOSED', 'CANCELLED', 'EXPIRED'] as const;
export const loadStateSchema = z.enum(LOAD_STATES);
export type LoadState = z.infer<typeof loadStateSchema>;

/**
 * What one operator sees of a load (the `state-id` tabs of the load board): OPEN (taking quotes,
 * not yet quoted by me), QUOTED (taking quotes, I quoted), WON (awarded to me, token due),
 * CONFIRMED (my token paid), LOST (awarded to someone else, or closed without me).
 */
export const OPERATOR_LOAD_STATES = ['OPEN', 'QUOTED', 'WON', 'CONFIRMED', 'LOST'] as const;
export const operatorLoadStateSchema = z.enum(OPERATOR_LOAD_STATES);
export type OperatorLoadState = z.infer<typeof operatorLoadStateSchema>;

export const BODY_TYPES = ['OPEN', 'CONTAINER', 'TRAILER'] as const;
export const bodyTypeSchema = z.enum(BODY_TYPES, { error: 'Choose a body type' });

export const LOADS_ERRORS = errorCodes([
  /** a transition the load state machine does not allow from the load's current state */
  'LOAD_STATE_CONFLICT',
  /** a posted load's dates do not fit (window after loading time, in the past, too long) */
  'LOAD_DATES_INVALID',
  /** the consigner/admin override of the winner came after its deadline or names no quote */
  'AWARD_NOT_ALLOWED',
]);

export const LOADS_MESSAGES = {
  consentSaved: 'Response saved',
  loadPosted: 'Load posted',
  loadCancelled: 'Load cancelled',
  awarded: 'Load awarded',
  stateConflict: 'This load has changed. Please reload.',
  loadingPointsError: 'Error in fetching loading points.',
  windowAfterLoading: 'Bidding must close before the loading time',
  windowInPast: 'Bidding must close at least 2 minutes from now',
  windowTooLong: 'Bidding can stay open for at most 7 days',
  loadingTooFar: 'Loading time can be at most 60 days ahead',
  tokenAboveTarget: 'Token amount cannot be more than the target price',
  awardDeadlinePassed: 'The time to change the winner has passed',
  awardNoQuote: 'This operator has no quote on the load',
} as const;

/** Rupee amounts on the wire: numbers (or numeric strings) rounded to 2 decimals (spec §5). */
export function rupeesSchema(opts: { min: number; max: number; label: string }) {
  return z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.replace(/,/g, '')) : v),
    z
      .number({ error: `Enter the ${opts.label} in rupees` })
      .refine((n) => Number.isFinite(n), `Enter the ${opts.label} in rupees`)
      .refine((n) => n > 0, `The ${opts.label} must be more than zero`)
      .transform((n) => Math.round(n * 100) / 100)
      .refine((n) => n >= opts.min, `The ${opts.label} must be at least ₹${groupIndianDigits(String(opts.min))}`)
      .refine((n) => n <= opts.max, `The ${opts.label} can be at most ₹${groupIndianDigits(String(opts.max))}`),
  );
}

/** Sane bounds for one load's freight (ADR 022). */
export const PRICE_MIN_RUPEES = 1_000;
export const PRICE_MAX_RUPEES = 10_00_000;
export const TOKEN_MIN_RUPEES = 500;
export const TOKEN_MAX_RUPEES = 1_00_000;

export const pointSchema = z.object({
  name: z.string({ error: 'Point name is required' }).trim().min(2, 'Point name is too short').max(120),
  address: z.string().trim().max(300).default(''),
  lat: z.number().min(6).max(37),
  lng: z.number().min(68).max(98),
  contactName: z.string().trim().max(80).default(''),
  contactPhone: indianMobileSchema.or(z.literal('')).default(''),
});
export type LoadPoint = z.infer<typeof pointSchema>;

/**
 * A point as it is posted (issue 48): its contact receives the stage codes, so a load cannot be
 * published without a name and a valid mobile number for every loading and unloading point.
 */
export const postPointSchema = pointSchema.extend({
  contactName: z.string({ error: 'Enter the contact name at this point' }).trim().min(2, 'Enter the contact name at this point').max(80),
  contactPhone: indianMobileSchema,
});

export const placeRefSchema = z.object({
  city: z.string({ error: 'Choose a city' }).trim().min(2, 'Choose a city').max(80),
  lat: z.number().min(6).max(37),
  lng: z.number().min(68).max(98),
});

export const postLoadRequestSchema = z.object({
  origin: placeRefSchema,
  destination: placeRefSchema,
  loadingPoints: z.array(postPointSchema).min(1, 'Add a loading point').max(5, 'At most 5 loading points'),
  unloadingPoints: z.array(postPointSchema).min(1, 'Add an unloading point').max(5, 'At most 5 unloading points'),
  vehicleType: z.string({ error: 'Choose a vehicle type' }).trim().min(2, 'Choose a vehicle type').max(60),
  bodyType: bodyTypeSchema,
  tyreCount: z.number({ error: 'Enter the tyre count' }).int().min(4).max(22),
  tonnage: z.number({ error: 'Enter the tonnage' }).min(1).max(60),
  lengthFeet: z.number({ error: 'Enter the length' }).int().min(8).max(60),
  material: z.string({ error: 'Enter the material' }).trim().min(2, 'Enter the material').max(80),
  loadingAt: z.iso.datetime({ offset: true, error: 'Choose the loading date and time' }),
  biddingEndsAt: z.iso.datetime({ offset: true, error: 'Choose when bidding closes' }),
  tokenAmount: rupeesSchema({ min: TOKEN_MIN_RUPEES, max: TOKEN_MAX_RUPEES, label: 'token amount' }),
  targetPrice: rupeesSchema({ min: PRICE_MIN_RUPEES, max: PRICE_MAX_RUPEES, label: 'target price' }).optional(),
});
export type PostLoadRequest = z.input<typeof postLoadRequestSchema>;

export const loadRefSchema = z.object({ demandId: z.string() });

export const bandSchema = z.object({ min: z.number(), max: z.number() });
export type PriceBand = z.infer<typeof bandSchema>;

/** The anonymous standing of one operator on one load (ADR 022). */
export const leaderboardSchema = z.object({
  /** 1 = best; null when this operator has not quoted */
  rank: z.number().int().nullable(),
  bidderCount: z.number().int(),
  /** the band the best quote falls in, never its exact value */
  bestBand: bandSchema.nullable(),
  /** this operator's opaque position tag in live `leaderboard` events' `ranking` list */
  tag: z.string().nullable(),
});
export type Leaderboard = z.infer<typeof leaderboardSchema>;

/** spec: "Load quote: value, timeLeft, leaderboard". value is the caller's own quote in rupees. */
export const quoteViewSchema = z.object({
  value: z.number().nullable(),
  /** seconds until bidding closes; 0 once closed */
  timeLeft: z.number().int(),
  closesAt: z.string(),
  placedAt: z.string().nullable(),
  leaderboard: leaderboardSchema,
});
export type QuoteView = z.infer<typeof quoteViewSchema>;

export const loadSummarySchema = z.object({
  demandId: z.string(),
  /** the load as this operator sees it */
  state: operatorLoadStateSchema,
  loadState: loadStateSchema,
  laneName: z.string(),
  originCity: z.string(),
  destinationCity: z.string(),
  distanceKm: z.number().int(),
  vehicleType: z.string(),
  bodyType: bodyTypeSchema,
  tyreCount: z.number().int(),
  tonnage: z.number(),
  lengthFeet: z.number().int(),
  material: z.string(),
  loadingAt: z.string(),
  biddingEndsAt: z.string(),
  timeLeft: z.number().int(),
  tokenAmount: z.number(),
  myQuote: z.number().nullable(),
  consent: z.enum(['ACCEPTED', 'REJECTED']).nullable(),
  /** ordering reasons shown as chips: the fleet has this vehicle type; nearest free vehicle */
  vehicleMatch: z.boolean(),
  nearestVehicleKm: z.number().int().nullable(),
});
export type LoadSummary = z.infer<typeof loadSummarySchema>;

export const loadListQuerySchema = z.object({
  'state-id': operatorLoadStateSchema.default('OPEN'),
  origin: z.string().trim().max(80).optional(),
  destination: z.string().trim().max(80).optional(),
  /** one of my saved places: loads starting within NEAR_PLACE_KM of it (ADR 115) */
  originPlace: z.string().trim().min(1).max(40).optional(),
  /** one of my saved places: loads ending within NEAR_PLACE_KM of it (ADR 115) */
  destinationPlace: z.string().trim().min(1).max(40).optional(),
  vehicleType: z.string().trim().max(60).optional(),
  pageNo: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type LoadListQuery = z.infer<typeof loadListQuerySchema>;

export const loadListResponseSchema = z.object({
  loads: z.array(loadSummarySchema),
  /** a WhatsApp link where an operator tells the desk a vehicle is free (spec §3) */
  vehicleFreeWhatsapp: z.string(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
});
export type LoadListResponse = z.infer<typeof loadListResponseSchema>;

export const loadTabSchema = z.object({
  stateId: operatorLoadStateSchema,
  label: z.string(),
  labelHi: z.string(),
  count: z.number().int(),
});
export const loadTabsResponseSchema = z.array(loadTabSchema);

export const SEARCH_OPTION_ACTIONS = ['ORIGIN', 'DESTINATION', 'VEHICLE_TYPE'] as const;
export const searchOptionQuerySchema = z.object({ action: z.enum(SEARCH_OPTION_ACTIONS).default('ORIGIN') });
export const searchOptionsResponseSchema = z.object({
  action: z.enum(SEARCH_OPTION_ACTIONS),
  options: z.array(z.object({ value: z.string(), count: z.number().int() })),
  /** for ORIGIN and DESTINATION: my saved places, with the open loads near each (ADR 115); empty otherwise */
  savedPlaces: z.array(z.object({ id: z.string(), placeName: z.string(), count: z.number().int() })).default([]),
});

/** A saved place filter matches a load whose origin (or destination) lies within this straight-line distance. */
export const NEAR_PLACE_KM = 50;

export const loadResultSchema = z.object({
  /** the price this operator won at, rupees (winner only) */
  agreedPrice: z.number().nullable(),
  tripId: z.string().nullable(),
  awardedAt: z.string().nullable(),
});

export const loadDetailSchema = loadSummarySchema.extend({
  loadingPoints: z.array(pointSchema),
  unloadingPoints: z.array(pointSchema),
  origin: placeRefSchema,
  destination: placeRefSchema,
  quote: quoteViewSchema,
  result: loadResultSchema,
});
export type LoadDetail = z.infer<typeof loadDetailSchema>;

export const consentRequestSchema = z.object({
  // spec §5: anything but ACCEPTED is treated as REJECTED
  loadConsent: z.unknown().transform((v) => (typeof v === 'string' && v.trim().toUpperCase() === 'ACCEPTED' ? 'ACCEPTED' : 'REJECTED')),
});
export const consentResponseSchema = z.object({ demandId: z.string(), loadConsent: z.enum(['ACCEPTED', 'REJECTED']) });

export const callResponseSchema = z.object({ demandId: z.string(), phoneNumber: z.string(), name: z.string() });

/** Consigner and admin views of posted loads. */
export const demandListQuerySchema = z.object({
  state: loadStateSchema.optional(),
  pageNo: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const demandSummarySchema = z.object({
  demandId: z.string(),
  state: loadStateSchema,
  consignerCode: z.string(),
  consignerName: z.string(),
  laneName: z.string(),
  vehicleType: z.string(),
  material: z.string(),
  loadingAt: z.string(),
  biddingEndsAt: z.string(),
  tokenAmount: z.number(),
  targetPrice: z.number().nullable(),
  quoteCount: z.number().int(),
  bestQuote: z.number().nullable(),
  awardedOperatorName: z.string().nullable(),
  awardedPrice: z.number().nullable(),
  tripId: z.string().nullable(),
  createdAt: z.string(),
});
export type DemandSummary = z.infer<typeof demandSummarySchema>;
export const demandListResponseSchema = z.object({
  demands: z.array(demandSummarySchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
});

export const demandQuoteSchema = z.object({
  operatorId: z.string(),
  operatorName: z.string(),
  companyName: z.string(),
  value: z.number(),
  rank: z.number().int(),
  placedAt: z.string(),
  revisions: z.number().int(),
  awarded: z.boolean(),
});
export const demandQuotesResponseSchema = z.object({
  demandId: z.string(),
  state: loadStateSchema,
  /** until when the consigner or admin may pick another quote (ISO), null when not awarded */
  awardChangeDeadline: z.string().nullable(),
  awardReason: z.string().nullable(),
  quotes: z.array(demandQuoteSchema),
});

export const awardRequestSchema = z.object({
  operatorId: z.string().min(1, 'Choose a quote'),
  reason: z.string({ error: 'Give a reason' }).trim().min(5, 'Give a reason (at least 5 letters)').max(300),
});
export const cancelDemandRequestSchema = z.object({
  reason: z.string({ error: 'Give a reason' }).trim().min(5, 'Give a reason (at least 5 letters)').max(300),
});

/** Minutes after the window closes in which the consigner or admin may pick another quote (ADR 020). */
export const AWARD_CHANGE_MINUTES = 30;
