import {
  type AccountRequest,
  type AccountResponse,
  type DisputeResponse,
  FASTAG_COLORS,
  FASTAG_ERRORS,
  FASTAG_MESSAGES,
  type FastagListQuery,
  type FastagListResponse,
  type FastagStatementQuery,
  type FastagStatementV2Query,
  type RechargeRequest,
  type RechargeResponse,
  rupeesToPaisa,
  type TagClass,
  type TollEvent,
  type TollWebhookResponse,
  type TransactionsQuery,
  type TransactionsResponse,
  type TxnOverviewQuery,
  type TxnOverviewResponse,
} from '@bhada/contracts/fastag';
import { LEDGER_ERRORS } from '@bhada/contracts/ledger';
import { MAX_ALL_VEHICLES_REPORT_SECONDS, WALLET_MESSAGES } from '@bhada/contracts/wallet';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import {
  type AccountRef,
  accountId,
  balanceOf,
  type PostedEntry,
  postEntry,
  SYSTEM_OWNER,
  withIdempotency,
} from '../ledger/ledger.service.ts';
import { istDateTime, rupeesText, type Statement } from '../wallet/statement-writer.ts';
import { operatorName, ownerContact, periodText, timeWindow, toRupees, walletAccount } from '../wallet/wallet.service.ts';
import * as repo from './fastag.repository.ts';

export const tagAccount = (tagId: string): AccountRef => ({ kind: 'FASTAG', ownerId: tagId });
const TOLL_NETWORK: AccountRef = { kind: 'TOLL_NETWORK', ownerId: SYSTEM_OWNER };

type TagRow = NonNullable<Awaited<ReturnType<typeof repo.findTag>>>;

