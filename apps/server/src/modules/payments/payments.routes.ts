import { envelopeSchema } from '@bhada/contracts/common';
import {
  completeOrderRequestSchema,
  completeRechargeResponseSchema,
  consignerBalanceQuerySchema,
  consignerBalancesSchema,
  consignerCompleteOrderResponseSchema,
  consignerCreateOrderRequestSchema,
  consignerCreateOrderResponseSchema,
  initiateRechargeRequestSchema,
  initiateRechargeResponseSchema,
  ORDER_STATUS_EVENT,
  paymentInfoSchema,
  paymentResultSchema,
  rechargeRequestSchema,
  transactionUpdateRequestSchema,
  transactionUpdateResponseSchema,
} from '@bhada/contracts/payments';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import { actorOf, requireAuth, requireKind, requirePermission } from '../../plugins/auth.ts';
import { paymentSetup, SANDBOX_PREFIX } from '../../providers/payment/index.ts';
import { sandboxRoutes } from '../../providers/payment/sandbox/sandbox.routes.ts';
import * as consignerPayments from './consigner-payments.service.ts';
import * as settlement from './payment-settlement.service.ts';
import * as payments from './payments.service.ts';

const tags = ['payments'];
export const STATUS_CHECK_JOB = 'payments.status-check';
export const CALLBACK_PATH = '/api/payments/paytm/callback';

declare module 'fastify' {
  interface FastifyInstance {
    /** the order pipeline's dependencies, for other areas' order purposes and for tests */
    payments: payments.PaymentsDeps;
  }
}

