import { envelopeSchema } from '@bhada/contracts/common';
import { IDEMPOTENCY_HEADER } from '@bhada/contracts/ledger';
import { LOAD_EVENT_TYPES } from '@bhada/contracts/quotes';
import {
  cancelTokenPreviewSchema,
  cancelTokenResponseSchema,
  eligibleVehiclesResponseSchema,
  fleetLoadConfirmationSchema,
  PROXIMITY_WARNING_KM,
  payTokenResponseSchema,
  phonebookResponseSchema,
  REFUND_POLICY,
  sharedConfirmationQuerySchema,
  sharedFleetConfirmationSchema,
  shareLinkResponseSchema,
  TOKENS_MESSAGES,
  tokenAppConfigSchema,
  tokenDetailsSchema,
  tokenQuerySchema,
  tokenSchema,
  vehicleDetailSchema,
  vehicleDetailsRequestSchema,
} from '@bhada/contracts/tokens';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { actorOf, operatorIdOf, requirePermission } from '../../plugins/auth.ts';
import { walletRechargeSourceOf } from '../account/account.service.ts';
import * as tokens from './tokens.service.ts';

const tags = ['tokens'];
const base = '/api/rest/tesseract/v1';
/** Token calls take the demand id: a load has at most one token (ADR 024). */
const idParams = z.object({ id: z.string().min(1).max(40) });
const demandIdParams = z.object({ demandId: z.string().min(1).max(40) });

const op = (request: FastifyRequest) => operatorIdOf(actorOf(request));
const keyOf = (request: FastifyRequest) => {
  const v = request.headers[IDEMPOTENCY_HEADER];
  return typeof v === 'string' && v.trim() ? v.trim().slice(0, 100) : undefined;
};

