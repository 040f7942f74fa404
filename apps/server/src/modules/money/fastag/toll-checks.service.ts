import type { TagClass, TollEvent, TollFlagEvidence, TollFlagKind } from '@bhada/contracts/money/fastag';
import { type Db, inTransaction } from '../../../db/client.ts';
import { haversineKm } from '../../../lib/geo.ts';
import { newId } from '../../../lib/ids.ts';
import * as repo from './toll-checks.repository.ts';
import plazaData from './toll-plaza-positions.json' with { type: 'json' };
import { CLASS_MULTIPLIER, tagClassForTyres } from './toll-plazas.ts';

/** The bounds of the toll checks (ADR 280), from the server's settings. */
export interface TollCheckSettings {
  doubleReadMinutes: number;
  farReadKm: number;
  positionWindowMinutes: number;
}
export const DEFAULT_TOLL_CHECKS: TollCheckSettings = { doubleReadMinutes: 30, farReadKm: 25, positionWindowMinutes: 20 };

/** A vehicle that moved less than this around a read did not move. */
const STILL_KM = 1;
/** Positions kept as a flag's evidence: the ones nearest the read in time. */
const EVIDENCE_POSITIONS = 4;

/** The key a plaza is known by: its code when the issuer sends one, else its name. */
export const plazaKey = (code: string | null | undefined, name: string | null | undefined) =>
  code ? `CODE:${code.toUpperCase()}` : `NAME:${(name ?? '').trim().toUpperCase()}`;

const DATASET = new Map<string, { lat: number; lng: number }>();
for (const p of plazaData.plazas) {
  DATASET.set(plazaKey(p.code, null), p);
  DATASET.set(plazaKey(null, p.name), p);
}

/** Where a plaza stands: the shipped data set first, then what the issuer's events reported. */
async function plazaPosition(db: Db, toll: repo.TollToCheck): Promise<TollFlagEvidence['plazaPosition'] | undefined> {
  for (const key of [plazaKey(toll.plazaCode, null), plazaKey(null, toll.plaza)]) {
    if (key === 'CODE:' || key === 'NAME:') continue;
    const known = DATASET.get(key);
    if (known) return { lat: known.lat, lng: known.lng, source: 'DATASET' };
  }
  const reported = await repo.reportedPlaza(db, plazaKey(toll.plazaCode, toll.plaza));
  return reported ? { lat: reported.lat, lng: reported.lng, source: 'EVENT' } : undefined;
}

/** The plaza positions events carry are kept for the checks (the latest report wins). */
export async function rememberReportedPlazas(db: Db, events: TollEvent[]) {
  const reports = new Map<string, { plazaKey: string; name: string; lat: number; lng: number }>();
  for (const e of events) {
    if (e.plazaLat === undefined || e.plazaLng === undefined) continue;
    const key = plazaKey(e.plazaCode, e.plaza);
    reports.set(key, { plazaKey: key, name: e.plaza, lat: e.plazaLat, lng: e.plazaLng });
  }
  await repo.saveReportedPlazas(db, [...reports.values()]);
}

const round = (n: number, places = 1) => Math.round(n * 10 ** places) / 10 ** places;
const minutesBetween = (a: Date, b: Date) => round((a.getTime() - b.getTime()) / 60_000);

/** The fare the vehicle's own class would have paid, from the class charged (NHAI fee multiples). */
export function fareAtClass(amountPaisa: number, charged: number, own: TagClass): number | null {
  const from = CLASS_MULTIPLIER[charged as TagClass];
  if (!from) return null;
  return Math.round((amountPaisa * CLASS_MULTIPLIER[own]) / from / 500) * 500;
}

interface Judged {
  check: repo.CheckInsert;
  flags: repo.FlagInsert[];
}