function toRow(t: TagRow) {
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
const normaliseSearch = (text: string | undefined) => text?.toUpperCase().replace(/[^A-Z0-9]/g, '') || undefined;

export async function listTags(db: Db, operatorId: string, query: FastagListQuery): Promise<FastagListResponse> {
  const search = normaliseSearch(query.searchText);
  const [rows, totalCount] = await Promise.all([
    repo.listTags(db, { operatorId, search }, { limit: query.pageSize, offset: query.pageNo * query.pageSize }),
    repo.countTags(db, { operatorId, search }),
  ]);
  return { list: rows.map(toRow), totalCount, searchText: query.searchText ?? '' };
}

async function ownTag(db: Db, operatorId: string, tagId: string) {
  const tag = await repo.findTag(db, { tagId, operatorId });
  if (!tag) throw notFound(FASTAG_MESSAGES.tagNotFound);
  return tag;
}

async function ownVehicleTag(db: Db, operatorId: string, vehicleId: string) {
  const tag = await repo.findTagByVehicle(db, { vehicleId, operatorId });
  if (!tag) throw notFound(FASTAG_MESSAGES.vehicleNotFound);
  return tag;
}

const txnRow = (
  posted: PostedEntry,
  account: string,
  base: Omit<repo.TxnInsert, 'id' | 'openingBalancePaisa' | 'closingBalancePaisa' | 'entryId' | 'status'>,
): repo.TxnInsert => ({
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
export async function recharge(db: Db, operatorId: string, body: RechargeRequest, idempotencyKey: string): Promise<RechargeResponse> {
  const paisa = rupeesToPaisa(body.amount);
  if (!paisa) throw badRequest(FASTAG_MESSAGES.invalidAmount, 'amount');
  const tag = await ownTag(db, operatorId, body.tagId);
  if (tag.status !== 'ACTIVE') throw new AppError(FASTAG_ERRORS.FASTAG_TAG_INACTIVE, FASTAG_MESSAGES.tagInactive);
  const { result } = await withIdempotency(
    db,
    { scope: `fastag-recharge:${operatorId}`, key: idempotencyKey, request: { tagId: tag.tagId, paisa } },
    async (tx) => {
      let posted: PostedEntry;
      try {
        posted = await postEntry(tx, {
          kind: 'FASTAG_RECHARGE',
          memo: `Fastag recharge for ${tag.vehicleNumber}`,
          referenceType: 'FASTAG',
          referenceId: tag.tagId,
          legs: [
            { account: walletAccount(operatorId), amount: -paisa },
            { account: tagAccount(tag.tagId), amount: paisa },
          ],
        });
      } catch (err) {
        if (err instanceof AppError && err.code === LEDGER_ERRORS.INSUFFICIENT_BALANCE) {
          throw new AppError(FASTAG_ERRORS.FASTAG_RECHARGE_EXCEEDS_WALLET, FASTAG_MESSAGES.rechargeExceedsWallet, { field: 'amount' });
        }
        throw err;
      }
      const row = txnRow(posted, accountId(tagAccount(tag.tagId)), {
        operatorId,
        tagId: tag.tagId,
        vehicleId: tag.vehicleId,
        kind: 'RECHARGE',
        txnType: 'CREDIT',
        amountPaisa: paisa,
        plaza: 'Recharge from wallet',
        occurredAt: new Date(),
      });
      await repo.insertTxns(tx, [row]);
      return {
        success: true,
        message: FASTAG_MESSAGES.rechargeSuccess(tag.vehicleNumber),
        vehicleNumber: tag.vehicleNumber,
        fastagAmount: toRupees(row.closingBalancePaisa),
        walletBalance: toRupees(posted.balances[accountId(walletAccount(operatorId))]!.closing),
      };
    },
  );
  return result;
}

/**
 * PUT /fastag/account: the toggle `{ id, recharge, minBal }` or the minimum balance
 * `{ fastagId, minBalance, autoRechargeActivate: true }` (ADR 041).
 */
export async function updateAccount(db: Db, operatorId: string, body: AccountRequest): Promise<AccountResponse> {
  if (body.fastagId !== undefined) {
    const paisa = rupeesToPaisa(body.minBalance);
    if (paisa === null) throw badRequest(FASTAG_MESSAGES.invalidAmount, 'minBalance');
    const tag = await ownTag(db, operatorId, body.fastagId);
    const saved = await repo.updateTagSettings(db, tag.tagId, { autoRecharge: true, minBalancePaisa: paisa });
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
      const paisa = rupeesToPaisa(body.minBal);
      if (paisa === null) throw badRequest(FASTAG_MESSAGES.invalidAmount, 'minBal');
      minBalancePaisa = paisa;
    }
    const tag = await ownTag(db, operatorId, body.id);
    const saved = await repo.updateTagSettings(db, tag.tagId, { autoRecharge: body.recharge, minBalancePaisa });
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

export async function txnOverview(db: Db, operatorId: string, vehicleId: string, query: TxnOverviewQuery): Promise<TxnOverviewResponse> {
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

export async function transactions(db: Db, operatorId: string, vehicleId: string, query: TransactionsQuery): Promise<TransactionsResponse> {
  await ownVehicleTag(db, operatorId, vehicleId);
  const { from, to } = timeWindow(query.fromTime, query.toTime);
  const filter = { operatorId, vehicleId, txnType: query.transactionType, from, to };
  const [rows, sums] = await Promise.all([
    repo.listTxns(db, filter, { limit: query.pageSize, offset: query.pageNo * query.pageSize }),
    repo.summariseTxns(db, { operatorId, vehicleId, from, to }),
  ]);
  const totalCount =
    query.transactionType === 'DEBIT' ? sums.debit.n : query.transactionType === 'CREDIT' ? sums.credit.n : sums.debit.n + sums.credit.n;
  return {
    list: rows.map((r) => ({
      txnId: r.txnId,
      vehicleId: r.vehicleId,
      vehicleNumber: r.vehicleNumber,
      ticket: r.ticket,
      plaza: r.plaza,
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
  actor: { operatorId: string; userCode: string },
  txnId: string,
  reason: string | undefined,
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
    },
  });
  const open = inserted ?? (await repo.findOpenTicket(db, txn.id));
  return { ticketId: open!.id, ticket: await repo.countOpenTickets(db, txn.id), created: Boolean(inserted) };
}

// ——— tolls from the issuer ———

export interface BalanceAlert {
  kind: 'LOW_BALANCE' | 'TOLL_DECLINED';
  operatorId: string;
  vehicleNumber: string;
  plaza?: string;
  /** paisa */
  walletBalance: number;
  tagBalance: number;
  shortBy: number;
}

/**
 * The automatic top-up rule (ADR 042): when a tag with auto-recharge on is below its minimum, move
 * from the wallet enough to bring it to the minimum plus the tag's recharge amount (by default as
 * much again as the minimum, i.e. up to twice the minimum), capped by what the wallet holds. A
 * wallet that cannot cover it all raises a low-balance alert; nothing ever goes negative.
 */
export function autoTopUpAmount(
  tag: { minBalancePaisa: number; rechargeAmountPaisa: number | null },
  tagBalance: number,
  walletBalance: number,
) {
  const wanted = tag.minBalancePaisa - tagBalance + (tag.rechargeAmountPaisa ?? tag.minBalancePaisa);
  if (tagBalance >= tag.minBalancePaisa || wanted <= 0) return { amount: 0, short: false, wanted: 0 };
  const amount = Math.max(0, Math.min(wanted, walletBalance));
  return { amount, short: amount < wanted, wanted };
}

async function autoTopUp(tx: Db, tag: TagRow, tagBalance: number, at: Date, alerts: BalanceAlert[]) {
  if (!tag.autoRecharge || tagBalance >= tag.minBalancePaisa) return;
  const wallet = walletAccount(tag.operatorId);
  const walletBalance = await balanceOf(tx, wallet);
  const plan = autoTopUpAmount(tag, tagBalance, walletBalance);
  let closing = tagBalance;
  let left = walletBalance;
  if (plan.amount > 0) {
    try {
      const posted = await postEntry(tx, {
        kind: 'FASTAG_AUTO_RECHARGE',
        memo: `Auto-recharge for ${tag.vehicleNumber}`,
        referenceType: 'FASTAG',
        referenceId: tag.tagId,
        legs: [
          { account: wallet, amount: -plan.amount },
          { account: tagAccount(tag.tagId), amount: plan.amount },
        ],
      });
      const row = txnRow(posted, accountId(tagAccount(tag.tagId)), {
        operatorId: tag.operatorId,
        tagId: tag.tagId,
        vehicleId: tag.vehicleId,
        kind: 'AUTO_RECHARGE',
        txnType: 'CREDIT',
        amountPaisa: plan.amount,
        plaza: 'Auto-recharge from wallet',
        occurredAt: at,
      });
      await repo.insertTxns(tx, [row]);
      closing = row.closingBalancePaisa;
      left = posted.balances[accountId(wallet)]!.closing;
    } catch (err) {
      // the wallet was spent between the read and the lock: treat as short
      if (!(err instanceof AppError && err.code === LEDGER_ERRORS.INSUFFICIENT_BALANCE)) throw err;
      plan.short = true;
    }
  }
  if (plan.short) {
    alerts.push({
      kind: 'LOW_BALANCE',
      operatorId: tag.operatorId,
      vehicleNumber: tag.vehicleNumber,
      walletBalance: left,
      tagBalance: closing,
      shortBy: plan.wanted - (closing - tagBalance),
    });
  }
}

/**
 * Applies one toll event from the issuer, once per eventId (a repeat returns the first answer).
 * A debit the tag cannot cover is declined as the issuer's lane would: a failed row, nothing moves
 * (ADR 042). Alerts are handed back for the caller to send after the commit.
 */
export async function applyTollEvent(db: Db, event: TollEvent): Promise<{ response: TollWebhookResponse; alerts: BalanceAlert[] }> {
  const known = await repo.findTag(db, { tagId: event.tagId });
  if (!known) throw new AppError(FASTAG_ERRORS.FASTAG_UNKNOWN_TAG, FASTAG_MESSAGES.unknownTag);
  const alerts: BalanceAlert[] = [];
  const { result, replayed } = await withIdempotency(db, { scope: 'fastag-toll-event', key: event.eventId, request: event }, async (tx) => {
    const tag = (await repo.findTag(tx, { tagId: event.tagId }))!;
    const at = new Date(event.crossedAt);
    const account = tagAccount(tag.tagId);
    const base = {
      eventId: event.eventId,
      operatorId: tag.operatorId,
      tagId: tag.tagId,
      vehicleId: tag.vehicleId,
      amountPaisa: event.amount,
      plaza: event.plaza,
      plazaCode: event.plazaCode ?? null,
      laneDirection: event.laneDirection ?? null,
      vehicleClass: event.vehicleClass ?? null,
      occurredAt: at,
    };
    if (event.type === 'CREDIT') {
      const posted = await postEntry(tx, {
        kind: 'TOLL_REVERSAL',
        memo: `Toll reversal at ${event.plaza}`,
        referenceType: 'FASTAG_EVENT',
        referenceId: event.eventId,
        legs: [
          { account: TOLL_NETWORK, amount: -event.amount },
          { account, amount: event.amount },
        ],
      });
      const row = txnRow(posted, accountId(account), { ...base, kind: 'TOLL_REVERSAL', txnType: 'CREDIT' });
      await repo.insertTxns(tx, [row]);
      return { txnId: row.id, status: 'SUCCESS' as const, duplicate: false };
    }
    try {
      const posted = await postEntry(tx, {
        kind: 'TOLL_DEBIT',
        memo: `Toll at ${event.plaza}`,
        referenceType: 'FASTAG_EVENT',
        referenceId: event.eventId,
        legs: [
          { account, amount: -event.amount },
          { account: TOLL_NETWORK, amount: event.amount },
        ],
      });
      const row = txnRow(posted, accountId(account), { ...base, kind: 'TOLL', txnType: 'DEBIT' });
      await repo.insertTxns(tx, [row]);
      await repo.updateLastToll(tx, tag.tagId, event.plaza, at);
      await autoTopUp(tx, tag, row.closingBalancePaisa, at, alerts);
      return { txnId: row.id, status: 'SUCCESS' as const, duplicate: false };
    } catch (err) {
      if (!(err instanceof AppError && err.code === LEDGER_ERRORS.INSUFFICIENT_BALANCE)) throw err;
    }
    const balance = await balanceOf(tx, account);
    const id = newId('FTX', 12);
    await repo.insertTxns(tx, [
      {
        id,
        ...base,
        kind: 'TOLL',
        txnType: 'DEBIT',
        status: 'FAILED',
        openingBalancePaisa: balance,
        closingBalancePaisa: balance,
        failureReason: 'INSUFFICIENT_TAG_BALANCE',
      },
    ]);
    alerts.push({
      kind: 'TOLL_DECLINED',
      operatorId: tag.operatorId,
      vehicleNumber: tag.vehicleNumber,
      plaza: event.plaza,
      walletBalance: await balanceOf(tx, walletAccount(tag.operatorId)),
      tagBalance: balance,
      shortBy: event.amount - balance,
    });
    await autoTopUp(tx, tag, balance, at, alerts);
    return { txnId: id, status: 'FAILED' as const, duplicate: false };
  });
  return replayed ? { response: { ...result, duplicate: true }, alerts: [] } : { response: result, alerts };
}

export interface AlertSender {
  send(message: { channel: 'sms' | 'email'; to: string; subject: string; text: string; kind: string }): Promise<unknown>;
}

/** Tells the operator's owner; a failure to notify never undoes a toll. */
export async function sendAlerts(db: Db, notifier: AlertSender, alerts: BalanceAlert[]) {
  for (const alert of alerts) {
    const owner = await ownerContact(db, alert.operatorId);
    if (!owner) continue;
    const text =
      alert.kind === 'TOLL_DECLINED'
        ? `Toll at ${alert.plaza} was declined for ${alert.vehicleNumber}: Fastag balance ${rupeesText(alert.tagBalance)}. Wallet balance ${rupeesText(alert.walletBalance)}. Please recharge.`
        : `Low wallet balance: auto-recharge for ${alert.vehicleNumber} is short by ${rupeesText(alert.shortBy)}. Fastag balance ${rupeesText(alert.tagBalance)}, wallet ${rupeesText(alert.walletBalance)}. Please add money.`;
    await notifier.send({ channel: 'sms', to: owner.phone, subject: 'Fastag balance alert', text, kind: 'LOW_BALANCE' });
  }
}

// ——— statements ———

const STATEMENT_COLUMNS: Statement['columns'] = [
  { header: 'Date & Time', key: 'date', width: 20 },
  { header: 'Vehicle No.', key: 'vehicle', width: 14 },
  { header: 'Transaction Id', key: 'txnId', width: 20 },
  { header: 'Transaction', key: 'plaza', width: 36 },
  { header: 'Type', key: 'type', width: 9 },
  { header: 'Amount (₹)', key: 'amount', width: 12, money: true },
  { header: 'Opening Bal. (₹)', key: 'opening', width: 14, money: true },
  { header: 'Closing Bal. (₹)', key: 'closing', width: 14, money: true },
];

/** Checks of the all-vehicles report (spec fastag §5); used when the link is issued and when it is opened. */
export function checkAllVehiclesRange(query: { fromTime: number; toTime: number }) {
  if (query.fromTime > query.toTime) throw badRequest(WALLET_MESSAGES.startAfterEnd, 'fromTime');
  if (query.toTime - query.fromTime > MAX_ALL_VEHICLES_REPORT_SECONDS) throw badRequest(WALLET_MESSAGES.rangeTooLong, 'toTime');
}

async function buildStatement(
  db: Db,
  operatorId: string,
  filter: repo.TxnFilter,
  title: string,
  subtitle: string | null,
): Promise<Statement> {
  const scope = { operatorId, vehicleId: filter.vehicleId };
  const [name, opening, closing, sums] = await Promise.all([
    operatorName(db, operatorId),
    repo.tagBalancesBefore(db, scope, filter.from),
    repo.tagBalancesBefore(db, scope, filter.to),
    repo.summariseTxns(db, { operatorId, vehicleId: filter.vehicleId, from: filter.from, to: filter.to }),
  ]);
  const summary: Statement['summary'] = [];
  if (subtitle) summary.push(['Vehicle', subtitle]);
  if (filter.txnType) summary.push(['Transactions shown', filter.txnType]);
  summary.push(
    ['Opening balance', rupeesText(opening)],
    ['Closing balance', rupeesText(closing)],
    ['Total debit', rupeesText(sums.debit.total)],
    ['Total credit', rupeesText(sums.credit.total)],
    [
      'Transactions',
      String(filter.txnType === 'DEBIT' ? sums.debit.n : filter.txnType === 'CREDIT' ? sums.credit.n : sums.debit.n + sums.credit.n),
    ],
  );
  async function* rows() {
    let after: { at: Date; seq: number } | null = null;
    for (;;) {
      const page = await repo.statementTxns(db, filter, after, 1000);
      for (const r of page) {
        yield {
          date: istDateTime(r.occurredAt),
          vehicle: r.vehicleNumber,
          txnId: r.txnId,
          plaza: r.plaza,
          type: r.type,
          amount: toRupees(r.amountPaisa),
          opening: toRupees(r.openingPaisa),
          closing: toRupees(r.closingPaisa),
        };
      }
      if (page.length < 1000) return;
      const last = page[page.length - 1]!;
      after = { at: last.occurredAt, seq: last.seq };
    }
  }
  return { title, operatorName: name, period: periodText(filter.from, filter.to), summary, columns: STATEMENT_COLUMNS, rows: rows() };
}

export async function allVehiclesStatement(db: Db, operatorId: string, query: FastagStatementQuery) {
  checkAllVehiclesRange(query);
  const { from, to } = timeWindow(query.fromTime, query.toTime);
  return buildStatement(db, operatorId, { operatorId, txnType: query.txnType, from, to }, 'Fastag Statement — All Vehicles', null);
}

export async function vehicleStatement(db: Db, operatorId: string, query: FastagStatementV2Query) {
  const tag = await ownVehicleTag(db, operatorId, query.vehicleId);
  const { from, to } = timeWindow(query.fromTime, query.toTime);
  return buildStatement(
    db,
    operatorId,
    { operatorId, vehicleId: tag.vehicleId, txnType: query.txnType, from, to },
    'Fastag Statement',
    `${tag.vehicleNumber} (tag ${tag.barcode})`,
  );
}

/** Existence check for link issuing: a foreign vehicle is 404 before any link exists. */
export async function assertOwnVehicle(db: Db, operatorId: string, vehicleId: string) {
  await ownVehicleTag(db, operatorId, vehicleId);
}
