import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  collections,
  consignees,
  consignmentAudit,
  consignments,
  docketInvoices,
  dockets,
  lanes,
  scheduledVehicles,
  trips,
  users,
  vehicles,
} from '../db/schema/index.ts';
import type { ConsignerCode, OperatorId } from '../lib/tenancy.ts';
import { memo } from '../lib/texts/memos.ts';
import { type EntryInput, postEntries, SYSTEM_OWNER } from '../modules/money/ledger/ledger.service.ts';
import { CITIES, DEMO_CONSIGNERS } from './demo-data.ts';
import type { SeedStep } from './seed.ts';

const HOUR = 3_600_000;
const DEMO_CONSIGNEES = [
  {
    id: 'CNE-001',
    name: 'Ambuja Building Supplies',
    gstin: '07AABCA1234F1Z5',
    address: 'Plot 14, Okhla Phase 2',
    city: 'Delhi',
    contactName: 'Sanjay Gupta',
    contactPhone: '9810012345',
  },
  {
    id: 'CNE-002',
    name: 'Western Agro Traders',
    gstin: '27AACFW5678K1Z2',
    address: 'APMC Market, Vashi',
    city: 'Mumbai',
    contactName: 'Prakash Patil',
    contactPhone: '9820023456',
  },
  {
    id: 'CNE-003',
    name: 'Deccan Retail Distributors',
    gstin: '36AADCD9012L1Z8',
    address: 'Kukatpally Industrial Estate',
    city: 'Hyderabad',
    contactName: 'Srinivas Rao',
    contactPhone: '9848034567',
  },
  {
    id: 'CNE-004',
    name: 'Sahyadri Hardware Mart',
    gstin: '27AAECS3456M1Z1',
    address: 'Bhosari MIDC',
    city: 'Pune',
    contactName: 'Amit Kulkarni',
    contactPhone: '9822045678',
  },
  {
    id: 'CNE-005',
    name: 'Bengal Cement Depot',
    gstin: '19AAFCB7890N1Z4',
    address: 'Taratala Road',
    city: 'Kolkata',
    contactName: 'Subrata Das',
    contactPhone: '9830056789',
  },
  {
    id: 'CNE-006',
    name: 'Coromandel Foods',
    gstin: '33AAGCC2345P1Z6',
    address: 'Ambattur Industrial Estate',
    city: 'Chennai',
    contactName: 'Karthik Raman',
    contactPhone: '9840067890',
  },
] as const;
const MATERIALS = ['Cement bags (OPC 53)', 'Basmati rice', 'Steel coils', 'Packaged foods', 'Fertiliser bags', 'Ceramic tiles'];
const LOAD_TYPES = ['FTL', 'FTL', 'CONTAINER', 'PTL', 'BULK', 'FTL'];
const MODES = ['CASH', 'UPI', 'CHEQUE', 'BANK_TRANSFER'] as const;
/** trip state → where the scheduled vehicle stands */
const SCHEDULE_OF: Record<string, 'SCHEDULED' | 'REPORTED' | 'LOADED' | 'IN_TRANSIT' | 'REACHED' | 'UNLOADED'> = {
  ASSIGNED: 'SCHEDULED',
  REACHED_LOADING: 'REPORTED',
  LOADED: 'LOADED',
  IN_TRANSIT: 'IN_TRANSIT',
  REACHED_UNLOADING: 'REACHED',
  UNLOADED: 'UNLOADED',
  POD_SUBMITTED: 'UNLOADED',
  POD_REJECTED: 'UNLOADED',
  POD_VERIFIED: 'UNLOADED',
  COMPLETED: 'UNLOADED',
};
const STATES = ['SCHEDULED', 'REPORTED', 'LOADED', 'IN_TRANSIT', 'REACHED', 'UNLOADED'] as const;
const PROGRESS = { SCHEDULED: 0, REPORTED: 0, LOADED: 0, IN_TRANSIT: 0.5, REACHED: 1, UNLOADED: 1 };
const city = (name: string) => CITIES.find((c) => c.city === name) ?? CITIES[0]!;

