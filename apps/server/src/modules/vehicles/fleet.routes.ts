import { envelopeSchema, okSchema } from '@bhada/contracts/common';
import {
  adminGpsMoveSchema,
  adminGpsOrderSchema,
  driverRequestSchema,
  driverSchema,
  FLEET_MESSAGES,
  fleetMapSchema,
  fleetVehicleDetailSchema,
  gpsEligibilitySchema,
  gpsInfoSchema,
  gpsOrderSchema,
  installGpsRequestSchema,
  maintenanceDoneRequestSchema,
  maintenanceReminderParamsSchema,
  maintenanceReminderRequestSchema,
  maintenanceReminderSchema,
  maintenanceVehicleSchema,
  tripsReportQuerySchema,
  vehicleIdParamsSchema,
} from '@bhada/contracts/fleet';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { actorOf, operatorIdOf, requireKind, requirePermission } from '../../plugins/auth.ts';
import * as fleet from './fleet.service.ts';
import { mayFollowFleet } from './fleet-live.ts';
import * as maintenance from './maintenance.service.ts';
import * as report from './trips-report.service.ts';

const tags = ['fleet'];
const base = '/api/rest/tesseract/v1';
const opOf = (request: FastifyRequest) => operatorIdOf(actorOf(request));

/** Drivers, GPS orders and the fleet map (issue 12, ADR 100). */
export const fleetRoutes: FastifyPluginAsyncZod<{ publicUrl?: string; production: boolean }> = async (app, opts) => {
  const view = requirePermission('VEHICLES_VIEW');
  const manage = requirePermission('VEHICLES_MANAGE');
  const admin = requireKind('ADMIN');
  // the GPS Dashboard's live positions: only the operator's own users whose role sees vehicles (ADR 103)
  app.authorizeTopic('fleet', async (actor, id) => mayFollowFleet(actor, id));
  // maintenance (issue 12 point 7, ADR 101)
  await app.register(maintenanceRoutes);
  // trips report (issue 12 point 6, ADR 102)
  await app.register(tripsReportRoutes);

  app.get(
    '/api/fleet/drivers',
    { preValidation: view, schema: { tags, summary: 'My drivers', response: { 200: envelopeSchema(z.array(driverSchema)) } } },
    async (request) => ok(await fleet.listDrivers(app.ctx, { operatorId: opOf(request) })),
  );

  app.post(
    '/api/fleet/drivers',
    {
      preValidation: manage,
      schema: { tags, summary: 'Add a driver', body: driverRequestSchema, response: { 200: envelopeSchema(driverSchema) } },
    },
    async (request) => ok(await fleet.addDriver(app.ctx, { operatorId: opOf(request), driver: request.body })),
  );

  app.put(
    '/api/fleet/drivers/:id',
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Edit a driver (name, mobile, licence, assigned vehicle)',
        params: vehicleIdParamsSchema,
        body: driverRequestSchema,
        response: { 200: envelopeSchema(driverSchema) },
      },
    },
    async (request) =>
      ok(await fleet.editDriver(app.ctx, { operatorId: opOf(request), driverId: request.params.id, driver: request.body })),
  );

  app.delete(
    '/api/fleet/drivers/:id',
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Remove a driver (not while on an active trip)',
        params: vehicleIdParamsSchema,
        response: { 200: envelopeSchema(okSchema) },
      },
    },
    async (request) => ok(await fleet.removeDriver(app.ctx, { operatorId: opOf(request), driverId: request.params.id })),
  );

  app.get(
    `${base}/gps/order-info`,
    {
      preValidation: view,
      schema: { tags, summary: 'GPS product info, images and my GPS orders', response: { 200: envelopeSchema(gpsInfoSchema) } },
    },
    async (request) => ok(await fleet.gpsInfo(app.ctx, { operatorId: opOf(request) })),
  );

  app.get(
    `${base}/vehicle/:id/gps-eligibility`,
    {
      preValidation: view,
      schema: {
        tags,
        summary: 'Can this vehicle get a GPS device (verified, no device, no open order)',
        params: vehicleIdParamsSchema,
        response: { 200: envelopeSchema(gpsEligibilitySchema) },
      },
    },
    async (request) => ok(await fleet.gpsEligibility(app.ctx, { operatorId: opOf(request), vehicleId: request.params.id })),
  );

  app.post(
    `${base}/vehicle/:id/install-gps`,
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Order a GPS device for the vehicle',
        params: vehicleIdParamsSchema,
        body: installGpsRequestSchema,
        response: { 200: envelopeSchema(gpsOrderSchema) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const order = await fleet.installGps(app.ctx, {
        operatorId: operatorIdOf(actor),
        userId: actor.userId,
        userPhone: actor.phone,
        vehicleId: request.params.id,
        contactPhone: request.body.contactPhone,
      });
      return ok(order, FLEET_MESSAGES.gpsPlaced);
    },
  );

  app.get(
    '/api/fleet/map',
    {
      preValidation: view,
      schema: {
        tags,
        summary: 'Every vehicle of my fleet at its last position: moving, stopped or offline',
        response: { 200: envelopeSchema(fleetMapSchema) },
      },
    },
    async (request) => ok(await fleet.fleetMap(app.ctx, { operatorId: opOf(request) })),
  );

  app.get(
    '/api/fleet/map/:id',
    {
      preValidation: view,
      schema: {
        tags,
        summary: "A vehicle's running trip and newest positions",
        params: vehicleIdParamsSchema,
        response: { 200: envelopeSchema(fleetVehicleDetailSchema) },
      },
    },
    async (request) => ok(await fleet.fleetVehicle(app.ctx, { operatorId: opOf(request), vehicleId: request.params.id })),
  );

  app.get(
    '/api/admin/fleet/gps-orders',
    {
      preValidation: admin,
      schema: { tags, summary: 'Admin: GPS orders, open first', response: { 200: envelopeSchema(z.array(adminGpsOrderSchema)) } },
    },
    async () => ok(await fleet.gpsOrdersForAdmin(app.ctx)),
  );

  app.post(
    '/api/admin/fleet/gps-orders/:id/move',
    {
      preValidation: admin,
      schema: {
        tags,
        summary: 'Admin: schedule, install (registers the device for tracking) or cancel a GPS order',
        params: vehicleIdParamsSchema,
        body: adminGpsMoveSchema,
        response: { 200: envelopeSchema(adminGpsOrderSchema) },
      },
    },
    async (request) => {
      const server = opts.publicUrl ?? `${request.protocol}://${request.host}`;
      return ok(
        await fleet.moveGpsOrder(app.ctx, {
          orderId: request.params.id,
          to: request.body.status,
          scheduledFor: request.body.scheduledFor,
          serverUrl: `${server}/api/tracking/osmand`,
        }),
      );
    },
  );
};

