import { envelopeSchema } from '@bhada/contracts/common';
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
} from '@bhada/contracts/operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { requireKind } from '../../plugins/auth.ts';
import * as consignments from './consignments.service.ts';
import { staffOf } from './operations-access.ts';

const tags = ['operations'];

/** Consignment admin (spec §7 "Consignment admin"): the admin kind only (ADR 130). */
export const consignmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = requireKind('ADMIN');

  app.get(
    '/api/vehicle/loadType',
    {
      preValidation: staff,
      schema: { tags, summary: 'Load types for a consignment', response: { 200: envelopeSchema(loadTypesResponseSchema) } },
    },
    async () => ok(consignments.loadTypes()),
  );

  app.get(
    '/api/lanes/getLanes',
    {
      preValidation: staff,
      schema: { tags, summary: 'Lanes (origin and destination) for a consignment', response: { 200: envelopeSchema(lanesResponseSchema) } },
    },
    async () => ok(await consignments.lookups(app.ctx)),
  );

  app.get(
    '/api/admin/consignment/list',
    {
      preValidation: staff,
      schema: {
        tags,
        summary: 'Consignments, newest change first',
        querystring: consignmentListQuerySchema,
        response: { 200: envelopeSchema(consignmentListResponseSchema) },
      },
    },
    async (request) => ok(await consignments.listConsignments(app.ctx, request.query)),
  );

  app.get(
    '/api/admin/consignment/get',
    {
      preValidation: staff,
      schema: {
        tags,
        summary: 'One consignment with its change history',
        querystring: consignmentIdQuerySchema,
        response: { 200: envelopeSchema(consignmentSchema) },
      },
    },
    async (request) => ok(await consignments.getConsignment(app.ctx, request.query)),
  );

  app.post(
    '/api/admin/consignment/update',
    {
      preValidation: staff,
      schema: {
        tags,
        summary: 'Edit a consignment (or create one without cId); the change is kept in its history',
        body: updateConsignmentRequestSchema,
        response: { 200: envelopeSchema(consignmentSchema) },
      },
    },
    async (request) =>
      ok(
        await consignments.updateConsignment(app.ctx, { staff: staffOf(request), input: request.body }),
        OPERATIONS_MESSAGES.consignmentUpdated,
      ),
  );

  // spec: deleting through GET; it needs the admin kind and deleting twice answers the same
  app.get(
    '/api/admin/consignment/delete',
    {
      preValidation: staff,
      schema: {
        tags,
        summary: 'Delete a consignment (refused once money was collected or the goods loaded)',
        querystring: consignmentIdQuerySchema,
        response: { 200: envelopeSchema(deleteConsignmentResponseSchema) },
      },
    },
    async (request) =>
      ok(
        await consignments.deleteConsignment(app.ctx, { staff: staffOf(request), cId: request.query.cId }),
        OPERATIONS_MESSAGES.consignmentDeleted,
      ),
  );

  app.get(
    '/api/consignee/list',
    {
      preValidation: staff,
      schema: { tags, summary: 'Consignees to choose from', response: { 200: envelopeSchema(consigneeListResponseSchema) } },
    },
    async () => ok(await consignments.listConsignees(app.ctx)),
  );
};
