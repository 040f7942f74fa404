import type { PodUploadUrlRequest, TripPodDetails } from '@bhada/contracts/trips/pod';
import { POD_MESSAGES } from '@bhada/contracts/trips/pod';
import type { TripState } from '@bhada/contracts/trips/trips';
import { inTransaction } from '../../../db/client.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import type { Actor } from '../../../plugins/auth.ts';
import * as fileRepo from '../trips/trip-files.repository.ts';
import { acceptFiles, checkFile, issueUpload, toPodFile } from '../trips/trip-files.ts';
import { assertEdge, moveTrip, stageMismatch, type TripActor } from '../trips/trip-state.ts';
import * as trips from '../trips/trips.service.ts';
import * as repo from './pod.repository.ts';

type Trip = Awaited<ReturnType<typeof trips.tripOf>>;
type Deps = trips.TripDeps;

const POD_OPEN: readonly string[] = ['UNLOADED', 'POD_REJECTED'];

/** spec §7 upload-url: a signed URL for one document of the caller's trip. */
export async function uploadUrl(deps: Deps, actor: TripActor, trip: Trip, input: PodUploadUrlRequest) {
  if (input.docType === 'POD' && !POD_OPEN.includes(trip.state)) throw stageMismatch(trip.state, 'POD_SUBMITTED');
  if (trip.state === 'CANCELLED') throw stageMismatch(trip.state, 'POD_SUBMITTED');
  const issued = await issueUpload(deps, {
    tripId: trip.id,
    fileName: input.fileName,
    docType: input.docType,
    createdBy: actor.userId,
    clientKey: input.clientKey,
  });
  return {
    url: issued.url,
    imgResourceKey: issued.resourceKey,
    contentType: issued.contentType,
    expiresInSeconds: issued.expiresInSeconds,
    maxBytes: issued.maxBytes,
    alreadyUploaded: issued.alreadyUploaded,
  };
}

/** Checks one upload right after the browser's PUT, so the photo shows as uploaded or refused at once. */
export async function confirmUpload(deps: Deps, trip: Trip, resourceKey: string) {
  const file = await fileRepo.findFile(deps.db, { resourceKey, tripId: trip.id });
  if (!file || file.status === 'REMOVED' || file.status === 'REJECTED') throw notFound('File not found');
  return toPodFile(deps, await checkFile(deps, file));
}

export async function removeUpload(deps: Deps, trip: Trip, resourceKey: string) {
  const file = await fileRepo.findFile(deps.db, { resourceKey, tripId: trip.id });
  if (!file || file.status === 'REMOVED') throw notFound('File not found');
  if (file.status !== 'PENDING' && file.status !== 'UPLOADED')
    throw new AppError('VALIDATION_FAILED', 'A submitted file cannot be removed');
  await fileRepo.setFileStatus(deps.db, { ids: [file.id], status: 'REMOVED' });
  await deps.storage.remove(file.resourceKey).catch(() => undefined);
  return { ok: true as const };
}

export async function podDetails(deps: Deps, trip: Trip): Promise<TripPodDetails> {
  const files = await fileRepo.listFiles(deps.db, { tripId: trip.id, docType: 'POD' });
  return {
    tripId: trip.id,
    demandId: trip.demandId,
    state: trip.state,
    collectPod: POD_OPEN.includes(trip.state),
    rejectReason: trip.state === 'POD_REJECTED' ? trip.podRejectReason : null,
    pods: await Promise.all(files.map((f) => toPodFile(deps, f))),
  };
}

/** spec §7 submit-pod: every photo is checked by content; a bad one fails the call and nothing moves. */
export async function submitPod(deps: Deps, actor: TripActor, trip: Trip, keys: string[]) {
  assertEdge(trip.state, 'POD_SUBMITTED', 'OPERATOR');
  const files = await acceptFiles(deps, trip.id, keys, 'POD');
  await inTransaction(deps.db, async (tx) => {
    await fileRepo.setFileStatus(tx, { ids: files.map((f) => f.id), status: 'SUBMITTED' });
    await repo.insertReview(tx, {
      id: newId('POD'),
      tripId: trip.id,
      resourceKeys: files.map((f) => f.resourceKey),
      submittedBy: actor.userId,
    });
    await moveTrip(tx, {
      tripId: trip.id,
      from: trip.state,
      to: 'POD_SUBMITTED',
      by: trips.operatorMover(actor),
      note: `${files.length} POD file(s)`,
      set: { podRejectReason: null },
    });
  });
  await deps.events
    .publish({ topic: `trip:${trip.id}`, type: 'TRIP_STATE', data: { tripId: trip.id, state: 'POD_SUBMITTED' } })
    .catch(() => undefined);
  return { tripId: trip.id, state: 'POD_SUBMITTED' as TripState, accepted: files.map((f) => f.resourceKey) };
}

/** Admin: the POD is good; deductions (if any) are recorded and the trip is settled and closed. */
export async function verifyPod(deps: Deps, admin: Actor, trip: Trip, deductions: Array<{ reason: string; amountInPaisa: number }>) {
  assertEdge(trip.state, 'POD_VERIFIED', 'ADMIN');
  const total = deductions.reduce((s, d) => s + d.amountInPaisa, 0);
  if (total > trip.agreedPricePaisa)
    throw new AppError('VALIDATION_FAILED', 'Invalid amount: deductions exceed the freight', { field: 'deductions' });
  await inTransaction(deps.db, async (tx) => {
    await fileRepo.setTripPodFilesStatus(tx, { tripId: trip.id, from: 'SUBMITTED', to: 'VERIFIED' });
    await repo.decideOpenReview(tx, { tripId: trip.id, set: { status: 'VERIFIED', decidedBy: admin.userId } });
    await trips.recordDeductions(tx, trip.id, admin.userId, deductions);
    await moveTrip(tx, { tripId: trip.id, from: 'POD_SUBMITTED', to: 'POD_VERIFIED', by: { kind: 'ADMIN', id: admin.userId } });
  });
  await trips.completeTrip(deps, trip.id);
  return { tripId: trip.id };
}

export async function rejectPod(deps: Deps, admin: Actor, trip: Trip, reason: string) {
  assertEdge(trip.state, 'POD_REJECTED', 'ADMIN');
  await inTransaction(deps.db, async (tx) => {
    await fileRepo.setTripPodFilesStatus(tx, { tripId: trip.id, from: 'SUBMITTED', to: 'REJECTED' });
    await repo.decideOpenReview(tx, { tripId: trip.id, set: { status: 'REJECTED', reason, decidedBy: admin.userId } });
    await moveTrip(tx, {
      tripId: trip.id,
      from: 'POD_SUBMITTED',
      to: 'POD_REJECTED',
      by: { kind: 'ADMIN', id: admin.userId },
      note: reason,
      set: { podRejectReason: reason },
    });
  });
  await deps.notifier
    .send({
      channel: 'sms',
      to: trip.driverPhone,
      kind: 'TRIP_POD_REJECTED',
      subject: `POD rejected for trip ${trip.id}`,
      text: `The POD for ${trip.originCity} → ${trip.destinationCity} (${trip.vehicleNumber ?? ''}) was not accepted: ${reason}. Please upload it again in the Bhada app.`,
    })
    .catch(() => undefined);
  return { tripId: trip.id };
}

export { POD_MESSAGES };
