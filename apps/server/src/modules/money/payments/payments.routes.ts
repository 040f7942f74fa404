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
} from '@bhada/contracts/money/payments';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../../config.ts';
import { AppError } from '../../../lib/errors.ts';
import { routeTable } from '../../../lib/route-table.ts';
import { actorOf, requireAuth, requireKind, requirePermission } from '../../../plugins/auth.ts';
import type { PaymentSetup } from '../../../providers/payment/index.ts';
import * as consignerPayments from './consigner-payments.service.ts';
import type { PaymentsDeps } from './payment-deps.ts';
import * as settlement from './payment-settlement.service.ts';
import * as payments from './payments.service.ts';

const tags = ['payments'];
export const STATUS_CHECK_JOB = 'payments.status-check';
export const CALLBACK_PATH = '/api/payments/paytm/callback';

declare module 'fastify' {
  interface FastifyInstance {
    /** the order pipeline's dependencies, for other areas' order purposes and for tests */
    payments: PaymentsDeps;
  }
}

/** `setup` is the provider app.ts chose (ADR 050); the sandbox's own routes are registered beside these. */
const plugin: FastifyPluginAsyncZod<{ config: Config; setup: PaymentSetup }> = async (app, opts) => {
  const { setup } = opts;
  if (setup.disabledReason) app.log.error(setup.disabledReason);

  const deps: PaymentsDeps = {
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

  const addMoney = routeTable(app, { tags, guard: requirePermission('WALLET_ADD_MONEY') });

  const signedIn = routeTable(app, { tags, guard: requireAuth });
  const payer = routeTable(app, { tags, guard: requireKind('OPERATOR', 'SUBORDINATE', 'CONSIGNER') });
  const consigner = routeTable(app, { tags, guard: requireKind('CONSIGNER') });

  addMoney.post(
    '/api/wallet/recharge/v2',
    { summary: 'Create a wallet top-up order (amount in rupees)', body: rechargeRequestSchema, data: paymentInfoSchema },
    (request) => payments.rechargeWallet(deps, actorOf(request), request.body),
  );

  signedIn.get(
    '/api/v2/transactions/:orderId',
    { summary: 'Payment result of an order', params: z.object({ orderId: z.string().max(50) }), data: paymentResultSchema },
    (request) => payments.getResult(deps, actorOf(request), request.params.orderId),
  );

  payer.post(
    '/api/v2/transactions/update',
    {
      summary: 'Record the chosen payment mode and its internet charge before processing',
      body: transactionUpdateRequestSchema,
      data: transactionUpdateResponseSchema,
    },
    (request) => payments.updateTransaction(deps, actorOf(request), request.body),
  );

  addMoney.post(
    '/api/rest/tesseract/v1/payment/wallet/initiate-recharge',
    { summary: 'Start a wallet recharge (amount in paisa)', body: initiateRechargeRequestSchema, data: initiateRechargeResponseSchema },
    (request) => consignerPayments.initiateRecharge(deps, actorOf(request), request.body.amountInPaisa),
  );

  addMoney.post(
    '/api/rest/tesseract/v1/payment/wallet/complete-recharge',
    {
      summary: 'Confirm a wallet recharge with the provider',
      body: completeOrderRequestSchema,
      data: completeRechargeResponseSchema,
      message: (result) => result.message,
    },
    (request) => consignerPayments.completeRecharge(deps, actorOf(request), request.body.orderId),
  );

  consigner.get(
    '/api/consigner/balance/trip',
    {
      summary: 'What the consigner still owes on each trip (freight − TDS − paid)',
      query: consignerBalanceQuerySchema,
      data: consignerBalancesSchema,
    },
    (request) => consignerPayments.consignerBalances(deps, actorOf(request), request.query.code),
  );

  consigner.post(
    '/api/consigner/pay/create-order',
    { summary: "Start a consigner's trip payment", body: consignerCreateOrderRequestSchema, data: consignerCreateOrderResponseSchema },
    (request) => consignerPayments.createConsignerOrder(deps, actorOf(request), request.body),
  );

  consigner.post(
    '/api/consigner/pay/complete-order',
    {
      summary: "Confirm a consigner's trip payment with the provider",
      body: completeOrderRequestSchema,
      data: consignerCompleteOrderResponseSchema,
      message: (result) => result.message,
    },
    (request) => consignerPayments.completeConsignerOrder(deps, actorOf(request), request.body.orderId),
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
