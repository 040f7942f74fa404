import { z } from 'zod';

/**
 * The operator's account (issue 13): profile, app config, settings, TDS declaration and undertaking,
 * policies, onboarding and client events. Field checks live here so the web checks exactly what the
 * server checks; the web shows each field's message from its locales (en, hi) by the message key.
 */

// ---------------- field rules ----------------

export const PAN_RE = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
export const IFSC_RE = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const PIN_RE = /^[1-9][0-9]{5}$/;
export const GSTIN_RE = /^[0-3][0-9][A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** Indian registration numbers: MH12AB1234, DL1CAB1234, 22BH1234AA */
export const VEHICLE_NUMBER_RE = /^([A-Z]{2}[0-9]{1,2}[A-Z]{0,3}[0-9]{4}|[0-9]{2}BH[0-9]{4}[A-Z]{1,2})$/;

const GST_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The GSTIN's 15th character: a base-36 weighted sum of the first 14 (the GSTN's published rule). */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const v = GST_CHARS.indexOf(first14[i] ?? '');
    if (v < 0) return '';
    const p = v * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(p / 36) + (p % 36);
  }
  return GST_CHARS[(36 - (sum % 36)) % 36] ?? '';
}

export function isValidGstin(value: string): boolean {
  return GSTIN_RE.test(value) && gstinCheckChar(value.slice(0, 14)) === value[14];
}

/** Message keys: the server answers the English text, the web shows `account.errors.<key>` in en or hi. */
export const ACCOUNT_MESSAGES = {
  pan: 'Enter a valid PAN (5 letters, 4 digits, 1 letter, e.g. ABCDE1234F)',
  gstin: 'Enter a valid 15-character GSTIN (its last character is a check digit)',
  gstinPan: 'The GSTIN must contain the same PAN',
  ifsc: 'Enter a valid IFSC (4 letters, 0, then 6 letters or digits, e.g. SBIN0001234)',
  email: 'Enter a valid email address',
  pinCode: 'Enter a valid 6-digit PIN code',
  accountNumber: 'Enter a valid bank account number (9 to 18 digits)',
  name: 'Enter a name',
  vehicleNumber: 'Enter valid vehicle numbers (e.g. RJ14GB1234)',
  vehicleCount: 'A declaration under section 194C(6) covers at most 10 goods carriages',
  futureDate: 'The date cannot be in the future',
  period: 'The period must lie within one financial year (1 April to 31 March) and start before it ends',
  overlap: 'A declaration already covers part of this period',
  profileSaved: 'Profile updated successfully',
  configSaved: 'Settings updated successfully',
  declarationSaved: 'Declaration submitted successfully',
  undertakingSaved: 'Undertaking submitted successfully',
  declarationNotFound: 'Declaration not found',
  policyAccepted: 'Policy accepted',
  policyVersion: 'This is not the current version of the policy; please read the latest one',
  unsubscribed: 'You will no longer receive onboarding messages',
  eventTooLarge: 'Event properties are too large',
} as const;

const upper = (s: string) => s.trim().toUpperCase();
export const panSchema = z.string().transform(upper).pipe(z.string().regex(PAN_RE, ACCOUNT_MESSAGES.pan));
export const gstinSchema = z.string().transform(upper).pipe(z.string().refine(isValidGstin, ACCOUNT_MESSAGES.gstin));
export const ifscSchema = z.string().transform(upper).pipe(z.string().regex(IFSC_RE, ACCOUNT_MESSAGES.ifsc));
export const emailSchema = z
  .string()
  .trim()
  .max(120, ACCOUNT_MESSAGES.email)
  .transform((s) => s.toLowerCase())
  .pipe(z.string().regex(EMAIL_RE, ACCOUNT_MESSAGES.email));
