import { existsSync, readFileSync } from 'node:fs';
import { ACTIVE_TRIP_STATES, type TripState } from '@bhada/contracts/trips/trips';
import { and, asc, eq, inArray, like } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  drivers,
  positions,
  trackingDevices,
  tripCharges,
  tripEvents,
  tripFiles,
  tripInvoices,
  tripPodReviews,
  trips,
  vehicles,
} from '../db/schema/index.ts';
import type { TripPoint } from '../db/schema/trips-core.ts';
import { randomToken, sha256 } from '../lib/crypto.ts';
import type { OperatorId } from '../lib/tenancy.ts';
import { memo } from '../lib/texts/memos.ts';
import { recordLatestPositions } from '../modules/fleet/positions/positions.service.ts';
import { accounts } from '../modules/money/ledger/accounts.ts';
import { postEntry } from '../modules/money/ledger/ledger.service.ts';
import { lanePoint } from '../modules/trips/tracking/geo.ts';
import { payAdvance, refundOnCancel, settle } from '../modules/trips/trips/trip-money.ts';
import { HAPPY_PATH } from '../modules/trips/trips/trip-state.ts';
import { CITIES, DEMO_CONSIGNERS, DRIVER_NAMES, OP1001, OP1002, OP1003 } from './demo-data.ts';
import type { SeedStep } from './seed.ts';

const PATH: readonly string[] = HAPPY_PATH;
const ALL_STATES = [...PATH, 'POD_REJECTED', 'CANCELLED'];
/** how far along its lane a truck in each state has gone (for the seeded positions) */
const PROGRESS: Record<string, number> = {
  REACHED_LOADING: 0,
  LOADED: 0,
  IN_TRANSIT: 0.45,
  REACHED_UNLOADING: 1,
  UNLOADED: 1,
  POD_SUBMITTED: 1,
  POD_REJECTED: 1,
  POD_VERIFIED: 1,
  COMPLETED: 1,
};
const PLAN: Array<[OperatorId, string[]]> = [
  [OP1001, ALL_STATES],
  [OP1002, ['ASSIGNED', 'IN_TRANSIT', 'UNLOADED', 'COMPLETED']],
  [OP1003, ['REACHED_LOADING', 'IN_TRANSIT', 'POD_SUBMITTED', 'COMPLETED']],
];
const LANES: Array<[string, string]> = [
  ['Jaipur', 'Delhi'],
  ['Ahmedabad', 'Mumbai'],
  ['Ludhiana', 'Delhi'],
  ['Nagpur', 'Hyderabad'],
  ['Indore', 'Pune'],
  ['Mumbai', 'Bengaluru'],
  ['Delhi', 'Kolkata'],
  ['Pune', 'Chennai'],
  ['Jaipur', 'Ahmedabad'],
  ['Hyderabad', 'Chennai'],
  ['Delhi', 'Jaipur'],
];

const FALLBACK_DRIVER = { name: 'Ramesh Yadav', phone: '9812345678' };

const city = (name: string) => CITIES.find((c) => c.city === name) ?? CITIES[0];

/** the steps a trip in `state` went through, in order */
function historyOf(state: string): string[] {
  if (state === 'CANCELLED') return ['REACHED_LOADING', 'CANCELLED'];
  if (state === 'POD_REJECTED') return [...PATH.slice(1, PATH.indexOf('POD_SUBMITTED') + 1), 'POD_REJECTED'];
  return PATH.slice(1, PATH.indexOf(state) + 1);
}

const ASSET_NAMES = ['pod-1.jpg', 'pod-2.jpg', 'bilti-1.jpg'] as const;

/** The papers live beside this file; from the bundled server (dist/) they are found in the sources. */
function readAsset(name: (typeof ASSET_NAMES)[number]): Buffer {
  const candidates = [new URL(`./assets/${name}`, import.meta.url), new URL(`../src/seed/assets/${name}`, import.meta.url)];
  const found = candidates.find((u) => existsSync(u));
  if (!found) throw new Error(`seed asset ${name} is missing`);
  return readFileSync(found);
}

/**
 * Writes the seeded POD and bilti photos (small real JPEGs of paper documents) to file storage, so
 * the admin's POD review and the operator's bilti view open real images. Runs after the rows are
 * committed; a file already there is left alone.
 */
