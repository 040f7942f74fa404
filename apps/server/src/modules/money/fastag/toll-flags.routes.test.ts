import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { insertAdmin, insertOperator, insertSubordinate, insertVehicle } from '../../../../test/factories.ts';
import { positions, supportTickets, tollFlags } from '../../../db/schema/index.ts';
import { accounts } from '../ledger/accounts.ts';
import { balanceOf, checkLedger } from '../ledger/ledger.service.ts';
import { deliverToll, fundTag, insertTag, tollEvent } from './fastag.test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const JAIPUR = { lat: 26.9124, lng: 75.7873 };

/** An operator whose truck (no trip, parked in Jaipur) is read at Kherki Daula `daysAgo` days ago: a far read and a toll with no trip. */
async function flagged(daysAgo: number) {
  const operator = await insertOperator(t.db);
  const vehicle = await insertVehicle(t.db, operator.operatorId, { tyreCount: 14 });
  const tagId = await insertTag(t.db, operator.operatorId, vehicle.id, { tagClass: 12 });
  await fundTag(t.db, tagId, 1_000_000);
  const at = new Date(Date.now() - daysAgo * DAY);
  await t.db.insert(positions).values([
    { vehicleId: vehicle.id, ...JAIPUR, recordedAt: new Date(at.getTime() - 5 * 60_000) },
    { vehicleId: vehicle.id, ...JAIPUR, recordedAt: new Date(at.getTime() + 5 * 60_000) },
  ]);
  const res = await deliverToll(t, JSON.stringify(tollEvent(tagId, { crossedAt: at.toISOString(), amount: 41_500 })));
  expect(res.status).toBe(200);
  return { ...operator, vehicleId: vehicle.id, tagId, txnId: res.body.data.txnId as string };
}

const list = (token: string, query = '') => t.call({ method: 'GET', url: `/api/fastag/tollFlags${query}`, token });

describe('suspicious tolls (issue 47 §2)', () => {
  it("lists the operator's flags with their evidence and the money at stake, per vehicle, and nobody else's", async () => {
    const a = await flagged(2);
    const b = await flagged(2);
    const res = await list(a.owner.token);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.list.map((f: { kind: string }) => f.kind).sort()).toEqual(['FAR_FROM_PLAZA', 'NO_TRIP_NO_MOVEMENT']);
    expect(data.list.every((f: { txnId: string; vehicleId: string }) => f.txnId === a.txnId && f.vehicleId === a.vehicleId)).toBe(true);
    expect(data.totals.atStakePaisa).toBe(83_000);
    expect(data.totals.recoveredPaisa).toBe(0);
    const far = data.list.find((f: { kind: string }) => f.kind === 'FAR_FROM_PLAZA');
    expect(far.evidence.positions[0].km).toBeGreaterThan(200);
    expect(far.dispute.status).toBe('WAIT');
    expect(new Date(far.dispute.opensAt).getTime() - new Date(far.occurredAt).getTime()).toBe(15 * DAY);
    // per vehicle, and another operator's vehicle shows nothing
    expect((await list(a.owner.token, `?vehicleId=${a.vehicleId}`)).body.data.totalCount).toBe(2);
    expect((await list(a.owner.token, `?vehicleId=${b.vehicleId}`)).body.data).toMatchObject({
      totalCount: 0,
      totals: { atStakePaisa: 0 },
    });
    expect((await list(a.owner.token, '?kind=DOUBLE_READ')).body.data.totalCount).toBe(0);
    expect((await list(a.owner.token, '?state=NOPE')).status).toBe(400);
  });

  it("answers another operator's flag with 404, and a role without the Fastag permission with 403", async () => {
    const a = await flagged(20);
    const b = await flagged(20);
    const [flagOfB] = await t.db.select().from(tollFlags).where(eq(tollFlags.operatorId, b.operatorId));
    for (const action of ['dismiss', 'dispute']) {
      const res = await t.call({
        method: 'POST',
        url: `/api/fastag/tollFlags/${flagOfB!.id}/${action}`,
        token: a.owner.token,
        payload: { reason: 'our own toll' },
      });
      expect(res.status).toBe(404);
    }
    const sub = await insertSubordinate(t.db, a.operatorId, []);
    expect((await list(sub.token)).status).toBe(403);
    expect((await t.db.select().from(tollFlags).where(eq(tollFlags.id, flagOfB!.id)))[0]!.state).toBe('OPEN');
  });

  it('dismisses a flag with a reason, once; without a reason it is a clear 400', async () => {
    const a = await flagged(2);
    const [flag] = (await list(a.owner.token)).body.data.list;
    const url = `/api/fastag/tollFlags/${flag.id}/dismiss`;
    const empty = await t.call({ method: 'POST', url, token: a.owner.token, payload: {} });
    expect(empty.status).toBe(400);
    const done = await t.call({ method: 'POST', url, token: a.owner.token, payload: { reason: 'Driver took the truck to the workshop' } });
    expect(done.status).toBe(200);
    expect(done.body.data.flag).toMatchObject({ state: 'DISMISSED', dismissedReason: 'Driver took the truck to the workshop' });
    const again = await t.call({ method: 'POST', url, token: a.owner.token, payload: { reason: 'again' } });
    expect(again.status).toBe(409);
    expect((await list(a.owner.token)).body.data.totals.atStakePaisa).toBe(41_500);
  });
});

