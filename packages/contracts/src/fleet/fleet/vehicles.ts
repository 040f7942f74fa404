import { z } from 'zod';

/**
 * The fleet area (issue 12, ADR 100): vehicles with their KYC documents, drivers, GPS orders and the
 * fleet map. spec: marketplace §3 "Vehicle listing", "Vehicle document upload", §7 "Vehicle documents";
 * fastag-payments-shell §7.4.
 */

export const FLEET_MESSAGES = {
  numberRequired: 'Enter the vehicle number',
  numberInvalid: 'Enter a valid vehicle number, like RJ14 GA 1234 or 22 BH 1234 AA',
  numberTaken: (n: string) => `Vehicle ${n} is already registered`,
  vehicleNotFound: 'Vehicle not found',
  documentNotFound: 'Document not found',
  driverNotFound: 'Driver not found',
  orderNotFound: 'GPS order not found',
  lookupInvalid: (what: string) => `Choose a ${what} from the list`,
  vehicleAdded: 'Vehicle added. Upload its RC to get it verified.',
  vehicleUpdated: 'Vehicle updated',
  documentsSaved: 'Documents submitted for verification',
  documentVerified: 'Document verified',
  documentRejected: 'Document rejected',
  expiryRequired: 'Enter the expiry date of this certificate',
  reasonRequired: 'Give the reason for rejecting',
  alreadyReviewed: 'This document was already reviewed',
  driverPhoneTaken: 'A driver with this mobile number already exists',
  driverOnTrip: 'This driver is on an active trip and cannot be removed',
  licenceInvalid: 'Enter a valid driving licence number, like RJ14 20190012345',
  gpsPlaced: 'Your GPS order is placed. Our team will call you within 24 hours.',
  gpsFailed: 'Some error occured while placing your order',
  gpsImagesFailed: 'Error occured in fetching images',
  gpsNotEligible: 'This vehicle cannot get a GPS device now',
  gpsBadMove: (from: string, to: string) => `A GPS order cannot move from ${from} to ${to}`,
} as const;

/** Indian state and union-territory codes used on registration plates. */
export const STATE_CODES = [
  'AN',
  'AP',
  'AR',
  'AS',
  'BR',
  'CG',
  'CH',
  'DD',
  'DL',
  'DN',
  'GA',
  'GJ',
  'HP',
  'HR',
  'JH',
  'JK',
  'KA',
  'KL',
  'LA',
  'LD',
  'MH',
  'ML',
  'MN',
  'MP',
  'MZ',
  'NL',
  'OD',
  'OR',
  'PB',
  'PY',
  'RJ',
  'SK',
  'TG',
  'TN',
  'TR',
  'TS',
  'UK',
  'UP',
  'WB',
] as const;

const STANDARD = /^([A-Z]{2})(\d{1,2})([A-Z]{0,3})(\d{1,4})$/;
const BH_SERIES = /^(\d{2})BH(\d{4})([A-Z]{1,2})$/;

/**
 * A registration number in its one stored form, or null when it is not one: state code + RTO
 * (two digits) + series (up to three letters) + number (four digits), e.g. `RJ14GA0123`; or the
 * Bharat series: year + `BH` + four digits + one or two letters, e.g. `22BH1234AA`. Spaces, dots and
 * hyphens are ignored; letters are upper-cased.
 */
export function normaliseVehicleNumber(raw: string): string | null {
  const s = raw.toUpperCase().replace(/[\s.-]/g, '');
  const bh = BH_SERIES.exec(s);
  if (bh) return s;
  const m = STANDARD.exec(s);
  if (!m) return null;
  const [, state = '', rto = '', series = '', num = ''] = m;
  if (!(STATE_CODES as readonly string[]).includes(state)) return null;
  if (Number(rto) === 0 || Number(num) === 0) return null;
  return `${state}${rto.padStart(2, '0')}${series}${num.padStart(4, '0')}`;
}

/** `RJ14GA0123` → `RJ 14 GA 0123`; `22BH1234AA` → `22 BH 1234 AA` */
export function formatVehicleNumber(n: string): string {
  const bh = BH_SERIES.exec(n);
  if (bh) return `${bh[1]} BH ${bh[2]} ${bh[3]}`;
  const m = STANDARD.exec(n);
  return m ? [m[1], m[2], m[3], m[4]].filter(Boolean).join(' ') : n;
}