const plugin: FastifyPluginAsyncZod<{ config: Config; secret: string }> = async (app, opts) => {
  const setup = paymentSetup(opts.config, opts.secret, app);
  if (setup.disabledReason) app.log.error(setup.disabledReason);
  if (setup.sandbox) {
    const sandboxConfig = setup.sandbox;
    await app.register(sandboxRoutes, { prefix: SANDBOX_PREFIX, config: sandboxConfig, db: () => app.db });
  }

  const deps: payments.PaymentsDeps = {
    db: app.db,
    provider: setup.provider,
    callbackUrl: `${(opts.config.PUBLIC_URL ?? '').replace(/\/$/, '')}${CALLBACK_PATH}`,
    checkScheduleMinutes: opts.config.PAYMENT_CHECK_SCHEDULE_MINUTES,
    publish: (orderId, status) => app.events.publish({ topic: `order:${orderId}`, type: ORDER_STATUS_EVENT, data: { orderId, status } }),
    scheduleCheck: (orderId, checkNo, at) =>
      app.jobs.send(STATUS_CHECK_JOB, { orderId, checkNo }, { startAfter: at, singletonKey: `${orderId}:${checkNo}` }),
    receipt: (order) => payments.sendReceipt(app.ctx, order),
    log: app.log,
  };
  app.decorate('payments', deps);
  app.jobs.define<{ orderId: string; checkNo: number }>(STATUS_CHECK_JOB, async (job) => {
    await settlement.checkPendingOrder(deps, job);
  });
  app.authorizeTopic('order', (actor, id) => payments.mayFollowOrder(app.db, actor, id));
  // payments that succeeded while the server was down are credited at start, not at their next check
  if (opts.config.JOBS_ENABLED && setup.provider) {
    app.addHook('onReady', async () => {
      void payments.recheckOpenOrders(deps).catch((err) => app.log.warn({ err }, 'start-up check of open orders failed'));
    });
  }

  const addMoney = requirePermission('WALLET_ADD_MONEY');

  app.post(
    '/api/wallet/recharge/v2',
    {
      preValidation: addMoney,
      schema: {
        tags,
        summary: 'Create a wallet top-up order (amount in rupees)',
        body: rechargeRequestSchema,
        response: { 200: envelopeSchema(paymentInfoSchema) },
      },
    },
    async (request) => ok(await payments.rechargeWallet(deps, actorOf(request), request.body)),
  );

  app.get(
    '/api/v2/transactions/:orderId',
    {
      preValidation: requireAuth,
      schema: {
        tags,
        summary: 'Payment result of an order',
        params: z.object({ orderId: z.string().max(50) }),
        response: { 200: envelopeSchema(paymentResultSchema) },
      },
    },
    async (request) => ok(await payments.getResult(deps, actorOf(request), request.params.orderId)),
  );

  app.post(
    '/api/v2/transactions/update',
    {
      preValidation: requireKind('OPERATOR', 'SUBORDINATE', 'CONSIGNER'),
      schema: {
        tags,
        summary: 'Record the chosen payment mode and its internet charge before processing',
        body: transactionUpdateRequestSchema,
        response: { 200: envelopeSchema(transactionUpdateResponseSchema) },
      },
    },
    async (request) => ok(await payments.updateTransaction(deps, actorOf(request), request.body)),
  );

  app.post(
    '/api/rest/tesseract/v1/payment/wallet/initiate-recharge',
    {
      preValidation: addMoney,
      schema: {
        tags,
        summary: 'Start a wallet recharge (amount in paisa)',
        body: initiateRechargeRequestSchema,
        response: { 200: envelopeSchema(initiateRechargeResponseSchema) },
      },
    },
    async (request) => ok(await consignerPayments.initiateRecharge(deps, actorOf(request), request.body.amountInPaisa)),
  );

  app.post(
    '/api/rest/tesseract/v1/payment/wallet/complete-recharge',
    {
      preValidation: addMoney,
      schema: {
        tags,
        summary: 'Confirm a wallet recharge with the provider',
        body: completeOrderRequestSchema,
        response: { 200: envelopeSchema(completeRechargeResponseSchema) },
      },
    },
    async (request) => {
      const result = await consignerPayments.completeRecharge(deps, actorOf(request), request.body.orderId);
      return ok(result, result.message);
    },
  );

  app.get(
    '/api/consigner/balance/trip',
    {
      preValidation: requireKind('CONSIGNER'),
      schema: {
        tags,
        summary: 'What the consigner still owes on each trip (freight − TDS − paid)',
        querystring: consignerBalanceQuerySchema,
        response: { 200: envelopeSchema(consignerBalancesSchema) },
      },
    },
    async (request) => ok(await consignerPayments.consignerBalances(deps, actorOf(request), request.query.code)),
  );

  app.post(
    '/api/consigner/pay/create-order',
    {
      preValidation: requireKind('CONSIGNER'),
      schema: {
        tags,
        summary: "Start a consigner's trip payment",
        body: consignerCreateOrderRequestSchema,
        response: { 200: envelopeSchema(consignerCreateOrderResponseSchema) },
      },
    },
    async (request) => ok(await consignerPayments.createConsignerOrder(deps, actorOf(request), request.body)),
  );

  app.post(
    '/api/consigner/pay/complete-order',
    {
      preValidation: requireKind('CONSIGNER'),
      schema: {
        tags,
        summary: "Confirm a consigner's trip payment with the provider",
        body: completeOrderRequestSchema,
        response: { 200: envelopeSchema(consignerCompleteOrderResponseSchema) },
      },
    },
    async (request) => {
      const result = await consignerPayments.completeConsignerOrder(deps, actorOf(request), request.body.orderId);
      return ok(result, result.message);
    },
  );

  // The provider's browser callback: a form post, verified by checksum, never trusted on its own.
  await app.register(async (callbackScope) => {
    callbackScope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    callbackScope.post(
      CALLBACK_PATH,
      { schema: { tags, summary: "The payment provider's callback (form post)" } },
      async (request, reply) => {
        // the provider posts a form; anything else (text, a bare string) is refused before it is read
        if (request.body !== undefined && (typeof request.body !== 'object' || request.body === null || Array.isArray(request.body))) {
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The payment response must be a form post');
        }
        const fields = (request.body ?? {}) as Record<string, string>;
        const result = await settlement.handleCallback(deps, fields, request.ip);
        if (!result.orderId) {
          return reply
            .status(400)
            .type('text/html; charset=utf-8')
            .send('<!doctype html><meta charset="utf-8"><title>Payment</title><p>Invalid payment response. <a href="/">Go home</a></p>');
        }
        return reply.redirect(`/portal/transaction/paytm/${encodeURIComponent(result.orderId)}`, 303);
      },
    );
  });
};

/** Not encapsulated, so `app.payments` (the order pipeline) is visible to other areas and tests. */
export const paymentsRoutes = fp(plugin, { name: 'payments', dependencies: ['database', 'events', 'jobs'] });
