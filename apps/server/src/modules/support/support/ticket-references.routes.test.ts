import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { insertConsigner, insertOperator, insertVehicle } from '../../../../test/factories.ts';
import { insertLoad } from '../../marketplace/loads/loads.test-helpers.ts';
import { deliverToll, fundTag, insertTag, tollEvent } from '../../money/fastag/fastag.test-helpers.ts';
import { insertTrip } from '../../trips/trips/trips.test-factory.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000' });
});
afterAll(() => t.close());

const TICKETS = '/api/rest/tesseract/v1/ticket';
const raise = (token: string, referenceType: string, referenceId: string, category = 'OTHER') =>
  t.call({
    method: 'POST',
    url: TICKETS,
    token,
    payload: { category, referenceType, referenceId, subject: 'Help please', message: 'Something is wrong', context: {} },
  });

async function tollOf(operator: Awaited<ReturnType<typeof insertOperator>>) {
  const vehicle = await insertVehicle(t.db, operator.operatorId);
  const tagId = await insertTag(t.db, operator.operatorId, vehicle.id);
  await fundTag(t.db, tagId, 100_000);
  const toll = await deliverToll(t, JSON.stringify(tollEvent(tagId, { amount: 12_000 })));
  return toll.body.data.txnId as string;
}

describe("tickets name only the caller's own records (issue 45 §8)", () => {
  it("another operator's trip, load or toll is not found, and never blocks its owner's ticket", async () => {
    const op1 = await insertOperator(t.db);
    const { operator: op2, tripId } = await insertTrip(t.db);
    const { consignerCode } = await insertConsigner(t.db);
    const load = await insertLoad(t.db, consignerCode, { state: 'AWARDED', awardedOperatorId: op2.operatorId });
    const txnId = await tollOf(op2);

    for (const [type, id, category] of [
      ['TRIP', tripId, 'TRIP_DELAY'],
      ['LOAD', load.id, 'LOAD'],
      ['FASTAG_TXN', txnId, 'FASTAG_DISPUTE'],
    ] as const) {
      const squat = await raise(op1.owner.token, type, id, category);
      expect(squat.status, type).toBe(404);
      expect(squat.body.message).toBe('The trip, load, toll or payment this ticket is about was not found');
      const own = await raise(op2.owner.token, type, id, category);
      expect(own.status, type).toBe(200);
    }
    const mine = await t.call({ method: 'GET', url: TICKETS, token: op1.owner.token });
    expect(mine.body.data.totalCount).toBe(0);
  });

  it('a load still open on the board may be asked about by any operator', async () => {
    const op1 = await insertOperator(t.db);
    const { consignerCode } = await insertConsigner(t.db);
    const load = await insertLoad(t.db, consignerCode);
    expect((await raise(op1.owner.token, 'LOAD', load.id)).status).toBe(200);
    expect((await raise(op1.owner.token, 'TRIP', 'TRP-NOPE')).status).toBe(404);
  });

  it("a toll dispute answers the caller's own ticket even when another operator's open ticket names the same toll", async () => {
    const op2 = await insertOperator(t.db);
    const op1 = await insertOperator(t.db);
    const txnId = await tollOf(op2);
    // a ticket another operator left on this toll id before references were checked
    await t.db.execute(
      sql.raw(`insert into tickets (id, operator_id, raised_by, category, reference_type, reference_id, subject, details)
       values ('TKT-SQUAT01', '${op1.operatorId}', 'X', 'FASTAG_DISPUTE', 'FASTAG_TXN', '${txnId}', 'squat', '{}')`),
    );
    const dispute = await t.call({ method: 'POST', url: `/api/fastag/transactions/${txnId}/dispute`, token: op2.owner.token, payload: {} });
    expect(dispute.status).toBe(200);
    expect(dispute.body.data).toMatchObject({ created: true, ticket: 1 });
    expect(dispute.body.data.ticketId).not.toBe('TKT-SQUAT01');
    const again = await t.call({ method: 'POST', url: `/api/fastag/transactions/${txnId}/dispute`, token: op2.owner.token, payload: {} });
    expect(again.body.data).toMatchObject({ ticketId: dispute.body.data.ticketId, created: false, ticket: 1 });
    const detail = await t.call({ method: 'GET', url: `${TICKETS}/${dispute.body.data.ticketId}`, token: op2.owner.token });
    expect(detail.status).toBe(200);
  });
});
