import { envelopeSchema } from '@bhada/contracts/common';
import {
  maintenanceDoneRequestSchema,
  maintenanceReminderParamsSchema,
  maintenanceReminderRequestSchema,
  maintenanceReminderSchema,
  maintenanceVehicleSchema,
} from '@bhada/contracts/fleet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { actorOf, operatorIdOf, requirePermission } from '../../plugins/auth.ts';
import * as maintenance from './maintenance.service.ts';

const tags = ['fleet'];

/** Maintenance: document expiries and service reminders per vehicle (issue 12 point 7, ADR 101). */
export const maintenanceRoutes: FastifyPluginAsyncZod = async (app) => {
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
