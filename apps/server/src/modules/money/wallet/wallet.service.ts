import type {
  PassbookQuery,
  PassbookResponse,
  PaymentWalletResponse,
  WalletBalanceResponse,
  WalletReportQuery,
} from '@bhada/contracts/money/wallet';
import { PASSBOOK_DEFAULT_RANGE_SECONDS, WALLET_MESSAGES } from '@bhada/contracts/money/wallet';
import type { Db } from '../../../db/client.ts';
import { badRequest, notFound } from '../../../lib/errors.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';
import { entryText, remarksText, type TextLocale } from '../../../lib/user-text.ts';
import { accounts } from '../ledger/accounts.ts';
import { accountId, balanceOf, balancesBefore, postingsBetween } from '../ledger/ledger.service.ts';
import { type StatementLang, statementWords } from './statement-text.ts';
import type { Statement } from './statement-writer.ts';
import * as repo from './wallet.repository.ts';

export const walletAccount = accounts.operatorWallet;
export const toRupees = (paisa: number) => Math.round(paisa) / 100;

export async function getBalance(db: Db, operatorId: OperatorId): Promise<WalletBalanceResponse> {
  const paisa = await balanceOf(db, walletAccount(operatorId));
  return { balance: toRupees(paisa), balanceInPaisa: paisa };
}

export async function paymentWallet(db: Db, operatorId: OperatorId): Promise<PaymentWalletResponse> {
  // every operator has a wallet; it exists in the ledger from its first movement
  return { balanceInPaisa: await balanceOf(db, walletAccount(operatorId)), active: true };
}

/** [from, to) from epoch seconds; `to` is inclusive on the wire (23:59:59), so one second is added. */
export function timeWindow(fromTime: number | undefined, toTime: number | undefined, defaultSpan?: number) {
  const nowSec = Math.floor(Date.now() / 1000);
  const to = toTime ?? nowSec;
  const from = fromTime ?? (defaultSpan !== undefined ? to - defaultSpan : 0);
  if (from > to) throw badRequest(WALLET_MESSAGES.startAfterEnd, 'fromTime');
  return { from: new Date(from * 1000), to: new Date((to + 1) * 1000), fromSec: from, toSec: to };
}

/** `locale` is the reader's language: descriptions and bank remarks are rendered in it (ADR 147). */
export async function passbook(db: Db, operatorId: OperatorId, query: PassbookQuery, locale: TextLocale = 'en'): Promise<PassbookResponse> {
  const { from, to } = timeWindow(query.fromTime, query.toTime);
  const scope = { operatorId, accountId: accountId(walletAccount(operatorId)), from, to };
  const [rows, totalCount] = await Promise.all([
    repo.listPassbook(
      db,
      { ...scope, topUpDescription: WALLET_MESSAGES.topUpDescription },
      { limit: query.pageSize, offset: query.pageNo * query.pageSize },
    ),
    repo.countPassbook(db, scope),
  ]);
  return {
    list: rows.map((r) => {
      const moved = r.balanceAfter !== null;
      return {
        id: r.id,
        date: r.at.toISOString(),
        description: entryText(r.description, r.memoData, locale),
        amount: toRupees(Math.abs(r.amount)),
        // a top-up order is always money coming in, whether or not it arrived
        transactionType: moved && r.amount < 0 ? 'DEBIT' : 'CREDIT',
        openingBalance: moved ? toRupees(r.balanceAfter! - r.amount) : null,
        closingBalance: moved ? toRupees(r.balanceAfter!) : null,
        status: r.status,
        statusRemarks: remarksText(r.statusRemarks, r.status, locale),
      };
    }),
    totalCount,
    totalPages: Math.ceil(totalCount / query.pageSize),
  };
}

export async function operatorName(db: Db, operatorId: OperatorId) {
  const op = await repo.findOperator(db, { operatorId });
  if (!op) throw notFound();
  return `${op.companyName} (${op.name})`;
}

/** The wallet statement, the passbook on paper (spec fastag §7.1: the last 30 days by default): money that moved, oldest first. */
export async function walletStatement(db: Db, operatorId: OperatorId, query: WalletReportQuery, lang: StatementLang): Promise<Statement> {
  const { from, to } = timeWindow(query.fromTime, query.toTime, PASSBOOK_DEFAULT_RANGE_SECONDS);
  const account = walletAccount(operatorId);
  const id = accountId(account);
  const [name, before, after, totals] = await Promise.all([
    operatorName(db, operatorId),
    balancesBefore(db, [account], from),
    balancesBefore(db, [account], to),
    repo.sumPostings(db, { accountIds: [id], from, to }),
  ]);
  const words = statementWords(lang);
  async function* rows() {
    let afterId = 0;
    for (;;) {
      const page = await postingsBetween(db, account, { from, to }, { afterId, limit: 1000 });
      for (const p of page) {
        yield {
          date: p.createdAt,
          description: entryText(p.memo, p.memoData, lang),
          debit: p.amount < 0 ? -p.amount : null,
          credit: p.amount < 0 ? null : p.amount,
          opening: p.balanceAfter - p.amount,
          closing: p.balanceAfter,
        };
      }
      if (page.length < 1000) return;
      afterId = page[page.length - 1]!.id;
    }
  }
  return {
    lang,
    fileStem: 'passbook',
    title: words.walletTitle,
    operatorName: name,
    from,
    to,
    summary: [
      [words.openingBalance, { paisa: before.get(id) ?? 0 }],
      [words.closingBalance, { paisa: after.get(id) ?? 0 }],
      [words.totalCredit, { paisa: totals.credit }],
      [words.totalDebit, { paisa: totals.debit }],
      [words.transactions, { count: totals.count }],
    ],
    columns: [
      { header: words.dateTime, key: 'date', width: 21, kind: 'date' },
      { header: words.transaction, key: 'description', width: 46 },
      { header: words.debit, key: 'debit', width: 14, kind: 'money', total: true },
      { header: words.credit, key: 'credit', width: 14, kind: 'money', total: true },
      { header: words.openingCol, key: 'opening', width: 17, kind: 'money' },
      { header: words.closingCol, key: 'closing', width: 17, kind: 'money' },
    ],
    rows,
  };
}

/** Where low-balance alerts go. */
export const ownerContact = (db: Db, operatorId: OperatorId) => repo.findOwnerContact(db, { operatorId });
export const isActiveUser = async (db: Db, userId: string, operatorId: OperatorId) =>
  Boolean(await repo.findActiveUser(db, { userId, operatorId }));
