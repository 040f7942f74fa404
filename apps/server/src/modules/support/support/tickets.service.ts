import type { createTicketRequestSchema, sendMessageRequestSchema } from '@bhada/contracts/support/support';
import {
  MESSAGE_MAX_CHARS,
  photoExtensionOf,
  SUPPORT_ERRORS,
  SUPPORT_MESSAGES,
  TICKET_EVENTS,
  TICKET_PHOTO_KINDS,
  TICKET_PHOTO_MAX_BYTES,
  type TicketDetail,
  type TicketListQuery,
  type TicketListResponse,
  type TicketMessage,
  type TicketStatus,
  type TicketSummary,
} from '@bhada/contracts/support/support';
import type { z } from 'zod';
import { inTransaction } from '../../../db/client.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { randomToken } from '../../../lib/crypto.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { SNIFF_BYTES, sniff } from '../../../lib/file-check.ts';
import { newId } from '../../../lib/ids.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';
import { ownsReference } from './ticket-references.repository.ts';
import * as repo from './tickets.repository.ts';

/** An operator user acting on its operator's tickets. */
export interface OperatorActor {
  operatorId: OperatorId;
  userCode: string;
  name: string;
}
/** A member of the support desk (an admin). */
export interface DeskActor {
  userCode: string;
  name: string;
}

const UPLOAD_TTL_SECONDS = 900;
const VIEW_TTL_SECONDS = 900;
/** photos waiting on one ticket before the next upload is refused: stops a client filling the disk */
const MAX_PENDING_FILES = 10;
export const DESK_TOPIC = 'support:desk';
export const ticketTopic = (id: string) => `ticket:${id}`;

