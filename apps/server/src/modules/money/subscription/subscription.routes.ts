import { envelopeSchema } from '@bhada/contracts/common';
import { IDEMPOTENCY_HEADER } from '@bhada/contracts/money/ledger';
import {
  membershipOrderSchema,
  SUBSCRIPTION_MESSAGES,
  submitPaymentRequestSchema,
  submitPaymentResponseSchema,
  subscribeRequestSchema,
  subscribeResponseSchema,
  subscriptionConfigSchema,
} from '@bhada/contracts/money/subscription';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/reply.ts';
import { planTitleText, textLocale } from '../../../lib/user-text.ts';
import { actorOf, operatorIdOf, requireKind, requirePermission } from '../../../plugins/auth.ts';
import * as subscription from './subscription.service.ts';

const tags = ['subscription'];

const payerOf = (request: FastifyRequest): subscription.Payer => {
  const actor = actorOf(request);
  return { operatorId: operatorIdOf(actor), userId: actor.userId };
};
const keyOf = (request: FastifyRequest) => {
  const v = request.headers[IDEMPOTENCY_HEADER];
  return typeof v === 'string' && v.trim() ? v.trim().slice(0, 100) : undefined;
};

/** Membership (ADR 060): the plan and status for every operator user; buying needs the wallet payment permission. */
export const subscriptionRoutes: FastifyPluginAsyncZod<{ plan: subscription.PlanSettings }> = async (app, opts) => {
  const { plan } = opts;
  // admin passes requirePermission, but membership is the operator's own: only operator users
  const operatorUser = requireKind('OPERATOR', 'SUBORDINATE');
  const payer = [operatorUser, requirePermission('WALLET_ADD_MONEY')];

  app.get(
    '/api/rest/tesseract/v1/config/subscription',
    {
      preValidation: operatorUser,
      schema: {
        tags,
        summary: 'The membership plan, my membership and my unpaid order',
        response: { 200: envelopeSchema(subscriptionConfigSchema) },
      },
    },
    async (request) => {
      // the plan's title reads in the user's language; orders keep the title as configured (ADR 147)
      const title = planTitleText(plan.title, textLocale(request.headers.locale, actorOf(request).locale));
      return ok(await subscription.getConfig(app.db, payerOf(request).operatorId, { ...plan, title }));
    },
  );

  app.post(
    '/api/rest/tesseract/v1/profile/subscribe',
    {
      preValidation: payer,
      schema: {
        tags,
        summary: 'Record where the operator came from (medium, once) and where to go next',
        body: subscribeRequestSchema,
        response: { 200: envelopeSchema(subscribeResponseSchema) },
      },
    },
    async (request) => ok(await subscription.subscribe(app.db, payerOf(request), request.body.medium), SUBSCRIPTION_MESSAGES.interestSaved),
  );

  app.post(
    '/api/odin/v2/operator-subscription',
    {
      preValidation: payer,
      schema: {
        tags,
        summary: 'My open membership order at the plan price (reused while open)',
        response: { 200: envelopeSchema(membershipOrderSchema) },
      },
    },
    async (request) => ok(await subscription.createOrder(app.db, payerOf(request), plan), SUBSCRIPTION_MESSAGES.orderReady),
  );

  app.post(
    '/api/odin/v2/submit-payment',
    {
      preValidation: payer,
      schema: {
        tags,
        summary: 'Pay my membership order from the wallet (idempotency-key header, else once per order)',
        body: submitPaymentRequestSchema,
        response: { 200: envelopeSchema(submitPaymentResponseSchema) },
      },
    },
    async (request) => {
      const paid = await subscription.submitPayment(app.db, payerOf(request), request.body.orderId, plan, keyOf(request));
      return ok(paid, paid.transactionStatus === 'SUCCESS' ? SUBSCRIPTION_MESSAGES.paid : SUBSCRIPTION_MESSAGES.failed);
    },
  );
};