export async function seedTripPapers(db: Db, put: (key: string, body: Buffer, contentType: string) => Promise<void>) {
  const rows = await db
    .select({ id: tripFiles.id, docType: tripFiles.docType, resourceKey: tripFiles.resourceKey })
    .from(tripFiles)
    .where(and(like(tripFiles.id, 'TF-DEMO%'), inArray(tripFiles.docType, ['POD', 'BILTI']), eq(tripFiles.hasFile, true)));
  const images = { POD0: readAsset('pod-1.jpg'), POD1: readAsset('pod-2.jpg'), BILTI: readAsset('bilti-1.jpg') };
  for (const row of rows) {
    const image = row.docType === 'BILTI' ? images.BILTI : row.id.endsWith('1') ? images.POD1 : images.POD0;
    await put(row.resourceKey, image, 'image/jpeg');
  }
  return rows.length;
}

/**
 * Demo trips in every state for the demo operators, with their history, positions, expenses,
 * invoices, PODs and biltis. POD and bilti rows carry real photos (seedTripPapers); invoice rows stand for
 * paper documents (no scanned file) and say so.
 */
export const seedTrips: SeedStep = async (tx: Db, rand) => {
  const now = Date.now();
  let n = 0;
  for (const [operatorId, states] of PLAN) {
    const busy = new Set((await tx.select({ v: trips.vehicleId }).from(trips).where(eq(trips.operatorId, operatorId))).map((r) => r.v));
    const fleet = (
      await tx
        .select({ id: vehicles.id, number: vehicles.number })
        .from(vehicles)
        .where(eq(vehicles.operatorId, operatorId))
        .orderBy(asc(vehicles.id))
    )
      .filter((v) => !busy.has(v.id))
      .reverse();
    const crew = await tx
      .select({ name: drivers.name, phone: drivers.phone })
      .from(drivers)
      .where(eq(drivers.operatorId, operatorId))
      .orderBy(asc(drivers.id));
    // a driver drives one running trip at a time: those already on one (the marketplace's
    // confirmed loads) are taken, and a running trip with nobody free gets a new crew member
    const onTheRoad = new Set(
      (
        await tx
          .select({ phone: trips.driverPhone })
          .from(trips)
          .where(and(eq(trips.operatorId, operatorId), inArray(trips.state, [...ACTIVE_TRIP_STATES])))
      ).map((r) => r.phone),
    );
    let hired = 0;
    const driverFor = async (state: string, i: number) => {
      if (!ACTIVE_TRIP_STATES.includes(state as TripState)) return crew[i % Math.max(1, crew.length)] ?? FALLBACK_DRIVER;
      let free = crew.find((d) => !onTheRoad.has(d.phone));
      if (!free) {
        hired++;
        free = {
          name: DRIVER_NAMES[(hired * 5 + operatorId.length) % DRIVER_NAMES.length]!,
          phone: `8${operatorId.slice(-3)}${String(500000 + hired * 1111).slice(0, 6)}`,
        };
        await tx.insert(drivers).values({ id: `DRV-${operatorId}-T${hired}`, operatorId, ...free });
        crew.push(free);
      }
      onTheRoad.add(free.phone);
      return free;
    };
    for (const [i, state] of states.entries()) {
      const vehicle = fleet[i % fleet.length];
      if (!vehicle) break;
      n++;
      const [fromName, toName] = LANES[(n - 1) % LANES.length]!;
      const from = city(fromName);
      const to = city(toName);
      const consigner = DEMO_CONSIGNERS[n % DEMO_CONSIGNERS.length]!;
      const driver = await driverFor(state, i);
      const id = `TRP-DEMO${String(n).padStart(3, '0')}`;
      const demandId = `DEM-TRIPDEMO${String(n).padStart(3, '0')}`;
      const loading: TripPoint = {
        name: `${consigner.name}, ${from.city} plant`,
        address: `Industrial Area, ${from.city}`,
        lat: from.lat + 0.03,
        lng: from.lng - 0.02,
        contactName: consigner.user.name,
        contactPhone: consigner.user.phone,
      };
      const unloading: TripPoint = {
        name: `${to.city} distribution centre`,
        address: `Transport Nagar, ${to.city}`,
        lat: to.lat - 0.02,
        lng: to.lng + 0.03,
        contactName: 'Depot in-charge',
        contactPhone: `90000002${String(n).padStart(2, '0')}`,
      };
      const price = (30_000 + Math.floor(rand() * 50) * 1_000) * 100;
      const token = Math.min(500_000, Math.round((price * 0.05) / 10_000) * 10_000);
      const history = historyOf(state);
      const startedAt = now - (history.length + 2) * 6 * 3_600_000;
      await tx.insert(trips).values({
        id,
        demandId,
        operatorId,
        consignerCode: consigner.code,
        vehicleId: vehicle.id,
        driverName: driver.name,
        driverPhone: driver.phone,
        state,
        originCity: from.city,
        destinationCity: to.city,
        loadingPoints: [loading],
        unloadingPoints: [unloading],
        agreedPricePaisa: price,
        tokenAmountPaisa: token,
        cancelReason: state === 'CANCELLED' ? 'Vehicle broke down' : null,
        podRejectReason: state === 'POD_REJECTED' ? 'Consignee signature not visible' : null,
        createdAt: new Date(startedAt),
        updatedAt: new Date(now - 3_600_000),
      });
      // the token the operator paid at confirmation (by UPI here, so demo wallets stay as seeded)
      await postEntry(tx, {
        kind: 'TOKEN_PAYMENT',
        memo: memo('demoTripToken', { trip: id }),
        referenceType: 'DEMAND',
        referenceId: demandId,
        legs: [
          { account: { kind: 'PAYMENT_CLEARING', ownerId: 'SEED' }, amount: -token },
          { account: accounts.tokenEscrow(demandId), amount: token },
        ],
      });
      let prev = 'ASSIGNED';
      const eventTimes = new Map<string, number>();
      for (const [k, to2] of history.entries()) {
        const at = startedAt + (k + 1) * 6 * 3_600_000;
        eventTimes.set(to2, at);
        await tx.insert(tripEvents).values({
          tripId: id,
          fromState: prev,
          toState: to2,
          actorKind:
            to2 === 'POD_VERIFIED' || to2 === 'POD_REJECTED'
              ? 'ADMIN'
              : to2 === 'COMPLETED'
                ? 'SYSTEM'
                : to2 === 'LOADED' || to2 === 'UNLOADED'
                  ? 'OPERATOR_OTP'
                  : 'OPERATOR',
          actorId: null,
          note: to2 === 'CANCELLED' ? 'Vehicle broke down' : null,
          createdAt: new Date(at),
        });
        prev = to2;
      }
      const ref = { id, demandId, operatorId, agreedPricePaisa: price, tokenAmountPaisa: token };
      if (history.includes('LOADED')) await payAdvance(tx, ref);

      const progress = PROGRESS[state];
      if (progress !== undefined) {
        await tx.insert(trackingDevices).values({
          id: `DEV-DEMO${String(n).padStart(3, '0')}`,
          operatorId,
          vehicleId: vehicle.id,
          label: 'Demo GPS (simulated)',
          identifierHash: sha256(randomToken(24)),
          simulated: true,
          lastSeenAt: new Date(now - 120_000),
        });
        const points = Math.max(2, Math.round(40 * Math.max(progress, 0.05)));
        const departAt = eventTimes.get('IN_TRANSIT') ?? now - 3_600_000;
        const endAt = state === 'IN_TRANSIT' ? now - 120_000 : (eventTimes.get('REACHED_UNLOADING') ?? now - 120_000);
        const rows = Array.from({ length: points }, (_, k) => {
          const f = progress === 0 ? 0 : (progress * k) / (points - 1);
          const p = lanePoint(loading, unloading, f, id, rand);
          const at = progress === 0 ? now - (points - k) * 300_000 : departAt + ((endAt - departAt) * k) / (points - 1);
          return {
            deviceId: `DEV-DEMO${String(n).padStart(3, '0')}`,
            vehicleId: vehicle.id,
            tripId: id,
            lat: p.lat,
            lng: p.lng,
            speedKmph: progress === 0 || k === points - 1 ? 0 : 35 + Math.round(rand() * 25),
            recordedAt: new Date(at),
          };
        });
        await tx.insert(positions).values(rows);
        // the vehicle row carries its latest position, as the tracking intake keeps it (ADR 270)
        await recordLatestPositions(tx, rows);
      }

      if (['IN_TRANSIT', 'UNLOADED', 'POD_SUBMITTED', 'POD_VERIFIED', 'COMPLETED'].includes(state)) {
        const decided = state === 'POD_VERIFIED' || state === 'COMPLETED';
        await tx.insert(tripCharges).values({
          id: `TEX-DEMO${String(n).padStart(3, '0')}`,
          tripId: id,
          type: 'DETENTION',
          amountPaisa: 300_000,
          approvedPaisa: decided ? 150_000 : null,
          status: decided ? 'APPROVED' : 'CLAIMED',
          description: 'Truck held 2 days at the loading plant',
          decisionReason: decided ? 'One day approved as per gate register' : null,
        });
      }

      const podStatus = { POD_SUBMITTED: 'SUBMITTED', POD_REJECTED: 'REJECTED', POD_VERIFIED: 'VERIFIED', COMPLETED: 'VERIFIED' }[state] as
        | 'SUBMITTED'
        | 'REJECTED'
        | 'VERIFIED'
        | undefined;
      if (podStatus) {
        const keys = [1, 2].map((k) => `pod/${id}/paper-${k}-${randomToken(9)}.jpg`);
        // the photos are real JPEGs written by seedTripPapers once the rows are in
        await tx.insert(tripFiles).values(
          keys.map((resourceKey, k) => ({
            id: `TF-DEMO${String(n).padStart(3, '0')}${k}`,
            tripId: id,
            docType: 'POD' as const,
            resourceKey,
            fileName: `paper-pod-${k + 1}.jpg`,
            contentType: 'image/jpeg',
            status: podStatus,
            hasFile: true,
            createdBy: `USR-${operatorId}`,
          })),
        );
        await tx.insert(tripPodReviews).values({
          id: `POD-DEMO${String(n).padStart(3, '0')}`,
          tripId: id,
          resourceKeys: keys,
          status: podStatus,
          reason: state === 'POD_REJECTED' ? 'Consignee signature not visible' : null,
          submittedBy: `USR-${operatorId}`,
          decidedBy: podStatus === 'SUBMITTED' ? null : 'USR-ADMIN',
          decidedAt: podStatus === 'SUBMITTED' ? null : new Date(now - 2 * 3_600_000),
        });
        const invoiceKey = `pod/${id}/invoice-${randomToken(9)}.pdf`;
        await tx.insert(tripFiles).values({
          id: `TF-DEMO${String(n).padStart(3, '0')}I`,
          tripId: id,
          docType: 'INVOICE',
          resourceKey: invoiceKey,
          fileName: 'invoice.pdf',
          contentType: 'application/pdf',
          status: 'UPLOADED',
          hasFile: false,
          createdBy: `USR-${operatorId}`,
        });
        await tx.insert(tripInvoices).values({
          tripId: id,
          fileKey: invoiceKey,
          invoiceNumber: `INV/${operatorId}/${String(n).padStart(4, '0')}`,
          amountPaisa: price,
        });
      }

      // the lorry receipt is made at loading: every trip that loaded has its bilti photo
      if (history.includes('LOADED')) {
        await tx.insert(tripFiles).values({
          id: `TF-DEMO${String(n).padStart(3, '0')}B`,
          tripId: id,
          docType: 'BILTI',
          resourceKey: `bilti/${id}/bilti-1-${randomToken(9)}.jpg`,
          fileName: 'bilti.jpg',
          contentType: 'image/jpeg',
          status: 'UPLOADED',
          hasFile: true,
          createdBy: `USR-${operatorId}`,
        });
      }

      if (state === 'COMPLETED') {
        await settle(tx, ref);
        await tx
          .update(trips)
          .set({ completedAt: new Date(now - 3_600_000) })
          .where(eq(trips.id, id));
      }
      if (state === 'CANCELLED') await refundOnCancel(tx, ref, 'REACHED_LOADING', null, new Date(now));
    }
  }
};
