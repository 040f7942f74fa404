import { istDateTimeText, istDay } from '@bhada/contracts/time';
import { memoText as userMemoText } from '../../../lib/user-text.ts';

/**
 * The words of every statement file (wallet passbook, Fastag statements) in the two languages the
 * portal speaks. A statement is written in the language fixed when its link was issued (ADR 140).
 */
export type StatementLang = 'en' | 'hi';

export const isStatementLang = (value: unknown): value is StatementLang => value === 'en' || value === 'hi';

const EN = {
  walletTitle: 'Wallet Statement',
  fastagAllTitle: 'Fastag Statement — All Vehicles',
  fastagTitle: 'Fastag Statement',
  operator: 'Operator',
  period: 'Period',
  generated: 'Generated',
  vehicle: 'Vehicle',
  tag: 'tag',
  transactionsShown: 'Transactions shown',
  debitsOnly: 'Debits only',
  creditsOnly: 'Credits only',
  openingBalance: 'Opening balance',
  closingBalance: 'Closing balance',
  totalDebit: 'Total debit',
  totalCredit: 'Total credit',
  transactions: 'Transactions',
  dateTime: 'Date & Time',
  vehicleNo: 'Vehicle No.',
  txnId: 'Transaction Id',
  transaction: 'Transaction',
  debit: 'Debit (₹)',
  credit: 'Credit (₹)',
  openingCol: 'Opening Bal. (₹)',
  closingCol: 'Closing Bal. (₹)',
  total: 'Total',
  noTransactions: 'No transactions in this period',
  sheet: 'Statement',
  page: (n: number | string, of: number | string) => `Page ${n} of ${of}`,
  range: (from: string, to: string) => `${from} to ${to}`,
};

const HI: typeof EN = {
  walletTitle: 'वॉलेट स्टेटमेंट',
  fastagAllTitle: 'फास्टैग स्टेटमेंट — सभी गाड़ियाँ',
  fastagTitle: 'फास्टैग स्टेटमेंट',
  operator: 'ऑपरेटर',
  period: 'अवधि',
  generated: 'बनाया गया',
  vehicle: 'गाड़ी',
  tag: 'टैग',
  transactionsShown: 'दिखाए गए लेन-देन',
  debitsOnly: 'केवल डेबिट',
  creditsOnly: 'केवल क्रेडिट',
  openingBalance: 'शुरुआती बैलेंस',
  closingBalance: 'अंतिम बैलेंस',
  totalDebit: 'कुल डेबिट',
  totalCredit: 'कुल क्रेडिट',
  transactions: 'लेन-देन की संख्या',
  dateTime: 'तारीख और समय',
  vehicleNo: 'गाड़ी नंबर',
  txnId: 'लेन-देन आईडी',
  transaction: 'विवरण',
  debit: 'डेबिट (₹)',
  credit: 'क्रेडिट (₹)',
  openingCol: 'शुरुआती बैलेंस (₹)',
  closingCol: 'अंतिम बैलेंस (₹)',
  total: 'कुल',
  noTransactions: 'इस अवधि में कोई लेन-देन नहीं',
  sheet: 'स्टेटमेंट',
  page: (n: number | string, of: number | string) => `पृष्ठ ${n} / ${of}`,
  range: (from: string, to: string) => `${from} से ${to} तक`,
};

export type StatementWords = typeof EN;
export const statementWords = (lang: StatementLang): StatementWords => (lang === 'hi' ? HI : EN);

/** An instant as India time, in words of the statement's language (25 Nov 2026, 05:30 pm). */
export const statementDateTime = (at: Date, lang: StatementLang) => istDateTimeText(at, lang);

/** The period [from, to) as people read it: the last second of `to` is the end. */
export const statementPeriod = (from: Date, to: Date, lang: StatementLang) =>
  statementWords(lang).range(statementDateTime(from, lang), statementDateTime(new Date(to.getTime() - 1000), lang));

/** `passbook-2026-11-01_2026-11-30`: the file name of a statement names its India-time period. */
export const statementFileName = (stem: string, from: Date, to: Date) => `${stem}-${istDay(from)}_${istDay(new Date(to.getTime() - 1000))}`;

/**
 * A ledger memo in the statement's language: memos are written once, in English, when money moves;
 * a Hindi statement reads them through the one catalogue every screen uses (lib/user-text.ts, ADR 147).
 */
export const memoText = (memo: string, lang: StatementLang): string => userMemoText(memo, lang);