/** One toll against its neighbours, its trip and the vehicle's positions: the check row and any flags. */
async function judge(db: Db, toll: repo.TollToCheck, settings: TollCheckSettings): Promise<Judged> {
  const [near, trip, track, plaza] = await Promise.all([
    repo.readsNear(db, toll, settings.doubleReadMinutes),
    repo.tripAt(db, toll),
    repo.positionsAround(db, toll, settings.positionWindowMinutes),
    plazaPosition(db, toll),
  ]);
  const flags: repo.FlagInsert[] = [];
  const flag = (
    txn: { id: string; occurredAt: Date },
    kind: TollFlagKind,
    atStakePaisa: number,
    evidence: TollFlagEvidence,
  ): repo.FlagInsert => ({
    id: newId('TFL', 12),
    operatorId: toll.operatorId,
    txnId: txn.id,
    vehicleId: toll.vehicleId,
    kind,
    atStakePaisa: Math.max(0, atStakePaisa),
    evidence,
    occurredAt: txn.occurredAt,
  });

  // a second read at one plaza: the later of the two is the one at stake, whichever arrived first
  for (const other of near) {
    const later = other.occurredAt > toll.occurredAt || (other.occurredAt.getTime() === toll.occurredAt.getTime() && other.seq > toll.seq);
    const [second, first] = later ? [other, toll] : [toll, other];
    flags.push(
      flag(second, 'DOUBLE_READ', second.amountPaisa, {
        plaza: toll.plaza,
        otherRead: {
          txnId: first.id,
          at: first.occurredAt.toISOString(),
          amountPaisa: first.amountPaisa,
          minutesApart: minutesBetween(second.occurredAt, first.occurredAt),
          laneDirection: first.laneDirection ?? null,
        },
      }),
    );
  }

  // the class charged against the class the vehicle's registration gives it (its tyres)
  const own = tagClassForTyres(toll.tyreCount);
  if (toll.vehicleClass !== null && toll.vehicleClass !== own) {
    const fair = fareAtClass(toll.amountPaisa, toll.vehicleClass, own);
    flags.push(
      flag(toll, 'CLASS_MISMATCH', fair === null ? 0 : toll.amountPaisa - fair, {
        plaza: toll.plaza,
        chargedClass: toll.vehicleClass,
        vehicleClass: own,
        tyreCount: toll.tyreCount,
        tonnage: toll.tonnage,
        ...(fair === null ? {} : { fareAtVehicleClassPaisa: fair }),
      }),
    );
  }

  // the positions around the read, nearest in time first, with their distance from the plaza
  const byTime = track
    .map((p) => ({
      at: p.recordedAt,
      lat: p.lat,
      lng: p.lng,
      minutesFromRead: minutesBetween(p.recordedAt, toll.occurredAt),
      km: plaza ? round(haversineKm(plaza, p)) : null,
    }))
    .sort((a, b) => Math.abs(a.minutesFromRead) - Math.abs(b.minutesFromRead));
  const nearestKm = plaza && byTime.length ? Math.min(...byTime.map((p) => p.km!)) : null;
  const evidencePositions = byTime.slice(0, EVIDENCE_POSITIONS).map((p) => ({
    at: p.at.toISOString(),
    lat: p.lat,
    lng: p.lng,
    km: p.km ?? 0,
    minutesFromRead: p.minutesFromRead,
  }));
  if (plaza && nearestKm !== null && nearestKm > settings.farReadKm) {
    flags.push(
      flag(toll, 'FAR_FROM_PLAZA', toll.amountPaisa, {
        plaza: toll.plaza,
        plazaPosition: plaza,
        positions: evidencePositions,
        boundKm: settings.farReadKm,
      }),
    );
  }

  // no trip, and no position shows the vehicle moving
  const tripId = trip?.id ?? track.find((p) => p.tripId)?.tripId ?? null;
  const first = track[0];
  const movedKm = first ? round(Math.max(0, ...track.map((p) => haversineKm(first, p)))) : 0;
  if (!tripId && movedKm < STILL_KM) {
    flags.push(
      flag(toll, 'NO_TRIP_NO_MOVEMENT', toll.amountPaisa, {
        plaza: toll.plaza,
        tripId: null,
        movedKm,
        positions: evidencePositions,
        ...(plaza ? { plazaPosition: plaza } : {}),
      }),
    );
  }

  return {
    check: {
      txnId: toll.id,
      operatorId: toll.operatorId,
      vehicleId: toll.vehicleId,
      tripId,
      nearestPositionKm: nearestKm,
      flagCount: flags.filter((f) => f.txnId === toll.id).length,
    },
    flags,
  };
}

/**
 * Checks the given toll transactions that are applied debits not checked yet (each toll once, with its
 * neighbours; ADR 280), and keeps the checks and flags in one transaction. Returns how many were checked and
 * the flags found.
 */
export async function checkTolls(db: Db, txnIds: string[], settings: TollCheckSettings = DEFAULT_TOLL_CHECKS) {
  const tolls = await repo.uncheckedTolls(db, txnIds);
  const judged: Judged[] = [];
  for (const toll of tolls) judged.push(await judge(db, toll, settings));
  const flags = judged.flatMap((j) => j.flags);
  await inTransaction(db, (tx) =>
    repo.saveChecks(
      tx,
      judged.map((j) => j.check),
      flags,
    ),
  );
  return { checked: tolls.length, flags };
}

export const CATCH_UP_CURSOR = 'toll-checks';

/**
 * The catch-up over tolls the intake did not check (a failed check, or tolls from before the checks existed):
 * reads forward from the cursor, `batch` tolls at a time, until none are left or `maxBatches` are done.
 */
export async function checkTollsSince(
  db: Db,
  settings: TollCheckSettings = DEFAULT_TOLL_CHECKS,
  opts: { batch?: number; maxBatches?: number; cursor?: string } = {},
) {
  const batch = opts.batch ?? 500;
  const name = opts.cursor ?? CATCH_UP_CURSOR;
  let seq = await repo.cursorAt(db, name);
  let checked = 0;
  let flagged = 0;
  for (let i = 0; i < (opts.maxBatches ?? Number.POSITIVE_INFINITY); i++) {
    const rows = await repo.tollIdsAfter(db, seq, batch);
    if (!rows.length) break;
    const done = await checkTolls(
      db,
      rows.map((r) => r.id),
      settings,
    );
    checked += done.checked;
    flagged += done.flags.length;
    seq = rows[rows.length - 1]!.seq;
    await repo.moveCursor(db, name, seq);
  }
  return { checked, flagged, lastSeq: seq };
}

/**
 * Right after a delivery commits: the plaza positions its events reported, then each toll it applied checked.
 * A failure here never undoes a toll; the catch-up job checks what is left (ADR 280).
 */
export async function checkAfterIntake(
  db: Db,
  events: TollEvent[],
  results: Array<{ txnId: string | null; status: string; duplicate: boolean }>,
  settings: TollCheckSettings,
) {
  await rememberReportedPlazas(db, events);
  const ids = results.filter((r) => r.status === 'SUCCESS' && !r.duplicate && r.txnId).map((r) => r.txnId!);
  return checkTolls(db, ids, settings);
}
