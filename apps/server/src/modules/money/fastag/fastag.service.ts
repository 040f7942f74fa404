import { parseRupeeAmount } from '@bhada/contracts/money/amounts';
import {
  type AccountRequest,
  type AccountResponse,
  type DisputeResponse,
  FASTAG_COLORS,
  FASTAG_ERRORS,
  FASTAG_FIELD_MAX_PAISA,
  FASTAG_MESSAGES,
  type FastagListQuery,
  type FastagListResponse,
  type RechargeRequest,
  type RechargeResponse,
  type TagClass,
  type TransactionsQuery,
  type TransactionsResponse,
  type TxnOverviewQuery,
  type TxnOverviewResponse,
} from '@bhada/contracts/money/fastag';
import { LEDGER_ERRORS } from '@bhada/contracts/money/ledger';
import type { Db } from '../../../db/client.ts';
import { AppError, badRequest, notFound } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { PAGE_MARK_STRIDE, seekTo } from '../../../lib/page-marks.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';
import type { TenantReadCache } from '../../../lib/tenant-read-cache.ts';
import { memo } from '../../../lib/texts/memos.ts';
import { memoText, type TextLocale } from '../../../lib/user-text.ts';
import { accounts } from '../ledger/accounts.ts';
import { accountId, type PostedEntry, postOnce } from '../ledger/ledger.service.ts';
import { timeWindow, toRupees, walletAccount } from '../wallet/wallet.service.ts';
import * as repo from './fastag.repository.ts';
import { type TxnInsert, txnsWrite } from './fastag-writes.repository.ts';
import { knownMarks, vehicleMarks, vehicleTotals } from './txn-totals.ts';

export const tagAccount = accounts.fastag;
export const TOLL_NETWORK = accounts.tollNetwork;

export type TagRow = NonNullable<Awaited<ReturnType<typeof repo.findTag>>>;

export function toRow(t: TagRow) {
  return {
    vehicleId: t.vehicleId,
    vehicleNumber: t.vehicleNumber,
    tagId: t.tagId,
    tagClass: t.tagClass,
    fastagColor: FASTAG_COLORS[t.tagClass as TagClass] ?? 'grey',
    barcode: t.barcode,
    lastTollName: t.lastTollName,
    lastTollTime: t.lastTollAt?.toISOString() ?? null,
    fastagAmount: toRupees(t.balance ?? 0),
    autoRecharge: t.autoRecharge,
    minBalance: toRupees(t.minBalancePaisa),
    status: t.status,
  };
}

/** Registration numbers are stored without spaces; people type them with spaces and in lower case. */
export const normaliseSearch = (text: string | undefined) => text?.toUpperCase().replace(/[^A-Z0-9]/g, '') || undefined;

/**
 * A page of the operator's tags with the exact total. The unsearched list's total and page marks are kept per
 * process until the database announces a change to the operator's tags or vehicles (ADR 172); a search is
 * counted each time (its results are short, and its text is not a key worth keeping).
 */
export async function listTags(
  db: Db,
  operatorId: OperatorId,
  query: FastagListQuery,
  reads?: TenantReadCache,
): Promise<FastagListResponse> {
  const search = normaliseSearch(query.searchText);
  const offset = query.pageNo * query.pageSize;
  const page = (from: string | undefined, skip: number) =>
    repo.listTags(db, { operatorId, search }, { limit: query.pageSize, offset: skip, from });
  if (search || !reads) {
    const [rows, totalCount] = await Promise.all([page(undefined, offset), repo.countTags(db, { operatorId, search })]);
    return { list: rows.map(toRow), totalCount, searchText: query.searchText ?? '' };
  }
  const counting = reads.read(operatorId, 'fastag.tags', () => repo.countTagsWithMarks(db, { operatorId }));
  // a page before the first mark needs none, so it runs beside the count
  const [{ total }, rows] = await Promise.all([
    counting,
    offset < PAGE_MARK_STRIDE
      ? page(undefined, offset)
      : counting.then(({ marks }) => {
          const start = seekTo(marks, offset);
          return page(start.from, start.skip);
        }),
  ]);
  return { list: rows.map(toRow), totalCount: total, searchText: query.searchText ?? '' };
}

