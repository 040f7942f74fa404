import { envelopeSchema } from '@bhada/contracts/common';
import {
  adminTicketListSchema,
  adminTicketQuerySchema,
  assignRequestSchema,
  createTicketRequestSchema,
  resolveRequestSchema,
  SUPPORT_MESSAGES,
  sendMessageRequestSchema,
  ticketDetailSchema,
  ticketIdParamsSchema,
  ticketListQuerySchema,
  ticketListResponseSchema,
  ticketMessageSchema,
  ticketUploadRequestSchema,
  ticketUploadResponseSchema,
} from '@bhada/contracts/support';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { actorOf, operatorIdOf, requireKind, requirePermission } from '../../plugins/auth.ts';
import * as supportDesk from './support-desk.service.ts';
import * as tickets from './tickets.service.ts';

const tags = ['support'];
const V1 = '/api/rest/tesseract/v1/ticket';
const DESK = '/api/admin/tickets';

const operatorOf = (request: FastifyRequest): tickets.OperatorActor => {
  const actor = actorOf(request);
  return { operatorId: operatorIdOf(actor), userCode: actor.userCode, name: actor.name };
};
const deskOf = (request: FastifyRequest): tickets.DeskActor => {
  const actor = actorOf(request);
  return { userCode: actor.userCode, name: actor.name };
};

/** Tickets and their thread for operators; the support desk for admins (issue 14, ADR 120). */
export const ticketsRoutes: FastifyPluginAsyncZod = async (app) => {
  const mine = requirePermission('TICKETS_MANAGE');
  const desk = requireKind('ADMIN');

  app.authorizeTopic('ticket', (actor, id) =>
    tickets.mayFollowTicket(app.ctx, { operatorId: actor.operatorId, admin: actor.kind === 'ADMIN', id }),
  );
  app.authorizeTopic('support', async (actor, id) => actor.kind === 'ADMIN' && id === 'desk');

  app.get(
    V1,
    {
      preValidation: mine,
      schema: {
        tags,
        summary: "The operator's tickets",
        querystring: ticketListQuerySchema,
        response: { 200: envelopeSchema(ticketListResponseSchema) },
      },
    },
    async (request) => ok(await tickets.listTickets(app.ctx, { operatorId: operatorOf(request).operatorId, query: request.query })),
  );

  app.post(
    V1,
    {
      preValidation: mine,
      schema: {
        tags,
        summary: 'Raise a ticket (by hand, or from a trip, payment, load or the chat page context)',
        body: createTicketRequestSchema,
        response: { 200: envelopeSchema(ticketDetailSchema) },
      },
    },
    async (request) =>
      ok(await tickets.createTicket(app.ctx, { actor: operatorOf(request), body: request.body }), SUPPORT_MESSAGES.ticketCreated),
  );

  app.get(
    `${V1}/:id`,
    {
      preValidation: mine,
      schema: {
        tags,
        summary: 'A ticket with its thread',
        params: ticketIdParamsSchema,
        response: { 200: envelopeSchema(ticketDetailSchema) },
      },
    },
    async (request) => ok(await tickets.ticketDetail(app.ctx, { operatorId: operatorOf(request).operatorId, id: request.params.id })),
  );

  app.post(
    `${V1}/:id/messages`,
    {
      preValidation: mine,
      schema: {
        tags,
        summary: 'Write on the ticket (text and up to 3 uploaded photos)',
        params: ticketIdParamsSchema,
        body: sendMessageRequestSchema,
        response: { 200: envelopeSchema(ticketMessageSchema) },
      },
    },
    async (request) =>
      ok(
        await tickets.operatorMessage(app.ctx, { actor: operatorOf(request), id: request.params.id, body: request.body }),
        SUPPORT_MESSAGES.messageSent,
      ),
  );

  app.post(
    `${V1}/:id/upload-url`,
    {
      preValidation: mine,
      schema: {
        tags,
        summary: 'A signed upload URL for a photo on the ticket',
        params: ticketIdParamsSchema,
        body: ticketUploadRequestSchema,
        response: { 200: envelopeSchema(ticketUploadResponseSchema) },
      },
    },
    async (request) =>
      ok(
        await tickets.issueOperatorUpload(app.ctx, { actor: operatorOf(request), id: request.params.id, fileName: request.body.fileName }),
      ),
  );

  app.post(
    `${V1}/:id/close`,
    {
      preValidation: mine,
      schema: { tags, summary: 'Close my ticket', params: ticketIdParamsSchema, response: { 200: envelopeSchema(ticketDetailSchema) } },
    },
    async (request) => ok(await tickets.closeTicket(app.ctx, { actor: operatorOf(request), id: request.params.id })),
  );

  // ---------- the support desk ----------

  app.get(
    DESK,
    {
      preValidation: desk,
      schema: {
        tags,
        summary: 'Support desk: the queue by status and age',
        querystring: adminTicketQuerySchema,
        response: { 200: envelopeSchema(adminTicketListSchema) },
      },
    },
    async (request) => ok(await supportDesk.deskQueue(app.ctx, { query: request.query })),
  );

  app.get(
    `${DESK}/:id`,
    {
      preValidation: desk,
      schema: {
        tags,
        summary: 'Support desk: a ticket and its thread',
        params: ticketIdParamsSchema,
        response: { 200: envelopeSchema(ticketDetailSchema) },
      },
    },
    async (request) => ok(await supportDesk.deskTicket(app.ctx, { id: request.params.id })),
  );

  app.post(
    `${DESK}/:id/assign`,
    {
      preValidation: desk,
      schema: {
        tags,
        summary: 'Support desk: take or assign a ticket',
        params: ticketIdParamsSchema,
        body: assignRequestSchema,
        response: { 200: envelopeSchema(ticketDetailSchema) },
      },
    },
    async (request) =>
      ok(
        await supportDesk.assign(app.ctx, { desk: deskOf(request), id: request.params.id, assignee: request.body.assignee }),
        SUPPORT_MESSAGES.assigned,
      ),
  );

  app.post(
    `${DESK}/:id/messages`,
    {
      preValidation: desk,
      schema: {
        tags,
        summary: 'Support desk: reply on a ticket',
        params: ticketIdParamsSchema,
        body: sendMessageRequestSchema,
        response: { 200: envelopeSchema(ticketMessageSchema) },
      },
    },
    async (request) =>
      ok(
        await supportDesk.deskReply(app.ctx, { desk: deskOf(request), id: request.params.id, body: request.body }),
        SUPPORT_MESSAGES.messageSent,
      ),
  );

  app.post(
    `${DESK}/:id/upload-url`,
    {
      preValidation: desk,
      schema: {
        tags,
        summary: 'Support desk: a signed upload URL for a photo in a reply',
        params: ticketIdParamsSchema,
        body: ticketUploadRequestSchema,
        response: { 200: envelopeSchema(ticketUploadResponseSchema) },
      },
    },
    async (request) =>
      ok(await tickets.issueDeskUpload(app.ctx, { desk: deskOf(request), id: request.params.id, fileName: request.body.fileName })),
  );

  app.post(
    `${DESK}/:id/resolve`,
    {
      preValidation: desk,
      schema: {
        tags,
        summary: "Support desk: resolve (a toll dispute in the operator's favour credits the tag once)",
        params: ticketIdParamsSchema,
        body: resolveRequestSchema,
        response: { 200: envelopeSchema(ticketDetailSchema) },
      },
    },
    async (request) =>
      ok(
        await supportDesk.resolve(app.ctx, { desk: deskOf(request), id: request.params.id, body: request.body }),
        SUPPORT_MESSAGES.resolved,
      ),
  );
};
