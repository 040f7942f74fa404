import { consignerTdsPaisa } from '@bhada/contracts/money/payments';
import { and, eq, isNotNull, like } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { paymentOrders, sandboxPgSavedCards, trips } from '../db/schema/index.ts';
import { memo } from '../lib/texts/memos.ts';
import { accounts } from '../modules/money/ledger/accounts.ts';
import { postEntry } from '../modules/money/ledger/ledger.service.ts';
import { DEMO_OPERATORS } from './demo-data.ts';
import type { SeedStep } from './seed.ts';

/**
 * Saved cards in the payment sandbox for the demo operators (the sandbox's customer id is the
 * operator id), so the Saved Cards section of /portal/payment shows on a fresh start.
 */
export const seedPayments: SeedStep = async (tx: Db) => {
  const cards: Array<typeof sandboxPgSavedCards.$inferInsert> = [];
  for (const op of DEMO_OPERATORS) {
    cards.push(
      { id: `CARD-${op.id}-1`, custId: op.id, bin: '400000', last4: '1881', scheme: 'VISA', cardType: 'DEBIT_CARD', cvvLength: 3 },
      { id: `CARD-${op.id}-2`, custId: op.id, bin: '555555', last4: '4444', scheme: 'MASTER', cardType: 'CREDIT_CARD', cvvLength: 3 },
    );
  }
  await tx.insert(sandboxPgSavedCards).values(cards).onConflictDoNothing();
};

/** Trip states in which the demo consigners have paid half of what is due (an advance). */
const HALF_PAID = new Set(['LOADED', 'IN_TRANSIT', 'REACHED_UNLOADING', 'UNLOADED', 'POD_SUBMITTED', 'POD_REJECTED']);
const FULLY_PAID = new Set(['POD_VERIFIED', 'COMPLETED']);

/**
 * Consigner trip payments for the seeded trips (after the trips step): settled UPI orders with
 * their ledger entries, so the consigner's Trips screen shows paid, part-paid and unpaid trips.
 */
export const seedConsignerPayments: SeedStep = async (tx: Db) => {
  const rows = await tx
    .select({ id: trips.id, state: trips.state, consignerCode: trips.consignerCode, freight: trips.agreedPricePaisa, at: trips.updatedAt })
    .from(trips)
    .where(and(isNotNull(trips.consignerCode), like(trips.id, 'TRP-DEMO%')))
    .orderBy(trips.id);
  for (const [n, trip] of rows.entries()) {
    const due = trip.freight - consignerTdsPaisa(trip.freight);
    const amount = FULLY_PAID.has(trip.state) ? due : HALF_PAID.has(trip.state) ? Math.round(due / 200) * 100 : 0;
    if (!trip.consignerCode || amount <= 0) continue;
    const id = `BHDSEED${String(n).padStart(4, '0')}`;
    await tx.insert(paymentOrders).values({
      id,
      purpose: 'CONSIGNER_TRIP',
      payerType: 'CONSIGNER',
      payerId: trip.consignerCode,
      userCode: trip.consignerCode,
      amountPaisa: amount,
      status: 'SUCCESS',
      paymentMode: 'UPI',
      referenceId: trip.id,
      provider: 'sandbox',
      settledAt: trip.at,
      createdAt: trip.at,
      updatedAt: trip.at,
    });
    const entry = await postEntry(tx, {
      kind: 'CONSIGNER_TRIP_PAYMENT',
      memo: memo('moneyAdded', { method: 'UPI' }),
      referenceType: 'PAYMENT_ORDER',
      referenceId: id,
      at: trip.at,
      legs: [
        { account: accounts.paymentClearing, amount: -amount },
        { account: accounts.consignerSettlement(trip.id), amount },
      ],
    });
    await tx.update(paymentOrders).set({ settledEntryId: entry.entryId }).where(eq(paymentOrders.id, id));
  }
};
