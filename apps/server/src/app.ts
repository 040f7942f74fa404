import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Config, isProduction, redisPrefixOf } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { newId } from './lib/ids.ts';
import { repoRoot } from './lib/paths.ts';
import { redactUrl } from './lib/redact.ts';
import { appSecret } from './lib/secret.ts';
import { startPhases } from './lib/start-phases.ts';
// account (issue 13)
import { accountRoutes } from './modules/account/account/account.routes.ts';
import { tdsRoutes } from './modules/account/account/tds.routes.ts';
import { authRoutes } from './modules/account/auth/auth.routes.ts';
import { registerPlacesImport } from './modules/account/places/places.jobs.ts';
import { placesRoutes } from './modules/account/places/places.routes.ts';
import { placesAppRoutes } from './modules/account/places/places-app.routes.ts';
import { usersRoutes } from './modules/account/users/users.routes.ts';
// fleet (issue 12)
import { fleetRoutes } from './modules/fleet/fleet/fleet.routes.ts';
import { registerVehiclesJobs } from './modules/fleet/fleet/vehicles.jobs.ts';
import { vehiclesRoutes } from './modules/fleet/fleet/vehicles.routes.ts';
import { registerLoadsJobs } from './modules/marketplace/loads/loads.jobs.ts';
import { loadsRoutes } from './modules/marketplace/loads/loads.routes.ts';
import { quotesRoutes } from './modules/marketplace/quotes/quotes.routes.ts';
import { tokensRoutes } from './modules/marketplace/tokens/tokens.routes.ts';
import { registerFastagJobs } from './modules/money/fastag/fastag.jobs.ts';
import { fastagRoutes } from './modules/money/fastag/fastag.routes.ts';
import { disputeWindowSettings, tollCheckSettings } from './modules/money/fastag/toll-settings.ts';
import { paymentsRoutes } from './modules/money/payments/payments.routes.ts';
import { subscriptionRoutes } from './modules/money/subscription/subscription.routes.ts';
import { walletRoutes } from './modules/money/wallet/wallet.routes.ts';
// operations
import { consignerRoutes } from './modules/operations/operations/consigner.routes.ts';
import { consignmentsRoutes } from './modules/operations/operations/consignments.routes.ts';
import { registerOperationsJobs } from './modules/operations/operations/operations.jobs.ts';
import { schedulingRoutes } from './modules/operations/operations/scheduling.routes.ts';
import { workflowRoutes } from './modules/operations/operations/workflow.routes.ts';
import { healthRoutes } from './modules/platform/health/health.routes.ts';
import { reportsRoutes } from './modules/reports/statements/reports.routes.ts';
import { contentRoutes } from './modules/support/content/content.routes.ts';
// support area
import { engagementRoutes } from './modules/support/support/engagement.routes.ts';
import { rateCardsRoutes } from './modules/support/support/rate-cards.routes.ts';
import { referralRoutes } from './modules/support/support/referral.routes.ts';
import { ticketsRoutes } from './modules/support/support/tickets.routes.ts';
import { driverRoutes } from './modules/trips/driver/driver.routes.ts';
import { registerDriverLinks } from './modules/trips/driver/driver-links.ts';
import { podRoutes } from './modules/trips/pod/pod.routes.ts';
import { registerTrackingJobs } from './modules/trips/tracking/tracking.jobs.ts';
import { trackingRoutes } from './modules/trips/tracking/tracking.routes.ts';
import { tripChangesRoutes } from './modules/trips/trips/trip-changes.routes.ts';
import { tripChargesRoutes } from './modules/trips/trips/trip-charges.routes.ts';
import { tripScheduleRoutes } from './modules/trips/trips/trip-schedule.routes.ts';
import { tripStagesRoutes } from './modules/trips/trips/trip-stages.routes.ts';
import { tripsRoutes } from './modules/trips/trips/trips.routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { contextPlugin } from './plugins/context.ts';
import { databasePlugin } from './plugins/database.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { eventsPlugin } from './plugins/events.ts';
import { inputGuardPlugin } from './plugins/input-guard.ts';
import { jobsPlugin } from './plugins/jobs.ts';
import { notifierPlugin } from './plugins/notifier.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { databaseStore, rateLimitStoreKind, redisClient } from './plugins/rate-limit-store.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { registerStorageSweep, storagePlugin } from './plugins/storage.ts';
import { webPlugin } from './plugins/web.ts';
import { messagesSetup, SMS_SANDBOX_PREFIX } from './providers/messages/index.ts';
import { messagesRoutes } from './providers/messages/messages.routes.ts';
import { smsSandboxRoutes } from './providers/messages/sandbox/sms-sandbox.ts';
import { paymentSetup, SANDBOX_PREFIX } from './providers/payment/index.ts';
import { sandboxRoutes } from './providers/payment/sandbox/sandbox.routes.ts';
import { seedIfEmpty } from './seed/seed.ts';

