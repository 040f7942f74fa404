import {
  FASTAG_ERRORS,
  FASTAG_MESSAGES,
  type TollBatchResponse,
  type TollEvent,
  type TollWebhookResponse,
} from '@bhada/contracts/money/fastag';
import { LEDGER_ERRORS, LEDGER_MESSAGES } from '@bhada/contracts/money/ledger';
import { type Db, inTransaction } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';
import { memo } from '../../../lib/texts/memos.ts';
import type { Message } from '../../../plugins/notifier.ts';
import {
  type AccountRef,
  accountId,
  balanceOf,
  claimIdempotencyKeys,
  type IdempotentAnswer,
  idempotentAnswers,
  type LedgerBook,
  openBook,
  requestHash,
} from '../ledger/ledger.service.ts';
import { rupeesText } from '../wallet/statement-writer.ts';
import { ownerContact, walletAccount } from '../wallet/wallet.service.ts';
import * as repo from './fastag.repository.ts';
import { type TagRow, TOLL_NETWORK, tagAccount, txnRow } from './fastag.service.ts';
import { lastTollsWrite, type TxnInsert, txnsWrite } from './fastag-writes.repository.ts';

// ——— tolls from the issuer ———

export interface BalanceAlert {
  kind: 'LOW_BALANCE' | 'TOLL_DECLINED';
  operatorId: OperatorId;
  tagId: string;
  vehicleNumber: string;
  plaza?: string;
  /** paisa; null when the batch did not lock the wallet: read when the alert is sent, if it is */
  walletBalance: number | null;
  tagBalance: number;
  shortBy: number;
}

/**
 * The automatic top-up rule (ADR 042): when a tag with auto-recharge on is below its minimum, move
 * from the wallet enough to bring it to the minimum plus the tag's recharge amount (by default as
 * much again as the minimum, i.e. up to twice the minimum), capped by what the wallet holds. A
 * wallet that cannot cover it all raises a low-balance alert; nothing ever goes negative.
 */
export function autoTopUpAmount(
  tag: { minBalancePaisa: number; rechargeAmountPaisa: number | null },
  tagBalance: number,
  walletBalance: number,
) {
  const wanted = tag.minBalancePaisa - tagBalance + (tag.rechargeAmountPaisa ?? tag.minBalancePaisa);
  if (tagBalance >= tag.minBalancePaisa || wanted <= 0) return { amount: 0, short: false, wanted: 0 };
  const amount = Math.max(0, Math.min(wanted, walletBalance));
  return { amount, short: amount < wanted, wanted };
}

/**
 * Tops up a tag from its operator's wallet when its balance falls below the minimum (ADR 042). A book opened
 * without the wallets cannot: the batch starts again with them (ADR 179).
 */
function autoTopUp(book: LedgerBook, tag: TagRow, tagBalance: number, at: Date, out: TollWork) {
  if (!tag.autoRecharge || tagBalance >= tag.minBalancePaisa) return;
  if (!out.wallets) throw new WalletsNeeded();
  const wallet = walletAccount(tag.operatorId);
  const walletBalance = book.balance(wallet);
  const plan = autoTopUpAmount(tag, tagBalance, walletBalance);
  let closing = tagBalance;
  let left = walletBalance;
  if (plan.amount > 0) {
    // the wallet is locked in this book, so the amount planned is the amount there
    const posted = book.post({
      kind: 'FASTAG_AUTO_RECHARGE',
      memo: memo('autoRecharge', { vehicle: tag.vehicleNumber }),
      referenceType: 'FASTAG',
      referenceId: tag.tagId,
      legs: [
        { account: wallet, amount: -plan.amount },
        { account: tagAccount(tag.tagId), amount: plan.amount },
      ],
    });
    const row = txnRow(posted, accountId(tagAccount(tag.tagId)), {
      operatorId: tag.operatorId,
      tagId: tag.tagId,
      vehicleId: tag.vehicleId,
      kind: 'AUTO_RECHARGE',
      txnType: 'CREDIT',
      amountPaisa: plan.amount,
      plaza: 'Auto-recharge from wallet',
      occurredAt: at,
    });
    out.txns.push(row);
    closing = row.closingBalancePaisa;
    left = posted.balances[accountId(wallet)]!.closing;
  }
  if (plan.short) {
    out.alerts.push({
      kind: 'LOW_BALANCE',
      operatorId: tag.operatorId,
      tagId: tag.tagId,
      vehicleNumber: tag.vehicleNumber,
      walletBalance: left,
      tagBalance: closing,
      shortBy: plan.wanted - (closing - tagBalance),
    });
  }
}

