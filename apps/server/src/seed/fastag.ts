import type { TagClass, TollEvent } from '@bhada/contracts/money/fastag';
import { type Db, executeWrite } from '../db/client.ts';
import { fastags, paymentOrders, supportTickets } from '../db/schema/index.ts';
import { memo } from '../lib/texts/memos.ts';
import { lastTollsWrite, type TxnInsert, txnsWrite } from '../modules/money/fastag/fastag-writes.repository.ts';
import { autoTopUpAmount } from '../modules/money/fastag/toll-events.service.ts';
import { LANES, laneFor, tagClassForTyres, tollFarePaisa } from '../modules/money/fastag/toll-plazas.ts';
import { listVehiclesForTags } from '../modules/money/fastag/toll-simulator.repository.ts';
import { accounts } from '../modules/money/ledger/accounts.ts';
import { type AccountRef, balanceOf, type EntryInput, postEntries } from '../modules/money/ledger/ledger.service.ts';
import { OP1003 } from './demo-data.ts';
import type { SeedStep } from './seed.ts';

const DAY = 86_400_000;
const HISTORY_DAYS = 90;
/** Starting wallet per demo operator; OP1003 runs its wallet down so the low-balance alert shows. */
const WALLET_TOPUP: Record<string, number> = { OP1001: 5_000_000, OP1002: 4_000_000, OP1003: 1_500_000 };

/**
 * Tags on most demo vehicles, three months of tolls on their lanes, manual and automatic
 * recharges, wallet top-ups with some failed and pending orders — all money through the ledger.
 */
