import type { AccountKind } from '@bhada/contracts/money/ledger';

/** The owner id of the platform's own accounts (revenue, clearing, the toll network). */
export const SYSTEM_OWNER = 'SYSTEM';

export interface AccountRef {
  kind: AccountKind;
  ownerId: string;
}

/**
 * The catalogue of ledger accounts: every module names an account through here, so a wallet is
 * written one way everywhere and a new kind is added in one place (with its kind in the contracts).
 */
export const accounts = {
  /** an operator's wallet (holder: never below zero) */
  operatorWallet: (operatorId: string): AccountRef => ({ kind: 'OPERATOR_WALLET', ownerId: operatorId }),
  /** a toll tag's balance (holder) */
  fastag: (tagId: string): AccountRef => ({ kind: 'FASTAG', ownerId: tagId }),
  /** a load's token held between payment and the trip's settlement (holder) */
  tokenEscrow: (demandId: string): AccountRef => ({ kind: 'TOKEN_ESCROW', ownerId: demandId }),
  /** what a consigner paid towards one trip (holder) */
  consignerSettlement: (tripId: string): AccountRef => ({ kind: 'CONSIGNER_SETTLEMENT', ownerId: tripId }),
  /** money a consigner paid beyond what was due: theirs to use or be refunded (holder) */
  consignerCredit: (consignerCode: string): AccountRef => ({ kind: 'CONSIGNER_CREDIT', ownerId: consignerCode }),
  /** the payment provider's side: money entering or leaving through the bank (outside world) */
  paymentClearing: { kind: 'PAYMENT_CLEARING', ownerId: SYSTEM_OWNER } as AccountRef,
  /** freight paid out to operators for trips (outside world) */
  tripPayouts: { kind: 'PAYMENT_CLEARING', ownerId: 'TRIP_PAYOUTS' } as AccountRef,
  /** tolls paid to the national toll network (outside world) */
  tollNetwork: { kind: 'TOLL_NETWORK', ownerId: SYSTEM_OWNER } as AccountRef,
  /** fees and forfeited tokens */
  platformRevenue: { kind: 'PLATFORM_REVENUE', ownerId: SYSTEM_OWNER } as AccountRef,
  /** what the platform gives away (referral rewards): it may go negative (outside world) */
  promotions: { kind: 'PROMOTIONS', ownerId: SYSTEM_OWNER } as AccountRef,
  /** money collected against one consignment (to-pay freight, advance, detention; ADR 132) (holder) */
  consignmentCollections: (consignmentId: string): AccountRef => ({ kind: 'CONSIGNMENT_COLLECTIONS', ownerId: consignmentId }),
  /** the outside side of collections: cash, cheque or bank money handed over (outside world) */
  collectionClearing: { kind: 'COLLECTION_CLEARING', ownerId: SYSTEM_OWNER } as AccountRef,
  /** membership plans sold */
  membershipRevenue: { kind: 'MEMBERSHIP_REVENUE', ownerId: SYSTEM_OWNER } as AccountRef,
} as const;

export const accountId = (ref: AccountRef) => `${ref.kind}:${ref.ownerId}`;

/**
 * Accounts of the outside world (they mirror money entering or leaving and may go negative) are
 * split into shards (ADR 158): every toll or top-up would otherwise lock the one row of the toll
 * network or the payment provider. Shard 0 keeps the account's own id; shard k is `…~k`. The
 * account's balance is the sum of its shards.
 */
export const SHARDS = 16;
export const EXTERNAL_KINDS: ReadonlySet<AccountKind> = new Set(['PAYMENT_CLEARING', 'TOLL_NETWORK', 'PROMOTIONS', 'COLLECTION_CLEARING']);
export const isSharded = (ref: AccountRef) => EXTERNAL_KINDS.has(ref.kind);

/** FNV-1a: a stable, cheap spread of holder ids over the shards. */
function spread(text: string) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % SHARDS;
}

/**
 * The shard an entry writes to, chosen by the holder accounts it touches: the same tag or wallet
 * always meets the same shard, different ones spread out. An entry without a holder uses shard 0.
 */
export function shardFor(ref: AccountRef, holderKey: string): AccountRef {
  if (!isSharded(ref) || holderKey === '') return ref;
  const k = spread(holderKey);
  return k === 0 ? ref : { kind: ref.kind, ownerId: `${ref.ownerId}~${k}` };
}
