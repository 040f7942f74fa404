import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { insertAdmin, insertOperator, insertVehicle } from '../../../test/factories.ts';
import { tripOtps, trips } from '../../db/schema/index.ts';
import { accounts } from '../ledger/accounts.ts';
import { balanceOf, checkLedger } from '../ledger/ledger.service.ts';
import { busyVehicleIds } from '../tokens/tokens.repository.ts';
import { insertTrip } from './trips.test-factory.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // pg-pool's end() resolves before its sockets close; the harness's DROP DATABASE … FORCE then
  // kills them and an unheard pool 'error' would fail the run (harness issue reported)
  t.database.pool?.on('error', () => undefined);
});
afterAll(async () => t.close());

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]), Buffer.alloc(2000, 7)]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2000, 3)]);

function codeSentTo(phone: string): string {
  const msg = t.app.notifier.list(500).find((m) => m.to === phone && m.kind === 'TRIP_STAGE_OTP');
  const code = msg?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no stage code sent to ${phone}`);
  return code;
}

const stateOf = async (tripId: string) => (await t.db.select({ state: trips.state }).from(trips).where(eq(trips.id, tripId)))[0]?.state;

async function uploadPhoto(token: string, tripId: string, fileName: string, bytes: Buffer, contentType: string) {
  const issued = await t.call({
    method: 'POST',
    url: '/api/odin/operator-app/upload-url',
    token,
    payload: { tripId, fileName, docType: 'POD' },
  });
  expect(issued.status).toBe(200);
  const put = await t.app.inject({ method: 'PUT', url: issued.body.data.url, payload: bytes, headers: { 'content-type': contentType } });
  expect(put.statusCode).toBe(200);
  return issued.body.data.imgResourceKey as string;
}

describe('the trip lifecycle', () => {
  it('runs from assignment through both OTPs, POD and admin verification to completion, and the money adds up', async () => {
    const trip = await insertTrip(t.db);
    const token = trip.operator.owner.token;
    const admin = await insertAdmin(t.db);

    const view = await t.call({
      method: 'POST',
      url: '/api/rest/tesseract/v1/trip/operator/advance-state-view',
      token,
      payload: { tripId: trip.tripId },
    });
    expect(view.body.data.nextAction).toMatchObject({ toState: 'REACHED_LOADING', requiresOtp: false });

    const reached = await t.call({
      method: 'POST',
      url: '/api/rest/tesseract/v1/trip/operator/advance-state',
      token,
      payload: { tripId: trip.tripId, toState: 'REACHED_LOADING', currentState: 'ASSIGNED' },
    });
    expect(reached.status).toBe(200);
    expect(reached.body.data.nextAction).toMatchObject({ toState: 'LOADED', requiresOtp: true, otpStage: 'LOADING' });

    const sent = await t.call({
      method: 'POST',
      url: '/api/rest/tesseract/v1/trip/otp',
      token,
      payload: { tripId: trip.tripId, stage: 'LOADING' },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.data.sentTo).toBe(`XXXXXX${trip.loadingContact.slice(-4)}`);
    const loaded = await t.call({
      method: 'POST',
      url: '/api/rest/tesseract/v1/trip/otp',
      token,
      payload: { tripId: trip.tripId, stage: 'LOADING', otp: codeSentTo(trip.loadingContact) },
    });
    expect(loaded.status).toBe(200);
    expect(loaded.body.data.widget).toMatchObject({
      state: 'LOADED',
      redirectUrl: `/web-view/marketplace/trips/details/v2/${trip.tripId}`,
    });

    const afterLoading = await t.call({ method: 'GET', url: `/api/odin/operator-app/trip-transactions?tripId=${trip.tripId}`, token });
    expect(afterLoading.body.data).toMatchObject({ advanceInPaisa: 3_010_000, advancePaid: true, tokenHeldInPaisa: 200_000 });

    for (const toState of ['IN_TRANSIT', 'REACHED_UNLOADING']) {
      const moved = await t.call({
        method: 'POST',
        url: '/api/rest/tesseract/v1/trip/operator/advance-state',
        token,
        payload: { tripId: trip.tripId, toState },
      });
      expect(moved.status).toBe(200);
    }

    const claim = await t.call({
      method: 'POST',
      url: `/api/rest/tesseract/v2/trip/${trip.tripId}/charges`,
      token,
      payload: { type: 'DETENTION', amountInPaisa: 150_000, description: 'Waited 2 days at the depot' },
    });
    expect(claim.status).toBe(200);
    expect(claim.body.message).toBe('Successfully Submitted');

    await t.call({ method: 'POST', url: '/api/rest/tesseract/v1/trip/otp', token, payload: { tripId: trip.tripId, stage: 'UNLOADING' } });
    const unloaded = await t.call({
      method: 'POST',
      url: '/api/rest/tesseract/v1/trip/otp',
      token,
      payload: { tripId: trip.tripId, stage: 'UNLOADING', otp: codeSentTo(trip.unloadingContact) },
    });
    expect(unloaded.body.data.widget.state).toBe('UNLOADED');

    const keys = [
      await uploadPhoto(token, trip.tripId, 'pod-1.jpg', JPEG, 'image/jpeg'),
      await uploadPhoto(token, trip.tripId, 'pod-2.png', PNG, 'image/png'),
    ];
    for (const k of keys) expect(k).toMatch(new RegExp(`^pod/${trip.tripId}/[A-Za-z0-9_-]{20,}\\.(jpg|png)$`));
    const pending = await t.call({ method: 'GET', url: `/api/odin/operator-app/trip-pod-details?tripId=${trip.tripId}`, token });
    expect(pending.body.data.collectPod).toBe(true);
    expect(pending.body.data.pods).toHaveLength(2);

    const submitted = await t.call({
      method: 'POST',
      url: '/api/rest/tesseract/v1/trip/submit-pod',
      token,
      payload: { tripId: trip.tripId, demandId: trip.demandId, podResourceKeys: keys },
    });
    expect(submitted.status).toBe(200);
    expect(submitted.body.message).toBe('POD uploaded successfully');
    expect(await stateOf(trip.tripId)).toBe('POD_SUBMITTED');

    const chargeId = claim.body.data.tripExpenseId;
    const decided = await t.call({
      method: 'POST',
      url: `/api/admin/trips/${trip.tripId}/charges/${chargeId}/decision`,
      token: admin.token,
      payload: { approve: true, approvedAmountInPaisa: 100_000 },
    });
    expect(decided.status).toBe(200);
    const verified = await t.call({
      method: 'POST',
      url: `/api/admin/trips/${trip.tripId}/pod/verify`,
      token: admin.token,
      payload: { deductions: [{ reason: 'Late delivery', amountInPaisa: 50_000 }] },
    });
    expect(verified.status).toBe(200);
    expect(await stateOf(trip.tripId)).toBe('COMPLETED');

    const money = (await t.call({ method: 'GET', url: `/api/odin/operator-app/trip-transactions?demand-id=${trip.demandId}`, token })).body
      .data;
    expect(money).toMatchObject({
      agreedPriceInPaisa: 4_500_000,
      tokenInPaisa: 200_000,
      advanceInPaisa: 3_010_000,
      approvedChargesInPaisa: 100_000,
      deductionsInPaisa: 50_000,
      balanceInPaisa: 4_500_000 - 200_000 - 3_010_000 + 100_000 - 50_000,
      balancePaid: true,
      totalPayableInPaisa: 4_550_000,
      paidInPaisa: 4_550_000,
    });
    expect(await balanceOf(t.db, accounts.operatorWallet(trip.operator.operatorId))).toBe(4_550_000);
    expect(await balanceOf(t.db, accounts.tokenEscrow(trip.demandId))).toBe(0);
    expect((await checkLedger(t.db)).ok).toBe(true);

    const expenses = (await t.call({ method: 'GET', url: `/api/odin/operator-app/trip-expenses?tripId=${trip.tripId}`, token })).body.data;
    expect(expenses.summary).toMatchObject({ claimedInPaisa: 150_000, approvedInPaisa: 100_000, paidInPaisa: 100_000 });

    const stages = (await t.call({ method: 'GET', url: `/api/rest/tesseract/v2/trip/trip-state-detail?tripId=${trip.tripId}`, token })).body
      .data;
    expect(stages.timeline.every((s: { done: boolean }) => s.done)).toBe(true);
    expect(stages.events.map((e: { toState: string }) => e.toState)).toEqual([
      'REACHED_LOADING',
      'LOADED',
      'IN_TRANSIT',
      'REACHED_UNLOADING',
      'UNLOADED',
      'POD_SUBMITTED',
      'POD_VERIFIED',
      'COMPLETED',
    ]);

    // completion is keyed by the trip: a retry pays nothing twice
    const again = await t.call({ method: 'POST', url: `/api/admin/trips/${trip.tripId}/complete`, token: admin.token });
    expect(again.status).toBe(200);
    expect(await balanceOf(t.db, accounts.operatorWallet(trip.operator.operatorId))).toBe(4_550_000);
  });

  it('a rejected POD goes back to the operator, who uploads again', async () => {
    const trip = await insertTrip(t.db, { state: 'UNLOADED' });
    const token = trip.operator.owner.token;
    const admin = await insertAdmin(t.db);
    const first = await uploadPhoto(token, trip.tripId, 'blurry.jpg', JPEG, 'image/jpeg');
    await t.call({
      method: 'POST',
      url: '/api/rest/tesseract/v1/trip/submit-pod',
      token,
      payload: { tripId: trip.tripId, podResourceKeys: [first] },
    });
    const rejected = await t.call({
      method: 'POST',
      url: `/api/admin/trips/${trip.tripId}/pod/reject`,
      token: admin.token,
      payload: { reason: 'Signature not visible' },
    });
    expect(rejected.status).toBe(200);
    const details = (await t.call({ method: 'GET', url: `/api/odin/operator-app/trip-pod-details?tripId=${trip.tripId}`, token })).body
      .data;
    expect(details).toMatchObject({ state: 'POD_REJECTED', collectPod: true, rejectReason: 'Signature not visible', pods: [] });
    const second = await uploadPhoto(token, trip.tripId, 'clear.jpg', JPEG, 'image/jpeg');
    const resubmitted = await t.call({
      method: 'POST',
      url: '/api/rest/tesseract/v1/trip/submit-pod',
      token,
      payload: { tripId: trip.tripId, podResourceKeys: [second] },
    });
    expect(resubmitted.status).toBe(200);
    expect(await stateOf(trip.tripId)).toBe('POD_SUBMITTED');
  });
});

describe('stage rules', () => {
  it('a stage OTP on a trip in the wrong state is 422 and changes nothing', async () => {
    const trip = await insertTrip(t.db);
    const token = trip.operator.owner.token;
    const before = t.app.notifier.list(500).length;
    const send = await t.call({
      method: 'POST',
      url: '/api/rest/tesseract/v1/trip/otp',
      token,
      payload: { tripId: trip.tripId, stage: 'LOADING' },
    });
    expect(send.status).toBe(422);
    expect(send.body.errorCode).toBe('TRIP_STAGE_MISMATCH');
    const verify = await t.call({
      method: 'POST',
      url: '/api/rest/tesseract/v1/trip/otp',
      token,
      payload: { tripId: trip.tripId, stage: 'UNLOADING', otp: '123456' },
    });
    expect(verify.status).toBe(422);
    expect(t.app.notifier.list(500).length).toBe(before);
    expect(await t.db.select().from(tripOtps).where(eq(tripOtps.tripId, trip.tripId))).toHaveLength(0);
    expect(await stateOf(trip.tripId)).toBe('ASSIGNED');
  });

  it('an OTP edge cannot be skipped with advance-state, nor a stage jumped; a stale view answers 409', async () => {
    const trip = await insertTrip(t.db, { state: 'REACHED_LOADING' });
    const token = trip.operator.owner.token;
    const skip = await t.call({
      method: 'POST',
      url: '/api/rest/tesseract/v1/trip/operator/advance-state',
      token,
      payload: { tripId: trip.tripId, toState: 'LOADED' },
    });
    expect(skip.status).toBe(422);
    expect(skip.body.errorCode).toBe('TRIP_OTP_REQUIRED');
    const jump = await t.call({
      method: 'POST',
      url: '/api/rest/tesseract/v1/trip/operator/advance-state',
      token,
      payload: { tripId: trip.tripId, toState: 'REACHED_UNLOADING' },
    });
    expect(jump.status).toBe(422);
    expect(jump.body.errorCode).toBe('TRIP_STAGE_MISMATCH');
    const verifyAsOperator = await t.call({
      method: 'POST',
      url: '/api/rest/tesseract/v1/trip/operator/advance-state',
      token,
      payload: { tripId: trip.tripId, toState: 'POD_VERIFIED' },
    });
    expect(verifyAsOperator.status).toBe(422);
    const stale = await t.call({
      method: 'POST',
      url: '/api/rest/tesseract/v1/trip/operator/advance-state',
      token,
      payload: { tripId: trip.tripId, toState: 'LOADED', currentState: 'ASSIGNED' },
    });
    expect(stale.status).toBe(409);
    expect(await stateOf(trip.tripId)).toBe('REACHED_LOADING');
  });

  it('a wrong OTP is refused; after five tries even the right code is refused', async () => {
    const trip = await insertTrip(t.db, { state: 'REACHED_LOADING' });
    const token = trip.operator.owner.token;
    await t.call({ method: 'POST', url: '/api/rest/tesseract/v1/trip/otp', token, payload: { tripId: trip.tripId, stage: 'LOADING' } });
    const right = codeSentTo(trip.loadingContact);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await t.call({
        method: 'POST',
        url: '/api/rest/tesseract/v1/trip/otp',
        token,
        payload: { tripId: trip.tripId, stage: 'LOADING', otp: wrong },
      });
      expect(res.status).toBe(422);
      expect(res.body.errorCode).toBe('TRIP_OTP_INVALID');
    }
    const locked = await t.call({
      method: 'POST',
      url: '/api/rest/tesseract/v1/trip/otp',
      token,
      payload: { tripId: trip.tripId, stage: 'LOADING', otp: right },
    });
    expect(locked.status).toBe(429);
    expect(await stateOf(trip.tripId)).toBe('REACHED_LOADING');
    expect(await balanceOf(t.db, accounts.operatorWallet(trip.operator.operatorId))).toBe(0);
  });

  it('limits how many codes one stage may send', async () => {
    const trip = await insertTrip(t.db, { state: 'REACHED_UNLOADING' });
    const token = trip.operator.owner.token;
    for (let i = 0; i < 5; i++) {
      const res = await t.call({
        method: 'POST',
        url: '/api/rest/tesseract/v1/trip/otp',
        token,
        payload: { tripId: trip.tripId, stage: 'UNLOADING' },
      });
      expect(res.status).toBe(200);
    }
    const sixth = await t.call({
      method: 'POST',
      url: '/api/rest/tesseract/v1/trip/otp',
      token,
      payload: { tripId: trip.tripId, stage: 'UNLOADING' },
    });
    expect(sixth.status).toBe(429);
  });
});

describe("another operator's trip", () => {
  it('is 404 on every trip call, including uploads and views', async () => {
    const trip = await insertTrip(t.db, { state: 'UNLOADED' });
    const other = await insertOperator(t.db);
    const otherVehicle = await insertVehicle(t.db, other.operatorId);
    const id = trip.tripId;
    const calls: Array<{ method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: object }> = [
      { method: 'GET', url: `/api/rest/tesseract/v1/trip/${id}` },
      { method: 'GET', url: `/api/rest/tesseract/v2/trip/${id}` },
      { method: 'GET', url: `/api/odin/operator-app/trip-detail?demand-id=${trip.demandId}` },
      { method: 'GET', url: `/api/rest/tesseract/v2/trip/trip-state-detail?tripId=${id}` },
      { method: 'GET', url: `/api/odin/operator-app/trip-transactions?tripId=${id}` },
      { method: 'GET', url: `/api/odin/operator-app/trip-transactions?demand-id=${trip.demandId}` },
      { method: 'GET', url: `/api/odin/operator-app/trip-expenses?tripId=${id}` },
      { method: 'GET', url: `/api/odin/operator-app/trip-pod-details?tripId=${id}` },
      { method: 'POST', url: '/api/odin/operator-app/upload-url', payload: { tripId: id, fileName: 'pod.jpg', docType: 'POD' } },
      {
        method: 'POST',
        url: '/api/odin/operator-app/upload-url',
        payload: { demandId: trip.demandId, fileName: 'pod.jpg', docType: 'POD' },
      },
      { method: 'POST', url: '/api/odin/operator-app/upload-confirm', payload: { tripId: id, resourceKey: `pod/${id}/x.jpg` } },
      { method: 'POST', url: '/api/odin/operator-app/upload-remove', payload: { tripId: id, resourceKey: `pod/${id}/x.jpg` } },
      { method: 'POST', url: '/api/rest/tesseract/v1/trip/submit-pod', payload: { tripId: id, podResourceKeys: [`pod/${id}/x.jpg`] } },
      { method: 'POST', url: '/api/rest/tesseract/v1/trip/otp', payload: { tripId: id, stage: 'UNLOADING' } },
      { method: 'POST', url: '/api/rest/tesseract/v1/trip/operator/advance-state', payload: { tripId: id, toState: 'POD_SUBMITTED' } },
      { method: 'POST', url: '/api/rest/tesseract/v1/trip/operator/advance-state-view', payload: { tripId: id } },
      { method: 'POST', url: '/api/rest/tesseract/v1/trip/operator/state-change-alert', payload: { tripId: id, state: 'UNLOADED' } },
      { method: 'POST', url: '/api/odin/operator-app/trip/feedback-action', payload: { tripId: id, action: 'RATE', rating: 5 } },
      { method: 'POST', url: '/api/rest/tesseract/v1/chats/session/update-variables', payload: { tripId: id, actionType: 'POD' } },
      { method: 'GET', url: `/api/rest/tesseract/v2/trip/${id}/reasons?action=DELAY` },
      { method: 'GET', url: `/api/rest/tesseract/v2/trip/${id}/slot?location=LOADING` },
      { method: 'PATCH', url: `/api/rest/tesseract/v2/trip/${id}/slot`, payload: { location: 'LOADING', start: new Date().toISOString() } },
      { method: 'GET', url: `/api/rest/tesseract/v2/trip/${id}/loading-slot` },
      { method: 'POST', url: `/api/rest/tesseract/v2/trip/${id}/loading-slot`, payload: { start: new Date().toISOString() } },
      { method: 'GET', url: `/api/rest/tesseract/v1/trip/${id}/delay?type=TRANSIT` },
      { method: 'PATCH', url: `/api/rest/tesseract/v1/trip/${id}/delay`, payload: { type: 'TRANSIT', reasonCode: 'TRAFFIC' } },
      { method: 'GET', url: `/api/rest/tesseract/v2/trip/${id}/policy/expenses?type=DETENTION` },
      {
        method: 'POST',
        url: `/api/rest/tesseract/v2/trip/${id}/charges`,
        payload: { type: 'OTHER', amountInPaisa: 100, description: 'tea' },
      },
      { method: 'GET', url: `/api/rest/tesseract/v2/trip/${id}/invoice/upload-url?file=invoice.pdf` },
      { method: 'PATCH', url: `/api/rest/tesseract/v2/trip/${id}/invoice`, payload: { filePath: `pod/${id}/x.pdf` } },
      { method: 'DELETE', url: `/api/rest/tesseract/v2/trip/${id}/invoice` },
      { method: 'GET', url: `/api/rest/tesseract/v2/trip/${id}/invoice/view-url?filePath=pod/${id}/x.pdf` },
      { method: 'GET', url: `/api/rest/tesseract/v2/trip/${id}/cancel-reasons` },
      { method: 'GET', url: `/api/rest/tesseract/v2/trip/${id}/cancel-confirmation` },
      { method: 'POST', url: `/api/rest/tesseract/v2/trip/${id}/cancel`, payload: { reasonCode: 'OTHER' } },
      { method: 'GET', url: `/api/rest/tesseract/v2/trip/${id}/replace-vehicle-reasons` },
      {
        method: 'POST',
        url: '/api/rest/tesseract/v2/trip/replace-vehice',
        payload: { tripId: id, vehicleId: otherVehicle.id, driverName: 'Suresh', driverNumber: '9876543210', reasonCode: 'OTHER' },
      },
      { method: 'POST', url: `/api/rest/tesseract/v2/trip/${id}/notifyconsigner`, payload: {} },
      { method: 'GET', url: `/api/rest/tesseract/v2/trip/document/${id}/bilti/view-urls` },
      { method: 'GET', url: `/api/rest/tesseract/v2/trip/${id}/tracking` },
    ];
    const leaks: string[] = [];
    for (const c of calls) {
      const res = await t.call({ ...c, token: other.owner.token });
      if (res.status !== 404) leaks.push(`${c.method} ${c.url} → ${res.status} ${res.body.errorCode}`);
    }
    expect(leaks).toEqual([]);
    const list = await t.call({ method: 'GET', url: '/api/rest/tesseract/v1/trip?filter=ALL', token: other.owner.token });
    expect(list.body.data.trips).toEqual([]);
    expect(await stateOf(id)).toBe('UNLOADED');
  });

  it('a sub-user without trip permissions is refused', async () => {
    const trip = await insertTrip(t.db);
    const { insertSubordinate } = await import('../../../test/factories.ts');
    const sub = await insertSubordinate(t.db, trip.operator.operatorId, ['WALLET_VIEW']);
    const res = await t.call({ method: 'GET', url: `/api/rest/tesseract/v1/trip/${trip.tripId}`, token: sub.token });
    expect(res.status).toBe(403);
  });
});

describe('lists and filters', () => {
  it('pages the operator trips by filter and marks one filter selected', async () => {
    const operator = await insertOperator(t.db);
    for (const state of ['ASSIGNED', 'IN_TRANSIT', 'IN_TRANSIT', 'COMPLETED', 'CANCELLED']) await insertTrip(t.db, { operator, state });
    const token = operator.owner.token;
    const page = await t.call({ method: 'GET', url: '/api/rest/tesseract/v1/trip?filter=ACTIVE&pageSize=2&pageNo=0', token });
    expect(page.body.data).toMatchObject({ pageNo: 0, totalPageCount: 2, totalCount: 3 });
    expect(page.body.data.trips).toHaveLength(2);
    const filters = (await t.call({ method: 'GET', url: '/api/rest/tesseract/v1/trip/trip-state-filter?selected=COMPLETED', token })).body
      .data.filters;
    expect(filters.filter((f: { selected: boolean }) => f.selected).map((f: { key: string }) => f.key)).toEqual(['COMPLETED']);
    expect(filters.find((f: { key: string }) => f.key === 'ALL').count).toBe(5);
  });
});

describe('slots, delays, cancel and replace', () => {
  it('books a loading slot once per window at one point', async () => {
    const a = await insertTrip(t.db);
    const b = await insertTrip(t.db);
    const slots = (
      await t.call({ method: 'GET', url: `/api/rest/tesseract/v2/trip/${a.tripId}/slot?location=LOADING`, token: a.operator.owner.token })
    ).body.data;
    const window = slots.windows[0];
    const booked = await t.call({
      method: 'PATCH',
      url: `/api/rest/tesseract/v2/trip/${a.tripId}/slot`,
      token: a.operator.owner.token,
      payload: { location: 'LOADING', start: window.start },
    });
    expect(booked.status).toBe(200);
    expect(booked.body.data.selected.start).toBe(window.start);
    const taken = await t.call({
      method: 'POST',
      url: `/api/rest/tesseract/v2/trip/${b.tripId}/loading-slot`,
      token: b.operator.owner.token,
      payload: { start: window.start },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.errorCode).toBe('SLOT_TAKEN');
    const seenByB = (
      await t.call({ method: 'GET', url: `/api/rest/tesseract/v2/trip/${b.tripId}/loading-slot`, token: b.operator.owner.token })
    ).body.data;
    expect(seenByB.windows[0]).toMatchObject({ start: window.start, available: false });
    const invalid = await t.call({
      method: 'PATCH',
      url: `/api/rest/tesseract/v2/trip/${a.tripId}/slot`,
      token: a.operator.owner.token,
      payload: { location: 'LOADING', start: '2020-01-01T00:00:00Z' },
    });
    expect(invalid.status).toBe(400);
  });

  it('records a delay with its reason as the trip remark', async () => {
    const trip = await insertTrip(t.db, { state: 'IN_TRANSIT' });
    const token = trip.operator.owner.token;
    const res = await t.call({
      method: 'PATCH',
      url: `/api/rest/tesseract/v1/trip/${trip.tripId}/delay`,
      token,
      payload: { type: 'TRANSIT', reasonCode: 'TRAFFIC', remarks: 'NH48 jam' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.reported[0]).toMatchObject({ reasonCode: 'TRAFFIC', reason: 'Traffic jam', remarks: 'NH48 jam' });
    const detail = (await t.call({ method: 'GET', url: `/api/rest/tesseract/v1/trip/${trip.tripId}`, token })).body.data;
    expect(detail.remarks).toBe('Traffic jam: NH48 jam');
    expect(detail.loadingPoints[0].contactPhone).toMatch(/^X+\d{4}$/);
  });

  it('cancels before loading with the token refunded by policy, and refuses after loading', async () => {
    const trip = await insertTrip(t.db);
    const token = trip.operator.owner.token;
    const confirm = (await t.call({ method: 'GET', url: `/api/rest/tesseract/v2/trip/${trip.tripId}/cancel-confirmation`, token })).body
      .data;
    expect(confirm).toMatchObject({ allowed: true, refundInPaisa: 200_000, forfeitInPaisa: 0 });
    const cancelled = await t.call({
      method: 'POST',
      url: `/api/rest/tesseract/v2/trip/${trip.tripId}/cancel`,
      token,
      payload: { reasonCode: 'VEHICLE_BREAKDOWN' },
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ state: 'CANCELLED', refundInPaisa: 200_000 });
    expect(await balanceOf(t.db, accounts.operatorWallet(trip.operator.operatorId))).toBe(200_000);
    const twice = await t.call({
      method: 'POST',
      url: `/api/rest/tesseract/v2/trip/${trip.tripId}/cancel`,
      token,
      payload: { reasonCode: 'VEHICLE_BREAKDOWN' },
    });
    expect(twice.status).toBe(422);
    expect(await balanceOf(t.db, accounts.operatorWallet(trip.operator.operatorId))).toBe(200_000);

    const late = await insertTrip(t.db);
    const lateToken = late.operator.owner.token;
    const soon = (
      await t.call({ method: 'GET', url: `/api/rest/tesseract/v2/trip/${late.tripId}/loading-slot`, token: lateToken })
    ).body.data.windows.find((w: { available: boolean }) => w.available);
    expect(new Date(soon.start).getTime() - Date.now()).toBeLessThan(24 * 3_600_000);
    await t.call({
      method: 'POST',
      url: `/api/rest/tesseract/v2/trip/${late.tripId}/loading-slot`,
      token: lateToken,
      payload: { start: soon.start },
    });
    const half = await t.call({
      method: 'POST',
      url: `/api/rest/tesseract/v2/trip/${late.tripId}/cancel`,
      token: lateToken,
      payload: { reasonCode: 'OTHER' },
    });
    expect(half.body.data.refundInPaisa).toBe(100_000);

    const atPoint = await insertTrip(t.db, { state: 'REACHED_LOADING' });
    const kept = await t.call({
      method: 'POST',
      url: `/api/rest/tesseract/v2/trip/${atPoint.tripId}/cancel`,
      token: atPoint.operator.owner.token,
      payload: { reasonCode: 'OTHER' },
    });
    expect(kept.status).toBe(200);
    expect(kept.body.data.refundInPaisa).toBe(0);
    expect(await balanceOf(t.db, { kind: 'PLATFORM_REVENUE', ownerId: 'SYSTEM' })).toBeGreaterThanOrEqual(300_000);

    const loaded = await insertTrip(t.db, { state: 'LOADED' });
    const refused = await t.call({
      method: 'POST',
      url: `/api/rest/tesseract/v2/trip/${loaded.tripId}/cancel`,
      token: loaded.operator.owner.token,
      payload: { reasonCode: 'OTHER' },
    });
    expect(refused.status).toBe(422);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('replaces the vehicle before loading, never with a vehicle on another trip', async () => {
    const trip = await insertTrip(t.db);
    const busy = await insertTrip(t.db, { operator: trip.operator, state: 'IN_TRANSIT' });
    const free = await insertVehicle(t.db, trip.operator.operatorId);
    const token = trip.operator.owner.token;
    const base = { tripId: trip.tripId, driverName: 'Suresh Gurjar', driverNumber: '9876543210', reasonCode: 'VEHICLE_BREAKDOWN' };
    const refused = await t.call({
      method: 'POST',
      url: '/api/rest/tesseract/v2/trip/replace-vehice',
      token,
      payload: { ...base, vehicleId: busy.vehicle.id },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errorCode).toBe('VEHICLE_BUSY');
    const ok = await t.call({
      method: 'POST',
      url: '/api/rest/tesseract/v2/trip/replace-vehice',
      token,
      payload: { ...base, vehicleId: free.id },
    });
    expect(ok.status).toBe(200);
    const detail = (await t.call({ method: 'GET', url: `/api/rest/tesseract/v1/trip/${trip.tripId}`, token })).body.data;
    expect(detail).toMatchObject({ vehicleId: free.id, driverName: 'Suresh Gurjar', driverNumber: '9876543210' });
  });

  it('an unloaded truck is free again: for a new token as for a replacement (one rule)', async () => {
    const trip = await insertTrip(t.db);
    const unloaded = await insertTrip(t.db, { operator: trip.operator, state: 'UNLOADED' });
    const busyForTokens = await busyVehicleIds(t.db, { operatorId: trip.operator.operatorId });
    expect(busyForTokens.has(unloaded.vehicle.id)).toBe(false);
    expect(busyForTokens.has(trip.vehicle.id)).toBe(true);
    const replaced = await t.call({
      method: 'POST',
      url: '/api/rest/tesseract/v2/trip/replace-vehice',
      token: trip.operator.owner.token,
      payload: {
        tripId: trip.tripId,
        vehicleId: unloaded.vehicle.id,
        driverName: 'Suresh Gurjar',
        driverNumber: '9876543210',
        reasonCode: 'VEHICLE_BREAKDOWN',
      },
    });
    expect(replaced.status).toBe(200);
  });
});

describe('concurrency', () => {
  it('five cancels at once refund the token once', async () => {
    const trip = await insertTrip(t.db);
    const token = trip.operator.owner.token;
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.call({ method: 'POST', url: `/api/rest/tesseract/v2/trip/${trip.tripId}/cancel`, token, payload: { reasonCode: 'OTHER' } }),
      ),
    );
    expect(results.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    for (const r of results) expect([200, 409, 422]).toContain(r.status);
    expect(await balanceOf(t.db, accounts.operatorWallet(trip.operator.operatorId))).toBe(200_000);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('two trucks racing for one window: exactly one gets it', async () => {
    const a = await insertTrip(t.db);
    const b = await insertTrip(t.db);
    const start = (
      await t.call({ method: 'GET', url: `/api/rest/tesseract/v2/trip/${a.tripId}/loading-slot`, token: a.operator.owner.token })
    ).body.data.windows[1].start;
    const [ra, rb] = await Promise.all([
      t.call({
        method: 'POST',
        url: `/api/rest/tesseract/v2/trip/${a.tripId}/loading-slot`,
        token: a.operator.owner.token,
        payload: { start },
      }),
      t.call({
        method: 'POST',
        url: `/api/rest/tesseract/v2/trip/${b.tripId}/loading-slot`,
        token: b.operator.owner.token,
        payload: { start },
      }),
    ]);
    expect([ra.status, rb.status].sort()).toEqual([200, 409]);
  });

  it('the right loading code sent twice at once moves the trip and pays the advance once', async () => {
    const trip = await insertTrip(t.db, { state: 'REACHED_LOADING' });
    const token = trip.operator.owner.token;
    await t.call({ method: 'POST', url: '/api/rest/tesseract/v1/trip/otp', token, payload: { tripId: trip.tripId, stage: 'LOADING' } });
    const otp = codeSentTo(trip.loadingContact);
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        t.call({ method: 'POST', url: '/api/rest/tesseract/v1/trip/otp', token, payload: { tripId: trip.tripId, stage: 'LOADING', otp } }),
      ),
    );
    expect(results.some((r) => r.status === 200)).toBe(true);
    expect(await stateOf(trip.tripId)).toBe('LOADED');
    expect(await balanceOf(t.db, accounts.operatorWallet(trip.operator.operatorId))).toBe(3_010_000);
  });
});