export const pinCodeSchema = z.string().trim().regex(PIN_RE, ACCOUNT_MESSAGES.pinCode);
const nameSchema = z.string().trim().min(2, ACCOUNT_MESSAGES.name).max(100, ACCOUNT_MESSAGES.name);
/** yyyy-MM-dd */
export const isoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-04-01');

// ---------------- profile ----------------

export const VERIFICATION_STATES = ['UNVERIFIED', 'PENDING', 'VERIFIED'] as const;
export const bankAccountSchema = z.object({
  accountName: nameSchema,
  accountNumber: z
    .string()
    .trim()
    .regex(/^[0-9]{9,18}$/, ACCOUNT_MESSAGES.accountNumber),
  ifsc: ifscSchema,
});

export const profileSchema = z.object({
  operatorId: z.string(),
  companyName: z.string(),
  ownerName: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  city: z.string().nullable(),
  gstin: z.string().nullable(),
  pan: z.string().nullable(),
  /** the settlement account; the number is shown masked but for the last four digits */
  bank: z.object({ accountName: z.string(), accountNumberMasked: z.string(), ifsc: z.string() }).nullable(),
  membership: z.object({ active: z.boolean(), activeUntil: z.string().nullable() }),
  verification: z.enum(VERIFICATION_STATES),
  fleetSize: z.number().int(),
  operative: z.boolean(),
  tdsDeclared: z.boolean(),
  undertakingDeclared: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

/** Edits: a field left out stays; null clears an optional field. */
export const profileUpdateSchema = z
  .object({
    companyName: nameSchema.optional(),
    ownerName: nameSchema.optional(),
    email: emailSchema.nullable().optional(),
    city: z.string().trim().min(2).max(60).nullable().optional(),
    gstin: gstinSchema.nullable().optional(),
    pan: panSchema.nullable().optional(),
    bank: bankAccountSchema.nullable().optional(),
  })
  .strict();
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const operativeRequestSchema = z.object({ operative: z.boolean() });

// ---------------- app config (marketplace §3, §4, §9) ----------------

export const WALLET_RECHARGE_SOURCES = ['RAZORPAY', 'PAYTM'] as const;
export const LOAD_SCREENS = ['LIST', 'MAP'] as const;
/** spec: "Default activeScreen is 2"; screens 1 home, 2 loads, 3 trips, 4 wallet */
export const ACTIVE_SCREENS = [1, 2, 3, 4] as const;
export const DEFAULT_ACTIVE_SCREEN = 2;

export const appConfigSchema = z.object({
  subscriptionAmountInPaisa: z.number().int(),
  subscriptionTitle: z.string(),
  loadScreen: z.enum(LOAD_SCREENS),
  activeScreen: z.number().int(),
  walletRechargeSource: z.enum(WALLET_RECHARGE_SOURCES),
  showWarningBottomBanner: z.boolean(),
  buyGpsLink: z.string(),
  feedBackWidget: z.boolean(),
  show_vehicle_availability_card: z.boolean(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

/** What an operator may change; the plan's price and title and the recharge source are the platform's. */
export const appConfigUpdateSchema = z
  .object({
    loadScreen: z.enum(LOAD_SCREENS).optional(),
    activeScreen: z
      .number()
      .int()
      .refine((n) => (ACTIVE_SCREENS as readonly number[]).includes(n), 'activeScreen is 1 to 4')
      .optional(),
    showWarningBottomBanner: z.boolean().optional(),
    feedBackWidget: z.boolean().optional(),
    show_vehicle_availability_card: z.boolean().optional(),
  })
  .strict();
/** Whether the card shows, and what it says: the fleet's vehicles and how many no running trip holds. */
export const vehicleAvailabilitySchema = z.object({
  show: z.boolean(),
  totalVehicles: z.number().int(),
  freeVehicles: z.number().int(),
});
export type VehicleAvailability = z.infer<typeof vehicleAvailabilitySchema>;

// ---------------- settings (per user) ----------------

export const NOTIFICATION_KINDS = ['TRIP_STAGES', 'PAYMENTS', 'LOW_BALANCE', 'DOCUMENTS_EXPIRING'] as const;
export const NOTIFICATION_CHANNELS = ['SMS', 'WHATSAPP', 'EMAIL'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export const LANDING_SCREENS = ['HOME', 'LOADS', 'TRIPS', 'FASTAG', 'WALLET'] as const;

const channelsSchema = z.object({ SMS: z.boolean(), WHATSAPP: z.boolean(), EMAIL: z.boolean() });
export const settingsSchema = z.object({
  language: z.enum(['en', 'hi']),
  notifications: z.object({
    TRIP_STAGES: channelsSchema,
    PAYMENTS: channelsSchema,
    LOW_BALANCE: channelsSchema,
    DOCUMENTS_EXPIRING: channelsSchema,
  }),
  landingScreen: z.enum(LANDING_SCREENS),
  statementEmail: z.string().nullable(),
});
export type Settings = z.infer<typeof settingsSchema>;
export const settingsUpdateSchema = z
  .object({
    language: z.enum(['en', 'hi']).optional(),
    notifications: z
      .object({
        TRIP_STAGES: channelsSchema.partial().optional(),
        PAYMENTS: channelsSchema.partial().optional(),
        LOW_BALANCE: channelsSchema.partial().optional(),
        DOCUMENTS_EXPIRING: channelsSchema.partial().optional(),
      })
      .strict()
      .optional(),
    landingScreen: z.enum(LANDING_SCREENS).optional(),
    statementEmail: emailSchema.nullable().optional(),
  })
  .strict();
export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>;

export const DEFAULT_SETTINGS: Settings = {
  language: 'en',
  notifications: {
    TRIP_STAGES: { SMS: true, WHATSAPP: true, EMAIL: false },
    PAYMENTS: { SMS: true, WHATSAPP: true, EMAIL: true },
    LOW_BALANCE: { SMS: true, WHATSAPP: true, EMAIL: false },
    DOCUMENTS_EXPIRING: { SMS: true, WHATSAPP: true, EMAIL: true },
  },
  landingScreen: 'HOME',
  statementEmail: null,
};

// ---------------- TDS declaration and undertaking (section 194C(6)) ----------------

export const DECLARATION_KINDS = ['TDS_DECLARATION', 'UNDERTAKING'] as const;
export type DeclarationKind = (typeof DECLARATION_KINDS)[number];
export const MAX_GOODS_CARRIAGES = 10;

export const declarationRequestSchema = z.object({
  name: nameSchema,
  fatherName: nameSchema,
  panNumber: panSchema,
  street: z.string().trim().min(3, 'Enter the street address').max(200),
  city: z.string().trim().min(2, 'Enter the city').max(60),
  state: z.string().trim().min(2, 'Enter the state').max(60),
  pinCode: pinCodeSchema,
  /** the declarant's mobile number */
  number: z
    .string()
    .trim()
    .regex(/^[6-9][0-9]{9}$/, 'Enter a 10-digit mobile number'),
  /** the operator's code as printed on the declaration; defaults to the operator id */
  opCode: z.string().trim().max(40).optional(),
  vehicleNumber: z
    .array(
      z
        .string()
        .transform((s) => s.replace(/[\s-]/g, '').toUpperCase())
        .pipe(z.string().regex(VEHICLE_NUMBER_RE, ACCOUNT_MESSAGES.vehicleNumber)),
    )
    .min(1, ACCOUNT_MESSAGES.vehicleNumber)
    .max(MAX_GOODS_CARRIAGES, ACCOUNT_MESSAGES.vehicleCount),
  /** the date signed (no later than today) */
  currentDate: isoDateSchema,
  startDate: isoDateSchema,
  endDate: isoDateSchema,
});
export type DeclarationRequest = z.infer<typeof declarationRequestSchema>;

export const DECLARATION_STATUSES = ['ACTIVE', 'UPCOMING', 'EXPIRED'] as const;
export const declarationSchema = z.object({
  id: z.string(),
  kind: z.enum(DECLARATION_KINDS),
  name: z.string(),
  fatherName: z.string(),
  panNumber: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  pinCode: z.string(),
  number: z.string(),
  opCode: z.string(),
  vehicleNumber: z.array(z.string()),
  currentDate: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  financialYear: z.string(),
  status: z.enum(DECLARATION_STATUSES),
  createdAt: z.string(),
  pdfPath: z.string(),
});
export type Declaration = z.infer<typeof declarationSchema>;
export const declarationsResponseSchema = z.object({
  tdsDeclared: z.boolean(),
  undertakingDeclared: z.boolean(),
  declarations: z.array(declarationSchema),
});
export const declarationIdParamsSchema = z.object({ id: z.string().min(1).max(40) });

/** The financial year (April to March) a date falls in, as "2026-27". */
export function financialYearOf(isoDate: string): string {
  const [y = 0, m = 0] = isoDate.split('-').map(Number);
  const start = m >= 4 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

// ---------------- policies ----------------

export const POLICY_TYPES = [
  'privacy-operator',
  'privacy-thor',
  'privacy-consigner',
  'privacy-hulk',
  'privacy-pump',
  'terms-of-use',
  'terms-of-use-agent',
  'terms-of-use-consigner',
  'cookie-policy',
  'insurance-consigner-terms',
  'demand-cancellation',
  'demand-modification',
  'detention',
  'cancellation',
  'token-refund',
  'gtl-delay',
  'over-height',
  'over-load',
  'service-blacklist',
  'loading-unloading',
  'tds',
  'damage-shortage',
  'transit-delay',
] as const;
export type PolicyType = (typeof POLICY_TYPES)[number];
export const policyTypeSchema = z.enum(POLICY_TYPES);

/** The versions in force; raising one asks every operator to accept it again at the next login. */
export const POLICY_VERSIONS: Record<PolicyType, number> = Object.fromEntries(POLICY_TYPES.map((t) => [t, 1])) as Record<
  PolicyType,
  number
>;
/** Policies an operator accepts to use the marketplace (asked at login when a version is new). */
export const OPERATOR_ACCEPTED_POLICIES: PolicyType[] = [
  'terms-of-use',
  'privacy-operator',
  'token-refund',
  'damage-shortage',
  'cancellation',
];

export const policyQuerySchema = z.object({ type: policyTypeSchema });
export const policyStatusSchema = z.object({
  type: policyTypeSchema,
  version: z.number().int(),
  accepted: z.boolean(),
  acceptedAt: z.string().nullable(),
});
export const policyAcceptSchema = z.object({ type: policyTypeSchema, version: z.number().int().min(1) });
export const pendingPoliciesSchema = z.object({ pending: z.array(z.object({ type: policyTypeSchema, version: z.number().int() })) });

// ---------------- onboarding and client events ----------------

export const onboardingStatusSchema = z.object({ unsubscribed: z.boolean() });

export const MAX_EVENT_PROPERTIES_BYTES = 2048;
export const logEventSchema = z.object({
  name: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_.:-]{0,63}$/, 'Event name: letters, digits, _ . : - (up to 64)'),
  screen: z.string().trim().max(80).optional(),
  properties: z
    .record(z.string().max(40), z.union([z.string().max(200), z.number(), z.boolean(), z.null()]))
    .optional()
    .refine((p) => !p || JSON.stringify(p).length <= MAX_EVENT_PROPERTIES_BYTES, ACCOUNT_MESSAGES.eventTooLarge),
});
export const logEventResponseSchema = z.object({ recorded: z.boolean() });
export const eventCountsSchema = z.array(z.object({ name: z.string(), count: z.number().int() }));
export const eventCountsQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(90).default(7) });
