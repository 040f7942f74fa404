import {
  consigneeListResponseSchema,
  consignmentIdQuerySchema,
  consignmentListQuerySchema,
  consignmentListResponseSchema,
  consignmentSchema,
  deleteConsignmentResponseSchema,
  lanesResponseSchema,
  loadTypesResponseSchema,
  OPERATIONS_MESSAGES,
  updateConsignmentRequestSchema,
} from '@bhada/contracts/operations/operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as consignments from './consignments.service.ts';
import { deskRoutes, staffOf } from './operations-access.ts';

/** Consignment admin (spec §7 "Consignment admin"): the admin kind only (ADR 130). */
export const consignmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = deskRoutes(app);

  staff.get('/api/vehicle/loadType', { summary: 'Load types for a consignment', data: loadTypesResponseSchema }, () =>
    consignments.loadTypes(),
  );

  staff.get('/api/lanes/getLanes', { summary: 'Lanes (origin and destination) for a consignment', data: lanesResponseSchema }, () =>
    consignments.lookups(app.ctx),
  );

  staff.read(
    '/api/admin/consignment/list',
    { summary: 'Consignments, newest change first', query: consignmentListQuerySchema, data: consignmentListResponseSchema },
    consignments.listConsignments,
  );

  staff.read(
    '/api/admin/consignment/get',
    { summary: 'One consignment with its change history', query: consignmentIdQuerySchema, data: consignmentSchema },
    consignments.getConsignment,
  );

  staff.edit(
    '/api/admin/consignment/update',
    {
      summary: 'Edit a consignment (or create one without cId); the change is kept in its history',
      body: updateConsignmentRequestSchema,
      data: consignmentSchema,
      message: OPERATIONS_MESSAGES.consignmentUpdated,
    },
    consignments.updateConsignment,
  );

  // spec: deleting through GET; it needs the admin kind and deleting twice answers the same
  staff.get(
    '/api/admin/consignment/delete',
    {
      summary: 'Delete a consignment (refused once money was collected or the goods loaded)',
      query: consignmentIdQuerySchema,
      data: deleteConsignmentResponseSchema,
      message: OPERATIONS_MESSAGES.consignmentDeleted,
    },
    (request) => consignments.deleteConsignment(app.ctx, { staff: staffOf(request), cId: request.query.cId }),
  );

  staff.get('/api/consignee/list', { summary: 'Consignees to choose from', data: consigneeListResponseSchema }, () =>
    consignments.listConsignees(app.ctx),
  );
};
