import { envelopeSchema, okSchema } from '@bhada/contracts/common';
import {
  adminTripsQuerySchema,
  advanceStateRequestSchema,
  advanceStateViewRequestSchema,
  alertRefSchema,
  biltiViewUrlsSchema,
  bookSlotRequestSchema,
  cancelConfirmationSchema,
  cancelRequestSchema,
  cancelResponseSchema,
  chargeDecisionRequestSchema,
  chargeIdParamsSchema,
  chargeRefSchema,
  chargeRequestSchema,
  chatVariablesRequestSchema,
  delayQuerySchema,
  delayResponseSchema,
  demandIdQuerySchema,
  feedbackActionRequestSchema,
  invoiceSchema,
  invoiceUploadUrlQuerySchema,
  invoiceViewQuerySchema,
  loadingSlotRequestSchema,
  notifyConsignerRequestSchema,
  policyExpensesQuerySchema,
  policyExpensesResponseSchema,
  reasonsQuerySchema,
  reasonsResponseSchema,
  replaceVehicleRequestSchema,
  slotQuerySchema,
  slotResponseSchema,
  stateChangeAlertRequestSchema,
  stateChangeWidgetSchema,
  TRIPS_MESSAGES,
  tripDetailSchema,
  tripDetailV2Schema,
  tripExpensesResponseSchema,
  tripFiltersQuerySchema,
  tripFiltersResponseSchema,
  tripIdParamsSchema,
  tripIdQuerySchema,
  tripListQuerySchema,
  tripListResponseSchema,
  tripOtpRequestSchema,
  tripOtpResponseSchema,
  tripRefQuerySchema,
  tripStateDetailSchema,
  tripTransactionsResponseSchema,
  updateDelayRequestSchema,
  updateInvoiceRequestSchema,
  uploadUrlResponseSchema,
  viewUrlResponseSchema,
} from '@bhada/contracts/trips';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { actorOf, operatorIdOf, requireKind, requirePermission } from '../../plugins/auth.ts';
import * as trips from './trips.service.ts';

const tags = ['trips'];
const V1 = '/api/rest/tesseract/v1/trip';
const V2 = '/api/rest/tesseract/v2/trip';

