import { envelopeSchema } from '@bhada/contracts/common';
import {
  accountRequestSchema,
  accountResponseSchema,
  dismissTollFlagSchema,
  disputeParamsSchema,
  disputeRequestSchema,
  disputeResponseSchema,
  FASTAG_ERRORS,
  FASTAG_MESSAGES,
  fastagListQuerySchema,
  fastagListResponseSchema,
  fastagStatementQuerySchema,
  fastagStatementV2QuerySchema,
  ISSUER_SIGNATURE_HEADER,
  rechargeRequestSchema,
  rechargeResponseSchema,
  TOLL_BATCH_MAX,
  TOLL_FLAG_MESSAGES,
  tollBatchResponseSchema,
  tollBatchSchema,
  tollEventSchema,
  tollFlagDisputeResponseSchema,
  tollFlagParamsSchema,
  tollFlagResponseSchema,
  tollFlagsQuerySchema,
  tollFlagsResponseSchema,
  tollWebhookResponseSchema,
  transactionsQuerySchema,
  transactionsResponseSchema,
  txnOverviewQuerySchema,
  txnOverviewResponseSchema,
  vehicleIdParamsSchema,
} from '@bhada/contracts/money/fastag';
import { IDEMPOTENCY_HEADER } from '@bhada/contracts/money/ledger';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hmac, safeEqual } from '../../../lib/crypto.ts';
import { AppError, badRequest, invalidInput } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { ok } from '../../../lib/reply.ts';
import { routeTable } from '../../../lib/route-table.ts';
import { textLocale } from '../../../lib/user-text.ts';
import { actorOf, operatorIdOf, requirePermission } from '../../../plugins/auth.ts';
import { downloadOf, requireDownloadToken, sendStatement } from '../wallet/report-route.ts';
import * as fastag from './fastag.service.ts';
import * as statements from './fastag-statements.service.ts';
import * as checks from './toll-checks.service.ts';
import * as tolls from './toll-events.service.ts';
import * as flags from './toll-flags.service.ts';
import { DEFAULT_DISPUTE_WINDOW, type DisputeWindowSettings } from './toll-settings.ts';

const tags = ['fastag'];

