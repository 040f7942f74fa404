import type { FastagStatementQuery, FastagStatementV2Query } from '@bhada/contracts/fastag';
import { MAX_ALL_VEHICLES_REPORT_SECONDS, WALLET_MESSAGES } from '@bhada/contracts/wallet';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import type { OperatorId } from '../../lib/tenancy.ts';
import { istDateTime, rupeesText, type Statement } from '../wallet/statement-writer.ts';
import { operatorName, periodText, timeWindow, toRupees } from '../wallet/wallet.service.ts';
import * as repo from './fastag.repository.ts';
import { ownVehicleTag } from './fastag.service.ts';

// ——— statements ———

export const STATEMENT_COLUMNS: Statement['columns'] = [
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

export async function buildStatement(
  db: Db,
  operatorId: OperatorId,
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

export async function allVehiclesStatement(db: Db, operatorId: OperatorId, query: FastagStatementQuery) {
  checkAllVehiclesRange(query);
  const { from, to } = timeWindow(query.fromTime, query.toTime);
  return buildStatement(db, operatorId, { operatorId, txnType: query.txnType, from, to }, 'Fastag Statement — All Vehicles', null);
}

export async function vehicleStatement(db: Db, operatorId: OperatorId, query: FastagStatementV2Query) {
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
export async function assertOwnVehicle(db: Db, operatorId: OperatorId, vehicleId: string) {
  await ownVehicleTag(db, operatorId, vehicleId);
}