export const isOpen = (s: TicketStatus) => s === 'OPEN' || s === 'IN_PROGRESS';
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toSummary(t: repo.TicketRow): TicketSummary {
  return {
    ticketId: t.id,
    category: t.category,
    referenceType: t.referenceType,
    referenceId: t.referenceId,
    subject: t.subject,
    status: t.status,
    outcome: t.outcome ?? null,
    assignedTo: t.assignedTo ?? null,
    messageCount: t.messageCount,
    lastMessageAt: iso(t.lastMessageAt),
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

async function toMessage(ctx: ServiceContext, m: repo.MessageRow, files: repo.FileRow[]): Promise<TicketMessage> {
  return {
    messageId: m.id,
    author: m.author,
    authorName: m.authorName,
    body: m.body,
    attachments: await Promise.all(
      files
        .filter((f) => f.messageId === m.id)
        .map(async (f) => ({
          resourceKey: f.resourceKey,
          contentType: f.contentType,
          viewUrl: await ctx.storage.viewUrl(f.resourceKey, VIEW_TTL_SECONDS),
        })),
    ),
    createdAt: m.createdAt.toISOString(),
  };
}

export async function detailOf(ctx: ServiceContext, t: repo.TicketRow): Promise<TicketDetail> {
  const [messages, files] = await Promise.all([
    repo.listMessages(ctx.db, { ticketId: t.id }),
    repo.listAttachedFiles(ctx.db, { ticketId: t.id }),
  ]);
  return {
    ...toSummary(t),
    operatorId: t.operatorId,
    details: t.details,
    resolvedAt: iso(t.resolvedAt),
    creditedTxnId: t.creditedTxnId ?? null,
    messages: await Promise.all(messages.map((m) => toMessage(ctx, m, files))),
  };
}

async function ownTicket(ctx: ServiceContext, p: { operatorId: OperatorId; id: string }) {
  const t = await repo.findTicket(ctx.db, p);
  if (!t) throw notFound(SUPPORT_MESSAGES.ticketNotFound);
  return t;
}
export async function anyTicket(ctx: ServiceContext, p: { id: string }) {
  const t = await repo.findAnyTicket(ctx.db, p);
  if (!t) throw notFound(SUPPORT_MESSAGES.ticketNotFound);
  return t;
}

/** spec "GET /rest/tesseract/v1/ticket" (pageNo, pageSize): the operator's tickets, latest activity first. */
export async function listTickets(ctx: ServiceContext, p: { operatorId: OperatorId; query: TicketListQuery }): Promise<TicketListResponse> {
  const { pageNo, pageSize, status } = p.query;
  const { rows, total } = await repo.listTickets(ctx.db, { operatorId: p.operatorId, status, limit: pageSize, offset: pageNo * pageSize });
  return { tickets: rows.map(toSummary), totalCount: total, pageNo, pageSize };
}

export async function ticketDetail(ctx: ServiceContext, p: { operatorId: OperatorId; id: string }) {
  return detailOf(ctx, await ownTicket(ctx, p));
}

/** Whether an actor may follow a ticket's live thread: its operator's users and the desk. */
export async function mayFollowTicket(ctx: ServiceContext, p: { operatorId: OperatorId | null; admin: boolean; id: string }) {
  if (p.admin) return Boolean(await repo.findAnyTicket(ctx.db, { id: p.id }));
  if (!p.operatorId) return false;
  return Boolean(await repo.findTicket(ctx.db, { id: p.id, operatorId: p.operatorId }));
}

export async function publish(ctx: ServiceContext, ticket: repo.TicketRow, type: string, data: Record<string, unknown>) {
  const payload = { ticketId: ticket.id, status: ticket.status, ...data };
  await Promise.all([
    ctx.events.publish({ topic: ticketTopic(ticket.id), type, data: payload }),
    ctx.events.publish({ topic: DESK_TOPIC, type, data: payload }),
  ]).catch((err) => ctx.log.warn({ err }, 'ticket event not published'));
}

/**
 * Raises a ticket by hand or from a screen's context (a trip, a payment order, a load, the chat page's
 * query). One open ticket per reference: raising again on the same reference adds the message to it.
 */
export async function createTicket(
  ctx: ServiceContext,
  p: { actor: OperatorActor; body: z.output<typeof createTicketRequestSchema> },
): Promise<TicketDetail> {
  const { actor, body } = p;
  const referenceType = body.referenceId ? body.referenceType : 'NONE';
  const referenceId = referenceType === 'NONE' ? '' : (body.referenceId ?? '');
  const context = Object.fromEntries(Object.entries(body.context).filter(([, v]) => v !== undefined && v !== ''));
  if (referenceType !== 'NONE' && !(await ownsReference(ctx.db, { operatorId: actor.operatorId, referenceType, referenceId }))) {
    throw notFound(SUPPORT_MESSAGES.referenceNotFound);
  }
  const created = await inTransaction(ctx.db, async (tx) => {
    const existing =
      referenceType === 'NONE'
        ? undefined
        : await repo.findOpenByReference(tx, { operatorId: actor.operatorId, category: body.category, referenceType, referenceId });
    const ticket =
      existing ??
      (await repo.insertTicket(tx, {
        row: {
          id: newId('TKT', 10),
          operatorId: actor.operatorId,
          raisedBy: actor.userCode,
          category: body.category,
          referenceType,
          referenceId,
          subject: body.subject,
          details: context,
        },
      }));
    if (!ticket) throw new AppError('CONFLICT', 'Please try again');
    await repo.insertMessage(tx, {
      row: {
        id: newId('TMS', 12),
        ticketId: ticket.id,
        author: 'OPERATOR',
        authorCode: actor.userCode,
        authorName: actor.name,
        body: body.message,
      },
    });
    return ticket;
  });
  const fresh = (await repo.findAnyTicket(ctx.db, { id: created.id }))!;
  await publish(ctx, fresh, TICKET_EVENTS.status, { event: 'created' });
  return detailOf(ctx, fresh);
}

/** A signed upload URL for one photo on the ticket; the bytes are checked when a message uses it. */
export async function issueUpload(ctx: ServiceContext, p: { ticket: repo.TicketRow; fileName: string; by: string }) {
  if (!isOpen(p.ticket.status)) throw new AppError(SUPPORT_ERRORS.TICKET_STATE_CONFLICT, SUPPORT_MESSAGES.ticketClosed);
  const ext = photoExtensionOf(p.fileName);
  const contentType = TICKET_PHOTO_KINDS[ext];
  if (!contentType) throw new AppError('VALIDATION_FAILED', SUPPORT_MESSAGES.badFileName, { field: 'fileName' });
  if ((await repo.countPendingFiles(ctx.db, { ticketId: p.ticket.id })) >= MAX_PENDING_FILES) {
    throw new AppError('RATE_LIMITED', 'Too many photos waiting. Send or remove some first.');
  }
  const resourceKey = `tickets/${p.ticket.id}/${randomToken(18)}.${ext}`;
  await repo.insertFile(ctx.db, { row: { id: newId('TFL', 12), ticketId: p.ticket.id, resourceKey, contentType, createdBy: p.by } });
  const url = await ctx.storage.uploadUrl(resourceKey, contentType, UPLOAD_TTL_SECONDS);
  return { url, resourceKey, contentType, expiresInSeconds: UPLOAD_TTL_SECONDS, maxBytes: TICKET_PHOTO_MAX_BYTES };
}

export async function issueOperatorUpload(ctx: ServiceContext, p: { actor: OperatorActor; id: string; fileName: string }) {
  const ticket = await ownTicket(ctx, { operatorId: p.actor.operatorId, id: p.id });
  return issueUpload(ctx, { ticket, fileName: p.fileName, by: p.actor.userCode });
}
export async function issueDeskUpload(ctx: ServiceContext, p: { desk: DeskActor; id: string; fileName: string }) {
  return issueUpload(ctx, { ticket: await anyTicket(ctx, { id: p.id }), fileName: p.fileName, by: p.desk.userCode });
}

/**
 * The photos a message names, each checked by its size and first bytes (a photo only). Any missing or
 * bad photo refuses the whole message: the bad file is deleted and nothing of the message is stored.
 */
async function acceptPhotos(ctx: ServiceContext, p: { ticketId: string; keys: string[] }) {
  const keys = [...new Set(p.keys)];
  const files = await repo.findFiles(ctx.db, { ticketId: p.ticketId, keys });
  const checked: repo.FileRow[] = [];
  for (const key of keys) {
    const file = files.find((f) => f.resourceKey === key);
    if (file?.status !== 'PENDING') throw new AppError('FILE_NOT_UPLOADED', SUPPORT_MESSAGES.fileNotUploaded, { field: key });
    await ctx.storage.seal(key);
    const size = await ctx.storage.size(key);
    if (!size) throw new AppError('FILE_NOT_UPLOADED', SUPPORT_MESSAGES.fileNotUploaded, { field: key });
    const head = await ctx.storage.read(key, SNIFF_BYTES);
    const actual = head ? sniff(head) : null;
    const bad =
      size > TICKET_PHOTO_MAX_BYTES
        ? new AppError('FILE_TOO_LARGE', SUPPORT_MESSAGES.fileTooLarge, { field: key })
        : actual !== file.contentType
          ? new AppError('FILE_REJECTED', SUPPORT_MESSAGES.fileRejected, { field: key })
          : null;
    if (bad) {
      await ctx.storage.remove(key).catch(() => undefined);
      await repo.setFiles(ctx.db, { ids: [file.id], set: { status: 'REJECTED' } });
      throw bad;
    }
    checked.push({ ...file, sizeBytes: size });
  }
  return checked;
}

export async function addMessage(
  ctx: ServiceContext,
  p: {
    ticket: repo.TicketRow;
    author: 'OPERATOR' | 'SUPPORT';
    by: { userCode: string; name: string };
    body: z.output<typeof sendMessageRequestSchema>;
  },
): Promise<TicketMessage> {
  if (!isOpen(p.ticket.status)) throw new AppError(SUPPORT_ERRORS.TICKET_STATE_CONFLICT, SUPPORT_MESSAGES.ticketClosed);
  const text = p.body.message.slice(0, MESSAGE_MAX_CHARS);
  const photos = await acceptPhotos(ctx, { ticketId: p.ticket.id, keys: p.body.attachmentKeys });
  const { message, ticket } = await inTransaction(ctx.db, async (tx) => {
    const locked = (await repo.lockTicket(tx, { id: p.ticket.id }))!;
    if (!isOpen(locked.status)) throw new AppError(SUPPORT_ERRORS.TICKET_STATE_CONFLICT, SUPPORT_MESSAGES.ticketClosed);
    const message = await repo.insertMessage(tx, {
      row: { id: newId('TMS', 12), ticketId: locked.id, author: p.author, authorCode: p.by.userCode, authorName: p.by.name, body: text },
    });
    for (const f of photos)
      await repo.setFiles(tx, { ids: [f.id], set: { status: 'ATTACHED', messageId: message.id, sizeBytes: f.sizeBytes } });
    // the desk's first reply picks the ticket up
    const ticket =
      p.author === 'SUPPORT' && locked.status === 'OPEN'
        ? await repo.updateTicket(tx, { id: locked.id, set: { status: 'IN_PROGRESS', assignedTo: locked.assignedTo ?? p.by.name } })
        : locked;
    return { message, ticket: ticket! };
  });
  const out = await toMessage(
    ctx,
    message,
    photos.map((f) => ({ ...f, status: 'ATTACHED' as const, messageId: message.id })),
  );
  await publish(ctx, ticket, TICKET_EVENTS.message, { message: out });
  if (p.author === 'SUPPORT') await notifyOperator(ctx, ticket, `Bhada support replied on ticket ${ticket.id}: ${text.slice(0, 120)}`);
  return out;
}

/** A reply reaches the operator's user who raised the ticket: live on its own topic and by SMS. */
export async function notifyOperator(ctx: ServiceContext, ticket: repo.TicketRow, text: string) {
  try {
    await ctx.events.publish({ topic: `user:${ticket.raisedBy}`, type: 'ticket.reply', data: { ticketId: ticket.id, text } });
    const contact = await repo.findUserContact(ctx.db, { userCode: ticket.raisedBy });
    if (contact) await ctx.notifier.send({ channel: 'sms', to: contact.phone, subject: 'Support reply', text, kind: 'TICKET_REPLY' });
  } catch (err) {
    ctx.log.warn({ err, ticketId: ticket.id }, 'ticket reply notification failed');
  }
}

export async function operatorMessage(
  ctx: ServiceContext,
  p: { actor: OperatorActor; id: string; body: z.output<typeof sendMessageRequestSchema> },
) {
  const ticket = await ownTicket(ctx, { operatorId: p.actor.operatorId, id: p.id });
  return addMessage(ctx, { ticket, author: 'OPERATOR', by: p.actor, body: p.body });
}

/** The operator closes its own ticket (nothing more to do). */
export async function closeTicket(ctx: ServiceContext, p: { actor: OperatorActor; id: string }): Promise<TicketDetail> {
  const ticket = await ownTicket(ctx, { operatorId: p.actor.operatorId, id: p.id });
  if (ticket.status === 'CLOSED') return detailOf(ctx, ticket);
  const updated = await inTransaction(ctx.db, async (tx) => {
    const locked = (await repo.lockTicket(tx, { id: ticket.id }))!;
    if (locked.status === 'CLOSED') return locked;
    await repo.insertMessage(tx, {
      row: {
        id: newId('TMS', 12),
        ticketId: locked.id,
        author: 'SYSTEM',
        authorCode: p.actor.userCode,
        authorName: p.actor.name,
        body: 'Ticket closed',
      },
    });
    return (await repo.updateTicket(tx, { id: locked.id, set: { status: 'CLOSED' } }))!;
  });
  await publish(ctx, updated, TICKET_EVENTS.status, { event: 'closed' });
  return detailOf(ctx, updated);
}
