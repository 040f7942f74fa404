import { TRIP_STATES } from '@bhada/contracts/trips/trips';
import { describe, expect, it } from 'vitest';
import { insertAdmin } from '../../../../test/factories.ts';
import { useTestApp } from '../../../../test/harness/index.ts';
import { accounts } from '../../money/ledger/accounts.ts';
import { balanceOf, checkLedger } from '../../money/ledger/ledger.service.ts';
import { insertTrip } from './trips.test-factory.ts';
import { codeSentTo, JPEG, PNG, stateOf, uploadPhoto } from './trips.test-support.ts';

const ctx = useTestApp();

describe('the trip lifecycle', () => {
  it('runs from assignment through both OTPs, POD and admin verification to completion, and the money adds up', async () => {
    const { t, h } = ctx;
    const trip = await insertTrip(t.db);
    const tripId = trip.tripId;
    const op = h.as(trip.operator.owner.token);
    const admin = h.as((await insertAdmin(t.db)).token);

    const view = await op.trips.advanceView(tripId);
    expect(view.body.data.nextAction).toMatchObject({ toState: 'REACHED_LOADING', requiresOtp: false });

    // the test truck sends no positions: the reached-point stages go by an override (ADR 270; trips.geo.test.ts)
    const noGps = { reason: 'GPS_NOT_WORKING' } as const;
    const reached = await op.trips.advance({ tripId, toState: 'REACHED_LOADING', currentState: 'ASSIGNED', override: noGps });
    expect(reached.status).toBe(200);
    expect(reached.body.data.nextAction).toMatchObject({ toState: 'LOADED', requiresOtp: true, otpStage: 'LOADING' });

    const sent = await op.trips.sendCode(tripId, 'LOADING');
    expect(sent.status).toBe(200);
    expect(sent.body.data.sentTo).toBe(`XXXXXX${trip.loadingContact.slice(-4)}`);
    const loaded = await op.trips.otp({ tripId, stage: 'LOADING', otp: codeSentTo(t, trip.loadingContact) });
    expect(loaded.status).toBe(200);
    expect(loaded.body.data.widget).toMatchObject({ state: 'LOADED', redirectUrl: `/web-view/marketplace/trips/details/v2/${tripId}` });

    const afterLoading = await op.trips.transactions({ tripId });
    expect(afterLoading.body.data).toMatchObject({ advanceInPaisa: 3_010_000, advancePaid: true, tokenHeldInPaisa: 200_000 });

    for (const toState of ['IN_TRANSIT', 'REACHED_UNLOADING'] as const) {
      expect((await op.trips.advance({ tripId, toState, override: noGps })).status).toBe(200);
    }

    const claim = await op.trips.claimCharge(tripId, {
      type: 'DETENTION',
      amountInPaisa: 150_000,
      description: 'Waited 2 days at the depot',
    });
    expect(claim.status).toBe(200);
    expect(claim.body.message).toBe('Successfully Submitted');

    await op.trips.sendCode(tripId, 'UNLOADING');
    const unloaded = await op.trips.otp({ tripId, stage: 'UNLOADING', otp: codeSentTo(t, trip.unloadingContact) });
    expect(unloaded.body.data.widget?.state).toBe('UNLOADED');

    const keys = [
      await uploadPhoto(t, op, tripId, 'pod-1.jpg', JPEG, 'image/jpeg'),
      await uploadPhoto(t, op, tripId, 'pod-2.png', PNG, 'image/png'),
    ];
    for (const k of keys) expect(k).toMatch(new RegExp(`^pod/${tripId}/[A-Za-z0-9_-]{20,}\\.(jpg|png)$`));
    const pending = await op.pod.details(tripId);
    expect(pending.body.data.collectPod).toBe(true);
    expect(pending.body.data.pods).toHaveLength(2);

    const submitted = await op.pod.submit({ tripId, demandId: trip.demandId, podResourceKeys: keys });
    expect(submitted.status).toBe(200);
    expect(submitted.body.message).toBe('POD uploaded successfully');
    expect(await stateOf(t, tripId)).toBe('POD_SUBMITTED');

    const decided = await admin.tripsAdmin.decideCharge(tripId, claim.body.data.tripExpenseId, {
      approve: true,
      approvedAmountInPaisa: 100_000,
    });
    expect(decided.status).toBe(200);
    const verified = await admin.tripsAdmin.verifyPod(tripId, { deductions: [{ reason: 'Late delivery', amountInPaisa: 50_000 }] });
    expect(verified.status).toBe(200);
    expect(await stateOf(t, tripId)).toBe('COMPLETED');

    const money = (await op.trips.transactions({ demandId: trip.demandId })).body.data;
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

    const expenses = (await op.trips.expenses(tripId)).body.data;
    expect(expenses.summary).toMatchObject({ claimedInPaisa: 150_000, approvedInPaisa: 100_000, paidInPaisa: 100_000 });

    const stages = (await op.trips.stages(tripId)).body.data;
    expect(stages.timeline.every((s) => s.done)).toBe(true);
    // every state after ASSIGNED, in the contract's order, but the two ways off the happy path
    const happyPath = TRIP_STATES.filter((s) => s !== 'ASSIGNED' && s !== 'POD_REJECTED' && s !== 'CANCELLED');
    expect(stages.events.map((e) => e.toState)).toEqual(happyPath);
    expect(happyPath).toHaveLength(8);

    // completion is keyed by the trip: a retry pays nothing twice
    expect((await admin.tripsAdmin.complete(tripId)).status).toBe(200);
    expect(await balanceOf(t.db, accounts.operatorWallet(trip.operator.operatorId))).toBe(4_550_000);
  });

  it('a rejected POD goes back to the operator, who uploads again', async () => {
    const { t, h } = ctx;
    const trip = await insertTrip(t.db, { state: 'UNLOADED' });
    const tripId = trip.tripId;
    const op = h.as(trip.operator.owner.token);
    const admin = h.as((await insertAdmin(t.db)).token);
    const first = await uploadPhoto(t, op, tripId, 'blurry.jpg', JPEG, 'image/jpeg');
    expect((await op.pod.submit({ tripId, podResourceKeys: [first] })).status).toBe(200);
    expect((await admin.tripsAdmin.rejectPod(tripId, 'Signature not visible')).status).toBe(200);
    const details = (await op.pod.details(tripId)).body.data;
    expect(details).toMatchObject({ state: 'POD_REJECTED', collectPod: true, rejectReason: 'Signature not visible', pods: [] });
    const second = await uploadPhoto(t, op, tripId, 'clear.jpg', JPEG, 'image/jpeg');
    expect((await op.pod.submit({ tripId, podResourceKeys: [second] })).status).toBe(200);
    expect(await stateOf(t, tripId)).toBe('POD_SUBMITTED');
  });
});
