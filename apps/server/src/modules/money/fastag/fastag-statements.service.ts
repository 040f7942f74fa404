import type { FastagStatementQuery, FastagStatementV2Query } from '@bhada/contracts/money/fastag';
import { MAX_ALL_VEHICLES_REPORT_SECONDS, WALLET_MESSAGES } from '@bhada/contracts/money/wallet';
import type { Db } from '../../../db/client.ts';
import { badRequest } from '../../../lib/errors.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';
import { memoText, type StatementLang, statementWords } from '../wallet/statement-text.ts';
import type { Statement, StatementColumn } from '../wallet/statement-writer.ts';
import { operatorName, timeWindow } from '../wallet/wallet.service.ts';
import * as repo from './fastag.repository.ts';
import { ownVehicleTag } from './fastag.service.ts';

// ——— statements ———

export function statementColumns(lang: StatementLang): StatementColumn[] {
  const words = statementWords(lang);
  return [
    { header: words.dateTime, key: 'date', width: 20, kind: 'date' },
    { header: words.vehicleNo, key: 'vehicle', width: 14 },
    { header: words.txnId, key: 'txnId', width: 20 },
    { header: words.transaction, key: 'plaza', width: 36 },
    { header: words.debit, key: 'debit', width: 13, kind: 'money', total: true },
    { header: words.credit, key: 'credit', width: 13, kind: 'money', total: true },
    { header: words.openingCol, key: 'opening', width: 16, kind: 'money' },
    { header: words.closingCol, key: 'closing', width: 16, kind: 'money' },
  ];
}

/** Checks of the all-vehicles report (spec fastag §5); used when the link is issued and when it is opened. */
export function checkAllVehiclesRange(query: { fromTime: number; toTime: number }) {
  if (query.fromTime > query.toTime) throw badRequest(WALLET_MESSAGES.startAfterEnd, 'fromTime');
  if (query.toTime - query.fromTime > MAX_ALL_VEHICLES_REPORT_SECONDS) throw badRequest(WALLET_MESSAGES.rangeTooLong, 'toTime');
}

export async function buildStatement(
  db: Db,
  operatorId: OperatorId,
  filter: repo.TxnFilter,
  heading: { lang: StatementLang; title: string; fileStem: string; vehicle: string | null },
): Promise<Statement> {
  const { lang } = heading;
  const words = statementWords(lang);
  const scope = { operatorId, vehicleId: filter.vehicleId };
  const [name, opening, closing, sums] = await Promise.all([
    operatorName(db, operatorId),
    repo.tagBalancesBefore(db, scope, filter.from),
    repo.tagBalancesBefore(db, scope, filter.to),
    repo.summariseTxns(db, { operatorId, vehicleId: filter.vehicleId, from: filter.from, to: filter.to }),
  ]);
  const summary: Statement['summary'] = [];
  if (heading.vehicle) summary.push([words.vehicle, { text: heading.vehicle }]);
  if (filter.txnType) summary.push([words.transactionsShown, { text: filter.txnType === 'DEBIT' ? words.debitsOnly : words.creditsOnly }]);
  summary.push(
    [words.openingBalance, { paisa: opening }],
    [words.closingBalance, { paisa: closing }],
    [words.totalDebit, { paisa: sums.debit.total }],
    [words.totalCredit, { paisa: sums.credit.total }],
    [
      words.transactions,
      { count: filter.txnType === 'DEBIT' ? sums.debit.n : filter.txnType === 'CREDIT' ? sums.credit.n : sums.debit.n + sums.credit.n },
    ],
  );
  async function* rows() {
    let after: { at: Date; seq: number } | null = null;
    for (;;) {
      const page = await repo.statementTxns(db, filter, after, 1000);
      for (const r of page) {
        yield {
          date: r.occurredAt,
          vehicle: r.vehicleNumber,
          txnId: r.txnId,
          plaza: r.plaza === null ? null : memoText(r.plaza, lang),
          debit: r.type === 'DEBIT' ? r.amountPaisa : null,
          credit: r.type === 'DEBIT' ? null : r.amountPaisa,
          opening: r.openingPaisa,
          closing: r.closingPaisa,
        };
      }
      if (page.length < 1000) return;
      const last = page[page.length - 1]!;
      after = { at: last.occurredAt, seq: last.seq };
    }
  }
  return {
    lang,
    fileStem: heading.fileStem,
    title: heading.title,
    operatorName: name,
    from: filter.from,
    to: filter.to,
    summary,
    columns: statementColumns(lang),
    rows,
  };
}

export async function allVehiclesStatement(db: Db, operatorId: OperatorId, query: FastagStatementQuery, lang: StatementLang) {
  checkAllVehiclesRange(query);
  const { from, to } = timeWindow(query.fromTime, query.toTime);
  return buildStatement(
    db,
    operatorId,
    { operatorId, txnType: query.txnType, from, to },
    { lang, title: statementWords(lang).fastagAllTitle, fileStem: 'fastag-statement', vehicle: null },
  );
}

export async function vehicleStatement(db: Db, operatorId: OperatorId, query: FastagStatementV2Query, lang: StatementLang) {
  const tag = await ownVehicleTag(db, operatorId, query.vehicleId);
  const { from, to } = timeWindow(query.fromTime, query.toTime);
  const words = statementWords(lang);
  return buildStatement(
    db,
    operatorId,
    { operatorId, vehicleId: tag.vehicleId, txnType: query.txnType, from, to },
    {
      lang,
      title: words.fastagTitle,
      fileStem: `fastag-${tag.vehicleNumber.replace(/[^A-Za-z0-9]+/g, '').toUpperCase() || 'vehicle'}`,
      vehicle: `${tag.vehicleNumber} (${words.tag} ${tag.barcode})`,
    },
  );
}

/** Existence check for link issuing: a foreign vehicle is 404 before any link exists. */
export async function assertOwnVehicle(db: Db, operatorId: OperatorId, vehicleId: string) {
  await ownVehicleTag(db, operatorId, vehicleId);
}