export async function ownTag(db: Db, operatorId: OperatorId, tagId: string) {
  const tag = await repo.findTag(db, { tagId, operatorId });
  if (!tag) throw notFound(FASTAG_MESSAGES.tagNotFound);
  return tag;
}

export async function ownVehicleTag(db: Db, operatorId: OperatorId, vehicleId: string) {
  const tag = await repo.findTagByVehicle(db, { vehicleId, operatorId });
  if (!tag) throw notFound(FASTAG_MESSAGES.vehicleNotFound);
  return tag;
}

export const txnRow = (
  posted: PostedEntry,
  account: string,
  base: Omit<TxnInsert, 'id' | 'openingBalancePaisa' | 'closingBalancePaisa' | 'entryId' | 'status'>,
): TxnInsert => ({
  id: newId('FTX', 12),
  ...base,
  status: 'SUCCESS',
  entryId: posted.entryId,
  openingBalancePaisa: posted.balances[account]!.opening,
  closingBalancePaisa: posted.balances[account]!.closing,
});

/**
 * Manual recharge: wallet → tag in one ledger entry, once per idempotency key (spec fastag §5).
 * The key is the client's `idempotency-key` header; without one every request is its own attempt.
 */
export async function recharge(db: Db, operatorId: OperatorId, body: RechargeRequest, idempotencyKey: string): Promise<RechargeResponse> {
  const paisa = parseRupeeAmount(body.amount, FASTAG_FIELD_MAX_PAISA);
  if (!paisa) throw badRequest(FASTAG_MESSAGES.invalidAmount, 'amount');
  const tag = await ownTag(db, operatorId, body.tagId);
  if (tag.status !== 'ACTIVE') throw new AppError(FASTAG_ERRORS.FASTAG_TAG_INACTIVE, FASTAG_MESSAGES.tagInactive);
  const wallet = walletAccount(operatorId);
  const account = tagAccount(tag.tagId);
  const { result } = await postOnce(
    db,
    { scope: `fastag-recharge:${operatorId}`, key: idempotencyKey, request: { tagId: tag.tagId, paisa } },
    [[wallet, account]],
    (book) => {
      let posted: PostedEntry;
      try {
        posted = book.post({
          kind: 'FASTAG_RECHARGE',
          memo: memo('fastagRecharge', { vehicle: tag.vehicleNumber }),
          referenceType: 'FASTAG',
          referenceId: tag.tagId,
          legs: [
            { account: wallet, amount: -paisa },
            { account, amount: paisa },
          ],
        });
      } catch (err) {
        if (err instanceof AppError && err.code === LEDGER_ERRORS.INSUFFICIENT_BALANCE) {
          throw new AppError(FASTAG_ERRORS.FASTAG_RECHARGE_EXCEEDS_WALLET, FASTAG_MESSAGES.rechargeExceedsWallet, { field: 'amount' });
        }
        throw err;
      }
      const row = txnRow(posted, accountId(account), {
        operatorId,
        tagId: tag.tagId,
        vehicleId: tag.vehicleId,
        kind: 'RECHARGE',
        txnType: 'CREDIT',
        amountPaisa: paisa,
        plaza: 'Recharge from wallet',
        occurredAt: new Date(),
      });
      const result: RechargeResponse = {
        success: true,
        message: FASTAG_MESSAGES.rechargeSuccess(tag.vehicleNumber),
        vehicleNumber: tag.vehicleNumber,
        fastagAmount: toRupees(row.closingBalancePaisa),
        walletBalance: toRupees(posted.balances[accountId(wallet)]!.closing),
      };
      return { result, writes: [txnsWrite([row])] };
    },
  );
  return result;
}