export const seedFastag: SeedStep = async (tx: Db, rand: () => number) => {
  const now = Date.now();
  const start = now - HISTORY_DAYS * DAY;
  const hex = (n: number) => Array.from({ length: n }, () => '0123456789ABCDEF'[Math.floor(rand() * 16)]).join('');
  const vehicleRows = await listVehiclesForTags(tx, 'VEH-OP100');

  type Tag = typeof fastags.$inferInsert & {
    vehicleNumber: string;
    balance: number;
    drain: boolean;
    lastToll?: { name: string; at: Date };
  };
  const tags: Tag[] = [];
  const perOperator = new Map<string, number>();
  for (const v of vehicleRows) {
    const i = perOperator.get(v.operatorId) ?? 0;
    perOperator.set(v.operatorId, i + 1);
    if (i % 7 === 6) continue; // a few vehicles have no tag yet
    let tagClass: TagClass = tagClassForTyres(v.tyreCount);
    if (i === 8) tagClass = 5;
    if (i === 13) tagClass = 16;
    const auto = i % 5 === 0 || i % 5 === 3;
    tags.push({
      tagId: `34161FA82032${hex(12)}`,
      operatorId: v.operatorId,
      vehicleId: v.id,
      vehicleNumber: v.number,
      tagClass,
      barcode: `608268-001-${String(Math.floor(rand() * 9_000_000) + 1_000_000)}`,
      autoRecharge: auto,
      minBalancePaisa: i % 5 === 0 ? 150_000 : i % 5 === 3 ? 200_000 : 0,
      rechargeAmountPaisa: i % 5 === 3 ? 300_000 : null,
      balance: 0,
      drain: i % 5 === 1,
    });
  }
  if (!tags.length) return;
  await tx.insert(fastags).values(tags.map(tagRowOf));

  const operators = [...new Set(tags.map((t) => t.operatorId))];
  const wallets = new Map<string, number>();
  for (const op of operators) wallets.set(op, await balanceOf(tx, accounts.operatorWallet(op)));
  const walletRef = (op: string): AccountRef => accounts.operatorWallet(op);
  const tagRef = (tagId: string): AccountRef => accounts.fastag(tagId);
  const clearing: AccountRef = accounts.paymentClearing;
  const network: AccountRef = accounts.tollNetwork;

  const entries: EntryInput[] = [];
  const txns: TxnInsert[] = [];
  const orders: Array<typeof paymentOrders.$inferInsert> = [];
  let seq = 0;
  const id = (prefix: string) => `${prefix}-S${String(++seq).padStart(7, '0')}`;

  const topUp = (op: string, paisa: number, at: Date) => {
    const orderId = id('ORD');
    entries.push({
      kind: 'WALLET_TOPUP',
      memo: memo('walletTopUp', {}),
      referenceType: 'PAYMENT_ORDER',
      referenceId: orderId,
      at,
      legs: [
        { account: clearing, amount: -paisa },
        { account: walletRef(op), amount: paisa },
      ],
    });
    orders.push({
      id: orderId,
      purpose: 'WALLET_TOPUP',
      payerType: 'OPERATOR',
      payerId: op,
      userCode: `U${op}`,
      amountPaisa: paisa,
      status: 'SUCCESS',
      paymentMode: rand() < 0.5 ? 'UPI' : 'NB',
      createdAt: at,
      updatedAt: at,
    });
    wallets.set(op, wallets.get(op)! + paisa);
  };
  const moveToTag = (tag: Tag, paisa: number, at: Date, kind: 'RECHARGE' | 'AUTO_RECHARGE') => {
    const opening = tag.balance;
    tag.balance += paisa;
    wallets.set(tag.operatorId, wallets.get(tag.operatorId)! - paisa);
    const entryId = `pending-${entries.length}`;
    entries.push({
      kind: kind === 'RECHARGE' ? 'FASTAG_RECHARGE' : 'FASTAG_AUTO_RECHARGE',
      memo: memo(kind === 'RECHARGE' ? 'fastagRecharge' : 'autoRecharge', { vehicle: tag.vehicleNumber }),
      referenceType: 'FASTAG',
      referenceId: tag.tagId,
      at,
      legs: [
        { account: walletRef(tag.operatorId), amount: -paisa },
        { account: tagRef(tag.tagId), amount: paisa },
      ],
    });
    txns.push({
      id: id('FTX'),
      operatorId: tag.operatorId,
      tagId: tag.tagId,
      vehicleId: tag.vehicleId,
      kind,
      txnType: 'CREDIT',
      status: 'SUCCESS',
      amountPaisa: paisa,
      openingBalancePaisa: opening,
      closingBalancePaisa: tag.balance,
      plaza: kind === 'RECHARGE' ? 'Recharge from wallet' : 'Auto-recharge from wallet',
      entryId,
      occurredAt: at,
    });
  };
  const ensureWallet = (op: string, need: number, at: Date) => {
    // OP1003 stops adding money in the last fortnight: its auto-recharges run short
    const late = at.getTime() > now - 15 * DAY;
    if (wallets.get(op)! < need + 1_000_000 && !(op === OP1003 && late)) topUp(op, WALLET_TOPUP[op] ?? 3_000_000, at);
  };

  for (const op of operators) if (wallets.get(op)! === 0) topUp(op, WALLET_TOPUP[op] ?? 3_000_000, new Date(start - DAY));
  // times only ever move forward, so every account's postings chain in time order too
  tags.forEach((tag, i) => {
    const amount = (3 + Math.floor(rand() * 4)) * 100_000;
    const at = new Date(start + i * 60_000);
    ensureWallet(tag.operatorId, amount, at);
    moveToTag(tag, amount, at, 'RECHARGE');
  });

  // crossings, in time order across the fleet
  const crossings: Array<{ tag: Tag; at: Date; event: Omit<TollEvent, 'eventId' | 'crossedAt' | 'tagId'> }> = [];
  for (const tag of tags) {
    const lane = LANES[laneFor(tag.vehicleNumber)]!;
    for (let d = 1; d < HISTORY_DAYS; d++) {
      const r = rand();
      const n = r < 0.45 ? 0 : r < 0.8 ? 1 : 2;
      for (let k = 0; k < n; k++) {
        const plaza = lane.plazas[Math.floor(rand() * lane.plazas.length)]!;
        // trucks run mostly at night (20:00–07:59 IST)
        const hourIst = rand() < 0.7 ? (20 + Math.floor(rand() * 12)) % 24 : 8 + Math.floor(rand() * 12);
        const dayStartIst = Math.floor((start + d * DAY + 19_800_000) / DAY) * DAY - 19_800_000;
        const at = new Date(Math.min(now - 3_600_000, dayStartIst + hourIst * 3_600_000 + Math.floor(rand() * 3_600_000)));
        crossings.push({
          tag,
          at,
          event: {
            type: 'DEBIT',
            amount: tollFarePaisa(plaza, tag.tagClass as TagClass),
            plaza: plaza.name,
            plazaCode: plaza.code,
            laneDirection: rand() < 0.5 ? 'ENTRY-UP' : 'ENTRY-DOWN',
            vehicleClass: tag.tagClass,
          },
        });
      }
    }
  }
  crossings.sort((a, b) => a.at.getTime() - b.at.getTime());

  for (const { tag, at, event } of crossings) {
    const base = {
      operatorId: tag.operatorId,
      tagId: tag.tagId,
      vehicleId: tag.vehicleId,
      amountPaisa: event.amount,
      plaza: event.plaza,
      plazaCode: event.plazaCode ?? null,
      laneDirection: event.laneDirection ?? null,
      vehicleClass: event.vehicleClass ?? null,
      occurredAt: at,
      kind: 'TOLL' as const,
      txnType: 'DEBIT' as const,
    };
    if (tag.balance < event.amount) {
      txns.push({
        id: id('FTX'),
        eventId: id('EVT'),
        ...base,
        status: 'FAILED',
        openingBalancePaisa: tag.balance,
        closingBalancePaisa: tag.balance,
        failureReason: 'INSUFFICIENT_TAG_BALANCE',
      });
    } else {
      const opening = tag.balance;
      tag.balance -= event.amount;
      const entryId = `pending-${entries.length}`;
      entries.push({
        kind: 'TOLL_DEBIT',
        memo: memo('toll', { plaza: event.plaza }),
        referenceType: 'FASTAG_EVENT',
        at,
        legs: [
          { account: tagRef(tag.tagId), amount: -event.amount },
          { account: network, amount: event.amount },
        ],
      });
      txns.push({
        id: id('FTX'),
        eventId: id('EVT'),
        ...base,
        status: 'SUCCESS',
        openingBalancePaisa: opening,
        closingBalancePaisa: tag.balance,
        entryId,
      });
      tag.lastToll = { name: event.plaza, at };
    }
    if (tag.autoRecharge) {
      const plan = autoTopUpAmount(
        { minBalancePaisa: tag.minBalancePaisa ?? 0, rechargeAmountPaisa: tag.rechargeAmountPaisa ?? null },
        tag.balance,
        wallets.get(tag.operatorId)!,
      );
      if (plan.wanted > 0) ensureWallet(tag.operatorId, plan.wanted, at);
      const capped = autoTopUpAmount(
        { minBalancePaisa: tag.minBalancePaisa ?? 0, rechargeAmountPaisa: tag.rechargeAmountPaisa ?? null },
        tag.balance,
        wallets.get(tag.operatorId)!,
      );
      if (capped.amount > 0) moveToTag(tag, capped.amount, at, 'AUTO_RECHARGE');
    } else if (tag.balance < 100_000 && !(tag.drain && at.getTime() > now - 25 * DAY) && rand() < 0.8) {
      const amount = (2 + Math.floor(rand() * 4)) * 100_000;
      ensureWallet(tag.operatorId, amount, at);
      if (wallets.get(tag.operatorId)! >= amount) moveToTag(tag, amount, at, 'RECHARGE');
    }
  }

  // the same order as the crossings were applied: balances chain along it
  const posted = await postEntries(tx, entries);
  for (const t of txns) if (t.entryId?.startsWith('pending-')) t.entryId = posted[Number(t.entryId.slice(8))]!.entryId;
  // the rows and the tags' last tolls go through the writes a toll batch uses: one statement each (ADR 190)
  await executeWrite(tx, txnsWrite(txns));
  const lastTolls = tags.flatMap((tag) => (tag.lastToll ? [{ tagId: tag.tagId, plaza: tag.lastToll.name, at: tag.lastToll.at }] : []));
  await executeWrite(tx, lastTollsWrite(lastTolls));

  // top-ups that did not go through: failed at the bank, and pending right now
  const remarks = [
    'Transaction declined by bank',
    'Payment failed. Any amount debited will be refunded in 5-7 working days',
    'UPI request expired',
  ];
  for (const op of operators) {
    for (let k = 0; k < 3; k++) {
      const at = new Date(start + (15 + k * 25 + Math.floor(rand() * 10)) * DAY);
      orders.push({
        id: id('ORD'),
        purpose: 'WALLET_TOPUP',
        payerType: 'OPERATOR',
        payerId: op,
        userCode: `U${op}`,
        amountPaisa: (1 + Math.floor(rand() * 5)) * 1_000_000,
        status: 'FAILURE',
        statusRemarks: remarks[k % remarks.length]!,
        paymentMode: 'NB',
        createdAt: at,
        updatedAt: at,
      });
    }
    const at = new Date(now - (20 + Math.floor(rand() * 30)) * 60_000);
    orders.push({
      id: id('ORD'),
      purpose: 'WALLET_TOPUP',
      payerType: 'OPERATOR',
      payerId: op,
      userCode: `U${op}`,
      amountPaisa: 2_500_000,
      status: 'PENDING',
      statusRemarks: 'Awaiting confirmation from the bank',
      paymentMode: 'UPI',
      createdAt: at,
      updatedAt: at,
    });
  }
  for (let i = 0; i < orders.length; i += 500) await tx.insert(paymentOrders).values(orders.slice(i, i + 500));

  // one disputed toll per operator, so the ticket count shows on a row
  for (const op of operators) {
    const toll = [...txns].reverse().find((t) => t.operatorId === op && t.kind === 'TOLL' && t.status === 'SUCCESS');
    if (!toll) continue;
    await tx.insert(supportTickets).values({
      id: id('TKT'),
      operatorId: op,
      raisedBy: `U${op}`,
      category: 'FASTAG_DISPUTE',
      referenceType: 'FASTAG_TXN',
      referenceId: toll.id!,
      subject: `Toll dispute at ${toll.plaza}`,
      details: { txnId: toll.id, plaza: toll.plaza, amountPaisa: toll.amountPaisa, reason: 'Charged twice at the same plaza' },
    });
  }
};

function tagRowOf(tag: { balance: number; drain: boolean; vehicleNumber: string; lastToll?: unknown } & typeof fastags.$inferInsert) {
  const { balance: _balance, drain: _drain, vehicleNumber: _number, lastToll: _last, ...row } = tag;
  return row;
}
