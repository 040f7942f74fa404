import {
  type DisputeResponse,
  type DisputeWindow,
  FASTAG_ERRORS,
  TOLL_FLAG_KINDS,
  TOLL_FLAG_MESSAGES,
  type TollFlagEvidence,
  type TollFlagRow,
  type TollFlagsQuery,
  type TollFlagsResponse,
} from '@bhada/contracts/money/fastag';
import type { Db } from '../../../db/client.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';
import { dispute } from './fastag.service.ts';
import * as repo from './toll-flags.repository.ts';
import { DEFAULT_DISPUTE_WINDOW, type DisputeWindowSettings } from './toll-settings.ts';

const DAY = 24 * 60 * 60 * 1000;

/** When a toll read at `occurredAt` may be disputed: after the cooling period, until the deadline (ADR 280). */
export function disputeWindow(occurredAt: Date, settings: DisputeWindowSettings, now: Date): DisputeWindow {
  const opens = new Date(occurredAt.getTime() + settings.coolingDays * DAY);
  const closes = new Date(occurredAt.getTime() + settings.deadlineDays * DAY);
  return {
    opensAt: opens.toISOString(),
    closesAt: closes.toISOString(),
    status: now < opens ? 'WAIT' : now > closes ? 'CLOSED' : 'OPEN',
  };
}

const toRow = (r: repo.FlagRow, settings: DisputeWindowSettings, now: Date): TollFlagRow => ({
  ...r,
  occurredAt: r.occurredAt.toISOString(),
  evidence: r.evidence as TollFlagEvidence,
  dispute: disputeWindow(r.occurredAt, settings, now),
});

/** The operator's suspicious tolls with the money at stake and recovered (per vehicle when asked). */
export async function listFlags(
  db: Db,
  operatorId: OperatorId,
  query: TollFlagsQuery,
  settings: DisputeWindowSettings = DEFAULT_DISPUTE_WINDOW,
  now = new Date(),
): Promise<TollFlagsResponse> {
  const filter: repo.FlagFilter = {
    operatorId,
    vehicleId: query.vehicleId,
    state: query.state === 'ALL' ? undefined : query.state,
    kind: query.kind,
  };
  const [rows, totalCount, sums] = await Promise.all([
    repo.listFlags(db, filter, { limit: query.pageSize, offset: query.pageNo * query.pageSize }),
    repo.countFlags(db, filter),
    repo.flagTotals(db, { operatorId, vehicleId: query.vehicleId }),
  ]);
  const byKind = TOLL_FLAG_KINDS.map((kind) => {
    const s = sums.find((x) => x.kind === kind);
    return { kind, count: s?.count ?? 0, atStakePaisa: s?.atStakePaisa ?? 0 };
  });
  return {
    list: rows.map((r) => toRow(r, settings, now)),
    totalCount,
    totals: {
      atStakePaisa: byKind.reduce((a, k) => a + k.atStakePaisa, 0),
      recoveredPaisa: sums.reduce((a, k) => a + k.recoveredPaisa, 0),
      byKind,
    },
  };
}

async function ownFlag(db: Db, operatorId: OperatorId, id: string) {
  const flag = await repo.findFlag(db, operatorId, id);
  if (!flag) throw notFound(TOLL_FLAG_MESSAGES.notFound);
  return flag;
}

/** The operator says the toll is right: the flag closes with the reason. */
export async function dismissFlag(
  db: Db,
  operatorId: OperatorId,
  id: string,
  reason: string,
  settings: DisputeWindowSettings = DEFAULT_DISPUTE_WINDOW,
  now = new Date(),
) {
  await ownFlag(db, operatorId, id);
  const done = await repo.dismissFlag(db, operatorId, id, reason);
  if (!done) throw new AppError(FASTAG_ERRORS.TOLL_FLAG_CLOSED, TOLL_FLAG_MESSAGES.closed);
  return { flag: toRow(await ownFlag(db, operatorId, id), settings, now) };
}

const indiaDate = (at: string) =>
  new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(at));

/**
 * One tap: the flagged toll's dispute, through the toll-dispute ticket, with the evidence of every open flag on
 * that toll. Refused inside NETC's cooling period (a dispute then is rejected with reason code 5290) and after
 * the deadline.
 */
export async function disputeFlag(
  db: Db,
  actor: { operatorId: OperatorId; userCode: string },
  id: string,
  settings: DisputeWindowSettings = DEFAULT_DISPUTE_WINDOW,
  now = new Date(),
): Promise<DisputeResponse & { flag: TollFlagRow }> {
  const flag = await ownFlag(db, actor.operatorId, id);
  if (flag.state !== 'OPEN') throw new AppError(FASTAG_ERRORS.TOLL_FLAG_CLOSED, TOLL_FLAG_MESSAGES.closed);
  const window = disputeWindow(flag.occurredAt, settings, now);
  if (window.status === 'WAIT')
    throw new AppError(FASTAG_ERRORS.TOLL_DISPUTE_TOO_EARLY, TOLL_FLAG_MESSAGES.tooEarly(indiaDate(window.opensAt)));
  if (window.status === 'CLOSED') throw new AppError(FASTAG_ERRORS.TOLL_DISPUTE_TOO_LATE, TOLL_FLAG_MESSAGES.tooLate);
  const open = await repo.openFlagsOfTxn(db, actor.operatorId, flag.txnId);
  const reason = `Flagged by the toll checks: ${open.map((f) => f.kind).join(', ')}`;
  const raised = await dispute(
    db,
    actor,
    flag.txnId,
    reason,
    open.map((f) => ({ flagId: f.id, kind: f.kind, atStakePaisa: f.atStakePaisa, evidence: f.evidence })),
  );
  await repo.markDisputed(
    db,
    actor.operatorId,
    open.map((f) => f.id),
    raised.ticketId,
  );
  return { ...raised, flag: toRow(await ownFlag(db, actor.operatorId, id), settings, now) };
}

/** A toll dispute decided in the operator's favour and credited to the tag: its flags are refunded (ADR 280). */
export const markFlagsRefunded = (db: Db, ticketId: string, creditedPaisa: number) => repo.markRefunded(db, ticketId, creditedPaisa);