export const vehicleNumberSchema = z
  .string({ error: FLEET_MESSAGES.numberRequired })
  .trim()
  .min(1, FLEET_MESSAGES.numberRequired)
  .max(20, FLEET_MESSAGES.numberInvalid)
  .transform((v, c) => {
    const n = normaliseVehicleNumber(v);
    if (!n) {
      c.addIssue({ code: 'custom', message: FLEET_MESSAGES.numberInvalid });
      return z.NEVER;
    }
    return n;
  });

export const VEHICLE_STATUSES = ['VERIFIED', 'PENDING', 'REJECTED'] as const;
export type VehicleStatus = (typeof VEHICLE_STATUSES)[number];
export const OWNERSHIPS = ['SELF', 'ATTACHED'] as const;
export const BODY_TYPES = ['OPEN', 'CONTAINER', 'TRAILER', 'TANKER'] as const;

/** spec "Vehicle document upload: docType (RC, ID_PROOF)": RC has two sides; certificates carry an expiry. */
export const VEHICLE_DOC_TYPES = ['RC_FRONT', 'RC_BACK', 'VEHICLE_DECLARATION', 'INSURANCE', 'PERMIT', 'FITNESS', 'PUC'] as const;
export type VehicleDocType = (typeof VEHICLE_DOC_TYPES)[number];
export const EXPIRING_DOC_TYPES: readonly VehicleDocType[] = ['INSURANCE', 'PERMIT', 'FITNESS', 'PUC'];
export const PROFILE_DOC_TYPES = ['ID_PROOF'] as const;
export const DOC_TYPES = [...VEHICLE_DOC_TYPES, ...PROFILE_DOC_TYPES] as const;
export type DocType = (typeof DOC_TYPES)[number];
export const DOC_STATUSES = ['UPLOADING', 'PENDING', 'VERIFIED', 'REJECTED'] as const;
export type DocStatus = (typeof DOC_STATUSES)[number];
/** a document expiring within this many days flags its vehicle and notifies the owner once */
export const EXPIRY_WARNING_DAYS = 15;
/** spec §9: the list reloads this long after an update */
export const VEHICLE_RELOAD_DELAY_MS = 1000;

export const LOOKUP_KINDS = ['tyre', 'size', 'tonnage', 'height'] as const;
export type LookupKind = (typeof LOOKUP_KINDS)[number];

export const localeSchema = z.enum(['en', 'hi']).catch('en');
export type Locale = z.infer<typeof localeSchema>;

export const documentSchema = z.object({
  documentId: z.string(),
  vehicleId: z.string().nullable(),
  docType: z.enum(DOC_TYPES),
  fileName: z.string(),
  resourceKey: z.string(),
  status: z.enum(DOC_STATUSES),
  statusHi: z.string(),
  rejectReason: z.string().nullable(),
  expiresOn: z.string().nullable(),
  expiringSoon: z.boolean(),
  createdAt: z.string(),
});
export type VehicleDocument = z.infer<typeof documentSchema>;

/** spec §3 "Vehicle listing" fields, plus the certificates and the expiry flag. */
export const vehicleListingSchema = z.object({
  vehicleId: z.string(),
  bodyType: z.string(),
  number: z.string(),
  displayNumber: z.string(),
  tyreCount: z.number().int(),
  tonnage: z.number(),
  sizeInFeet: z.number().int(),
  height: z.number().nullable(),
  ownership: z.enum(OWNERSHIPS),
  ownerName: z.string().nullable(),
  status: z.enum(VEHICLE_STATUSES),
  statusHi: z.string(),
  /** the RC's review: NOT_UPLOADED, PENDING, VERIFIED or REJECTED */
  docInfoStatus: z.enum(['NOT_UPLOADED', 'PENDING', 'VERIFIED', 'REJECTED']),
  /** COMPLETE when every listing field is filled (height is optional at add time) */
  vehicleInfoStatus: z.enum(['COMPLETE', 'INCOMPLETE']),
  rcFrontResourceKey: z.string().nullable(),
  rcBackResourceKey: z.string().nullable(),
  vehDecResourceKey: z.string().nullable(),
  vehicleType: z.string(),
  vehicleTypeHindi: z.string(),
  /** lower first: rejected, then waiting for documents, then pending review, then verified */
  sortScore: z.number().int(),
  heading: z.string(),
  description: z.string(),
  /** what the card offers: upload the RC, upload it again after a rejection, or nothing */
  vehicleInputWidget: z.enum(['UPLOAD_RC', 'REUPLOAD_RC', 'NONE']),
  rejectReason: z.string().nullable(),
  expiringSoon: z.boolean(),
  documents: z.array(documentSchema),
});
export type VehicleListing = z.infer<typeof vehicleListingSchema>;