export const fastagRoutes: FastifyPluginAsyncZod<{
  secret: string;
  issuerSecret: string;
  tollChecks?: checks.TollCheckSettings;
  disputeWindow?: DisputeWindowSettings;
}> = async (app, opts) => {
  const tollChecks = opts.tollChecks ?? checks.DEFAULT_TOLL_CHECKS;
  const disputeWindow = opts.disputeWindow ?? DEFAULT_DISPUTE_WINDOW;
  const op = (request: FastifyRequest) => operatorIdOf(actorOf(request));
  const view = routeTable(app, { tags, guard: requirePermission('FASTAG_VIEW') });
  const manage = routeTable(app, { tags, guard: requirePermission('FASTAG_RECHARGE') });
  // the tags this server process has alerted owners about lately (ADR 183)
  const recentAlerts = new tolls.RecentAlerts();

  view.get(
    '/api/fastag/vehicleWiseTagAmount',
    { summary: 'Tagged vehicles with balances, by vehicle number', query: fastagListQuerySchema, data: fastagListResponseSchema },
    (request) => fastag.listTags(app.db, op(request), request.query, app.tenantReads),
  );

  manage.post(
    '/api/fastag/recharge',
    {
      summary: 'Recharge a tag from the wallet (idempotent with the idempotency-key header)',
      body: rechargeRequestSchema,
      data: rechargeResponseSchema,
      message: (result) => result.message,
    },
    async (request) => {
      const header = request.headers[IDEMPOTENCY_HEADER];
      const key = typeof header === 'string' && header ? header.slice(0, 100) : newId('IDK', 16);
      return fastag.recharge(app.db, op(request), request.body, key);
    },
  );

  manage.put(
    '/api/fastag/account',
    {
      summary: 'Auto-recharge toggle {id, recharge, minBal} or minimum balance {fastagId, minBalance, autoRechargeActivate}',
      body: accountRequestSchema,
      data: accountResponseSchema,
      message: (result) => result.message,
    },
    (request) => fastag.updateAccount(app.db, op(request), request.body),
  );

  view.get(
    '/api/fastag/txnOverview/:id',
    {
      summary: "A vehicle's tag summary for a period (id is the vehicleId)",
      params: vehicleIdParamsSchema,
      query: txnOverviewQuerySchema,
      data: txnOverviewResponseSchema,
    },
    (request) => fastag.txnOverview(app.db, op(request), request.params.id, request.query),
  );

  view.get(
    '/api/fastag/transactions/v3/:id',
    {
      summary: "A vehicle's tolls and recharges, newest first (id is the vehicleId)",
      params: vehicleIdParamsSchema,
      query: transactionsQuerySchema,
      data: transactionsResponseSchema,
    },
    (request) =>
      fastag.transactions(
        app.db,
        op(request),
        request.params.id,
        request.query,
        textLocale(request.headers.locale, actorOf(request).locale),
      ),
  );

  view.post(
    '/api/fastag/transactions/:txnId/dispute',
    {
      summary: 'Dispute a toll: raises a ticket (one open ticket per toll)',
      params: disputeParamsSchema,
      body: disputeRequestSchema.optional(),
      data: disputeResponseSchema,
      message: FASTAG_MESSAGES.disputeRaised,
    },
    async (request) => {
      const actor = actorOf(request);
      return fastag.dispute(
        app.db,
        { operatorId: operatorIdOf(actor), userCode: actor.userCode },
        request.params.txnId,
        request.body?.reason,
      );
    },
  );

  // suspicious tolls (issue 47, ADR 280)
  view.get(
    '/api/fastag/tollFlags',
    {
      summary: "The operator's suspicious tolls with their evidence, and the money at stake and recovered",
      query: tollFlagsQuerySchema,
      data: tollFlagsResponseSchema,
    },
    (request) => flags.listFlags(app.db, op(request), request.query, disputeWindow),
  );

  manage.post(
    '/api/fastag/tollFlags/:id/dismiss',
    {
      summary: 'Mark a suspicious toll as correct, with the reason',
      params: tollFlagParamsSchema,
      body: dismissTollFlagSchema,
      data: tollFlagResponseSchema,
      message: TOLL_FLAG_MESSAGES.dismissed,
    },
    (request) => flags.dismissFlag(app.db, op(request), request.params.id, request.body.reason, disputeWindow),
  );

  view.post(
    '/api/fastag/tollFlags/:id/dispute',
    {
      summary: 'Dispute a suspicious toll with its evidence, once the NETC cooling period has passed',
      params: tollFlagParamsSchema,
      data: tollFlagDisputeResponseSchema,
      message: TOLL_FLAG_MESSAGES.disputeRaised,
    },
    (request) => {
      const actor = actorOf(request);
      return flags.disputeFlag(app.db, { operatorId: operatorIdOf(actor), userCode: actor.userCode }, request.params.id, disputeWindow);
    },
  );

  const produces = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/pdf'];
  /** A statement download: the download token in `dt` is its guard, a workbook or a PDF its answer. */
  const statementRoute = <Q extends typeof fastagStatementQuerySchema | typeof fastagStatementV2QuerySchema>(
    report: 'fastagStatement' | 'fastagStatement/v2',
    summary: string,
    query: Q,
    build: (query: z.output<Q>, claims: ReturnType<typeof downloadOf>) => Promise<Parameters<typeof sendStatement>[3]>,
  ) =>
    app.get(
      `/api/fastag/report/${report}`,
      {
        preValidation: requireDownloadToken(app.db, opts.secret, report),
        schema: { tags, summary, querystring: query.extend({ dt: z.string() }), produces },
      },
      async (request, reply) => {
        const parsed = request.query as z.output<Q>;
        return sendStatement(request, reply, parsed.reportFormat, await build(parsed, downloadOf(request)));
      },
    );
  statementRoute(
    'fastagStatement',
    'All-vehicles Fastag statement, at most 14 days (xlsx or pdf; download token in dt)',
    fastagStatementQuerySchema,
    (query, { operatorId, lang }) => statements.allVehiclesStatement(app.db, operatorId, query, lang),
  );
  statementRoute(
    'fastagStatement/v2',
    'One vehicle’s Fastag statement (xlsx or pdf; download token in dt)',
    fastagStatementV2QuerySchema,
    (query, { operatorId, lang }) => statements.vehicleStatement(app.db, operatorId, query, lang),
  );

  // The issuer's webhook needs the exact bytes it signed, so it gets its own JSON parser that keeps
  // the raw string; the rest of the API parses JSON as usual.
  await app.register(async (hook) => {
    hook.removeContentTypeParser('application/json');
    hook.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) => done(null, body));
    hook.post(
      '/api/fastag/webhooks/toll',
      {
        config: { rateLimit: false },
        schema: {
          tags,
          summary: `Toll events from the tag issuer, HMAC-SHA256 of the raw body in ${ISSUER_SIGNATURE_HEADER}`,
          response: { 200: envelopeSchema(tollWebhookResponseSchema) },
        },
      },
      async (request) => {
        const event = signedIssuerBody(request, opts.issuerSecret, tollEventSchema, 'toll webhook');
        let applied: Awaited<ReturnType<typeof tolls.applyTollEvent>>;
        try {
          applied = await tolls.applyTollEvent(app.db, event);
        } catch (err) {
          if (err instanceof AppError)
            request.log.warn({ eventId: event.eventId, tagId: event.tagId, code: err.code }, 'toll webhook refused');
          throw err;
        }
        if (applied.alerts.length) {
          await tolls
            .sendAlerts(app.db, app.ctx.notifier, applied.alerts, recentAlerts)
            .catch((err) => request.log.error({ err }, 'balance alert not sent'));
        }
        await checks
          .checkAfterIntake(app.db, [event], [applied.response], tollChecks)
          .catch((err) => request.log.error({ err }, 'toll check left to the catch-up'));
        return ok(applied.response);
      },
    );
  });

  // Toll events in batches (ADR 158): the same signature over the raw body, up to 500 events.
  await app.register(async (hook) => {
    hook.removeContentTypeParser('application/json');
    hook.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 512 * 1024 }, (_req, body, done) => done(null, body));
    hook.post(
      '/api/fastag/webhooks/tolls',
      {
        config: { rateLimit: false },
        schema: {
          tags,
          summary: `A batch of toll events from the tag issuer ({ events: [...] }, at most ${TOLL_BATCH_MAX}), HMAC-SHA256 of the raw body in ${ISSUER_SIGNATURE_HEADER}`,
          response: { 200: envelopeSchema(tollBatchResponseSchema) },
        },
      },
      async (request) => {
        const batch = signedIssuerBody(request, opts.issuerSecret, tollBatchSchema, 'toll batch');
        const applied = await tolls.applyTollEvents(app.db, batch.events);
        if (applied.alerts.length) {
          await tolls
            .sendAlerts(app.db, app.ctx.notifier, applied.alerts, recentAlerts)
            .catch((err) => request.log.error({ err }, 'balance alert not sent'));
        }
        await checks
          .checkAfterIntake(app.db, batch.events, applied.response.results, tollChecks)
          .catch((err) => request.log.error({ err }, 'toll check left to the catch-up'));
        return ok(applied.response);
      },
    );
  });
};

/**
 * The issuer's signed body (both toll webhooks): the HMAC-SHA256 of the raw body must match the
 * header, and the JSON must fit `schema`; anything else is refused and logged as `what`.
 */
function signedIssuerBody<T>(request: FastifyRequest, secret: string, schema: z.ZodType<T>, what: string): T {
  const raw = typeof request.body === 'string' ? request.body : '';
  const given = String(request.headers[ISSUER_SIGNATURE_HEADER] ?? '').replace(/^sha256=/, '');
  if (!given || !safeEqual(given, hmac(secret, raw))) {
    request.log.warn({ ip: request.ip, length: raw.length }, `${what} refused: bad signature`);
    throw new AppError(FASTAG_ERRORS.FASTAG_WEBHOOK_SIGNATURE_INVALID, FASTAG_MESSAGES.badSignature);
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw badRequest('Body is not JSON');
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    request.log.warn({ issues: parsed.error.issues }, `${what} refused: invalid body`);
    throw invalidInput(parsed.error.issues[0], 'Invalid body');
  }
  return parsed.data;
}
