import type { adminTicketQuerySchema, sendMessageRequestSchema } from '@bhada/contracts/support/support';
import {
  type AdminTicketList,
  type ResolveRequest,
  SUPPORT_ERRORS,
  SUPPORT_MESSAGES,
  TICKET_EVENTS,
  type TicketDetail,
  type TicketListQuery,
} from '@bhada/contracts/support/support';
import type { z } from 'zod';
import { inTransaction } from '../../../db/client.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { AppError } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { applyTollEvent } from '../../money/fastag/toll-events.service.ts';
import { markFlagsRefunded } from '../../money/fastag/toll-flags.service.ts';
import * as repo from './tickets.repository.ts';
import { addMessage, anyTicket, type DeskActor, detailOf, isOpen, notifyOperator, publish, toSummary } from './tickets.service.ts';

// ---------------- the support desk ----------------

export async function deskQueue(
  ctx: ServiceContext,
  p: { query: z.output<typeof adminTicketQuerySchema>; now?: Date },
): Promise<AdminTicketList> {
  const { pageNo, pageSize, status, category, sort } = p.query;
  const now = p.now ?? ctx.clock.now();
  const { rows, total, counts } = await repo.listQueue(ctx.db, {
    status,
    category,
    newestFirst: sort === 'newest',
    limit: pageSize,
    offset: pageNo * pageSize,
  });
  return {
    tickets: rows.map(({ ticket, operatorName }) => ({
      ...toSummary(ticket),
      operatorId: ticket.operatorId,
      operatorName,
      ageHours: Math.max(0, Math.round((now.getTime() - ticket.createdAt.getTime()) / 360_000) / 10),
    })),
    totalCount: total,
    counts: Object.fromEntries(counts.map((c) => [c.status, c.n])),
  };
}

export async function deskTicket(ctx: ServiceContext, p: { id: string }) {
  return detailOf(ctx, await anyTicket(ctx, p));
}

export async function deskReply(ctx: ServiceContext, p: { desk: DeskActor; id: string; body: z.output<typeof sendMessageRequestSchema> }) {
  const ticket = await anyTicket(ctx, { id: p.id });
  return addMessage(ctx, { ticket, author: 'SUPPORT', by: p.desk, body: p.body });
}

export async function assign(ctx: ServiceContext, p: { desk: DeskActor; id: string; assignee?: string }): Promise<TicketDetail> {
  await anyTicket(ctx, { id: p.id });
  const updated = await inTransaction(ctx.db, async (tx) => {
    const locked = (await repo.lockTicket(tx, { id: p.id }))!;
    if (!isOpen(locked.status)) throw new AppError(SUPPORT_ERRORS.TICKET_STATE_CONFLICT, SUPPORT_MESSAGES.ticketClosed);
    return (await repo.updateTicket(tx, { id: locked.id, set: { assignedTo: p.assignee ?? p.desk.name, status: 'IN_PROGRESS' } }))!;
  });
  await publish(ctx, updated, TICKET_EVENTS.status, { event: 'assigned', assignedTo: updated.assignedTo });
  return detailOf(ctx, updated);
}

/**
 * Resolves a ticket with an outcome and a note to the operator. A toll dispute resolved in the
 * operator's favour credits the toll back to the tag: one ledger entry (TOLL_NETWORK → FASTAG) keyed
 * by the ticket, through the Fastag area's reversal path, so resolving twice — one after the other or
 * at the same moment — credits once. A repeat with the same outcome answers the resolved ticket (and
 * completes a credit an interrupted first call left undone); a different outcome is refused.
 */
export async function resolve(ctx: ServiceContext, p: { desk: DeskActor; id: string; body: ResolveRequest }): Promise<TicketDetail> {
  await anyTicket(ctx, { id: p.id });
  const now = ctx.clock.now();
  const { ticket, changed } = await inTransaction(ctx.db, async (tx) => {
    const locked = (await repo.lockTicket(tx, { id: p.id }))!;
    if (locked.status === 'RESOLVED' && locked.outcome === p.body.outcome) return { ticket: locked, changed: false };
    if (!isOpen(locked.status)) throw new AppError(SUPPORT_ERRORS.TICKET_STATE_CONFLICT, SUPPORT_MESSAGES.ticketClosed);
    await repo.insertMessage(tx, {
      row: {
        id: newId('TMS', 12),
        ticketId: locked.id,
        author: 'SUPPORT',
        authorCode: p.desk.userCode,
        authorName: p.desk.name,
        body: p.body.note,
      },
    });
    const ticket = (await repo.updateTicket(tx, {
      id: locked.id,
      set: {
        status: 'RESOLVED',
        outcome: p.body.outcome,
        resolvedAt: now,
        resolvedBy: p.desk.userCode,
        assignedTo: locked.assignedTo ?? p.desk.name,
      },
    }))!;
    return { ticket, changed: true };
  });
  let final = ticket;
  if (
    ticket.outcome === 'OPERATOR_FAVOUR' &&
    ticket.category === 'FASTAG_DISPUTE' &&
    ticket.referenceType === 'FASTAG_TXN' &&
    !ticket.creditedTxnId
  ) {
    final = await creditDispute(ctx, ticket);
  }
  if (changed) {
    await publish(ctx, final, TICKET_EVENTS.status, { event: 'resolved', outcome: final.outcome, creditedTxnId: final.creditedTxnId });
    await notifyOperator(ctx, final, `Bhada support resolved ticket ${final.id}: ${p.body.note.slice(0, 120)}`);
  }
  return detailOf(ctx, final);
}

async function creditDispute(ctx: ServiceContext, ticket: repo.TicketRow) {
  const d = ticket.details as { tagId?: string; amountPaisa?: number; plaza?: string | null; plazaCode?: string | null };
  if (!d.tagId || !d.amountPaisa || !ticket.resolvedAt) {
    ctx.log.error({ ticketId: ticket.id }, 'toll dispute without the toll it disputes: nothing credited');
    return ticket;
  }
  const { response } = await applyTollEvent(ctx.db, {
    eventId: `DISPUTE-${ticket.id}`,
    tagId: d.tagId,
    type: 'CREDIT',
    amount: d.amountPaisa,
    plaza: d.plaza || 'Toll plaza',
    ...(d.plazaCode ? { plazaCode: d.plazaCode } : {}),
    crossedAt: ticket.resolvedAt.toISOString(),
  });
  // the suspicious tolls this dispute carried are money recovered now (ADR 280); a repeat finds them refunded
  if (response.status === 'SUCCESS') await markFlagsRefunded(ctx.db, ticket.id, d.amountPaisa);
  return (await repo.updateTicket(ctx.db, { id: ticket.id, set: { creditedTxnId: response.txnId } })) ?? ticket;
}

export type { isOpen as isOpenTicketStatus, TicketListQuery };