/**
 * The operations desk's demo (ADR 130): a consignment on every demo trip that has not been cancelled,
 * with its docket, goods invoices and e-way bill, collections in every mode and state (money through
 * the ledger), consignees, and vehicles scheduled in every state with positions — plus direct
 * consignments staff booked, so the map has vehicles across the country.
 */
export const seedOperations: SeedStep = async (tx: Db, rand) => {
  const now = Date.now();
  await tx.insert(consignees).values([...DEMO_CONSIGNEES]);
  // the demo consigners receive their mailed reports here (the outbox on a laptop)
  for (const c of DEMO_CONSIGNERS) {
    await tx
      .update(users)
      .set({ email: `${c.user.name.split(' ')[0]!.toLowerCase()}@${c.code.toLowerCase()}.example.in` })
      .where(eq(users.id, `USR-${c.code}`));
  }
  const laneRows = await tx.select().from(lanes);
  const laneOf = (from: string, to: string) => laneRows.find((l) => l.originCity === from && l.destinationCity === to)?.code ?? null;
  const demoTrips = await tx
    .select()
    .from(trips)
    .where(inArray(trips.state, Object.keys(SCHEDULE_OF)))
    .orderBy(asc(trips.id));
  const numbers = new Map(
    (await tx.select({ id: vehicles.id, number: vehicles.number }).from(vehicles)).map((v) => [v.id, v.number] as const),
  );

  const consignmentRows: Array<typeof consignments.$inferInsert> = [];
  const scheduled: Array<typeof scheduledVehicles.$inferInsert> = [];
  const docketRows: Array<typeof dockets.$inferInsert> = [];
  const invoiceRows: Array<typeof docketInvoices.$inferInsert> = [];
  const audit: Array<typeof consignmentAudit.$inferInsert> = [];
  let n = 0;
  const add = (input: {
    tripId: string | null;
    consignerCode: ConsignerCode;
    operatorId: OperatorId | null;
    from: string;
    to: string;
    freight: number;
    state: (typeof STATES)[number];
    vehicleId: string | null;
    vehicleNumber: string;
  }) => {
    n++;
    const id = `CSG-DEMO${String(n).padStart(3, '0')}`;
    const code = `BH26${String(1000 + n)}`;
    const consignee = DEMO_CONSIGNEES.find((c) => c.city === input.to) ?? DEMO_CONSIGNEES[n % DEMO_CONSIGNEES.length]!;
    const scheduledAt = new Date(now - (STATES.indexOf(input.state) * 8 + 2) * HOUR + (input.state === 'SCHEDULED' ? 6 * HOUR : 0));
    const reachedAt = PROGRESS[input.state] === 1 ? new Date(scheduledAt.getTime() + 30 * HOUR) : null;
    // half the unloaded ones unloaded just now (window open), the rest days ago (window closed)
    const unloadedAt = input.state === 'UNLOADED' ? new Date(n % 2 ? now - 2 * HOUR : now - 4 * 24 * HOUR) : null;
    consignmentRows.push({
      id,
      code,
      tripId: input.tripId,
      consignerCode: input.consignerCode,
      consigneeId: consignee.id,
      operatorId: input.operatorId,
      laneCode: laneOf(input.from, input.to),
      originCity: input.from,
      destinationCity: input.to,
      loadType: LOAD_TYPES[n % LOAD_TYPES.length]!,
      material: MATERIALS[n % MATERIALS.length]!,
      weightKg: 9_000 + Math.floor(rand() * 16) * 1_000,
      packages: 200 + Math.floor(rand() * 400),
      freightPaisa: input.freight,
      status: input.state === 'UNLOADED' ? 'DELIVERED' : PROGRESS[input.state] > 0 || input.state === 'LOADED' ? 'IN_TRANSIT' : 'BOOKED',
      reachedAt,
      unloadedAt,
      createdAt: new Date(scheduledAt.getTime() - 24 * HOUR),
      updatedAt: new Date(scheduledAt.getTime() - 24 * HOUR),
    });
    audit.push({
      consignmentId: id,
      actorId: 'USR-ADMIN',
      actorName: 'Bhada Operations',
      action: 'CREATED',
      before: null,
      after: { freightPaisa: input.freight },
      createdAt: new Date(scheduledAt.getTime() - 24 * HOUR),
    });
    const a = city(input.from);
    const b = city(input.to);
    const p = PROGRESS[input.state];
    const jitter = () => (rand() - 0.5) * 0.06;
    scheduled.push({
      id: `SCH-DEMO${String(n).padStart(3, '0')}`,
      consignmentId: id,
      vehicleId: input.vehicleId,
      vehicleNumber: input.vehicleNumber,
      operatorId: input.operatorId,
      consignerCode: input.consignerCode,
      laneCode: laneOf(input.from, input.to),
      state: input.state,
      scheduledAt,
      eta: new Date(scheduledAt.getTime() + (n % 3 === 0 ? 20 : 36) * HOUR),
      reportedAt: STATES.indexOf(input.state) >= 1 ? new Date(scheduledAt.getTime() + (n % 4) * 30 * 60_000) : null,
      loadedAt: STATES.indexOf(input.state) >= 2 ? new Date(scheduledAt.getTime() + 3 * HOUR) : null,
      dispatchedAt: STATES.indexOf(input.state) >= 3 ? new Date(scheduledAt.getTime() + 4 * HOUR) : null,
      reachedAt,
      unloadedAt,
      lat: a.lat + (b.lat - a.lat) * p + jitter(),
      lng: a.lng + (b.lng - a.lng) * p + jitter(),
      positionAt: new Date(now - Math.floor(rand() * 50) * 60_000),
    });
    if (input.state !== 'SCHEDULED') {
      docketRows.push({
        consignmentId: id,
        docketNumber: `LR/${String(24000 + n)}`,
        docketDate: new Date(scheduledAt.getTime() + 5.5 * HOUR).toISOString().slice(0, 10),
        ewayBillNumber: `${3110 + n}${String(40_000_000 + n * 7919).slice(0, 8)}`.slice(0, 12).padEnd(12, '0'),
        // one expired e-way bill and one about to expire, so the desk sees both states
        ewayBillValidUntil: new Date(now + (n % 5 === 0 ? -1 : n % 5 === 1 ? 12 : 72) * HOUR),
        remarks: n % 3 === 0 ? 'Handle with care; keep dry' : null,
        updatedBy: 'USR-ADMIN',
        updatedAt: scheduledAt,
      });
      const invoices = 1 + (n % 2);
      for (let i = 0; i < invoices; i++) {
        invoiceRows.push({
          id: `INV-DEMO${String(n).padStart(3, '0')}${i}`,
          consignmentId: id,
          invoiceNumber: `GST/${String(2600 + n)}/${i + 1}`,
          invoiceDate: new Date(scheduledAt.getTime() - 24 * HOUR).toISOString().slice(0, 10),
          valuePaisa: (200_000 + Math.floor(rand() * 300) * 1_000) * 100,
        });
      }
    }
    return { id, code, freight: input.freight, state: input.state };
  };

  const made: Array<ReturnType<typeof add>> = [];
  // a trip confirmed through the marketplace already has its consignment
  const covered = new Set((await tx.select({ tripId: consignments.tripId }).from(consignments)).map((r) => r.tripId));
  for (const t of demoTrips) {
    if (covered.has(t.id)) continue;
    made.push(
      add({
        tripId: t.id,
        consignerCode: t.consignerCode ?? DEMO_CONSIGNERS[0].code,
        operatorId: t.operatorId,
        from: t.originCity,
        to: t.destinationCity,
        freight: t.agreedPricePaisa,
        state: SCHEDULE_OF[t.state]!,
        vehicleId: t.vehicleId,
        vehicleNumber: numbers.get(t.vehicleId) ?? t.vehicleId,
      }),
    );
  }
  // direct bookings on the desk: market vehicles not on the platform's trips
  for (let i = 0; i < 24; i++) {
    const lane = laneRows[i % laneRows.length]!;
    const consigner = DEMO_CONSIGNERS[i % DEMO_CONSIGNERS.length]!;
    made.push(
      add({
        tripId: null,
        consignerCode: consigner.code,
        operatorId: null,
        from: lane.originCity,
        to: lane.destinationCity,
        freight: (25_000 + Math.floor(rand() * 40) * 1_000) * 100,
        state: STATES[i % STATES.length]!,
        vehicleId: null,
        vehicleNumber: `${['HR', 'GJ', 'MH', 'RJ', 'UP', 'MP'][i % 6]}${String(10 + (i % 50)).padStart(2, '0')}${'ABCDEFGH'[i % 8]}${'KLMNPR'[i % 6]}${String(2000 + i * 37).slice(-4)}`,
      }),
    );
  }
  await tx.insert(consignments).values(consignmentRows);
  await tx.insert(consignmentAudit).values(audit);
  await tx.insert(scheduledVehicles).values(scheduled);
  if (docketRows.length) await tx.insert(dockets).values(docketRows);
  if (invoiceRows.length) await tx.insert(docketInvoices).values(invoiceRows);

  // collections: advances on loaded ones, to-pay at delivery, a detention, pending and failed cheques
  const collectionRows: Array<typeof collections.$inferInsert> = [];
  const entries: EntryInput[] = [];
  let k = 0;
  for (const c of made) {
    if (c.state === 'SCHEDULED' || c.state === 'REPORTED') continue;
    const plan: Array<{ type: 'ADVANCE' | 'TO_PAY' | 'DETENTION'; share: number; status: 'COLLECTED' | 'PENDING' | 'FAILED' }> = [
      { type: 'ADVANCE', share: 0.3, status: 'COLLECTED' },
    ];
    if (c.state === 'UNLOADED') plan.push({ type: 'TO_PAY', share: 0.5, status: k % 3 === 2 ? 'PENDING' : 'COLLECTED' });
    if (c.state === 'REACHED') plan.push({ type: 'DETENTION', share: 0.02, status: 'COLLECTED' });
    if (k % 4 === 3) plan.push({ type: 'TO_PAY', share: 0.1, status: 'FAILED' });
    for (const item of plan) {
      k++;
      const id = `COL-DEMO${String(k).padStart(4, '0')}`;
      const mode = MODES[k % MODES.length]!;
      const amount = Math.round((c.freight * item.share) / 100) * 100;
      const at = new Date(now - (30 - (k % 20)) * HOUR);
      const entryId = item.status === 'COLLECTED' ? `JE-COLDEMO${String(k).padStart(4, '0')}` : null;
      collectionRows.push({
        id,
        consignmentId: c.id,
        type: item.type,
        mode: item.status === 'PENDING' || item.status === 'FAILED' ? 'CHEQUE' : mode,
        amountPaisa: amount,
        reference: mode === 'CASH' && item.status === 'COLLECTED' ? null : `REF${String(880000 + k * 131)}`,
        status: item.status,
        entryId,
        collectedBy: 'Bhada Operations',
        collectedAt: at,
      });
      if (item.status === 'COLLECTED') {
        entries.push({
          kind: 'CONSIGNMENT_COLLECTION',
          memo: memo('collection', { collection: id, consignment: c.code }),
          referenceType: 'COLLECTION',
          referenceId: id,
          legs: [
            { account: { kind: 'COLLECTION_CLEARING', ownerId: SYSTEM_OWNER }, amount: -amount },
            { account: { kind: 'CONSIGNMENT_COLLECTIONS', ownerId: c.id }, amount },
          ],
          at,
        });
      }
    }
  }
  const posted = await postEntries(tx, entries);
  // the rows point at the entries the ledger wrote, in the same order
  let p = 0;
  for (const row of collectionRows) if (row.status === 'COLLECTED') row.entryId = posted[p++]!.entryId;
  await tx.insert(collections).values(collectionRows);
};