/** Maintenance: document expiries and service reminders per vehicle (issue 12 point 7, ADR 101). */
const maintenanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const view = requirePermission('VEHICLES_VIEW');
  const manage = requirePermission('VEHICLES_MANAGE');

  app.get(
    '/api/fleet/maintenance',
    {
      preValidation: view,
      schema: {
        tags,
        summary: 'Every vehicle with its document expiries and service reminders, flagged due or overdue',
        response: { 200: envelopeSchema(z.array(maintenanceVehicleSchema)) },
      },
    },
    async (request) => ok(await maintenance.overview(app.ctx, { operatorId: operatorIdOf(actorOf(request)) })),
  );

  app.post(
    '/api/fleet/maintenance/reminders',
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Add a service reminder due by date or odometer reading',
        body: maintenanceReminderRequestSchema,
        response: { 200: envelopeSchema(maintenanceReminderSchema) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return ok(await maintenance.addReminder(app.ctx, { operatorId: operatorIdOf(actor), userId: actor.userId, reminder: request.body }));
    },
  );

  app.post(
    '/api/fleet/maintenance/reminders/:id/done',
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Mark a reminder done with a note and its cost in paisa',
        params: maintenanceReminderParamsSchema,
        body: maintenanceDoneRequestSchema,
        response: { 200: envelopeSchema(maintenanceReminderSchema) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return ok(
        await maintenance.markDone(app.ctx, {
          operatorId: operatorIdOf(actor),
          userId: actor.userId,
          reminderId: request.params.id,
          done: request.body,
        }),
      );
    },
  );
};

/**
 * The trips report (issue 12 point 6, ADR 102): the file is built whole, then sent with its length, so
 * the page shows real download progress from Content-Length.
 */
const tripsReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/fleet/reports/trips',
    {
      preValidation: requirePermission('REPORTS_DOWNLOAD'),
      schema: {
        tags: ['fleet'],
        summary: 'Trips report (freight, tolls, expenses per trip; maintenance as its own rows) as xlsx or pdf',
        querystring: tripsReportQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await report.tripsReport(app.ctx, { operatorId: operatorIdOf(actorOf(request)), ...request.query });
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Length', file.body.length)
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('Cache-Control', 'no-store')
        .send(file.body);
    },
  );
};