export interface BuildOptions {
  /** an already open database (tests pass a cloned one); otherwise opened from config */
  database?: Database;
  /** close the given database when the app closes (as the server does with the one it opens) */
  closeDatabase?: boolean;
  /** load the demo data set into an empty database (defaults to config.SEED_DEMO) */
  seed?: boolean;
}

/** A hop count trusts that many proxies nearest to the server; a list trusts those addresses only. */
function trustProxyOption(setting: Config['TRUST_PROXY']) {
  if (typeof setting === 'number') return (_address: string, hop: number) => hop < setting;
  return setting;
}

/**
 * With a certificate the server speaks HTTPS itself: HTTP/2, where a page's files share one connection instead
 * of six at a time, and HTTP/1.1 for clients that only speak that (ADR 193).
 */
function transportOptions(config: Config): object {
  if (!config.TLS_CERT_FILE || !config.TLS_KEY_FILE) return {};
  return {
    http2: true,
    https: { allowHTTP1: true, cert: readFileSync(config.TLS_CERT_FILE), key: readFileSync(config.TLS_KEY_FILE) },
  };
}

/** Builds the whole API (and the web app when built); used by server.ts, tests and benchmarks. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // spread as a plain object: the HTTP/2 server runs the same handlers, and the instance keeps the one type every
    // module is written against (Fastify's types would otherwise make it a different instance type)
    ...transportOptions(config),
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ['req.headers.token', 'req.headers.authorization'],
            // a URL's credentials (download tokens, stream tickets, signatures) never reach the log (ADR 091)
            serializers: {
              req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip, id: req.id }),
            },
          },
    // loading the demo data on a first start runs in onReady and can pass Fastify's 10 s default on
    // a busy machine; a slow first start is better than none
    pluginTimeout: 60_000,
    genReqId: (req) => (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) || newId('REQ', 12),
    requestIdHeader: false,
    // forwarded headers are believed only from configured proxies (ADR 090)
    trustProxy: trustProxyOption(config.TRUST_PROXY),
  }).withTypeProvider<ZodTypeProvider>();

  // each phase of the start is logged as it ends (ADR 169); the first is the loading of the code
  const phases = startPhases(app.log);
  phases.mark('code');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const secret = appSecret(config);
  const database =
    options.database ??
    (await openDatabase({
      url: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      template: config.PGLITE_TEMPLATE === 'on',
      onCopied: () => phases.mark('template copy'),
    }));
  phases.mark('database open');

  // cross-cutting plugins, in one fixed order
  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin, {
    helmet: {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // Mantine injects style tags; no inline script runs anywhere (the API reference loads its own files)
          styleSrc: ["'self'", "'unsafe-inline'"],
          scriptSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https://*.tile.openstreetmap.org'],
          // the checkout's browser calls go to the real provider's host when it is configured (ADR 050)
          connectSrc: ["'self'", 'blob:', ...(config.PAYMENT_PROVIDER === 'paytm' ? [new URL(config.PAYTM_HOST).origin] : [])],
          formAction: ["'self'", 'https:'],
          frameAncestors: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    },
  });
  // answers compressed when the client accepts it (ADR 150): JSON and HTML on the fly, registered before
  // every route; the web app's hashed files are compressed at build and sent as they are (plugins/web.ts);
  // event streams are never compressed (they are hijacked, and text/event-stream is excluded besides)
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|javascript|image\/svg\+xml/,
  });
  const limitStore = rateLimitStoreKind(config);
  const limitRedis = limitStore === 'redis' && config.REDIS_URL ? await redisClient(config.REDIS_URL) : undefined;
  if (limitRedis) {
    limitRedis.on('error', (err) => app.log.warn({ err: err.message }, 'rate limit store unavailable'));
    // counts are not queued while Redis is away (a request never waits for it): be connected before serving
    app.addHook('onReady', async () => {
      if (limitRedis.status !== 'ready')
        await Promise.race([once(limitRedis, 'ready'), new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
    });
    app.addHook('onClose', async () => {
      limitRedis.disconnect();
    });
  }
  await app.register(rateLimit, {
    global: true,
    // shared by every process when there are several (ADR 160); a store that fails lets requests through
    ...(limitRedis ? { redis: limitRedis, nameSpace: `${redisPrefixOf(config)}rate:` } : {}),
    ...(limitStore === 'database' ? { store: databaseStore(database.sql) } : {}),
    skipOnError: limitStore !== 'memory',
    max: config.RATE_LIMIT_MAX,
    timeWindow: '1 minute',
    // counted first of all (a refused request counts too), but after the auth plugin's own onRequest hook
    // has found the session: a user has its own budget wherever it connects from, and an office or a
    // carrier NAT does not share one; static files are never counted (ADR 090)
    keyGenerator: (request) => (request.actor ? `user:${request.actor.userId}` : `ip:${request.ip}`),
    allowList: (request) => !request.url.startsWith('/api/'),
  });
  await app.register(databasePlugin, { database, closeOnExit: options.closeDatabase ?? !options.database });
  phases.mark('migrations');
  await app.register(authPlugin, { heartbeatMs: config.CHANGE_FEED_HEARTBEAT_MS });
  await app.register(inputGuardPlugin);
  await app.register(eventsPlugin, { redisUrl: config.REDIS_URL, redisPrefix: redisPrefixOf(config), secret });
  await app.register(storagePlugin, { config, secret });
  await app.register(notifierPlugin, { config });
  // the first onReady hook: what ran since the migrations is the registration of plugins and routes
  app.addHook('onReady', async () => phases.mark('plugins and routes'));
  await app.register(jobsPlugin, { enabled: config.JOBS_ENABLED });
  app.addHook('onReady', async () => phases.mark('job queue'));
  await app.register(openapiPlugin, { expose: config.API_DOCS });
  await app.register(contextPlugin, { config, secret });

  // the message channels (issue 46): the SMS provider is chosen once; its sandbox never runs in production
  const messages = messagesSetup(config, secret, app);
  await app.register(messagesRoutes, { setup: messages, secret });
  if (messages.smsSandbox) {
    await app.register(smsSandboxRoutes, {
      prefix: SMS_SANDBOX_PREFIX,
      config: messages.smsSandbox,
      notifier: app.notifier,
      devToolsOpen: config.DEV_TOOLS_OPEN,
      post: (url, form) =>
        app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(form).toString(),
        }),
    });
  }

  // domain modules
  await app.register(healthRoutes, { redis: Boolean(config.REDIS_URL) });
  await app.register(authRoutes, {
    deps: { secret, allowDemoCode: !isProduction(config) },
    otpIpLimit: config.OTP_IP_LIMIT,
    devToolsOpen: config.DEV_TOOLS_OPEN,
  });
  await app.register(usersRoutes);
  await app.register(loadsRoutes);
  await app.register(quotesRoutes);
  // the driver's link (issue 49): issued when a trip gets its driver, from the tokens and trips areas
  registerDriverLinks(app, secret);
  await app.register(tokensRoutes, { secret });
  await app.register(contentRoutes);
  await app.register(placesRoutes);
  await app.register(tripsRoutes, { secret });
  await app.register(tripStagesRoutes, { secret });
  await app.register(tripScheduleRoutes, { secret });
  await app.register(tripChargesRoutes, { secret });
  await app.register(tripChangesRoutes, { secret });
  await app.register(podRoutes, { secret });
  await app.register(driverRoutes, { secret, rateMax: config.DRIVER_LINK_RATE_MAX });
  await app.register(trackingRoutes, { publicUrl: config.PUBLIC_URL, production: isProduction(config) });
  // the payment provider is chosen once; the sandbox answers beside the payments area, never in production
  const payment = paymentSetup(config, secret, app);
  await app.register(paymentsRoutes, { config, setup: payment });
  if (payment.sandbox) await app.register(sandboxRoutes, { prefix: SANDBOX_PREFIX, config: payment.sandbox, db: () => app.db });
  await app.register(walletRoutes, { secret });
  await app.register(reportsRoutes);
  await app.register(subscriptionRoutes, {
    plan: {
      title: config.SUBSCRIPTION_TITLE,
      amountPaisa: config.SUBSCRIPTION_AMOUNT_IN_PAISA,
      validityDays: config.SUBSCRIPTION_VALIDITY_DAYS,
    },
  });
  // account (issue 13): profile, app config, settings, policies, TDS declaration
  await app.register(accountRoutes);
  await app.register(tdsRoutes);
  await app.register(placesAppRoutes);
  // places (ADR 113): the postal places import runs after the server listens
  registerPlacesImport(app, { enabled: config.PLACES_IMPORT, file: config.PLACES_IMPORT_FILE });
  const tollChecks = tollCheckSettings(config);
  await app.register(fastagRoutes, {
    secret,
    issuerSecret: config.TAG_ISSUER_SECRET,
    tollChecks,
    disputeWindow: disputeWindowSettings(config),
  });

  // background jobs, one registration per module
  registerLoadsJobs(app.ctx);
  registerTrackingJobs(app.ctx, { includeDeviceless: !isProduction(config) });
  registerVehiclesJobs(app.ctx, { production: isProduction(config) });
  registerOperationsJobs(app.ctx);
  // uploads written after their file was sealed or removed (ADR 224)
  registerStorageSweep(app);
  // the toll simulator feeds the demo fleet only outside production (ADR 044)
  registerFastagJobs(app.ctx, {
    issuerSecret: config.TAG_ISSUER_SECRET,
    simulateEvery: isProduction(config) ? undefined : '*/5 * * * *',
    post: (request) => app.inject({ method: 'POST', ...request }),
    tollChecks,
  });
  // support area: tickets and the desk, surveys and training, rate cards, referral
  await app.register(ticketsRoutes);
  await app.register(engagementRoutes);
  await app.register(rateCardsRoutes);
  await app.register(referralRoutes);
  // fleet (issue 12): vehicles and KYC documents, drivers, GPS orders, fleet map
  await app.register(vehiclesRoutes);
  await app.register(fleetRoutes, { publicUrl: config.PUBLIC_URL, production: isProduction(config) });
  // operations
  await app.register(consignmentsRoutes);
  await app.register(workflowRoutes);
  await app.register(schedulingRoutes);
  await app.register(consignerRoutes);

  await app.register(webPlugin, { root: config.WEB_DIST ?? join(repoRoot, 'apps', 'web', 'dist') });

  if (options.seed ?? config.SEED_DEMO) {
    app.addHook('onReady', async () => {
      const seeded = await seedIfEmpty(app.db, { putFile: (key, body, type) => app.storage.put(key, body, type) });
      if (seeded) app.log.info('demo data loaded');
      phases.mark('demo data');
    });
  }
  app.addHook('onListen', async () => {
    phases.mark('listen');
    phases.done('server started');
  });
  return app;
}