/** Operator trip calls of marketplace §7 and fastag §7.4, plus the admin's decisions. */
export const tripsRoutes: FastifyPluginAsyncZod<{ secret: string }> = async (app, opts) => {
  const view = requirePermission('TRIPS_VIEW');
  const manage = requirePermission('TRIPS_MANAGE');
  const admin = requireKind('ADMIN');
  const deps = (): trips.TripDeps => ({
    db: app.db,
    storage: app.storage,
    notifier: app.notifier,
    events: app.events,
    secret: opts.secret,
  });

  /** the caller's trip, or 404 for a trip of anyone else */
  const mine = (request: FastifyRequest, ref: { id?: string; demandId?: string }) =>
    trips.tripOf(app.db, { ...ref, operatorId: operatorIdOf(actorOf(request)) });
  const byRef = (request: FastifyRequest, q: { 'demand-id'?: string; tripId?: string }) =>
    mine(request, { id: q.tripId, demandId: q.tripId ? undefined : q['demand-id'] });

  app.authorizeTopic('trip', async (actor, id) => {
    if (actor.kind === 'ADMIN') return true;
    if (!actor.operatorId) return false;
    return Boolean(await trips.tripOf(app.db, { id, operatorId: actor.operatorId }).catch(() => null));
  });

  // ---------- lists and details ----------

  app.get(
    V1,
    {
      preValidation: view,
      schema: {
        tags,
        summary: "The operator's trips",
        querystring: tripListQuerySchema,
        response: { 200: envelopeSchema(tripListResponseSchema) },
      },
    },
    async (request) => ok(await trips.listTrips(app.db, operatorIdOf(actorOf(request)), request.query)),
  );

  app.get(
    `${V1}/trip-state-filter`,
    {
      preValidation: view,
      schema: {
        tags,
        summary: 'Trip filters (one selected)',
        querystring: tripFiltersQuerySchema,
        response: { 200: envelopeSchema(tripFiltersResponseSchema) },
      },
    },
    async (request) => ok(await trips.tripFilters(app.db, operatorIdOf(actorOf(request)), request.query.selected)),
  );

  app.get(
    `${V1}/:id`,
    {
      preValidation: view,
      schema: { tags, summary: 'Trip details', params: tripIdParamsSchema, response: { 200: envelopeSchema(tripDetailSchema) } },
    },
    async (request) => ok(await trips.detail(app.db, await mine(request, { id: request.params.id }))),
  );

  app.get(
    `${V2}/:id`,
    {
      preValidation: view,
      schema: { tags, summary: 'Trip details v2', params: tripIdParamsSchema, response: { 200: envelopeSchema(tripDetailV2Schema) } },
    },
    async (request) => ok(await trips.detailV2(app.db, await mine(request, { id: request.params.id }))),
  );

  app.get(
    '/api/odin/operator-app/trip-detail',
    {
      preValidation: view,
      schema: { tags, summary: 'Trip by demand', querystring: demandIdQuerySchema, response: { 200: envelopeSchema(tripDetailV2Schema) } },
    },
    async (request) => ok(await trips.detailV2(app.db, await mine(request, { demandId: request.query['demand-id'] }))),
  );

  app.get(
    `${V2}/trip-state-detail`,
    {
      preValidation: view,
      schema: { tags, summary: 'Trip stages', querystring: tripIdQuerySchema, response: { 200: envelopeSchema(tripStateDetailSchema) } },
    },
    async (request) => ok(await trips.stateDetail(app.db, await mine(request, { id: request.query.tripId }))),
  );

  app.get(
    '/api/odin/operator-app/trip-transactions',
    {
      preValidation: view,
      schema: {
        tags,
        summary: 'Token, advance, balance, deductions',
        querystring: tripRefQuerySchema,
        response: { 200: envelopeSchema(tripTransactionsResponseSchema) },
      },
    },
    async (request) => ok(await trips.transactions(app.db, await byRef(request, request.query))),
  );

  app.get(
    '/api/odin/operator-app/trip-expenses',
    {
      preValidation: view,
      schema: {
        tags,
        summary: 'Claimed charges and summary',
        querystring: tripRefQuerySchema,
        response: { 200: envelopeSchema(tripExpensesResponseSchema) },
      },
    },
    async (request) => ok(await trips.expenses(app.db, await byRef(request, request.query))),
  );

  // ---------- stages ----------

  app.post(
    `${V1}/otp`,
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Send or verify a stage OTP',
        body: tripOtpRequestSchema,
        response: { 200: envelopeSchema(tripOtpResponseSchema) },
      },
    },
    async (request) => {
      const trip = await mine(request, { id: request.body.tripId });
      const result = await trips.stageOtp(deps(), actorOf(request), trip, request.body);
      return ok(result, result.verified ? TRIPS_MESSAGES.otpVerified : TRIPS_MESSAGES.otpSent);
    },
  );

  app.post(
    `${V1}/operator/advance-state`,
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Move the trip to its next stage',
        body: advanceStateRequestSchema,
        response: { 200: envelopeSchema(stateChangeWidgetSchema) },
      },
    },
    async (request) => {
      const trip = await mine(request, { id: request.body.tripId });
      return ok(await trips.advanceState(deps(), actorOf(request), trip, request.body), TRIPS_MESSAGES.stateUpdated);
    },
  );

  app.post(
    `${V1}/operator/advance-state-view`,
    {
      preValidation: view,
      schema: {
        tags,
        summary: 'The state-change widget',
        body: advanceStateViewRequestSchema,
        response: { 200: envelopeSchema(stateChangeWidgetSchema) },
      },
    },
    async (request) => ok(trips.advanceStateView(await mine(request, { id: request.body.tripId }))),
  );

  app.post(
    `${V1}/operator/state-change-alert`,
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Record a state alert',
        body: stateChangeAlertRequestSchema,
        response: { 200: envelopeSchema(alertRefSchema) },
      },
    },
    async (request) => {
      const trip = await mine(request, { id: request.body.tripId });
      return ok(await trips.stateChangeAlert(app.db, actorOf(request), trip, request.body), TRIPS_MESSAGES.alertRecorded);
    },
  );

  app.post(
    '/api/odin/operator-app/trip/feedback-action',
    {
      preValidation: view,
      schema: { tags, summary: 'Trip feedback', body: feedbackActionRequestSchema, response: { 200: envelopeSchema(okSchema) } },
    },
    async (request) => {
      const trip = await mine(request, { id: request.body.tripId });
      return ok(await trips.feedbackAction(app.db, actorOf(request), trip, request.body), TRIPS_MESSAGES.feedbackSaved);
    },
  );

  app.post(
    '/api/rest/tesseract/v1/chats/session/update-variables',
    {
      preValidation: view,
      schema: { tags, summary: 'Support chat context', body: chatVariablesRequestSchema, response: { 200: envelopeSchema(okSchema) } },
    },
    async (request) => {
      const trip = await mine(request, { id: request.body.tripId });
      return ok(await trips.updateChatVariables(app.db, actorOf(request), trip, request.body));
    },
  );

  // ---------- reasons, slots, delays ----------

  app.get(
    `${V2}/:id/reasons`,
    {
      preValidation: view,
      schema: {
        tags,
        summary: 'Reasons by action',
        params: tripIdParamsSchema,
        querystring: reasonsQuerySchema,
        response: { 200: envelopeSchema(reasonsResponseSchema) },
      },
    },
    async (request) => {
      await mine(request, { id: request.params.id });
      return ok(trips.reasons(request.query.action));
    },
  );

  app.get(
    `${V2}/:id/slot`,
    {
      preValidation: view,
      schema: {
        tags,
        summary: 'Bookable slots at a point',
        params: tripIdParamsSchema,
        querystring: slotQuerySchema,
        response: { 200: envelopeSchema(slotResponseSchema) },
      },
    },
    async (request) => ok(await trips.getSlots(deps(), await mine(request, { id: request.params.id }), request.query.location)),
  );

  app.patch(
    `${V2}/:id/slot`,
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Book a slot',
        params: tripIdParamsSchema,
        body: bookSlotRequestSchema,
        response: { 200: envelopeSchema(slotResponseSchema) },
      },
    },
    async (request) =>
      ok(await trips.bookSlot(deps(), await mine(request, { id: request.params.id }), request.body), TRIPS_MESSAGES.slotBooked),
  );

  app.get(
    `${V2}/:id/loading-slot`,
    {
      preValidation: view,
      schema: {
        tags,
        summary: 'Loading slots (fastag §7.4)',
        params: tripIdParamsSchema,
        response: { 200: envelopeSchema(slotResponseSchema) },
      },
    },
    async (request) => ok(await trips.getSlots(deps(), await mine(request, { id: request.params.id }), 'LOADING')),
  );

  app.post(
    `${V2}/:id/loading-slot`,
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Book a loading slot (fastag §7.4)',
        params: tripIdParamsSchema,
        body: loadingSlotRequestSchema,
        response: { 200: envelopeSchema(slotResponseSchema) },
      },
    },
    async (request) =>
      ok(
        await trips.bookSlot(deps(), await mine(request, { id: request.params.id }), { location: 'LOADING', start: request.body.start }),
        TRIPS_MESSAGES.slotBooked,
      ),
  );

  app.get(
    `${V1}/:id/delay`,
    {
      preValidation: view,
      schema: {
        tags,
        summary: 'Delay reasons and reports',
        params: tripIdParamsSchema,
        querystring: delayQuerySchema,
        response: { 200: envelopeSchema(delayResponseSchema) },
      },
    },
    async (request) => ok(await trips.getDelay(deps(), await mine(request, { id: request.params.id }), request.query.type)),
  );

  app.patch(
    `${V1}/:id/delay`,
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Report a delay',
        params: tripIdParamsSchema,
        body: updateDelayRequestSchema,
        response: { 200: envelopeSchema(delayResponseSchema) },
      },
    },
    async (request) =>
      ok(
        await trips.updateDelay(deps(), actorOf(request), await mine(request, { id: request.params.id }), request.body),
        TRIPS_MESSAGES.remarksUpdated,
      ),
  );

  // ---------- charges and invoice ----------

  app.get(
    `${V2}/:id/policy/expenses`,
    {
      preValidation: view,
      schema: {
        tags,
        summary: 'Expense policy',
        params: tripIdParamsSchema,
        querystring: policyExpensesQuerySchema,
        response: { 200: envelopeSchema(policyExpensesResponseSchema) },
      },
    },
    async (request) => {
      await mine(request, { id: request.params.id });
      return ok(trips.expensePolicy(request.query.type));
    },
  );

  app.post(
    `${V2}/:id/charges`,
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Claim or change a charge',
        params: tripIdParamsSchema,
        body: chargeRequestSchema,
        response: { 200: envelopeSchema(chargeRefSchema) },
      },
    },
    async (request) =>
      ok(await trips.claimCharge(deps(), await mine(request, { id: request.params.id }), request.body), TRIPS_MESSAGES.chargeSubmitted),
  );

  app.get(
    `${V2}/:id/invoice/upload-url`,
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Signed URL for the invoice file',
        params: tripIdParamsSchema,
        querystring: invoiceUploadUrlQuerySchema,
        response: { 200: envelopeSchema(uploadUrlResponseSchema) },
      },
    },
    async (request) =>
      ok(await trips.invoiceUploadUrl(deps(), actorOf(request), await mine(request, { id: request.params.id }), request.query.file)),
  );

  app.patch(
    `${V2}/:id/invoice`,
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Attach the uploaded invoice',
        params: tripIdParamsSchema,
        body: updateInvoiceRequestSchema,
        response: { 200: envelopeSchema(invoiceSchema.nullable()) },
      },
    },
    async (request) =>
      ok(await trips.updateInvoice(deps(), await mine(request, { id: request.params.id }), request.body), TRIPS_MESSAGES.invoiceUpdated),
  );

  app.delete(
    `${V2}/:id/invoice`,
    {
      preValidation: manage,
      schema: { tags, summary: 'Remove the invoice', params: tripIdParamsSchema, response: { 200: envelopeSchema(okSchema) } },
    },
    async (request) => ok(await trips.deleteInvoice(deps(), await mine(request, { id: request.params.id })), TRIPS_MESSAGES.invoiceDeleted),
  );

  app.get(
    `${V2}/:id/invoice/view-url`,
    {
      preValidation: view,
      schema: {
        tags,
        summary: 'Signed URL to view the invoice',
        params: tripIdParamsSchema,
        querystring: invoiceViewQuerySchema,
        response: { 200: envelopeSchema(viewUrlResponseSchema) },
      },
    },
    async (request) => ok(await trips.invoiceViewUrl(deps(), await mine(request, { id: request.params.id }), request.query.filePath)),
  );

  // ---------- cancel, replace, notify, bilti (fastag §7.4) ----------

  app.get(
    `${V2}/:id/cancel-reasons`,
    {
      preValidation: view,
      schema: { tags, summary: 'Cancel reasons', params: tripIdParamsSchema, response: { 200: envelopeSchema(reasonsResponseSchema) } },
    },
    async (request) => {
      await mine(request, { id: request.params.id });
      return ok(trips.reasons('CANCEL'));
    },
  );

  app.get(
    `${V2}/:id/cancel-confirmation`,
    {
      preValidation: view,
      schema: {
        tags,
        summary: 'What cancelling refunds',
        params: tripIdParamsSchema,
        response: { 200: envelopeSchema(cancelConfirmationSchema) },
      },
    },
    async (request) => ok(await trips.cancelConfirmation(deps(), await mine(request, { id: request.params.id }))),
  );

  app.post(
    `${V2}/:id/cancel`,
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Cancel the trip',
        params: tripIdParamsSchema,
        body: cancelRequestSchema,
        response: { 200: envelopeSchema(cancelResponseSchema) },
      },
    },
    async (request) =>
      ok(
        await trips.cancelTrip(deps(), actorOf(request), await mine(request, { id: request.params.id }), request.body),
        TRIPS_MESSAGES.cancelled,
      ),
  );

  app.get(
    `${V2}/:id/replace-vehicle-reasons`,
    {
      preValidation: view,
      schema: {
        tags,
        summary: 'Vehicle replacement reasons',
        params: tripIdParamsSchema,
        response: { 200: envelopeSchema(reasonsResponseSchema) },
      },
    },
    async (request) => {
      await mine(request, { id: request.params.id });
      return ok(trips.reasons('REPLACE_VEHICLE'));
    },
  );

  app.post(
    `${V2}/replace-vehice`,
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Replace the vehicle (spec spelling)',
        body: replaceVehicleRequestSchema,
        response: { 200: envelopeSchema(z.object({ tripId: z.string(), vehicleId: z.string(), vehicleNumber: z.string() })) },
      },
    },
    async (request) =>
      ok(
        await trips.replaceVehicle(deps(), actorOf(request), await mine(request, { id: request.body.tripId }), request.body),
        TRIPS_MESSAGES.vehicleReplaced,
      ),
  );

  app.post(
    `${V2}/:id/notifyconsigner`,
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Tell the consigner where the truck is',
        params: tripIdParamsSchema,
        body: notifyConsignerRequestSchema.optional(),
        response: { 200: envelopeSchema(okSchema) },
      },
    },
    async (request) =>
      ok(
        await trips.notifyConsigner(deps(), await mine(request, { id: request.params.id }), request.body?.message),
        TRIPS_MESSAGES.consignerNotified,
      ),
  );

  app.get(
    `${V2}/document/:id/bilti/view-urls`,
    {
      preValidation: view,
      schema: {
        tags,
        summary: 'Bilti (lorry receipt) view URLs',
        params: tripIdParamsSchema,
        response: { 200: envelopeSchema(biltiViewUrlsSchema) },
      },
    },
    async (request) => ok(await trips.biltiViewUrls(deps(), await mine(request, { id: request.params.id }))),
  );

  // ---------- admin ----------

  const anyTrip = (id: string) => trips.tripOf(app.db, { id, operatorId: null });

  app.get(
    '/api/admin/trips',
    {
      preValidation: admin,
      schema: {
        tags,
        summary: 'Admin: trips by state',
        querystring: adminTripsQuerySchema,
        response: { 200: envelopeSchema(tripListResponseSchema) },
      },
    },
    async (request) => ok(await trips.adminList(app.db, request.query)),
  );

  app.get(
    '/api/admin/trips/:id',
    {
      preValidation: admin,
      schema: { tags, summary: 'Admin: trip details', params: tripIdParamsSchema, response: { 200: envelopeSchema(tripDetailV2Schema) } },
    },
    async (request) => ok(await trips.detailV2(app.db, await anyTrip(request.params.id))),
  );

  app.post(
    '/api/admin/trips/:id/charges/:chargeId/decision',
    {
      preValidation: admin,
      schema: {
        tags,
        summary: 'Admin: approve or reject a claim',
        params: chargeIdParamsSchema,
        body: chargeDecisionRequestSchema,
        response: { 200: envelopeSchema(chargeRefSchema) },
      },
    },
    async (request) => ok(await trips.decideCharge(app.db, await anyTrip(request.params.id), request.params.chargeId, request.body)),
  );

  app.post(
    '/api/admin/trips/:id/complete',
    {
      preValidation: admin,
      schema: {
        tags,
        summary: 'Admin: retry settlement of a verified trip',
        params: tripIdParamsSchema,
        response: { 200: envelopeSchema(okSchema) },
      },
    },
    async (request) => {
      await trips.completeTrip(deps(), request.params.id);
      return ok({ ok: true as const });
    },
  );
};
