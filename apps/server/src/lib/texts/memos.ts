import { formatPaisa } from '@bhada/contracts/money/amounts';
import { MEMOS_EN } from './memos.en.ts';
import { MEMOS_HI } from './memos.hi.ts';

/**
 * A ledger memo as data (ADR 275): a kind id and the parameters it names (trip, vehicle, method), kept with
 * the journal entry and rendered in the reader's language when a passbook or statement is read. The English
 * text is still written beside it for the audit trail; rows written before the data existed keep only that.
 * A third language is one more catalogue file of the same shape.
 */
export interface MemoKinds {
  tripAdvance: { trip: string };
  tripTokenReturned: { trip: string };
  tripBalance: { trip: string };
  tripTokenKept: { trip: string };
  demoTripToken: { trip: string };
  loadToken: { load: string; from: string; to: string };
  loadTokenCancelled: { load: string; refundPaisa: number; feePaisa: number };
  autoRecharge: { vehicle: string };
  fastagRecharge: { vehicle: string };
  tollReversal: { plaza: string };
  toll: { plaza: string };
  referralReward: { name: string };
  collection: { collection: string; consignment: string };
  moneyAdded: { method: PayMethod };
  walletTopUp: Record<string, never>;
  rechargeFromWallet: Record<string, never>;
  autoRechargeFromWallet: Record<string, never>;
  demoOpeningBalance: Record<string, never>;
  membership: { plan: string; days: number };
}

export type MemoKind = keyof MemoKinds;

/** How money came in, as the payment provider codes it; OTHER when it did not say. */
export const PAY_METHODS = ['UPI', 'NB', 'CC', 'DC', 'CARD', 'WALLET', 'OTHER'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];
export const payMethodOf = (code: string | null | undefined): PayMethod =>
  (PAY_METHODS as readonly string[]).includes(code ?? '') ? (code as PayMethod) : 'OTHER';

export type Memo = { [K in MemoKind]: { kind: K; params: MemoKinds[K] } }[MemoKind];

export const memo = <K extends MemoKind>(kind: K, params: MemoKinds[K]): Memo => ({ kind, params }) as Memo;

/** What a catalogue gives its lines: money and plan names written the reader's way. */
export interface MemoTools {
  money: (paisa: number) => string;
}

/** One language's memos: a line for every kind, and the names of payment methods and plans. */
export interface MemoCatalogue {
  memos: { [K in MemoKind]: (p: MemoKinds[K], t: MemoTools) => string };
  payMethods: Record<PayMethod, string>;
  /** plan titles by their English title; a title not named here shows as written */
  plans: Record<string, string>;
}

export type MemoLocale = 'en' | 'hi';

export const MEMO_CATALOGUES: Record<MemoLocale, MemoCatalogue> = { en: MEMOS_EN, hi: MEMOS_HI };

const TOOLS: MemoTools = { money: (paisa) => formatPaisa(paisa) };

/** A memo in a language. Plan names and payment methods come from the same catalogue. */
export function renderMemo(m: Memo, locale: MemoLocale): string {
  const catalogue = MEMO_CATALOGUES[locale];
  const line = catalogue.memos[m.kind] as (p: unknown, t: MemoTools) => string;
  const params: Record<string, unknown> = { ...m.params };
  if (m.kind === 'moneyAdded') params.method = catalogue.payMethods[payMethodOf(m.params.method)];
  if (m.kind === 'membership') params.plan = catalogue.plans[m.params.plan] ?? m.params.plan;
  return line(params, TOOLS);
}

/** The data column as read back: a memo when its kind is known to this build, else undefined (the text is used). */
export function memoOf(data: unknown): Memo | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const { kind, params } = data as { kind?: unknown; params?: unknown };
  if (typeof kind !== 'string' || !(kind in MEMOS_EN.memos)) return undefined;
  if (!params || typeof params !== 'object') return undefined;
  return { kind, params } as Memo;
}