/** A tag of the batch needs topping up from a wallet the book did not lock. */
class WalletsNeeded extends Error {}

/** What applying a batch writes after its entries: transaction rows, last tolls, alerts. */
interface TollWork {
  /** whether the book holds the wallets of the batch's auto-recharge tags */
  wallets: boolean;
  txns: TxnInsert[];
  lastTolls: Map<string, { tagId: string; plaza: string; at: Date }>;
  alerts: BalanceAlert[];
}

/**
 * The accounts one event may touch: the tag and the toll network, and, in a book that holds them, the wallet
 * that tops an auto-recharge tag up.
 */
const accountsOf = (tag: TagRow, wallets: boolean): AccountRef[][] => [
  [tagAccount(tag.tagId), TOLL_NETWORK],
  ...(wallets && tag.autoRecharge ? [[walletAccount(tag.operatorId), tagAccount(tag.tagId)]] : []),
];

/**
 * One event against the book: a reversal credits the tag; a debit the tag cannot cover is declined
 * as the issuer's lane would (a failed row, nothing moves; ADR 042); either may trigger a top-up.
 */
function settle(book: LedgerBook, event: TollEvent, tag: TagRow, out: TollWork): TollWebhookResponse {
  const at = new Date(event.crossedAt);
  const account = tagAccount(tag.tagId);
  const base = {
    eventId: event.eventId,
    operatorId: tag.operatorId,
    tagId: tag.tagId,
    vehicleId: tag.vehicleId,
    amountPaisa: event.amount,
    plaza: event.plaza,
    plazaCode: event.plazaCode ?? null,
    laneDirection: event.laneDirection ?? null,
    vehicleClass: event.vehicleClass ?? null,
    occurredAt: at,
  };
  if (event.type === 'CREDIT') {
    const posted = book.post({
      kind: 'TOLL_REVERSAL',
      memo: memo('tollReversal', { plaza: event.plaza }),
      referenceType: 'FASTAG_EVENT',
      referenceId: event.eventId,
      legs: [
        { account: TOLL_NETWORK, amount: -event.amount },
        { account, amount: event.amount },
      ],
    });
    const row = txnRow(posted, accountId(account), { ...base, kind: 'TOLL_REVERSAL', txnType: 'CREDIT' });
    out.txns.push(row);
    return { txnId: row.id, status: 'SUCCESS', duplicate: false };
  }
  const balance = book.balance(account);
  if (balance >= event.amount) {
    const posted = book.post({
      kind: 'TOLL_DEBIT',
      memo: memo('toll', { plaza: event.plaza }),
      referenceType: 'FASTAG_EVENT',
      referenceId: event.eventId,
      legs: [
        { account, amount: -event.amount },
        { account: TOLL_NETWORK, amount: event.amount },
      ],
    });
    const row = txnRow(posted, accountId(account), { ...base, kind: 'TOLL', txnType: 'DEBIT' });
    out.txns.push(row);
    const last = out.lastTolls.get(tag.tagId);
    if (!last || last.at < at) out.lastTolls.set(tag.tagId, { tagId: tag.tagId, plaza: event.plaza, at });
    autoTopUp(book, tag, row.closingBalancePaisa, at, out);
    return { txnId: row.id, status: 'SUCCESS', duplicate: false };
  }
  const id = newId('FTX', 12);
  out.txns.push({
    id,
    ...base,
    kind: 'TOLL',
    txnType: 'DEBIT',
    status: 'FAILED',
    openingBalancePaisa: balance,
    closingBalancePaisa: balance,
    failureReason: 'INSUFFICIENT_TAG_BALANCE',
  });
  const walletInBook = out.wallets && tag.autoRecharge;
  const alert: BalanceAlert = {
    kind: 'TOLL_DECLINED',
    operatorId: tag.operatorId,
    tagId: tag.tagId,
    vehicleNumber: tag.vehicleNumber,
    plaza: event.plaza,
    walletBalance: walletInBook ? book.balance(walletAccount(tag.operatorId)) : null,
    tagBalance: balance,
    shortBy: event.amount - balance,
  };
  out.alerts.push(alert);
  autoTopUp(book, tag, balance, at, out);
  return { txnId: id, status: 'FAILED', duplicate: false };
}

