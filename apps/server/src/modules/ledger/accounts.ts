import type { AccountKind } from '@bhada/contracts/ledger';

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
