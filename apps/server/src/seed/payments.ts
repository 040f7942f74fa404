import type { Db } from '../db/client.ts';
import { sandboxPgSavedCards } from '../db/schema/index.ts';
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