export const tokensRoutes: FastifyPluginAsyncZod<{ secret: string }> = async (app, opts) => {
  const read = requirePermission('LOADS_VIEW');
  const pay = requirePermission('TOKENS_PAY');
  const cancel = requirePermission('TOKENS_CANCEL');

  const stateChanged = (demandId: string, state: string) =>
    app.events.publish({ topic: `load:${demandId}`, type: LOAD_EVENT_TYPES.state, data: { demandId, state } });

  app.get(
    `${base}/token/app-config`,
    { preValidation: read, schema: { tags, summary: 'Token screen settings', response: { 200: envelopeSchema(tokenAppConfigSchema) } } },
    async (request) =>
      ok({
        proximityWarningKm: PROXIMITY_WARNING_KM,
        refundPolicy: { ...REFUND_POLICY },
        addMoneyPath: '/portal/fastag?addMoney=1',
        // the operator's own app config (account, issue 13)
        walletRechargeSource: await walletRechargeSourceOf(app.ctx, { operatorId: op(request) }),
      }),
  );

  app.get(
    `${base}/token-detail`,
    {
      preValidation: read,
      schema: {
        tags,
        summary: 'Fleet load confirmation',
        querystring: tokenQuerySchema,
        response: { 200: envelopeSchema(fleetLoadConfirmationSchema) },
      },
    },
    async (request) => ok(await tokens.fleetLoadConfirmation(app.db, op(request), request.query.demandId)),
  );

  app.get(
    `${base}/token`,
    {
      preValidation: read,
      schema: { tags, summary: 'My token for a load', querystring: tokenQuerySchema, response: { 200: envelopeSchema(tokenSchema) } },
    },
    async (request) => ok(await tokens.getToken(app.db, op(request), request.query.demandId)),
  );

  app.get(
    `${base}/demand/:id/token-details`,
    {
      preValidation: read,
      schema: {
        tags,
        summary: 'Token amount and wallet before paying',
        params: idParams,
        response: { 200: envelopeSchema(tokenDetailsSchema) },
      },
    },
    async (request) => ok(await tokens.tokenDetails(app.db, op(request), request.params.id)),
  );

  app.get(
    `${base}/demand/:id/vehicles`,
    {
      preValidation: pay,
      schema: {
        tags,
        summary: 'My vehicles that fit the won load',
        params: idParams,
        response: { 200: envelopeSchema(eligibleVehiclesResponseSchema) },
      },
    },
    async (request) => ok(await tokens.eligibleVehicles(app.db, op(request), request.params.id)),
  );

  app.get(
    `${base}/vehicle/:id`,
    {
      preValidation: pay,
      schema: {
        tags,
        summary: 'One of my vehicles (distance to the load when demandId is given)',
        params: idParams,
        querystring: z.object({ demandId: z.string().max(40).optional() }),
        response: { 200: envelopeSchema(vehicleDetailSchema) },
      },
    },
    async (request) => ok(await tokens.vehicleDetail(app.db, op(request), request.params.id, request.query.demandId)),
  );

  app.get(
    `${base}/token/:id/phonebook-driver-info`,
    {
      preValidation: pay,
      schema: { tags, summary: 'My drivers', params: idParams, response: { 200: envelopeSchema(phonebookResponseSchema) } },
    },
    async (request) => ok(await tokens.phonebook(app.db, op(request), request.params.id)),
  );

  app.post(
    `${base}/token/:id/vehicle-details`,
    {
      preValidation: pay,
      schema: {
        tags,
        summary: 'Choose vehicle and driver',
        params: idParams,
        body: vehicleDetailsRequestSchema,
        response: { 200: envelopeSchema(tokenSchema) },
      },
    },
    async (request) =>
      ok(await tokens.saveVehicleDetails(app.db, op(request), request.params.id, request.body), TOKENS_MESSAGES.detailsSaved),
  );

  app.post(
    `${base}/demand/:id/initiate-token`,
    {
      preValidation: pay,
      schema: { tags, summary: 'Make the token ready to pay', params: idParams, response: { 200: envelopeSchema(tokenSchema) } },
    },
    async (request) => ok(await tokens.initiateToken(app.db, op(request), request.params.id), TOKENS_MESSAGES.initiated),
  );

  app.post(
    `${base}/token/:id/pay-token`,
    {
      preValidation: pay,
      schema: {
        tags,
        summary: 'Pay the token from the wallet (idempotency-key header); creates the trip',
        params: idParams,
        response: { 200: envelopeSchema(payTokenResponseSchema) },
      },
    },
    async (request) => {
      const paid = await tokens.payToken(app.db, op(request), request.params.id, keyOf(request));
      await stateChanged(request.params.id, 'CONFIRMED');
      return ok(paid, TOKENS_MESSAGES.paid);
    },
  );

  app.get(
    `${base}/token/:demandId/share-link`,
    {
      preValidation: read,
      schema: {
        tags,
        summary: 'A signed, expiring link to the public confirmation page (ADR 142)',
        params: demandIdParams,
        response: { 200: envelopeSchema(shareLinkResponseSchema) },
      },
    },
    async (request) => ok(await tokens.shareLink(app.db, opts.secret, op(request), request.params.demandId)),
  );

  // no session: the link's signature is the permission (fastag §2.3 public pages)
  app.get(
    '/api/public/fleet-load-confirmation',
    {
      schema: {
        tags,
        summary: 'The fleet load confirmation behind a signed link',
        querystring: sharedConfirmationQuerySchema,
        response: { 200: envelopeSchema(sharedFleetConfirmationSchema) },
      },
    },
    async (request) => ok(await tokens.sharedConfirmation(app.db, opts.secret, request.query)),
  );

  app.get(
    `${base}/token/:demandId/cancel-preview`,
    {
      preValidation: cancel,
      schema: {
        tags,
        summary: 'What cancelling the paid token would refund now (ADR 025)',
        params: demandIdParams,
        response: { 200: envelopeSchema(cancelTokenPreviewSchema) },
      },
    },
    async (request) => ok(await tokens.cancelTokenPreview(app.db, op(request), request.params.demandId)),
  );

  app.post(
    `${base}/token/:demandId/cancel`,
    {
      preValidation: cancel,
      schema: {
        tags,
        summary: 'Cancel a paid token; refund per policy, once',
        params: demandIdParams,
        response: { 200: envelopeSchema(cancelTokenResponseSchema) },
      },
    },
    async (request) => {
      const done = await tokens.cancelToken(app.db, op(request), request.params.demandId, keyOf(request));
      await stateChanged(request.params.demandId, 'CANCELLED');
      return ok(done, TOKENS_MESSAGES.cancelled);
    },
  );
};
