import { formatPaisa } from '@bhada/contracts/money/amounts';
import {
  COLLECTION_MODES,
  COLLECTION_STATUSES,
  COLLECTION_TYPES,
  type CollectionsResponse,
  type createCollectionRequestSchema,
  OPERATIONS_MESSAGES,
} from '@bhada/contracts/operations/operations';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { badRequest, notFound } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { memo } from '../../../lib/texts/memos.ts';
import { accounts } from '../../money/ledger/accounts.ts';
import { postEntry, withIdempotency } from '../../money/ledger/ledger.service.ts';
import { actionWindowOf, assertActionWindow, consignmentOf, type Staff } from './consignments.service.ts';
import * as repo from './operations.repository.ts';

/**
 * Collections (ADR 132): money collected against a consignment by type and mode. A collection in money
 * (status COLLECTED) is one ledger entry from the outside world (COLLECTION_CLEARING) into the
 * consignment's collections account, inside the idempotency claim, so a repeated or concurrent
 * request with the same key records it once. A PENDING cheque holds its amount until it clears or fails.
 */

export const collectionEnums = () => ({ types: [...COLLECTION_TYPES], modes: [...COLLECTION_MODES], statuses: [...COLLECTION_STATUSES] });

const againstFreight = (c: repo.CollectionRow) => c.type !== 'DETENTION';

function totals(freight: number, list: repo.CollectionRow[]) {
  const collected = list.filter((c) => c.status === 'COLLECTED' && againstFreight(c)).reduce((s, c) => s + c.amountPaisa, 0);
  const pending = list.filter((c) => c.status === 'PENDING' && againstFreight(c)).reduce((s, c) => s + c.amountPaisa, 0);
  const detention = list.filter((c) => c.status === 'COLLECTED' && !againstFreight(c)).reduce((s, c) => s + c.amountPaisa, 0);
  return { collected, pending, detention, balance: Math.max(0, freight - collected) };
}

async function view(ctx: Pick<ServiceContext, 'db' | 'clock'>, row: repo.ConsignmentRow): Promise<CollectionsResponse> {
  const list = await repo.listCollections(ctx.db, { consignmentId: row.id });
  const t = totals(row.freightPaisa, list);
  return {
    cCode: row.code,
    freightInPaisa: row.freightPaisa,
    collectedInPaisa: t.collected,
    detentionCollectedInPaisa: t.detention,
    pendingInPaisa: t.pending,
    balanceInPaisa: t.balance,
    collections: list.map((c) => ({
      collectionId: c.id,
      type: c.type,
      mode: c.mode,
      amountInPaisa: c.amountPaisa,
      reference: c.reference,
      status: c.status,
      entryId: c.entryId,
      collectedBy: c.collectedBy,
      collectedAt: c.collectedAt.toISOString(),
    })),
    actionWindow: await actionWindowOf(ctx, row),
  };
}

export async function listCollections(ctx: ServiceContext, { code }: { code: string }) {
  return view(ctx, await consignmentOf(ctx.db, { code }));
}

async function postCollection(tx: Db, row: repo.ConsignmentRow, collectionId: string, amount: number, at: Date) {
  const posted = await postEntry(tx, {
    kind: 'CONSIGNMENT_COLLECTION',
    memo: memo('collection', { collection: collectionId, consignment: row.code }),
    referenceType: 'COLLECTION',
    referenceId: collectionId,
    legs: [
      { account: accounts.collectionClearing, amount: -amount },
      { account: accounts.consignmentCollections(row.id), amount },
    ],
    at,
  });
  return posted.entryId;
}

type CreateInput = z.output<typeof createCollectionRequestSchema>;

/** Records a collection, or settles a pending one; the idempotency key makes a repeat return the first answer. */
export async function recordCollection(
  ctx: ServiceContext,
  { staff, input, key }: { staff: Staff; input: CreateInput; key: string | undefined },
) {
  if (!key) throw badRequest(OPERATIONS_MESSAGES.collectionKeyRequired, 'idempotency-key');
  const found = await consignmentOf(ctx.db, { code: input.code });
  await assertActionWindow(ctx, found);
  const { result } = await withIdempotency(ctx.db, { scope: `collection:${found.id}`, key, request: input }, async (tx) => {
    const row = (await repo.lockConsignmentForAdmin(tx, { id: found.id }))!;
    const now = ctx.clock.now();
    if (input.collectionId) {
      const existing = await repo.findCollection(tx, { id: input.collectionId, consignmentId: row.id });
      if (!existing) throw notFound(OPERATIONS_MESSAGES.collectionNotFound);
      if (existing.status !== 'PENDING') throw badRequest(OPERATIONS_MESSAGES.collectionFinal, 'collectionId');
      if (existing.amountPaisa !== input.amountInPaisa) throw badRequest('The amount must match the pending collection', 'amountInPaisa');
      if (input.status === 'COLLECTED') {
        const entryId = await postCollection(tx, row, existing.id, existing.amountPaisa, now);
        await repo.updateCollection(tx, {
          id: existing.id,
          set: { status: 'COLLECTED', entryId, collectedAt: now, reference: input.reference ?? existing.reference },
        });
      } else if (input.status === 'FAILED') {
        await repo.updateCollection(tx, { id: existing.id, set: { status: 'FAILED' } });
      }
      return view({ db: tx, clock: ctx.clock }, row);
    }
    if (input.status === 'FAILED') throw badRequest('A new collection is pending or collected', 'status');
    if (input.type !== 'DETENTION') {
      const t = totals(row.freightPaisa, await repo.listCollections(tx, { consignmentId: row.id }));
      const open = Math.max(0, row.freightPaisa - t.collected - t.pending);
      if (input.amountInPaisa > open) throw badRequest(OPERATIONS_MESSAGES.collectionExceedsBalance(formatPaisa(open)), 'amountInPaisa');
    }
    const id = newId('COL');
    const entryId = input.status === 'COLLECTED' ? await postCollection(tx, row, id, input.amountInPaisa, now) : null;
    await repo.insertCollection(tx, {
      id,
      consignmentId: row.id,
      type: input.type,
      mode: input.mode,
      amountPaisa: input.amountInPaisa,
      reference: input.reference ?? null,
      status: input.status,
      entryId,
      collectedBy: staff.name,
      collectedAt: now,
    });
    await repo.insertAudit(tx, {
      consignmentId: row.id,
      actorId: staff.userId,
      actorName: staff.name,
      action: 'COLLECTION_RECORDED',
      before: null,
      after: { collectionId: id, type: input.type, mode: input.mode, amountPaisa: input.amountInPaisa, status: input.status },
    });
    return view({ db: tx, clock: ctx.clock }, row);
  });
  return result;
}
