import { LOAD_EVENT_TYPES } from '@bhada/contracts/marketplace/quotes';
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
} from '@bhada/contracts/marketplace/tokens';
import { IDEMPOTENCY_HEADER } from '@bhada/contracts/money/ledger';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeTable } from '../../../lib/route-table.ts';
import { actorOf, operatorIdOf, requirePermission } from '../../../plugins/auth.ts';
import { walletRechargeSourceOf } from '../../account/account/account.service.ts';
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
  const read = routeTable(app, { tags, guard: requirePermission('LOADS_VIEW') });
  const pay = routeTable(app, { tags, guard: requirePermission('TOKENS_PAY') });
  const cancel = routeTable(app, { tags, guard: requirePermission('TOKENS_CANCEL') });

  const stateChanged = (demandId: string, state: string) =>
    app.events.publish({ topic: `load:${demandId}`, type: LOAD_EVENT_TYPES.state, data: { demandId, state } });

  const open = routeTable(app, { tags });

  read.get(`${base}/token/app-config`, { summary: 'Token screen settings', data: tokenAppConfigSchema }, async (request) => ({
    proximityWarningKm: PROXIMITY_WARNING_KM,
    refundPolicy: { ...REFUND_POLICY },
    addMoneyPath: '/portal/fastag?addMoney=1',
    // the operator's own app config (account, issue 13)
    walletRechargeSource: await walletRechargeSourceOf(app.ctx, { operatorId: op(request) }),
  }));

  read.get(
    `${base}/token-detail`,
    { summary: 'Fleet load confirmation', query: tokenQuerySchema, data: fleetLoadConfirmationSchema },
    (request) => tokens.fleetLoadConfirmation(app.db, op(request), request.query.demandId),
  );

  read.get(`${base}/token`, { summary: 'My token for a load', query: tokenQuerySchema, data: tokenSchema }, (request) =>
    tokens.getToken(app.db, op(request), request.query.demandId),
  );

  read.get(
    `${base}/demand/:id/token-details`,
    { summary: 'Token amount and wallet before paying', params: idParams, data: tokenDetailsSchema },
    (request) => tokens.tokenDetails(app.db, op(request), request.params.id),
  );

  pay.get(
    `${base}/demand/:id/vehicles`,
    { summary: 'My vehicles that fit the won load', params: idParams, data: eligibleVehiclesResponseSchema },
    (request) => tokens.eligibleVehicles(app.db, op(request), request.params.id),
  );

  pay.get(
    `${base}/vehicle/:id`,
    {
      summary: 'One of my vehicles (distance to the load when demandId is given)',
      params: idParams,
      query: z.object({ demandId: z.string().max(40).optional() }),
      data: vehicleDetailSchema,
    },
    (request) => tokens.vehicleDetail(app.db, op(request), request.params.id, request.query.demandId),
  );

  pay.get(
    `${base}/token/:id/phonebook-driver-info`,
    { summary: 'My drivers', params: idParams, data: phonebookResponseSchema },
    (request) => tokens.phonebook(app.db, op(request), request.params.id),
  );

  pay.post(
    `${base}/token/:id/vehicle-details`,
    {
      summary: 'Choose vehicle and driver',
      params: idParams,
      body: vehicleDetailsRequestSchema,
      data: tokenSchema,
      message: TOKENS_MESSAGES.detailsSaved,
    },
    (request) => tokens.saveVehicleDetails(app.db, op(request), request.params.id, request.body),
  );

  pay.post(
    `${base}/demand/:id/initiate-token`,
    { summary: 'Make the token ready to pay', params: idParams, data: tokenSchema, message: TOKENS_MESSAGES.initiated },
    (request) => tokens.initiateToken(app.db, op(request), request.params.id),
  );

  pay.post(
    `${base}/token/:id/pay-token`,
    {
      summary: 'Pay the token from the wallet (idempotency-key header); creates the trip',
      params: idParams,
      data: payTokenResponseSchema,
      message: TOKENS_MESSAGES.paid,
    },
    async (request) => {
      const paid = await tokens.payToken(app.db, op(request), request.params.id, keyOf(request));
      await stateChanged(request.params.id, 'CONFIRMED');
      // the trip has its driver: the driver's link goes to the driver's phone (issue 49)
      await app.driverLinks.forDriver({ tripId: paid.tripId, operatorId: op(request) });
      return paid;
    },
  );

  read.get(
    `${base}/token/:demandId/share-link`,
    { summary: 'A signed, expiring link to the public confirmation page (ADR 142)', params: demandIdParams, data: shareLinkResponseSchema },
    (request) => tokens.shareLink(app.db, opts.secret, op(request), request.params.demandId),
  );

  // no session: the link's signature is the permission (fastag §2.3 public pages)
  open.get(
    '/api/public/fleet-load-confirmation',
    {
      summary: 'The fleet load confirmation behind a signed link',
      query: sharedConfirmationQuerySchema,
      data: sharedFleetConfirmationSchema,
    },
    (request) => tokens.sharedConfirmation(app.db, opts.secret, request.query),
  );

  cancel.get(
    `${base}/token/:demandId/cancel-preview`,
    { summary: 'What cancelling the paid token would refund now (ADR 025)', params: demandIdParams, data: cancelTokenPreviewSchema },
    (request) => tokens.cancelTokenPreview(app.db, op(request), request.params.demandId),
  );

  cancel.post(
    `${base}/token/:demandId/cancel`,
    {
      summary: 'Cancel a paid token; refund per policy, once',
      params: demandIdParams,
      data: cancelTokenResponseSchema,
      message: TOKENS_MESSAGES.cancelled,
    },
    async (request) => {
      const done = await tokens.cancelToken(app.db, op(request), request.params.demandId, keyOf(request));
      await stateChanged(request.params.demandId, 'CANCELLED');
      return done;
    },
  );
};