/**
 * PUT /fastag/account: the toggle `{ id, recharge, minBal }` or the minimum balance
 * `{ fastagId, minBalance, autoRechargeActivate: true }` (ADR 041).
 */
export async function updateAccount(db: Db, operatorId: OperatorId, body: AccountRequest): Promise<AccountResponse> {
  if (body.fastagId !== undefined) {
    const paisa = parseRupeeAmount(body.minBalance, FASTAG_FIELD_MAX_PAISA);
    if (paisa === null) throw badRequest(FASTAG_MESSAGES.invalidAmount, 'minBalance');
    const tag = await ownTag(db, operatorId, body.fastagId);
    const saved = await repo.updateTagSettings(db, { operatorId, tagId: tag.tagId, set: { autoRecharge: true, minBalancePaisa: paisa } });
    return {
      success: true,
      message: FASTAG_MESSAGES.minBalanceSuccess(tag.vehicleNumber),
      tagId: tag.tagId,
      autoRecharge: saved.autoRecharge,
      minBalance: toRupees(saved.minBalancePaisa),
    };
  }
  if (body.id !== undefined && typeof body.recharge === 'boolean') {
    let minBalancePaisa: number | undefined;
    if (body.minBal !== undefined && body.minBal !== null && body.minBal !== '') {
      const paisa = parseRupeeAmount(body.minBal, FASTAG_FIELD_MAX_PAISA);
      if (paisa === null) throw badRequest(FASTAG_MESSAGES.invalidAmount, 'minBal');
      minBalancePaisa = paisa;
    }
    const tag = await ownTag(db, operatorId, body.id);
    const saved = await repo.updateTagSettings(db, { operatorId, tagId: tag.tagId, set: { autoRecharge: body.recharge, minBalancePaisa } });
    return {
      success: true,
      message: FASTAG_MESSAGES.toggleSuccess,
      tagId: tag.tagId,
      autoRecharge: saved.autoRecharge,
      minBalance: toRupees(saved.minBalancePaisa),
    };
  }
  throw badRequest(FASTAG_MESSAGES.accountBody);
}

export async function txnOverview(
  db: Db,
  operatorId: OperatorId,
  vehicleId: string,
  query: TxnOverviewQuery,
): Promise<TxnOverviewResponse> {
  const tag = await ownVehicleTag(db, operatorId, vehicleId);
  const { from, to } = timeWindow(query.fromTime, query.toTime);
  const sums = await repo.summariseTxns(db, { operatorId, vehicleId, from, to });
  // "Total Expense" is toll spend; with the Credit tab it is what came in
  const shown = query.txnType === 'CREDIT' ? sums.credit : sums.debit;
  const txnCount = query.txnType ? shown.n : sums.debit.n + sums.credit.n;
  return {
    vehicleId: tag.vehicleId,
    vehicleNumber: tag.vehicleNumber,
    tagId: tag.tagId,
    tagClass: tag.tagClass,
    fastagColor: FASTAG_COLORS[tag.tagClass as TagClass] ?? 'grey',
    autoRecharge: tag.autoRecharge,
    fastagAmount: toRupees(tag.balance ?? 0),
    txnCount,
    totalAmount: toRupees(shown.total),
    serialNumber: tag.barcode,
  };
}