export const vehicleListQuerySchema = z.object({
  search: z.string().trim().max(20).optional(),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const vehicleListResponseSchema = z.object({
  list: z.array(vehicleListingSchema),
  totalCount: z.number().int(),
  /** spec §4: a failed listing shows a placeholder entry and a no-data flag; true when the list is empty */
  noData: z.boolean(),
});

export const vehicleSearchQuerySchema = z.object({ query: z.string().trim().min(1).max(20) });
export const vehicleRefQuerySchema = z
  .object({ vehicleId: z.string().min(1).max(40).optional(), number: z.string().trim().min(1).max(20).optional() })
  .refine((q) => q.vehicleId || q.number, { message: 'vehicleId or number is required' });

export const vehicleIdParamsSchema = z.object({ id: z.string().min(1).max(40) });

export const addVehicleRequestSchema = z.object({
  number: vehicleNumberSchema,
  bodyType: z.enum(BODY_TYPES),
  tyreCount: z.number().int(),
  sizeInFeet: z.number().int(),
  tonnage: z.number(),
  height: z.number().nullable().optional(),
  ownership: z.enum(OWNERSHIPS).default('SELF'),
  ownerName: z.string().trim().min(2).max(80).nullable().optional(),
});
export type AddVehicleRequest = z.infer<typeof addVehicleRequestSchema>;

/** PUT update-vehicle: the listing fields an operator may change; the number never changes. */
export const updateVehicleRequestSchema = addVehicleRequestSchema
  .omit({ number: true })
  .partial()
  .extend({ vehicleId: z.string().min(1).max(40) });
export type UpdateVehicleRequest = z.infer<typeof updateVehicleRequestSchema>;

const resourceKeySchema = z.string().min(1).max(300);
/** a calendar date as the forms send it */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-12-31');

/** PATCH operator/vehicles: attach uploaded files to the vehicle; each is checked by content and sent for review. */
export const patchVehicleDocsRequestSchema = z.object({
  vehicleId: z.string().min(1).max(40),
  documents: z
    .array(z.object({ docType: z.enum(VEHICLE_DOC_TYPES), resourceKey: resourceKeySchema, expiresOn: isoDate.optional() }))
    .min(1)
    .max(7),
});

export const vehicleUploadUrlQuerySchema = z.object({
  vehicleId: z.string().min(1).max(40),
  fileName: z.string().trim().min(3).max(120),
  docType: z.enum(VEHICLE_DOC_TYPES),
});
export const profileUploadUrlQuerySchema = z.object({
  fileName: z.string().trim().min(3).max(120),
  docType: z.enum(PROFILE_DOC_TYPES).default('ID_PROOF'),
});
export const uploadUrlResponseSchema = z.object({
  documentId: z.string(),
  url: z.string(),
  resourceKey: z.string(),
  contentType: z.string(),
  expiresInSeconds: z.number().int(),
  maxBytes: z.number().int(),
});
export const confirmProfileDocRequestSchema = z.object({ resourceKey: resourceKeySchema });
export const vehicleViewUrlQuerySchema = z.object({ vehicleId: z.string().min(1).max(40), docType: z.enum(VEHICLE_DOC_TYPES) });
export const viewUrlResponseSchema = z.object({ documentId: z.string(), url: z.string(), expiresInSeconds: z.number().int() });
export const profileDocumentsSchema = z.object({ documents: z.array(documentSchema) });

export const lookupParamsSchema = z.object({ kind: z.enum(LOOKUP_KINDS) });
export const lookupSchema = z.object({ value: z.number(), label: z.string(), labelHi: z.string() });
export const lookupResponseSchema = z.object({ kind: z.enum(LOOKUP_KINDS), list: z.array(lookupSchema) });

// admin review queue
export const reviewQueueQuerySchema = z.object({ status: z.enum(['PENDING', 'VERIFIED', 'REJECTED']).default('PENDING') });
export const reviewItemSchema = documentSchema.extend({
  operatorId: z.string(),
  operatorName: z.string(),
  vehicleNumber: z.string().nullable(),
  viewUrl: z.string().nullable(),
});
export const documentIdParamsSchema = z.object({ id: z.string().min(1).max(40) });
export const rejectDocumentRequestSchema = z.object({ reason: z.string().trim().min(3, FLEET_MESSAGES.reasonRequired).max(200) });
