import { ISSUER_SIGNATURE_HEADER } from '@bhada/contracts/money/fastag';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { fundAccount, insertOperator, insertVehicle } from '../../../../test/factories.ts';
import { twoInstancesForFile } from '../../../../test/two-instances.ts';
import { hmac } from '../../../lib/crypto.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';
import { accounts } from '../ledger/accounts.ts';
import { insertTag, tollEvent } from './fastag.test-helpers.ts';
import { BALANCE_ALERT_QUIET_SECONDS, type BalanceAlert, RecentAlerts, sendAlerts } from './toll-events.service.ts';

const two = twoInstancesForFile();

/** A batch of tolls, signed as the issuer signs it, to one instance. */
async function deliverBatch(app: FastifyInstance, events: ReturnType<typeof tollEvent>[]) {
  const raw = JSON.stringify({ events });
  const res = await app.inject({
    method: 'POST',
    url: '/api/fastag/webhooks/tolls',
    headers: { 'content-type': 'application/json', [ISSUER_SIGNATURE_HEADER]: hmac(two.first.config.TAG_ISSUER_SECRET, raw) },
    payload: raw,
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: { results: Array<{ status: string }> } }).data.results;
}

/** The balance alerts the outbox holds for a vehicle (both instances write to one outbox). */
const alertsFor = (vehicleNumber: string) =>
  two.first.app.notifier.list(1000).filter((m) => m.kind === 'LOW_BALANCE' && m.text.includes(vehicleNumber));

async function dryTag(operatorId: OperatorId) {
  const vehicle = await insertVehicle(two.first.db, operatorId);
  const tagId = await insertTag(two.first.db, operatorId, vehicle.id);
  return { vehicle, tagId };
}

/** The alert a declined toll of 80 rupees on an empty tag raises, as the batch hands it to `sendAlerts`. */
const declinedAlert = (operatorId: OperatorId, dry: Awaited<ReturnType<typeof dryTag>>, walletBalance: number | null): BalanceAlert => ({
  kind: 'TOLL_DECLINED',
  operatorId,
  tagId: dry.tagId,
  vehicleNumber: dry.vehicle.number,
  plaza: 'Kherki Daula Toll Plaza (NH48)',
  walletBalance,
  tagBalance: 0,
  shortBy: 8_000,
});

describe('balance alerts: one per tag, then quiet for a while, across processes (ADR 183)', () => {
  it('a tag that keeps declining tells its owner once, whichever process its tolls reach; another tag still tells', async () => {
    const { operatorId } = await insertOperator(two.first.db);
    const dry = await dryTag(operatorId);
    const results = await deliverBatch(
      two.first.app,
      Array.from({ length: 6 }, () => tollEvent(dry.tagId, { amount: 8_000 })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(6).fill('FAILED'));
    expect(alertsFor(dry.vehicle.number)).toHaveLength(1);
    expect(alertsFor(dry.vehicle.number)[0]!.text).toContain('was declined');

    // the other process knows nothing of it in memory: the database refuses its claim
    await deliverBatch(two.second, [tollEvent(dry.tagId, { amount: 8_000 })]);
    await deliverBatch(two.first.app, [tollEvent(dry.tagId, { amount: 8_000 })]);
    expect(alertsFor(dry.vehicle.number)).toHaveLength(1);

    const other = await dryTag(operatorId);
    await deliverBatch(two.second, [tollEvent(other.tagId, { amount: 8_000 }), tollEvent(dry.tagId, { amount: 8_000 })]);
    expect(alertsFor(other.vehicle.number)).toHaveLength(1);
    expect(alertsFor(dry.vehicle.number)).toHaveLength(1);
  });

  it("a declined toll's message quotes the wallet's balance, read only for the message that is sent", async () => {
    const { operatorId } = await insertOperator(two.first.db);
    await fundAccount(two.first.db, accounts.operatorWallet(operatorId), 1_234_567);
    const dry = await dryTag(operatorId);
    await deliverBatch(two.first.app, [tollEvent(dry.tagId, { amount: 8_000 })]);
    expect(alertsFor(dry.vehicle.number)).toHaveLength(1);
    expect(alertsFor(dry.vehicle.number)[0]!.text).toContain('Wallet balance ₹12,345.67');

    // within the quiet period no message goes, and the wallet is not read for it
    const alert = declinedAlert(operatorId, dry, null);
    await sendAlerts(two.first.db, two.first.app.notifier, [alert], new RecentAlerts());
    expect(alert.walletBalance).toBeNull();
    expect(alertsFor(dry.vehicle.number)).toHaveLength(1);
  });

  it('two processes alerting about one tag at the same moment send one message', async () => {
    const { operatorId } = await insertOperator(two.first.db);
    const dry = await dryTag(operatorId);
    await Promise.all([
      deliverBatch(two.first.app, [tollEvent(dry.tagId, { amount: 8_000 })]),
      deliverBatch(two.second, [tollEvent(dry.tagId, { amount: 8_000 })]),
      deliverBatch(two.first.app, [tollEvent(dry.tagId, { amount: 8_000 })]),
    ]);
    expect(alertsFor(dry.vehicle.number)).toHaveLength(1);
  });

  it('once the quiet period has passed, the next decline tells the owner again', async () => {
    const { operatorId } = await insertOperator(two.first.db);
    const dry = await dryTag(operatorId);
    const alert = declinedAlert(operatorId, dry, 0);
    const recent = new RecentAlerts();
    await sendAlerts(two.first.db, two.first.app.notifier, [alert], recent);
    await sendAlerts(two.first.db, two.first.app.notifier, [alert], recent);
    expect(alertsFor(dry.vehicle.number)).toHaveLength(1);

    // the period passes: the database's stamp and this process's memory both say so
    await two.first.database.sql.query(
      `UPDATE fastags SET balance_alert_at = now() - make_interval(secs => $2) - interval '1 second' WHERE tag_id = $1`,
      [dry.tagId, BALANCE_ALERT_QUIET_SECONDS],
    );
    const later = Date.now() + (BALANCE_ALERT_QUIET_SECONDS + 1) * 1000;
    await sendAlerts(two.first.db, two.first.app.notifier, [alert], recent, later);
    expect(alertsFor(dry.vehicle.number)).toHaveLength(2);
  });

  it("a process's memory passes over a tag within its quiet period, and forgets the oldest tags first", () => {
    const recent = new RecentAlerts(2);
    const now = Date.now();
    recent.remember('A', now);
    expect(recent.quiet('A', now + 1000)).toBe(true);
    expect(recent.quiet('A', now + BALANCE_ALERT_QUIET_SECONDS * 1000)).toBe(false);
    expect(recent.quiet('B', now)).toBe(false);
    recent.remember('B', now);
    recent.remember('A', now);
    recent.remember('C', now);
    // B was the oldest once A was remembered again
    expect(recent.quiet('B', now)).toBe(false);
    expect(recent.quiet('A', now)).toBe(true);
    expect(recent.quiet('C', now)).toBe(true);
  });
});
