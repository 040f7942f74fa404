/**
 * Text the server writes for people to read — ledger memos shown in the passbook, a bank's reason for
 * a failed top-up — in the reader's language (ADR 147). A journal entry keeps its memo as data (a kind
 * and its parameters, ADR 275) beside the English text of the audit trail; the reader gets it rendered
 * from the catalogues in `texts/` when the answer is built. Names, vehicle numbers and codes inside a
 * memo stay as written.
 */
import { MEMO_CATALOGUES, type Memo, memo, memoOf, type PayMethod, renderMemo } from './texts/memos.ts';
import { REMARK_CATALOGUES, remarkIdOf } from './texts/remarks.ts';

export type TextLocale = 'en' | 'hi';

/** The language a request reads: the `locale` header the web sends (the language picked in that browser), else the saved one. */
export function textLocale(header: unknown, saved?: string | null): TextLocale {
  if (header === 'hi' || header === 'en') return header;
  return saved === 'hi' ? 'hi' : 'en';
}

/** Rupee text as an older memo wrote it ("₹1,250.5") back to paisa. */
const paisaOf = (text: string) => Math.round(Number(text.replace(/[₹,]/g, '')) * 100);

/** How older memos named a payment method. */
const METHOD_NAMES: Record<string, PayMethod> = {
  UPI: 'UPI',
  'Net Banking': 'NB',
  NB: 'NB',
  'Credit Card': 'CC',
  CC: 'CC',
  'Debit Card': 'DC',
  DC: 'DC',
  Card: 'CARD',
  Wallet: 'WALLET',
  'online payment': 'OTHER',
};

type Rule = [RegExp, (...parts: string[]) => Memo];

/**
 * Memos written as English text before they were kept as data, read back into data, most specific first, so
 * an old row is rendered from the same catalogues as a new one (a memo test keeps the two in step).
 */
const MEMOS: Rule[] = [
  [/^Advance for trip (\S+)$/, (trip) => memo('tripAdvance', { trip })],
  [/^Token returned for trip (\S+)$/, (trip) => memo('tripTokenReturned', { trip })],
  [/^Balance for trip (\S+)$/, (trip) => memo('tripBalance', { trip })],
  [/^Token on cancelled trip (\S+)$/, (trip) => memo('tripTokenKept', { trip })],
  [/^Token for demo trip (\S+)$/, (trip) => memo('demoTripToken', { trip })],
  [
    /^Token cancelled for load (\S+): refund (₹\S+), fee (₹\S+)$/,
    (load, refund, fee) => memo('loadTokenCancelled', { load, refundPaisa: paisaOf(refund), feePaisa: paisaOf(fee) }),
  ],
  [/^Token for load (\S+) \((.+) → (.+)\)$/, (load, from, to) => memo('loadToken', { load, from, to })],
  [/^Recharge from wallet$/, () => memo('rechargeFromWallet', {})],
  [/^Auto-recharge from wallet$/, () => memo('autoRechargeFromWallet', {})],
  [/^Auto-recharge for (.+)$/, (vehicle) => memo('autoRecharge', { vehicle })],
  [/^Fastag recharge for (.+)$/, (vehicle) => memo('fastagRecharge', { vehicle })],
  [/^Toll reversal at (.+)$/, (plaza) => memo('tollReversal', { plaza })],
  [/^Toll at (.+)$/, (plaza) => memo('toll', { plaza })],
  [/^Referral reward: (.+) completed a first trip$/, (name) => memo('referralReward', { name })],
  [/^Collection (\S+) for consignment (\S+)$/, (collection, consignment) => memo('collection', { collection, consignment })],
  [/^Added money via (.+)$/, (mode) => memo('moneyAdded', { method: METHOD_NAMES[mode] ?? 'OTHER' })],
  [/^Money added to wallet$/, () => memo('walletTopUp', {})],
  [/^Wallet top-up$/, () => memo('walletTopUp', {})],
  [/^Demo opening balance$/, () => memo('demoOpeningBalance', {})],
  [/^(.+): (\d+) days$/, (plan, days) => memo('membership', { plan, days: Number(days) })],
];

/** An older memo's text as data, or undefined when no rule knows it. */
export function legacyMemo(text: string): Memo | undefined {
  for (const [pattern, toMemo] of MEMOS) {
    const match = pattern.exec(text);
    if (match) return toMemo(...match.slice(1));
  }
  return undefined;
}

/** A plan's title in the reader's language; a plan the catalogue does not name shows its own title. */
export function planTitleText(title: string, locale: TextLocale): string {
  return MEMO_CATALOGUES[locale].plans[title] ?? title;
}

/**
 * A ledger memo written before memos were kept as data, in the reader's language; an unknown memo stays as
 * written. New entries carry their memo as data and are rendered by `entryText`.
 */
export function memoText(text: string, locale: TextLocale): string {
  if (locale === 'en') return text;
  const known = legacyMemo(text);
  return known ? renderMemo(known, locale) : text;
}

/** A journal entry's description in the reader's language: from its memo data (ADR 275), else from its text. */
export function entryText(memo: string, data: unknown, locale: TextLocale): string {
  const structured = memoOf(data);
  return structured ? renderMemo(structured, locale) : memoText(memo, locale);
}

/**
 * A payment's status remarks in the reader's language. A bank's own wording that the catalogue does
 * not know is replaced, for a Hindi reader, by what the status means — the reader never meets English.
 */
export function remarksText(remarks: string | null, status: string, locale: TextLocale): string | null {
  if (remarks === null) return null;
  const id = remarkIdOf(remarks);
  if (id) return REMARK_CATALOGUES[locale][id];
  if (locale === 'en') return remarks;
  if (status === 'FAILURE') return REMARK_CATALOGUES[locale].failedGeneric;
  if (status === 'PENDING') return REMARK_CATALOGUES[locale].pendingGeneric;
  return /[A-Za-z]{3}/.test(remarks) ? null : remarks;
}