describe('disputes on time (issue 47 §3)', () => {
  it('refuses a dispute inside the cooling period and says from when it may be raised', async () => {
    const a = await flagged(3);
    const [flag] = (await list(a.owner.token)).body.data.list;
    const res = await t.call({ method: 'POST', url: `/api/fastag/tollFlags/${flag.id}/dispute`, token: a.owner.token });
    expect(res.status).toBe(422);
    expect(res.body.errorCode).toBe('TOLL_DISPUTE_TOO_EARLY');
    expect(res.body.message).toMatch(/^This toll can be disputed from /);
    expect(await t.db.select().from(supportTickets).where(eq(supportTickets.operatorId, a.operatorId))).toEqual([]);
  });

  it('after the cooling period one tap raises the toll dispute with the evidence of every flag on the toll', async () => {
    const a = await flagged(16);
    const [flag] = (await list(a.owner.token)).body.data.list;
    expect(flag.dispute.status).toBe('OPEN');
    const res = await t.call({ method: 'POST', url: `/api/fastag/tollFlags/${flag.id}/dispute`, token: a.owner.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ created: true, flag: { state: 'DISPUTED' } });
    const [ticket] = await t.db.select().from(supportTickets).where(eq(supportTickets.id, res.body.data.ticketId));
    expect(ticket).toMatchObject({ category: 'FASTAG_DISPUTE', referenceType: 'FASTAG_TXN', referenceId: a.txnId });
    const attached = (ticket!.details as { flags: Array<{ kind: string; evidence: { positions?: unknown[] } }> }).flags;
    expect(attached.map((f) => f.kind).sort()).toEqual(['FAR_FROM_PLAZA', 'NO_TRIP_NO_MOVEMENT']);
    expect(attached.find((f) => f.kind === 'FAR_FROM_PLAZA')!.evidence.positions!.length).toBeGreaterThan(0);
    // both flags of the toll went with the one ticket
    const after = (await list(a.owner.token)).body.data.list;
    expect(after.every((f: { state: string; ticketId: string }) => f.state === 'DISPUTED' && f.ticketId === ticket!.id)).toBe(true);
    const again = await t.call({ method: 'POST', url: `/api/fastag/tollFlags/${flag.id}/dispute`, token: a.owner.token });
    expect(again.status).toBe(409);
  });

  it("a dispute decided in the operator's favour credits the tag once, even resolved twice at once, and counts as recovered", async () => {
    const a = await flagged(16);
    const [flag] = (await list(a.owner.token)).body.data.list;
    const raised = await t.call({ method: 'POST', url: `/api/fastag/tollFlags/${flag.id}/dispute`, token: a.owner.token });
    const before = await balanceOf(t.db, accounts.fastag(a.tagId));
    const admin = await insertAdmin(t.db);
    const resolve = () =>
      t.call({
        method: 'POST',
        url: `/api/admin/tickets/${raised.body.data.ticketId}/resolve`,
        token: admin.token,
        payload: { outcome: 'OPERATOR_FAVOUR', note: 'The truck was in Jaipur; refunded.' },
      });
    const [r1, r2] = await Promise.all([resolve(), resolve()]);
    expect([r1.status, r2.status]).toEqual([200, 200]);
    expect(await balanceOf(t.db, accounts.fastag(a.tagId))).toBe(before + 41_500);
    const after = (await list(a.owner.token)).body.data;
    expect(after.list.every((f: { state: string }) => f.state === 'REFUNDED')).toBe(true);
    expect(after.totals).toMatchObject({ recoveredPaisa: 41_500, atStakePaisa: 0 });
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('refuses a dispute after the deadline', async () => {
    const a = await flagged(100);
    const [flag] = (await list(a.owner.token)).body.data.list;
    expect(flag.dispute.status).toBe('CLOSED');
    const res = await t.call({ method: 'POST', url: `/api/fastag/tollFlags/${flag.id}/dispute`, token: a.owner.token });
    expect(res.status).toBe(422);
    expect(res.body.errorCode).toBe('TOLL_DISPUTE_TOO_LATE');
  });
});