const SCOPE = 'fastag-toll-event';
type Outcome = { response: TollWebhookResponse } | { error: AppError };

/**
 * Applies toll events from the issuer, each once per eventId (a repeat answers as the first did),
 * in one transaction with one lock round for the whole batch (ADR 164; a batch that tops a tag up
 * rolls back and runs once more with the wallets, ADR 179). Each event is still judged
 * on its own against the balances so far, in the batch's order: a refused or declined event never
 * holds up or undoes another. Alerts are handed back for the caller to send after the commit.
 */
async function settleAll(db: Db, events: TollEvent[]): Promise<{ outcomes: Outcome[]; alerts: BalanceAlert[] }> {
  const hashes = events.map((e) => requestHash(e));
  // read before the transaction, as it would be read before its locks: what a tag is and whom it belongs to
  const tags = new Map((await repo.findIssuedTags(db, [...new Set(events.map((e) => e.tagId))])).map((t) => [t.tagId, t]));
  let settled: { outcomes: Outcome[]; out: TollWork };
  try {
    settled = await settleBatch(db, events, tags, hashes, false);
  } catch (err) {
    if (!(err instanceof WalletsNeeded)) throw err;
    settled = await settleBatch(db, events, tags, hashes, true);
  }
  return { outcomes: settled.outcomes, alerts: settled.out.alerts };
}

/**
 * The batch in one transaction. Its book locks the wallets of its auto-recharge tags only when `wallets` is
 * set (ADR 179): most batches top nothing up, and a wallet every recharge of its operator also locks would
 * queue them behind every batch; the rare batch that tops a tag up throws WalletsNeeded and is run again.
 */
async function settleBatch(db: Db, events: TollEvent[], tags: Map<string, TagRow>, hashes: string[], wallets: boolean) {
  const outcomes: Outcome[] = new Array(events.length);
  const out: TollWork = { wallets, txns: [], lastTolls: new Map(), alerts: [] };
  await inTransaction(db, async (tx) => {
    // the first delivery of each eventId claims it; a later one in the same batch is its repeat
    const first = new Map<string, number>();
    events.forEach((e, i) => {
      if (!tags.has(e.tagId)) outcomes[i] = { error: new AppError(FASTAG_ERRORS.FASTAG_UNKNOWN_TAG, FASTAG_MESSAGES.unknownTag) };
      else if (!first.has(e.eventId)) first.set(e.eventId, i);
    });
    const claims = [...first.values()];
    const earlier = await claimIdempotencyKeys(
      tx,
      SCOPE,
      claims.map((i) => ({ key: events[i]!.eventId, requestHash: hashes[i]! })),
    );
    const fresh = claims.filter((i) => !earlier.has(events[i]!.eventId));
    const book = await openBook(
      tx,
      fresh.flatMap((i) => accountsOf(tags.get(events[i]!.tagId)!, wallets)),
    );
    const answers: IdempotentAnswer[] = [];
    for (const i of fresh) {
      const response = settle(book, events[i]!, tags.get(events[i]!.tagId)!, out);
      outcomes[i] = { response };
      answers.push({ key: events[i]!.eventId, requestHash: hashes[i]!, response });
    }
    // one statement while the accounts are locked (ADR 177): entries, Fastag rows, last tolls, answers
    if (fresh.length)
      await book.flush(tx, [txnsWrite(out.txns), lastTollsWrite([...out.lastTolls.values()]), idempotentAnswers(SCOPE, answers)]);
    events.forEach((e, i) => {
      if (outcomes[i]) return;
      const prior = earlier.get(e.eventId);
      const j = first.get(e.eventId)!;
      const priorHash = prior ? prior.requestHash : hashes[j];
      if (priorHash !== hashes[i])
        outcomes[i] = { error: new AppError(LEDGER_ERRORS.IDEMPOTENCY_MISMATCH, LEDGER_MESSAGES.idempotencyMismatch) };
      else {
        const answer = prior ? (prior.response as TollWebhookResponse) : (outcomes[j] as { response: TollWebhookResponse }).response;
        outcomes[i] = { response: { ...answer, duplicate: true } };
      }
    });
  });
  return { outcomes, out };
}

/** One toll event from the issuer's single webhook: a refusal is thrown as the batch would report it. */
export async function applyTollEvent(db: Db, event: TollEvent): Promise<{ response: TollWebhookResponse; alerts: BalanceAlert[] }> {
  const { outcomes, alerts } = await settleAll(db, [event]);
  const outcome = outcomes[0]!;
  if ('error' in outcome) throw outcome.error;
  return { response: outcome.response, alerts };
}