export async function transactions(
  db: Db,
  operatorId: OperatorId,
  vehicleId: string,
  query: TransactionsQuery,
  locale: TextLocale = 'en',
): Promise<TransactionsResponse> {
  const { from, to } = timeWindow(query.fromTime, query.toTime);
  const scope = { operatorId, vehicleId, from, to };
  const filter = { ...scope, txnType: query.transactionType };
  const offset = query.pageNo * query.pageSize;
  const page = ({ from: mark, skip }: { from?: repo.TxnMark; skip: number }) =>
    repo.listTxns(db, filter, { limit: query.pageSize, offset: skip, from: mark });
  // A deep page seeks from the marks this process holds for the window, checked against the newest seq read
  // beside it (ADR 172); every statement is scoped by the operator, so the ownership check runs beside them too.
  const known = offset < PAGE_MARK_STRIDE ? undefined : knownMarks(db, filter);
  const [{ tagged, seq }, guessed] = await Promise.all([
    repo.vehicleTagAndNewestSeq(db, scope),
    offset < PAGE_MARK_STRIDE ? page({ skip: offset }) : known ? page(seekTo(known.value, offset)) : undefined,
  ]);
  if (!tagged) throw notFound(FASTAG_MESSAGES.vehicleNotFound);
  const [rows, sums] = await Promise.all([
    guessed && (!known || known.seq === seq) ? guessed : vehicleMarks(db, filter, seq).then((marks) => page(seekTo(marks, offset))),
    vehicleTotals(db, scope, seq),
  ]);
  const totalCount =
    query.transactionType === 'DEBIT' ? sums.debit.n : query.transactionType === 'CREDIT' ? sums.credit.n : sums.debit.n + sums.credit.n;
  return {
    list: rows.map((r) => ({
      txnId: r.txnId,
      vehicleId: r.vehicleId,
      vehicleNumber: r.vehicleNumber,
      ticket: r.ticket,
      // a wallet recharge's line is the portal's own text, rendered in the reader's language (ADR 275)
      plaza: r.plaza === null ? null : memoText(r.plaza, locale),
      time: r.occurredAt.toISOString(),
      type: r.type,
      kind: r.kind,
      amount: toRupees(r.amountPaisa),
      openingBalance: toRupees(r.openingPaisa),
      closingBalance: toRupees(r.closingPaisa),
    })),
    totalCount,
  };
}

/** One click on a toll row raises a dispute ticket; a second click finds the open one. */
export async function dispute(
  db: Db,
  actor: { operatorId: OperatorId; userCode: string },
  txnId: string,
  reason: string | undefined,
  /** what the toll checks found, attached to the ticket (ADR 280) */
  evidence?: Array<Record<string, unknown>>,
): Promise<DisputeResponse> {
  const txn = await repo.findTxn(db, { id: txnId, operatorId: actor.operatorId });
  if (!txn) throw notFound(FASTAG_MESSAGES.transactionNotFound);
  if (txn.kind !== 'TOLL' || txn.status !== 'SUCCESS') {
    throw new AppError(FASTAG_ERRORS.FASTAG_DISPUTE_NOT_ALLOWED, FASTAG_MESSAGES.disputeNotAllowed);
  }
  const inserted = await repo.insertTicket(db, {
    id: newId('TKT', 10),
    operatorId: actor.operatorId,
    raisedBy: actor.userCode,
    category: 'FASTAG_DISPUTE',
    referenceType: 'FASTAG_TXN',
    referenceId: txn.id,
    subject: `Toll dispute: ${txn.vehicleNumber} at ${txn.plaza ?? 'toll plaza'}`,
    details: {
      txnId: txn.id,
      tagId: txn.tagId,
      vehicleNumber: txn.vehicleNumber,
      plaza: txn.plaza,
      plazaCode: txn.plazaCode,
      amountPaisa: txn.amountPaisa,
      crossedAt: txn.occurredAt.toISOString(),
      reason: reason ?? null,
      ...(evidence ? { flags: evidence } : {}),
    },
  });
  // the caller's own open ticket: another operator's ticket on the same id is never answered (ADR 228)
  const own = { operatorId: actor.operatorId, referenceId: txn.id };
  const open = inserted ?? (await repo.findOpenTicket(db, own));
  if (!open) throw new AppError('CONFLICT', 'Please try again');
  return { ticketId: open.id, ticket: await repo.countOpenTickets(db, own), created: Boolean(inserted) };
}
