import { FASTAG_ERRORS, FASTAG_MESSAGES, type TollBatchResponse, type TollEvent, type TollWebhookResponse } from '@bhada/contracts/fastag';
import { LEDGER_ERRORS } from '@bhada/contracts/ledger';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { OperatorId } from '../../lib/tenancy.ts';
import type { Message } from '../../plugins/notifier.ts';
import { accountId, balanceOf, postEntry, withIdempotency } from '../ledger/ledger.service.ts';
import { rupeesText } from '../wallet/statement-writer.ts';
import { ownerContact, walletAccount } from '../wallet/wallet.service.ts';
import * as repo from './fastag.repository.ts';
import { type TagRow, TOLL_NETWORK, tagAccount, txnRow } from './fastag.service.ts';

// ——— tolls from the issuer ———

export interface BalanceAlert {
  kind: 'LOW_BALANCE' | 'TOLL_DECLINED';
  operatorId: OperatorId;
  vehicleNumber: string;
  plaza?: string;
  /** paisa */
  walletBalance: number;
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

export async function autoTopUp(tx: Db, tag: TagRow, tagBalance: number, at: Date, alerts: BalanceAlert[]) {
  if (!tag.autoRecharge || tagBalance >= tag.minBalancePaisa) return;
  const wallet = walletAccount(tag.operatorId);
  const walletBalance = await balanceOf(tx, wallet);
  const plan = autoTopUpAmount(tag, tagBalance, walletBalance);
  let closing = tagBalance;
  let left = walletBalance;
  if (plan.amount > 0) {
    try {
      const posted = await postEntry(tx, {
        kind: 'FASTAG_AUTO_RECHARGE',
        memo: `Auto-recharge for ${tag.vehicleNumber}`,
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
      await repo.insertTxns(tx, [row]);
      closing = row.closingBalancePaisa;
      left = posted.balances[accountId(wallet)]!.closing;
    } catch (err) {
      // the wallet was spent between the read and the lock: treat as short
      if (!(err instanceof AppError && err.code === LEDGER_ERRORS.INSUFFICIENT_BALANCE)) throw err;
      plan.short = true;
    }
  }
  if (plan.short) {
    alerts.push({
      kind: 'LOW_BALANCE',
      operatorId: tag.operatorId,
      vehicleNumber: tag.vehicleNumber,
      walletBalance: left,
      tagBalance: closing,
      shortBy: plan.wanted - (closing - tagBalance),
    });
  }
}

/**
 * Applies one toll event from the issuer, once per eventId (a repeat returns the first answer).
 * A debit the tag cannot cover is declined as the issuer's lane would: a failed row, nothing moves
 * (ADR 042). Alerts are handed back for the caller to send after the commit.
 */
export async function applyTollEvent(db: Db, event: TollEvent): Promise<{ response: TollWebhookResponse; alerts: BalanceAlert[] }> {
  const known = await repo.findIssuedTag(db, event.tagId);
  if (!known) throw new AppError(FASTAG_ERRORS.FASTAG_UNKNOWN_TAG, FASTAG_MESSAGES.unknownTag);
  const alerts: BalanceAlert[] = [];
  const { result, replayed } = await withIdempotency(db, { scope: 'fastag-toll-event', key: event.eventId, request: event }, async (tx) => {
    const tag = (await repo.findIssuedTag(tx, event.tagId))!;
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
      const posted = await postEntry(tx, {
        kind: 'TOLL_REVERSAL',
        memo: `Toll reversal at ${event.plaza}`,
        referenceType: 'FASTAG_EVENT',
        referenceId: event.eventId,
        legs: [
          { account: TOLL_NETWORK, amount: -event.amount },
          { account, amount: event.amount },
        ],
      });
      const row = txnRow(posted, accountId(account), { ...base, kind: 'TOLL_REVERSAL', txnType: 'CREDIT' });
      await repo.insertTxns(tx, [row]);
      return { txnId: row.id, status: 'SUCCESS' as const, duplicate: false };
    }
    try {
      const posted = await postEntry(tx, {
        kind: 'TOLL_DEBIT',
        memo: `Toll at ${event.plaza}`,
        referenceType: 'FASTAG_EVENT',
        referenceId: event.eventId,
        legs: [
          { account, amount: -event.amount },
          { account: TOLL_NETWORK, amount: event.amount },
        ],
      });
      const row = txnRow(posted, accountId(account), { ...base, kind: 'TOLL', txnType: 'DEBIT' });
      await repo.insertTxns(tx, [row]);
      await repo.updateLastToll(tx, tag.tagId, event.plaza, at);
      await autoTopUp(tx, tag, row.closingBalancePaisa, at, alerts);
      return { txnId: row.id, status: 'SUCCESS' as const, duplicate: false };
    } catch (err) {
      if (!(err instanceof AppError && err.code === LEDGER_ERRORS.INSUFFICIENT_BALANCE)) throw err;
    }
    const balance = await balanceOf(tx, account);
    const id = newId('FTX', 12);
    await repo.insertTxns(tx, [
      {
        id,
        ...base,
        kind: 'TOLL',
        txnType: 'DEBIT',
        status: 'FAILED',
        openingBalancePaisa: balance,
        closingBalancePaisa: balance,
        failureReason: 'INSUFFICIENT_TAG_BALANCE',
      },
    ]);
    alerts.push({
      kind: 'TOLL_DECLINED',
      operatorId: tag.operatorId,
      vehicleNumber: tag.vehicleNumber,
      plaza: event.plaza,
      walletBalance: await balanceOf(tx, walletAccount(tag.operatorId)),
      tagBalance: balance,
      shortBy: event.amount - balance,
    });
    await autoTopUp(tx, tag, balance, at, alerts);
    return { txnId: id, status: 'FAILED' as const, duplicate: false };
  });
  return replayed ? { response: { ...result, duplicate: true }, alerts: [] } : { response: result, alerts };
}

/** How many tags of one batch are worked on at once (each event is still its own transaction). */
const BATCH_LANES = 4;

/**
 * Applies a batch of toll events (ADR 158): each event exactly as one delivery would be — its own
 * transaction, once per eventId — so a refused or declined event never holds up or undoes another.
 * A tag's events apply in the batch's order; different tags proceed side by side.
 */
export async function applyTollEvents(db: Db, events: TollEvent[]): Promise<{ response: TollBatchResponse; alerts: BalanceAlert[] }> {
  const results: TollBatchResponse['results'] = new Array(events.length);
  const alerts: BalanceAlert[] = [];
  const byTag = new Map<string, number[]>();
  events.forEach((e, i) => {
    const list = byTag.get(e.tagId);
    if (list) list.push(i);
    else byTag.set(e.tagId, [i]);
  });
  const queue = [...byTag.values()];
  const lane = async () => {
    for (let group = queue.shift(); group; group = queue.shift()) {
      for (const i of group) {
        const event = events[i]!;
        try {
          const applied = await applyTollEvent(db, event);
          alerts.push(...applied.alerts);
          results[i] = { eventId: event.eventId, ...applied.response, errorCode: null };
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          results[i] = { eventId: event.eventId, status: 'REFUSED', txnId: null, duplicate: false, errorCode: err.code };
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(BATCH_LANES, queue.length) }, lane));
  return { response: { results }, alerts };
}

export interface AlertSender {
  send(message: Message): Promise<unknown>;
}

/** Tells the operator's owner; a failure to notify never undoes a toll. */
export async function sendAlerts(db: Db, notifier: AlertSender, alerts: BalanceAlert[]) {
  for (const alert of alerts) {
    const owner = await ownerContact(db, alert.operatorId);
    if (!owner) continue;
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