/** A batch of toll events (ADRs 158, 164): one answer per event, in the batch's order. */
export async function applyTollEvents(db: Db, events: TollEvent[]): Promise<{ response: TollBatchResponse; alerts: BalanceAlert[] }> {
  const { outcomes, alerts } = await settleAll(db, events);
  const results = outcomes.map((o, i) =>
    'error' in o
      ? { eventId: events[i]!.eventId, status: 'REFUSED' as const, txnId: null, duplicate: false, errorCode: o.error.code }
      : { eventId: events[i]!.eventId, ...o.response, errorCode: null },
  );
  return { response: { results }, alerts };
}

export interface AlertSender {
  send(message: Message): Promise<unknown>;
}

/** A tag alerts its owner about its balance once, then stays quiet this long (ADR 183). */
export const BALANCE_ALERT_QUIET_SECONDS = 30 * 60;

/**
 * When this process last knew each tag's owner to be alerted, so a tag within its quiet period is passed over
 * without a query. Only a hint: the database decides (`claimBalanceAlerts`). One per server process.
 */
export class RecentAlerts {
  readonly #at = new Map<string, number>();
  constructor(private readonly max = 10_000) {}

  quiet(tagId: string, now: number) {
    const at = this.#at.get(tagId);
    return at !== undefined && now - at < BALANCE_ALERT_QUIET_SECONDS * 1000;
  }

  remember(tagId: string, at: number) {
    this.#at.delete(tagId);
    this.#at.set(tagId, at);
    // the oldest goes first: forgetting a tag costs one query the next time it alerts
    if (this.#at.size > this.max) this.#at.delete(this.#at.keys().next().value!);
  }
}

/**
 * Tells the operators' owners; a failure to notify never undoes a toll. One message per tag, the batch's last (it
 * carries the balances the batch left), and none for a tag whose owner was told within the quiet period, by
 * this process or another (ADR 183): a tag the trucks keep running dry would otherwise send an SMS per toll.
 */
export async function sendAlerts(db: Db, notifier: AlertSender, alerts: BalanceAlert[], recent: RecentAlerts, now = Date.now()) {
  const latest = new Map<string, BalanceAlert>();
  for (const alert of alerts) latest.set(alert.tagId, alert);
  const due = [...latest.keys()].filter((tagId) => !recent.quiet(tagId, now));
  if (!due.length) return;
  const claims = await repo.claimBalanceAlerts(db, due, BALANCE_ALERT_QUIET_SECONDS);
  const owners = new Map<OperatorId, ReturnType<typeof ownerContact>>();
  // the wallet balance a declined toll's message quotes, read outside the batch's locks once per operator
  const wallets = new Map<OperatorId, Promise<number>>();
  for (const claim of claims) {
    recent.remember(claim.tagId, claim.claimed ? now : (claim.lastAlertAt?.getTime() ?? now));
    if (!claim.claimed) continue;
    const alert = latest.get(claim.tagId)!;
    if (!owners.has(alert.operatorId)) owners.set(alert.operatorId, ownerContact(db, alert.operatorId));
    const owner = await owners.get(alert.operatorId);
    if (!owner) continue;
    if (alert.walletBalance === null) {
      if (!wallets.has(alert.operatorId)) wallets.set(alert.operatorId, balanceOf(db, walletAccount(alert.operatorId)));
      alert.walletBalance = await wallets.get(alert.operatorId)!;
    }
    const text =
      alert.kind === 'TOLL_DECLINED'
        ? `Toll at ${alert.plaza} was declined for ${alert.vehicleNumber}: Fastag balance ${rupeesText(alert.tagBalance)}. Wallet balance ${rupeesText(alert.walletBalance)}. Please recharge.`
        : `Low wallet balance: auto-recharge for ${alert.vehicleNumber} is short by ${rupeesText(alert.shortBy)}. Fastag balance ${rupeesText(alert.tagBalance)}, wallet ${rupeesText(alert.walletBalance)}. Please add money.`;
    await notifier.send({
      channel: 'sms',
      to: owner.phone,
      subject: 'Fastag balance alert',
      text,
      kind: 'LOW_BALANCE',
      preference: { kind: 'LOW_BALANCE', operatorId: alert.operatorId },
    });
  }
}
