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
} from '@bhada/contracts/support/support';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeTable } from '../../../lib/route-table.ts';
import { actorOf, operatorIdOf, requireKind, requirePermission } from '../../../plugins/auth.ts';
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
  const mine = routeTable(app, { tags, guard: requirePermission('TICKETS_MANAGE') });
  const desk = routeTable(app, { tags, guard: requireKind('ADMIN') });

  app.authorizeTopic('ticket', (actor, id) =>
    tickets.mayFollowTicket(app.ctx, { operatorId: actor.operatorId, admin: actor.kind === 'ADMIN', id }),
  );
  app.authorizeTopic('support', async (actor, id) => actor.kind === 'ADMIN' && id === 'desk');

  // writing on a ticket and uploading a photo for it take the same contract on both sides of the thread
  const writing = {
    params: ticketIdParamsSchema,
    body: sendMessageRequestSchema,
    data: ticketMessageSchema,
    message: SUPPORT_MESSAGES.messageSent,
  };
  const uploading = { params: ticketIdParamsSchema, body: ticketUploadRequestSchema, data: ticketUploadResponseSchema };

  mine.get(V1, { summary: "The operator's tickets", query: ticketListQuerySchema, data: ticketListResponseSchema }, (request) =>
    tickets.listTickets(app.ctx, { operatorId: operatorOf(request).operatorId, query: request.query }),
  );

  mine.post(
    V1,
    {
      summary: 'Raise a ticket (by hand, or from a trip, payment, load or the chat page context)',
      body: createTicketRequestSchema,
      data: ticketDetailSchema,
      message: SUPPORT_MESSAGES.ticketCreated,
    },
    (request) => tickets.createTicket(app.ctx, { actor: operatorOf(request), body: request.body }),
  );

  mine.get(`${V1}/:id`, { summary: 'A ticket with its thread', params: ticketIdParamsSchema, data: ticketDetailSchema }, (request) =>
    tickets.ticketDetail(app.ctx, { operatorId: operatorOf(request).operatorId, id: request.params.id }),
  );

  mine.post(`${V1}/:id/messages`, { summary: 'Write on the ticket (text and up to 3 uploaded photos)', ...writing }, (request) =>
    tickets.operatorMessage(app.ctx, { actor: operatorOf(request), id: request.params.id, body: request.body }),
  );

  mine.post(`${V1}/:id/upload-url`, { summary: 'A signed upload URL for a photo on the ticket', ...uploading }, (request) =>
    tickets.issueOperatorUpload(app.ctx, { actor: operatorOf(request), id: request.params.id, fileName: request.body.fileName }),
  );

  mine.post(`${V1}/:id/close`, { summary: 'Close my ticket', params: ticketIdParamsSchema, data: ticketDetailSchema }, (request) =>
    tickets.closeTicket(app.ctx, { actor: operatorOf(request), id: request.params.id }),
  );

  // ---------- the support desk ----------

  desk.get(
    DESK,
    { summary: 'Support desk: the queue by status and age', query: adminTicketQuerySchema, data: adminTicketListSchema },
    (request) => supportDesk.deskQueue(app.ctx, { query: request.query }),
  );

  desk.get(
    `${DESK}/:id`,
    { summary: 'Support desk: a ticket and its thread', params: ticketIdParamsSchema, data: ticketDetailSchema },
    (request) => supportDesk.deskTicket(app.ctx, { id: request.params.id }),
  );

  desk.post(
    `${DESK}/:id/assign`,
    {
      summary: 'Support desk: take or assign a ticket',
      params: ticketIdParamsSchema,
      body: assignRequestSchema,
      data: ticketDetailSchema,
      message: SUPPORT_MESSAGES.assigned,
    },
    (request) => supportDesk.assign(app.ctx, { desk: deskOf(request), id: request.params.id, assignee: request.body.assignee }),
  );

  desk.post(`${DESK}/:id/messages`, { summary: 'Support desk: reply on a ticket', ...writing }, (request) =>
    supportDesk.deskReply(app.ctx, { desk: deskOf(request), id: request.params.id, body: request.body }),
  );

  desk.post(`${DESK}/:id/upload-url`, { summary: 'Support desk: a signed upload URL for a photo in a reply', ...uploading }, (request) =>
    tickets.issueDeskUpload(app.ctx, { desk: deskOf(request), id: request.params.id, fileName: request.body.fileName }),
  );

  desk.post(
    `${DESK}/:id/resolve`,
    {
      summary: "Support desk: resolve (a toll dispute in the operator's favour credits the tag once)",
      params: ticketIdParamsSchema,
      body: resolveRequestSchema,
      data: ticketDetailSchema,
      message: SUPPORT_MESSAGES.resolved,
    },
    (request) => supportDesk.resolve(app.ctx, { desk: deskOf(request), id: request.params.id, body: request.body }),
  );
};
