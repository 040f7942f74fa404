import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Clients, useTestApp } from '../../../../test/harness/index.ts';
import { tripOtps } from '../../../db/schema/index.ts';
import { accounts } from '../../money/ledger/accounts.ts';
import { balanceOf } from '../../money/ledger/ledger.service.ts';
import { insertTrip } from './trips.test-factory.ts';
import { codeSentTo, sentTo, stateOf } from './trips.test-support.ts';

const ctx = useTestApp();

type Refusal = {
  name: string;
  state: 'ASSIGNED' | 'REACHED_LOADING';
  call: (op: Clients, tripId: string) => ReturnType<Clients['send']>;
  status: number;
  errorCode?: string;
};

/** Each move a trip in this state may not make: refused, the trip where it was, no code sent or stored. */
const refusals: Refusal[] = [
  {
    name: 'a loading code asked for before the truck reached the point',
    state: 'ASSIGNED',
    call: (op, tripId) => op.trips.sendCode(tripId, 'LOADING'),
    status: 422,
    errorCode: 'TRIP_STAGE_MISMATCH',
  },
  {
    name: 'an unloading code checked on an assigned trip',
    state: 'ASSIGNED',
    call: (op, tripId) => op.trips.otp({ tripId, stage: 'UNLOADING', otp: '123456' }),
    status: 422,
  },
  {
    name: 'the OTP edge to LOADED skipped with advance-state',
    state: 'REACHED_LOADING',
    call: (op, tripId) => op.trips.advance({ tripId, toState: 'LOADED' }),
    status: 422,
    errorCode: 'TRIP_OTP_REQUIRED',
  },
  {
    name: 'a stage jumped',
    state: 'REACHED_LOADING',
    call: (op, tripId) => op.trips.advance({ tripId, toState: 'REACHED_UNLOADING' }),
    status: 422,
    errorCode: 'TRIP_STAGE_MISMATCH',
  },
  {
    name: "the admin's POD verification asked for by the operator",
    state: 'REACHED_LOADING',
    call: (op, tripId) => op.trips.advance({ tripId, toState: 'POD_VERIFIED' }),
    status: 422,
  },
  {
    name: 'a move from a stale view',
    state: 'REACHED_LOADING',
    call: (op, tripId) => op.trips.advance({ tripId, toState: 'LOADED', currentState: 'ASSIGNED' }),
    status: 409,
  },
];

describe('stage rules', () => {
  it.each(refusals)('$name ($state) is $status and changes nothing', async ({ state, call, status, errorCode }) => {
    const { t, h } = ctx;
    const trip = await insertTrip(t.db, { state });
    const res = await call(h.as(trip.operator.owner.token), trip.tripId);
    expect(res.status).toBe(status);
    if (errorCode) expect(res.body.errorCode).toBe(errorCode);
    expect(await stateOf(t, trip.tripId)).toBe(state);
    expect([...sentTo(t, trip.loadingContact), ...sentTo(t, trip.unloadingContact)]).toEqual([]);
    expect(await t.db.select().from(tripOtps).where(eq(tripOtps.tripId, trip.tripId))).toHaveLength(0);
  });

  it('a wrong OTP is refused; after five tries even the right code is refused', async () => {
    const { t, h } = ctx;
    const trip = await insertTrip(t.db, { state: 'REACHED_LOADING' });
    const { tripId } = trip;
    const op = h.as(trip.operator.owner.token);
    await op.trips.sendCode(tripId, 'LOADING');
    const right = codeSentTo(t, trip.loadingContact);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await op.trips.otp({ tripId, stage: 'LOADING', otp: wrong });
      expect(res.status).toBe(422);
      expect(res.body.errorCode).toBe('TRIP_OTP_INVALID');
    }
    expect((await op.trips.otp({ tripId, stage: 'LOADING', otp: right })).status).toBe(429);
    expect(await stateOf(t, tripId)).toBe('REACHED_LOADING');
    expect(await balanceOf(t.db, accounts.operatorWallet(trip.operator.operatorId))).toBe(0);
  });

  it('limits how many codes one stage may send', async () => {
    const { t, h } = ctx;
    const trip = await insertTrip(t.db, { state: 'REACHED_UNLOADING' });
    const op = h.as(trip.operator.owner.token);
    for (let i = 0; i < 5; i++) expect((await op.trips.sendCode(trip.tripId, 'UNLOADING')).status).toBe(200);
    expect((await op.trips.sendCode(trip.tripId, 'UNLOADING')).status).toBe(429);
    expect(sentTo(t, trip.unloadingContact)).toHaveLength(5);
  });

  it('the right loading code sent twice at once moves the trip and pays the advance once', async () => {
    const { t, h } = ctx;
    const trip = await insertTrip(t.db, { state: 'REACHED_LOADING' });
    const { tripId } = trip;
    const op = h.as(trip.operator.owner.token);
    await op.trips.sendCode(tripId, 'LOADING');
    const otp = codeSentTo(t, trip.loadingContact);
    const results = await Promise.all([1, 2, 3].map(() => op.trips.otp({ tripId, stage: 'LOADING', otp })));
    expect(results.some((r) => r.status === 200)).toBe(true);
    expect(await stateOf(t, tripId)).toBe('LOADED');
    expect(await balanceOf(t.db, accounts.operatorWallet(trip.operator.operatorId))).toBe(3_010_000);
  });
});
