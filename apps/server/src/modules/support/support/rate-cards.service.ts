import { type RateCard, type rateCardSaveRequestSchema, SUPPORT_ERRORS, SUPPORT_MESSAGES } from '@bhada/contracts/support/support';
import type { z } from 'zod';
import { inTransaction } from '../../../db/client.ts';
import type { RateCardStatus } from '../../../db/schema/index.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';
import * as repo from './rate-cards.repository.ts';

export function toCard(r: repo.RateCardRow): RateCard {
  return {
    id: r.id,
    origin: r.origin,
    destination: r.destination,
    bodyType: r.bodyType,
    tonnage: Number(r.tonnage),
    rate: r.ratePaisa / 100,
    rateInPaisa: r.ratePaisa,
    status: r.status,
    reason: r.reason ?? null,
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** spec "GET /rest/tesseract/v1/operator/odvtRateCardStatus": my rate cards and their review status. */
export async function listRateCards(ctx: ServiceContext, p: { operatorId: OperatorId }) {
  return { cards: (await repo.listCards(ctx.db, p)).map(toCard) };
}

const editable = (s: RateCardStatus) => s === 'DRAFT' || s === 'REJECTED';

/**
 * spec "POST /rest/tesseract/v1/operator/odvtRateCardStatus": saves rates per lane and vehicle, as a
 * draft or submitted for review. A card under review or approved is not edited (a new card replaces
 * it); another operator's card id is not found. All or nothing.
 */
export async function saveRateCards(ctx: ServiceContext, p: { operatorId: OperatorId; body: z.output<typeof rateCardSaveRequestSchema> }) {
  const status: RateCardStatus = p.body.submit ? 'SUBMITTED' : 'DRAFT';
  await inTransaction(ctx.db, async (tx) => {
    const ids = p.body.cards.map((c) => c.id).filter((id): id is string => Boolean(id));
    const found = await repo.findCards(tx, { operatorId: p.operatorId, ids });
    for (const card of p.body.cards) {
      const values = {
        origin: card.origin,
        destination: card.destination,
        bodyType: card.bodyType.toUpperCase(),
        tonnage: card.tonnage,
        ratePaisa: card.rate,
        status,
        reason: null,
        decidedBy: null,
      };
      if (!card.id) {
        await repo.insertCard(tx, { row: { id: newId('RC', 10), operatorId: p.operatorId, ...values } });
        continue;
      }
      const row = found.find((f) => f.id === card.id);
      if (!row) throw notFound(SUPPORT_MESSAGES.rateCardNotFound);
      if (!editable(row.status)) throw new AppError(SUPPORT_ERRORS.RATE_CARD_LOCKED, SUPPORT_MESSAGES.rateCardLocked, { field: card.id });
      await repo.updateCard(tx, { id: row.id, set: values });
    }
  });
  return listRateCards(ctx, { operatorId: p.operatorId });
}

export async function reviewQueue(ctx: ServiceContext, p: { status: RateCardStatus; pageNo: number; pageSize: number }) {
  const { rows, total } = await repo.listByStatus(ctx.db, { status: p.status, limit: p.pageSize, offset: p.pageNo * p.pageSize });
  return {
    cards: rows.map((r) => ({ ...toCard(r.card), operatorId: r.card.operatorId, operatorName: r.operatorName })),
    totalCount: total,
  };
}

/** Admin: approve or reject (with a reason) a submitted card. */
export async function decide(ctx: ServiceContext, p: { id: string; decision: 'APPROVED' | 'REJECTED'; reason?: string; by: string }) {
  const row = await inTransaction(ctx.db, async (tx) => {
    const card = await repo.lockAnyCard(tx, { id: p.id });
    if (!card) throw notFound(SUPPORT_MESSAGES.rateCardNotFound);
    if (card.status !== 'SUBMITTED') throw new AppError(SUPPORT_ERRORS.RATE_CARD_LOCKED, 'Only a submitted rate card can be reviewed');
    return repo.updateCard(tx, {
      id: card.id,
      set: { status: p.decision, reason: p.decision === 'REJECTED' ? (p.reason ?? null) : null, decidedBy: p.by },
    });
  });
  return toCard(row!);
}

/**
 * For the loads area: the operator's approved rate for a load's lane and vehicle, shown as "your rate"
 * beside the quote sheet; null when there is none.
 */
export async function approvedRateFor(
  ctx: Pick<ServiceContext, 'db'>,
  p: { operatorId: OperatorId; origin: string; destination: string; bodyType: string; tonnage: number },
): Promise<RateCard | null> {
  const row = await repo.findApproved(ctx.db, p);
  return row ? toCard(row) : null;
}
