import { z } from 'zod';
import { type ChargeType, chargeSchema, chargeTypeSchema } from './shapes.ts';

// What a trip pays and claims: transactions, expenses and their policies.

export const tripTransactionSchema = z.object({
  kind: z.enum(['TOKEN', 'ADVANCE', 'BALANCE', 'TOKEN_RELEASE', 'TOKEN_REFUND', 'TOKEN_FORFEIT', 'CHARGE', 'DEDUCTION']),
  label: z.string(),
  amountInPaisa: z.number().int(),
  status: z.enum(['PAID', 'DUE', 'HELD', 'APPROVED', 'CLAIMED']),
  at: z.string().nullable(),
  entryId: z.string().nullable(),
});

/**
 * spec §2 trip-transactions: token, advance, balance, deductions. balance =
 * agreed − token − advance + approved charges − deductions (ADR 032); the token comes back from escrow.
 */
export const tripTransactionsResponseSchema = z.object({
  tripId: z.string(),
  agreedPriceInPaisa: z.number().int(),
  tokenInPaisa: z.number().int(),
  tokenHeldInPaisa: z.number().int(),
  advanceInPaisa: z.number().int(),
  advancePaid: z.boolean(),
  approvedChargesInPaisa: z.number().int(),
  deductionsInPaisa: z.number().int(),
  balanceInPaisa: z.number().int(),
  balancePaid: z.boolean(),
  totalPayableInPaisa: z.number().int(),
  paidInPaisa: z.number().int(),
  transactions: z.array(tripTransactionSchema),
});
export type TripTransactions = z.infer<typeof tripTransactionsResponseSchema>;

export const tripExpensesResponseSchema = z.object({
  tripId: z.string(),
  expenses: z.array(chargeSchema),
  summary: z.object({
    claimedInPaisa: z.number().int(),
    approvedInPaisa: z.number().int(),
    paidInPaisa: z.number().int(),
    rejectedInPaisa: z.number().int(),
  }),
});

export type ExpensePolicy = { title: string; titleHi: string; rules: string[]; rulesHi: string[]; maxInPaisa: number };

/** One claim type's policy from its titles, its limit and its rules as [English, Hindi] pairs. */
function expensePolicy(title: [string, string], maxInPaisa: number, rules: Array<[string, string]>): ExpensePolicy {
  return { title: title[0], titleHi: title[1], rules: rules.map(([en]) => en), rulesHi: rules.map(([, hi]) => hi), maxInPaisa };
}

const LABOUR_RECEIPT: [string, string] = ['Attach the labour receipt', 'मज़दूरी की रसीद लगाएं'];

export const EXPENSE_POLICIES: Record<ChargeType, ExpensePolicy> = {
  DETENTION: expensePolicy(['Detention charges', 'डिटेंशन चार्ज'], 1_500_000, [
    ['First 24 hours at a point are free', 'किसी पॉइंट पर पहले 24 घंटे मुफ़्त'],
    ['₹1,500 per day after that, with gate-in and gate-out proof', 'उसके बाद ₹1,500 प्रतिदिन, गेट-इन और गेट-आउट के सबूत के साथ'],
  ]),
  LOADING: expensePolicy(['Loading charges', 'लोडिंग चार्ज'], 500_000, [
    ['Only when the consigner asked the driver to arrange labour', 'केवल तब जब कंसाइनर ने ड्राइवर से मज़दूर लगवाए हों'],
    LABOUR_RECEIPT,
  ]),
  UNLOADING: expensePolicy(['Unloading charges', 'अनलोडिंग चार्ज'], 500_000, [
    ['Only when the consignee asked the driver to arrange labour', 'केवल तब जब माल लेने वाले ने ड्राइवर से मज़दूर लगवाए हों'],
    LABOUR_RECEIPT,
  ]),
  HALTING: expensePolicy(['Halting charges', 'हॉल्टिंग चार्ज'], 1_000_000, [
    ['For halts asked by the consigner on the way', 'रास्ते में कंसाइनर के कहने पर रुकने के लिए'],
    ['₹1,000 per night with proof', 'सबूत के साथ ₹1,000 प्रति रात'],
  ]),
  OTHER: expensePolicy(['Other charges', 'अन्य चार्ज'], 500_000, [
    ['Describe the charge and attach a receipt', 'चार्ज का विवरण दें और रसीद लगाएं'],
  ]),
};
export const policyExpensesQuerySchema = z.object({ type: chargeTypeSchema });
export const policyExpensesResponseSchema = z.object({
  type: chargeTypeSchema,
  title: z.string(),
  titleHi: z.string(),
  rules: z.array(z.string()),
  rulesHi: z.array(z.string()),
  maxInPaisa: z.number().int(),
});

/** spec §7: body type, tripExpenseId (the claim to change, when editing) */
export const chargeRequestSchema = z.object({
  type: chargeTypeSchema,
  tripExpenseId: z.string().max(40).optional(),
  amountInPaisa: z.number({ error: 'Invalid amount' }).int('Invalid amount').positive('Invalid amount'),
  description: z.string().trim().min(3, 'Describe the charge').max(500),
  documentKeys: z.array(z.string().max(300)).max(5).default([]),
});
export type ChargeRequest = z.infer<typeof chargeRequestSchema>;
export const chargeRefSchema = z.object({ tripExpenseId: z.string() });
