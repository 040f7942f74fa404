import { envelopeSchema } from '@bhada/contracts/common';
import {
  accountRequestSchema,
  accountResponseSchema,
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
  tollBatchResponseSchema,
  tollBatchSchema,
  tollEventSchema,
  tollWebhookResponseSchema,
  transactionsQuerySchema,
  transactionsResponseSchema,
  txnOverviewQuerySchema,
  txnOverviewResponseSchema,
  vehicleIdParamsSchema,
} from '@bhada/contracts/fastag';
import { IDEMPOTENCY_HEADER } from '@bhada/contracts/ledger';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hmac, safeEqual } from '../../lib/crypto.ts';
import { AppError, badRequest, invalidInput } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { ok } from '../../lib/reply.ts';
import { actorOf, operatorIdOf, requirePermission } from '../../plugins/auth.ts';
import { downloadOf, requireDownloadToken, sendStatement } from '../wallet/report-route.ts';
import * as fastag from './fastag.service.ts';
import * as statements from './fastag-statements.service.ts';
import * as tolls from './toll-events.service.ts';

const tags = ['fastag'];

export const fastagRoutes: FastifyPluginAsyncZod<{ secret: string; issuerSecret: string }> = async (app, opts) => {
  const op = (request: FastifyRequest) => operatorIdOf(actorOf(request));
  const view = requirePermission('FASTAG_VIEW');
  const manage = requirePermission('FASTAG_RECHARGE');

  app.get(
    '/api/fastag/vehicleWiseTagAmount',
    {
      preValidation: view,
      schema: {
        tags,
        summary: 'Tagged vehicles with balances, by vehicle number',
        querystring: fastagListQuerySchema,
        response: { 200: envelopeSchema(fastagListResponseSchema) },
      },
    },
    async (request) => ok(await fastag.listTags(app.db, op(request), request.query)),
  );

  app.post(
    '/api/fastag/recharge',
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Recharge a tag from the wallet (idempotent with the idempotency-key header)',
        body: rechargeRequestSchema,
        response: { 200: envelopeSchema(rechargeResponseSchema) },
      },
    },
    async (request) => {
      const header = request.headers[IDEMPOTENCY_HEADER];
      const key = typeof header === 'string' && header ? header.slice(0, 100) : newId('IDK', 16);
      const result = await fastag.recharge(app.db, op(request), request.body, key);
      return ok(result, result.message);
    },
  );

  app.put(
    '/api/fastag/account',
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Auto-recharge toggle {id, recharge, minBal} or minimum balance {fastagId, minBalance, autoRechargeActivate}',
        body: accountRequestSchema,
        response: { 200: envelopeSchema(accountResponseSchema) },
      },
    },
    async (request) => {
      const result = await fastag.updateAccount(app.db, op(request), request.body);
      return ok(result, result.message);
    },
  );

  app.get(
    '/api/fastag/txnOverview/:id',
    {
      preValidation: view,
      schema: {
        tags,
        summary: "A vehicle's tag summary for a period (id is the vehicleId)",
        params: vehicleIdParamsSchema,
        querystring: txnOverviewQuerySchema,
        response: { 200: envelopeSchema(txnOverviewResponseSchema) },
      },
    },
    async (request) => ok(await fastag.txnOverview(app.db, op(request), request.params.id, request.query)),
  );

  app.get(
    '/api/fastag/transactions/v3/:id',
    {
      preValidation: view,
      schema: {
        tags,
        summary: "A vehicle's tolls and recharges, newest first (id is the vehicleId)",
        params: vehicleIdParamsSchema,
        querystring: transactionsQuerySchema,
        response: { 200: envelopeSchema(transactionsResponseSchema) },
      },
    },
    async (request) => ok(await fastag.transactions(app.db, op(request), request.params.id, request.query)),
  );

  app.post(
    '/api/fastag/transactions/:txnId/dispute',
    {
      preValidation: view,
      schema: {
        tags,
        summary: 'Dispute a toll: raises a ticket (one open ticket per toll)',
        params: disputeParamsSchema,
        body: disputeRequestSchema.optional(),
        response: { 200: envelopeSchema(disputeResponseSchema) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const result = await fastag.dispute(
        app.db,
        { operatorId: operatorIdOf(actor), userCode: actor.userCode },
        request.params.txnId,
        request.body?.reason,
      );
      return ok(result, FASTAG_MESSAGES.disputeRaised);
    },
  );

  const produces = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/pdf'];
  app.get(
    '/api/fastag/report/fastagStatement',
    {
      preValidation: requireDownloadToken(app.db, opts.secret, 'fastagStatement'),
      schema: {
        tags,
        summary: 'All-vehicles Fastag statement, at most 14 days (xlsx or pdf; download token in dt)',
        querystring: fastagStatementQuerySchema.extend({ dt: z.string() }),
        produces,
      },
    },
    async (request, reply) => {
      const { operatorId, lang } = downloadOf(request);
      const statement = await statements.allVehiclesStatement(app.db, operatorId, request.query, lang);
      return sendStatement(request, reply, request.query.reportFormat, statement);
    },
  );

  app.get(
    '/api/fastag/report/fastagStatement/v2',
    {
      preValidation: requireDownloadToken(app.db, opts.secret, 'fastagStatement/v2'),
      schema: {
        tags,
        summary: 'One vehicle’s Fastag statement (xlsx or pdf; download token in dt)',
        querystring: fastagStatementV2QuerySchema.extend({ dt: z.string() }),
        produces,
      },
    },
    async (request, reply) => {
      const { operatorId, lang } = downloadOf(request);
      const statement = await statements.vehicleStatement(app.db, operatorId, request.query, lang);
      return sendStatement(request, reply, request.query.reportFormat, statement);
    },
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
            .sendAlerts(app.db, app.ctx.notifier, applied.alerts)
            .catch((err) => request.log.error({ err }, 'balance alert not sent'));
        }
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
            .sendAlerts(app.db, app.ctx.notifier, applied.alerts)
            .catch((err) => request.log.error({ err }, 'balance alert not sent'));
        }
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
