import { IST_TIME_ZONE } from '@bhada/contracts/time';

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

const dateTimeFormats = {
  en: new Intl.DateTimeFormat('en-IN', {
    timeZone: IST_TIME_ZONE,
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: true,
  }),
  hi: new Intl.DateTimeFormat('hi-IN-u-nu-latn', {
    timeZone: IST_TIME_ZONE,
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: true,
  }),
};

/** An instant as India time, in words of the statement's language (25 Nov 2026, 05:30 pm). */
export const statementDateTime = (at: Date, lang: StatementLang) => dateTimeFormats[lang].format(at);

/** The period [from, to) as people read it: the last second of `to` is the end. */
export const statementPeriod = (from: Date, to: Date, lang: StatementLang) =>
  statementWords(lang).range(statementDateTime(from, lang), statementDateTime(new Date(to.getTime() - 1000), lang));

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: IST_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** `passbook-2026-11-01_2026-11-30`: the file name of a statement names its India-time period. */
export const statementFileName = (stem: string, from: Date, to: Date) =>
  `${stem}-${dayFormat.format(from)}_${dayFormat.format(new Date(to.getTime() - 1000))}`;

const MODES_HI: Record<string, string> = {
  UPI: 'UPI',
  'Debit Card': 'डेबिट कार्ड',
  'Credit Card': 'क्रेडिट कार्ड',
  'Net Banking': 'नेट बैंकिंग',
  'online payment': 'ऑनलाइन भुगतान',
};

/**
 * Ledger memos and Fastag descriptions are written once, in English, when money moves; a Hindi
 * statement reads them through these patterns. A memo no pattern knows is shown as written (names and numbers stay as they are).
 */
const MEMOS_HI: Array<[RegExp, (...m: string[]) => string]> = [
  [/^Money added to wallet$/, () => 'वॉलेट में पैसे जोड़े गए'],
  [/^Recharge from wallet$/, () => 'वॉलेट से रिचार्ज'],
  [/^Auto-recharge from wallet$/, () => 'वॉलेट से ऑटो-रिचार्ज'],
  [/^Added money via (.+)$/, (mode) => `${MODES_HI[mode] ?? mode} से पैसे जोड़े गए`],
  [/^Fastag recharge for (.+)$/, (v) => `${v} का फास्टैग रिचार्ज`],
  [/^Auto-recharge for (.+)$/, (v) => `${v} का ऑटो-रिचार्ज`],
  [/^Toll reversal at (.+)$/, (p) => `${p} पर टोल की वापसी`],
  [/^Toll at (.+)$/, (p) => `${p} पर टोल`],
  [/^Advance for trip (.+)$/, (t) => `ट्रिप ${t} का एडवांस`],
  [/^Token returned for trip (.+)$/, (t) => `ट्रिप ${t} का टोकन वापस`],
  [/^Balance for trip (.+)$/, (t) => `ट्रिप ${t} की बाकी राशि`],
  [/^Token on cancelled trip (.+)$/, (t) => `रद्द ट्रिप ${t} का टोकन`],
  [/^Token for demo trip (.+)$/, (t) => `डेमो ट्रिप ${t} का टोकन`],
  [/^Token for load (\S+) \((.+)\)$/, (l, lane) => `लोड ${l} (${lane}) का टोकन`],
  [/^Token cancelled for load (\S+): refund (₹\S+), fee (₹\S+)$/, (l, r, f) => `लोड ${l} का टोकन रद्द: वापसी ${r}, शुल्क ${f}`],
  [/^Referral reward: (.+) completed a first trip$/, (n) => `रेफ़रल इनाम: ${n} ने पहली ट्रिप पूरी की`],
  [/^Collection (\S+) for consignment (.+)$/, (c, k) => `कंसाइनमेंट ${k} का कलेक्शन ${c}`],
  [/^Demo opening balance$/, () => 'डेमो शुरुआती बैलेंस'],
  [/^(.+): (\d+) days$/, (plan, days) => `${plan}: ${days} दिन`],
];

/** A ledger memo in the statement's language. */
export function memoText(memo: string, lang: StatementLang): string {
  if (lang === 'en') return memo;
  for (const [pattern, say] of MEMOS_HI) {
    const m = pattern.exec(memo);
    if (m) return say(...m.slice(1));
  }
  return memo;
}
