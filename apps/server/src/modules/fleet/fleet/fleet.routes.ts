import { okSchema } from '@bhada/contracts/common';
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
} from '@bhada/contracts/fleet/fleet';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeTable } from '../../../lib/route-table.ts';
import { textLocale } from '../../../lib/user-text.ts';
import { actorOf, operatorIdOf, requireKind, requirePermission } from '../../../plugins/auth.ts';
import * as fleet from './fleet.service.ts';
import { mayFollowFleet } from './fleet-live.ts';
import * as maintenance from './maintenance.service.ts';
import * as report from './trips-report.service.ts';

const tags = ['fleet'];
const base = '/api/rest/tesseract/v1';
const opOf = (request: FastifyRequest) => operatorIdOf(actorOf(request));

/** Drivers, GPS orders and the fleet map (issue 12, ADR 100). */
export const fleetRoutes: FastifyPluginAsyncZod<{ publicUrl?: string; production: boolean }> = async (app, opts) => {
  const view = routeTable(app, { tags, guard: requirePermission('VEHICLES_VIEW') });
  const manage = routeTable(app, { tags, guard: requirePermission('VEHICLES_MANAGE') });
  const admin = routeTable(app, { tags, guard: requireKind('ADMIN') });
  // the GPS Dashboard's live positions: only the operator's own users whose role sees vehicles (ADR 103)
  app.authorizeTopic('fleet', async (actor, id) => mayFollowFleet(actor, id));
  // maintenance (issue 12 point 7, ADR 101)
  await app.register(maintenanceRoutes);
  // trips report (issue 12 point 6, ADR 102)
  await app.register(tripsReportRoutes);

  view.get('/api/fleet/drivers', { summary: 'My drivers', data: z.array(driverSchema) }, (request) =>
    fleet.listDrivers(app.ctx, { operatorId: opOf(request) }),
  );

  manage.post('/api/fleet/drivers', { summary: 'Add a driver', body: driverRequestSchema, data: driverSchema }, (request) =>
    fleet.addDriver(app.ctx, { operatorId: opOf(request), driver: request.body }),
  );

  manage.put(
    '/api/fleet/drivers/:id',
    {
      summary: 'Edit a driver (name, mobile, licence, assigned vehicle)',
      params: vehicleIdParamsSchema,
      body: driverRequestSchema,
      data: driverSchema,
    },
    (request) => fleet.editDriver(app.ctx, { operatorId: opOf(request), driverId: request.params.id, driver: request.body }),
  );

  manage.delete(
    '/api/fleet/drivers/:id',
    { summary: 'Remove a driver (not while on an active trip)', params: vehicleIdParamsSchema, data: okSchema },
    (request) => fleet.removeDriver(app.ctx, { operatorId: opOf(request), driverId: request.params.id }),
  );

  view.get(`${base}/gps/order-info`, { summary: 'GPS product info, images and my GPS orders', data: gpsInfoSchema }, (request) =>
    fleet.gpsInfo(app.ctx, { operatorId: opOf(request) }),
  );

  view.get(
    `${base}/vehicle/:id/gps-eligibility`,
    {
      summary: 'Can this vehicle get a GPS device (verified, no device, no open order)',
      params: vehicleIdParamsSchema,
      data: gpsEligibilitySchema,
    },
    (request) => fleet.gpsEligibility(app.ctx, { operatorId: opOf(request), vehicleId: request.params.id }),
  );

  manage.post(
    `${base}/vehicle/:id/install-gps`,
    {
      summary: 'Order a GPS device for the vehicle',
      params: vehicleIdParamsSchema,
      body: installGpsRequestSchema,
      data: gpsOrderSchema,
      message: FLEET_MESSAGES.gpsPlaced,
    },
    async (request) => {
      const actor = actorOf(request);
      return fleet.installGps(app.ctx, {
        operatorId: operatorIdOf(actor),
        userId: actor.userId,
        userPhone: actor.phone,
        vehicleId: request.params.id,
        contactPhone: request.body.contactPhone,
      });
    },
  );

  view.get(
    '/api/fleet/map',
    { summary: 'Every vehicle of my fleet at its last position: moving, stopped or offline', data: fleetMapSchema },
    (request) => fleet.fleetMap(app.ctx, { operatorId: opOf(request) }),
  );

  view.get(
    '/api/fleet/map/:id',
    { summary: "A vehicle's running trip and newest positions", params: vehicleIdParamsSchema, data: fleetVehicleDetailSchema },
    (request) => fleet.fleetVehicle(app.ctx, { operatorId: opOf(request), vehicleId: request.params.id }),
  );

  admin.get('/api/admin/fleet/gps-orders', { summary: 'Admin: GPS orders, open first', data: z.array(adminGpsOrderSchema) }, () =>
    fleet.gpsOrdersForAdmin(app.ctx),
  );

  admin.post(
    '/api/admin/fleet/gps-orders/:id/move',
    {
      summary: 'Admin: schedule, install (registers the device for tracking) or cancel a GPS order',
      params: vehicleIdParamsSchema,
      body: adminGpsMoveSchema,
      data: adminGpsOrderSchema,
    },
    async (request) => {
      const server = opts.publicUrl ?? `${request.protocol}://${request.host}`;
      return await fleet.moveGpsOrder(app.ctx, {
        orderId: request.params.id,
        to: request.body.status,
        scheduledFor: request.body.scheduledFor,
        serverUrl: `${server}/api/tracking/osmand`,
      });
    },
  );
};

/** Maintenance: document expiries and service reminders per vehicle (issue 12 point 7, ADR 101). */
const maintenanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const view = routeTable(app, { tags, guard: requirePermission('VEHICLES_VIEW') });
  const manage = routeTable(app, { tags, guard: requirePermission('VEHICLES_MANAGE') });

  view.get(
    '/api/fleet/maintenance',
    {
      summary: 'Every vehicle with its document expiries and service reminders, flagged due or overdue',
      data: z.array(maintenanceVehicleSchema),
    },
    (request) => maintenance.overview(app.ctx, { operatorId: operatorIdOf(actorOf(request)) }),
  );

  manage.post(
    '/api/fleet/maintenance/reminders',
    {
      summary: 'Add a service reminder due by date or odometer reading',
      body: maintenanceReminderRequestSchema,
      data: maintenanceReminderSchema,
    },
    async (request) => {
      const actor = actorOf(request);
      return await maintenance.addReminder(app.ctx, { operatorId: operatorIdOf(actor), userId: actor.userId, reminder: request.body });
    },
  );

  manage.post(
    '/api/fleet/maintenance/reminders/:id/done',
    {
      summary: 'Mark a reminder done with a note and its cost in paisa',
      params: maintenanceReminderParamsSchema,
      body: maintenanceDoneRequestSchema,
      data: maintenanceReminderSchema,
    },
    async (request) => {
      const actor = actorOf(request);
      return await maintenance.markDone(app.ctx, {
        operatorId: operatorIdOf(actor),
        userId: actor.userId,
        reminderId: request.params.id,
        done: request.body,
      });
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
      const actor = actorOf(request);
      const lang = textLocale(request.headers.locale, actor.locale);
      const file = await report.tripsReport(app.ctx, { operatorId: operatorIdOf(actor), ...request.query }, lang);
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Length', file.body.length)
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('Cache-Control', 'no-store')
        .send(file.body);
    },
  );
};
