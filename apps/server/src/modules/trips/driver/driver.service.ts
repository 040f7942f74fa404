import {
  DRIVER_MESSAGES,
  type DriverActionResult,
  type DriverDelayRequest,
  type DriverLink,
  type DriverPositionsRequest,
  type DriverStageAction,
  type DriverStageRequest,
  type DriverTrip,
  driverPagePath,
} from '@bhada/contracts/trips/driver';
import { ACTIVE_TRIP_STATES, REASONS, type TripState } from '@bhada/contracts/trips/trips';
import { hmac, randomToken, safeEqual, sha256 } from '../../../lib/crypto.ts';
import { AppError } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import * as pod from '../pod/pod.service.ts';
import { ingestPhonePositions } from '../tracking/tracking.service.ts';
import { updateDelay } from '../trips/trip-schedule.service.ts';
import { advanceState, stageOtp } from '../trips/trip-stages.service.ts';
import { HAPPY_PATH, stageMismatch, type TripActor } from '../trips/trip-state.ts';
import { maskPhone, now, publish, type Trip, type TripDeps, tripOf } from '../trips/trips.service.ts';
import * as repo from './driver.repository.ts';

/** The link stops working at the latest this long after it was issued, whatever the trip does. */
const LINK_MAX_DAYS = 45;
/** states after which the trip is over for the driver: the grace period starts then */
const ENDED_STATES: readonly TripState[] = ['COMPLETED', 'CANCELLED'];
/** a position is the trip's from a little before the trip was made until the truck leaves the running states */
const WINDOW_LEAD_MS = 10 * 60_000;
/** a phone clock ahead of ours is trusted only this much */
const CLOCK_AHEAD_MS = 2 * 60_000;

export interface DriverDeps extends TripDeps {
  graceHours: number;
  publicUrl: string;
}

// ---------- the token ----------

/**
 * `<random>.<signature>`: 15 random bytes and 12 hex of an HMAC over them with the server's secret (ADR 260).
 * The signature turns a guessed or mangled link away before the database is asked; only the hash of the
 * whole token is stored, so the table cannot open a trip.
 */
const signatureOf = (secret: string, random: string) => hmac(secret, `driver-link:${random}`).slice(0, 12);
export function makeToken(secret: string) {
  const random = randomToken(15);
  return `${random}.${signatureOf(secret, random)}`;
}
function signed(secret: string, token: string) {
  const [random, signature, ...rest] = token.split('.');
  return Boolean(random && signature && rest.length === 0 && safeEqual(signature, signatureOf(secret, random)));
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

async function expiryOf(deps: DriverDeps, link: repo.DriverLinkRow, trip?: { id: string; state: string }) {
  let expires = link.expiresAt;
  if (trip && ENDED_STATES.includes(trip.state as TripState)) {
    const ended = (await repo.endedAt(deps.db, { tripId: trip.id, states: ENDED_STATES })) ?? now(deps);
    const graced = new Date(ended.getTime() + deps.graceHours * 3_600_000);
    if (graced < expires) expires = graced;
  }
  return expires;
}

async function viewOf(deps: DriverDeps, link: repo.DriverLinkRow, trip: Trip, token?: string): Promise<DriverLink> {
  const expiresAt = await expiryOf(deps, link, trip);
  const status = link.revokedAt ? 'REVOKED' : expiresAt <= now(deps) ? 'EXPIRED' : 'ACTIVE';
  return {
    linkId: link.id,
    tripId: link.tripId,
    status,
    url: token ? `${deps.publicUrl}${driverPagePath(token)}` : null,
    issuedAt: link.issuedAt.toISOString(),
    expiresAt: expiresAt.toISOString(),
    revokedAt: iso(link.revokedAt),
    openedAt: iso(link.openedAt),
    lastReportAt: iso(link.lastReportAt),
    location: link.locationState,
    locationChangedAt: iso(link.locationChangedAt),
    sentTo: maskPhone(link.driverPhone),
  };
}

// ---------- the operator's side ----------

/**
 * Issues the trip's driver link (revoking the one before) and texts it to the driver. Called when the trip
 * gets its driver (the token is paid, the driver is changed) and when the operator reissues it.
 */
export async function issueLink(deps: DriverDeps, trip: Trip, by: { userId: string | null }) {
  if (ENDED_STATES.includes(trip.state as TripState)) throw stageMismatch(trip.state, 'IN_TRANSIT');
  const at = now(deps);
  const token = makeToken(deps.secret);
  const id = newId('DLK');
  const row = {
    id,
    tokenHash: sha256(token),
    tripId: trip.id,
    operatorId: trip.operatorId,
    driverId: await repo.findDriverId(deps.db, { operatorId: trip.operatorId, phone: trip.driverPhone }),
    driverPhone: trip.driverPhone,
    issuedBy: by.userId,
    issuedAt: at,
    expiresAt: new Date(at.getTime() + LINK_MAX_DAYS * 86_400_000),
  };
  await repo.revokeLive(deps.db, { tripId: trip.id, at });
  await repo.insertLink(deps.db, row);
  const url = `${deps.publicUrl}${driverPagePath(token)}`;
  await deps.notifier.send({
    channel: 'sms',
    to: trip.driverPhone,
    kind: 'DRIVER_LINK',
    subject: 'Bhada trip link',
    text: `Bhada: trip ${trip.originCity} to ${trip.destinationCity} (${trip.vehicleNumber ?? ''}). Open ${url} to see the points, enter stage codes, send POD and share location. / ट्रिप लिंक खोलें: ${url}`,
  });
  const link = await repo.findByHash(deps.db, row.tokenHash);
  return viewOf(deps, link!, trip, token);
}

/**
 * The trip has its driver (the token was paid) or a new one (the vehicle or driver was replaced): the driver
 * gets a link unless the newest one is already theirs. Idempotent, so a replayed payment sends nothing twice.
 */
export async function linkForDriver(deps: DriverDeps, ref: { tripId: string; operatorId: Trip['operatorId'] }) {
  const trip = await tripOf(deps.db, { id: ref.tripId, operatorId: ref.operatorId });
  const latest = await repo.latestOfTrip(deps.db, { tripId: trip.id, operatorId: trip.operatorId });
  if (latest && latest.driverPhone === trip.driverPhone) return null;
  return issueLink(deps, trip, { userId: null });
}

export async function revokeLink(deps: DriverDeps, trip: Trip) {
  await repo.revokeLive(deps.db, { tripId: trip.id, at: now(deps) });
  return linkOfTrip(deps, trip);
}

export async function linkOfTrip(deps: DriverDeps, trip: Trip) {
  const link = await repo.latestOfTrip(deps.db, { tripId: trip.id, operatorId: trip.operatorId });
  return { link: link ? await viewOf(deps, link, trip) : null };
}

// ---------- the driver's side ----------

/** The link's trip, or a refusal that changes nothing: unknown 404, revoked or expired 410. */
export async function openLink(deps: DriverDeps, token: string) {
  if (!signed(deps.secret, token)) throw new AppError('DRIVER_LINK_INVALID', DRIVER_MESSAGES.invalid);
  const link = await repo.findByHash(deps.db, sha256(token));
  if (!link) throw new AppError('DRIVER_LINK_INVALID', DRIVER_MESSAGES.invalid);
  if (link.revokedAt) throw new AppError('DRIVER_LINK_REVOKED', DRIVER_MESSAGES.revoked);
  const trip = await tripOf(deps.db, { id: link.tripId, operatorId: link.operatorId });
  if ((await expiryOf(deps, link, trip)) <= now(deps)) throw new AppError('DRIVER_LINK_EXPIRED', DRIVER_MESSAGES.expired);
  return { link, trip };
}

function nextStage(state: string): DriverTrip['next'] {
  switch (state) {
    case 'ASSIGNED':
      return { action: 'REACHED_LOADING', needsCode: false, point: 'LOADING' };
    case 'REACHED_LOADING':
      return { action: 'VERIFY_LOADING_CODE', needsCode: true, point: 'LOADING' };
    case 'LOADED':
      return { action: 'START_TRIP', needsCode: false, point: 'UNLOADING' };
    case 'IN_TRANSIT':
      return { action: 'REACHED_UNLOADING', needsCode: false, point: 'UNLOADING' };
    case 'REACHED_UNLOADING':
      return { action: 'VERIFY_UNLOADING_CODE', needsCode: true, point: 'UNLOADING' };
    default:
      return null;
  }
}

/** What the driver's page shows. Never the driver's own number, never money. */
export async function driverTrip(deps: DriverDeps, token: string): Promise<DriverTrip> {
  const { link, trip } = await openLink(deps, token);
  await repo.markOpened(deps.db, { id: link.id, at: now(deps) });
  return {
    tripId: trip.id,
    state: trip.state,
    vehicleNumber: trip.vehicleNumber,
    driverName: trip.driverName,
    originCity: trip.originCity,
    destinationCity: trip.destinationCity,
    points: [
      ...trip.loadingPoints.map((p) => ({ kind: 'LOADING' as const, ...pointOut(p) })),
      ...trip.unloadingPoints.map((p) => ({ kind: 'UNLOADING' as const, ...pointOut(p) })),
    ],
    next: nextStage(trip.state),
    podOpen: trip.state === 'UNLOADED' || trip.state === 'POD_REJECTED',
    delayReasons: REASONS.DELAY.map((r) => ({ code: r.code, label: r.label, labelHi: r.labelHi })),
    locationSharing: link.locationState === 'SHARING',
    expiresAt: (await expiryOf(deps, link, trip)).toISOString(),
  };
}

const pointOut = (p: Trip['loadingPoints'][number]) => ({
  name: p.name,
  address: p.address,
  lat: p.lat,
  lng: p.lng,
  contactName: p.contactName,
  contactPhone: p.contactPhone,
});

/** The phone's time, kept as the event time; a clock ahead of ours is pulled back to now. */
function eventTime(deps: DriverDeps, happenedAt: string) {
  const at = new Date(happenedAt);
  const current = now(deps);
  return at.getTime() > current.getTime() + CLOCK_AHEAD_MS ? current : at;
}

/**
 * Runs one driver action once (ADR 260): the action id is claimed first; a replay answers the first result
 * with `replayed: true` and runs nothing. A refused action releases its id, so the phone may send it again.
 */
async function once(
  deps: DriverDeps,
  token: string,
  input: { actionId: string; kind: string; happenedAt: Date },
  run: (ctx: { link: repo.DriverLinkRow; trip: Trip; actor: TripActor }) => Promise<Omit<DriverActionResult, 'actionId' | 'replayed'>>,
): Promise<DriverActionResult> {
  const { link, trip } = await openLink(deps, token);
  const key = { tripId: trip.id, actionId: input.actionId };
  const claimed = await repo.claimAction(deps.db, { ...key, linkId: link.id, kind: input.kind, happenedAt: input.happenedAt });
  if (!claimed) {
    const first = await repo.findAction(deps.db, key);
    return {
      ...(first?.result as Omit<DriverActionResult, 'actionId' | 'replayed'>),
      state: trip.state,
      actionId: input.actionId,
      replayed: true,
    };
  }
  try {
    const result = await run({ link, trip, actor: { userId: link.id, as: 'DRIVER', at: input.happenedAt } });
    await repo.saveActionResult(deps.db, { ...key, result });
    await repo.markReport(deps.db, { id: link.id, at: now(deps) });
    return { ...result, actionId: input.actionId, replayed: false };
  } catch (err) {
    await repo.releaseAction(deps.db, key);
    throw err;
  }
}

/** the state an action brings the trip to: once the trip is there or past it, the action is already done */
const TARGET: Record<DriverStageAction, TripState> = {
  REACHED_LOADING: 'REACHED_LOADING',
  SEND_LOADING_CODE: 'LOADED',
  VERIFY_LOADING_CODE: 'LOADED',
  START_TRIP: 'IN_TRANSIT',
  REACHED_UNLOADING: 'REACHED_UNLOADING',
  SEND_UNLOADING_CODE: 'UNLOADED',
  VERIFY_UNLOADING_CODE: 'UNLOADED',
};
const pathIndex = (state: string) => HAPPY_PATH.indexOf((state === 'POD_REJECTED' ? 'POD_SUBMITTED' : state) as TripState);

async function driverNote(deps: DriverDeps, trip: Trip, actor: TripActor, note: string) {
  await repo.insertHistory(deps.db, {
    tripId: trip.id,
    fromState: trip.state,
    toState: trip.state,
    actorKind: 'DRIVER',
    actorId: actor.userId,
    note,
    ...(actor.at ? { createdAt: actor.at } : {}),
  });
}

/**
 * A stage from the driver's phone, through the same stage service as the operator's, recorded as the
 * driver's. The trip's state rules settle a clash with the operator: a stage the operator already took
 * answers `ALREADY_DONE` and moves nothing; one the trip is not ready for is refused (422).
 */
export async function stageAction(deps: DriverDeps, token: string, input: DriverStageRequest) {
  const happenedAt = eventTime(deps, input.happenedAt);
  return once(deps, token, { actionId: input.actionId, kind: input.action, happenedAt }, async ({ trip, actor }) => {
    if (trip.state === 'CANCELLED') throw stageMismatch(trip.state, TARGET[input.action]);
    if (pathIndex(trip.state) >= pathIndex(TARGET[input.action])) return { state: trip.state, outcome: 'ALREADY_DONE' as const };
    switch (input.action) {
      case 'REACHED_LOADING':
      case 'START_TRIP':
      case 'REACHED_UNLOADING': {
        await advanceState(deps, actor, trip, { tripId: trip.id, toState: TARGET[input.action] });
        return { state: TARGET[input.action], outcome: 'DONE' as const };
      }
      case 'SEND_LOADING_CODE':
      case 'SEND_UNLOADING_CODE': {
        const stage = input.action === 'SEND_LOADING_CODE' ? 'LOADING' : 'UNLOADING';
        const sent = await stageOtp(deps, actor, trip, { tripId: trip.id, stage });
        await driverNote(deps, trip, actor, `${stage === 'LOADING' ? 'Loading' : 'Unloading'} code sent to the point contact`);
        return { state: trip.state, outcome: 'DONE' as const, sentTo: sent.sentTo };
      }
      case 'VERIFY_LOADING_CODE':
      case 'VERIFY_UNLOADING_CODE': {
        if (!input.otp) throw new AppError('VALIDATION_FAILED', 'Enter the 6-digit code', { field: 'otp' });
        const stage = input.action === 'VERIFY_LOADING_CODE' ? 'LOADING' : 'UNLOADING';
        await stageOtp(deps, actor, trip, { tripId: trip.id, stage, otp: input.otp });
        return { state: TARGET[input.action], outcome: 'DONE' as const };
      }
    }
  });
}

export async function reportDelay(deps: DriverDeps, token: string, input: DriverDelayRequest) {
  const happenedAt = eventTime(deps, input.happenedAt);
  return once(deps, token, { actionId: input.actionId, kind: 'DELAY', happenedAt }, async ({ trip, actor }) => {
    await updateDelay(deps, actor, trip, input);
    const reason = REASONS.DELAY.find((r) => r.code === input.reasonCode);
    await driverNote(deps, trip, actor, `Delay reported: ${[reason?.label, input.remarks].filter(Boolean).join(': ')}`);
    await publish(deps, trip.id, 'TRIP_DELAY', { reasonCode: input.reasonCode, by: 'DRIVER' });
    return { state: trip.state, outcome: 'DONE' as const };
  });
}

/** The trip's window for positions: from a little before it was made until it left the running states. */
async function windowOf(deps: DriverDeps, trip: Trip) {
  const start = new Date(trip.createdAt.getTime() - WINDOW_LEAD_MS);
  const running = ACTIVE_TRIP_STATES.includes(trip.state as TripState);
  const left = running ? null : await repo.endedAt(deps.db, { tripId: trip.id, states: ['UNLOADED', 'CANCELLED'] });
  const end = running ? new Date(now(deps).getTime() + CLOCK_AHEAD_MS) : (left ?? trip.updatedAt);
  return { start, end };
}

/**
 * A batch of positions from the phone, once per action id, into the same pipeline as a GPS device's.
 * Positions outside the trip's window are dropped; a batch with none inside is refused (422), nothing stored.
 */
export async function positionsBatch(deps: DriverDeps, token: string, input: DriverPositionsRequest) {
  const first = input.positions.map((p) => new Date(p.recordedAt)).sort((a, b) => a.getTime() - b.getTime())[0]!;
  return once(deps, token, { actionId: input.actionId, kind: 'POSITIONS', happenedAt: first }, async ({ link, trip }) => {
    const { start, end } = await windowOf(deps, trip);
    const inside = input.positions
      .map((p) => ({ lat: p.lat, lng: p.lng, speedKmph: p.speedKmph ?? null, recordedAt: new Date(p.recordedAt) }))
      .filter((p) => p.recordedAt >= start && p.recordedAt <= end);
    if (!inside.length) throw new AppError('POSITION_OUTSIDE_TRIP', DRIVER_MESSAGES.outsideTrip);
    const { accepted } = await ingestPhonePositions(deps.db, deps.events, trip, inside);
    if (link.locationState !== 'SHARING') await repo.markReport(deps.db, { id: link.id, at: now(deps), location: 'SHARING' });
    return { state: trip.state, outcome: 'DONE' as const, accepted, refused: input.positions.length - accepted };
  });
}

/** The driver started or stopped sharing location; the operator sees it on the trip. */
export async function locationSharing(deps: DriverDeps, token: string, input: { actionId: string; happenedAt: string; sharing: boolean }) {
  const happenedAt = eventTime(deps, input.happenedAt);
  return once(
    deps,
    token,
    { actionId: input.actionId, kind: input.sharing ? 'LOCATION_ON' : 'LOCATION_OFF', happenedAt },
    async ({ link, trip, actor }) => {
      await repo.markReport(deps.db, { id: link.id, at: happenedAt, location: input.sharing ? 'SHARING' : 'STOPPED' });
      await driverNote(deps, trip, actor, input.sharing ? 'Driver started sharing location' : 'Driver stopped sharing location');
      await publish(deps, trip.id, 'DRIVER_LOCATION', { sharing: input.sharing });
      return { state: trip.state, outcome: 'DONE' as const };
    },
  );
}

/** A signed upload for one POD photo; the action id is the photo's client key, so a retry gets the same file. */
export async function podUpload(deps: DriverDeps, token: string, input: { actionId: string; happenedAt: string; fileName: string }) {
  const happenedAt = eventTime(deps, input.happenedAt);
  const { trip, link } = await openLink(deps, token);
  const issued = await pod.uploadUrl(deps, { userId: link.id, as: 'DRIVER', at: happenedAt }, trip, {
    fileName: input.fileName,
    docType: 'POD',
    clientKey: input.actionId,
  });
  await repo.markReport(deps.db, { id: link.id, at: now(deps) });
  return {
    actionId: input.actionId,
    replayed: issued.alreadyUploaded,
    state: trip.state,
    upload: { url: issued.url, resourceKey: issued.imgResourceKey },
  };
}

export async function podConfirm(deps: DriverDeps, token: string, input: { resourceKey: string }) {
  const { trip } = await openLink(deps, token);
  return pod.confirmUpload(deps, trip, input.resourceKey);
}

export async function podSubmit(
  deps: DriverDeps,
  token: string,
  input: { actionId: string; happenedAt: string; podResourceKeys: string[] },
) {
  const happenedAt = eventTime(deps, input.happenedAt);
  return once(deps, token, { actionId: input.actionId, kind: 'POD_SUBMIT', happenedAt }, async ({ trip, actor }) => {
    if (pathIndex(trip.state) >= pathIndex('POD_SUBMITTED') && trip.state !== 'POD_REJECTED')
      return { state: trip.state, outcome: 'ALREADY_DONE' as const };
    const done = await pod.submitPod(deps, actor, trip, input.podResourceKeys);
    return { state: done.state, outcome: 'DONE' as const, accepted: done.accepted.length };
  });
}
