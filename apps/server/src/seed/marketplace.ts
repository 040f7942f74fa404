import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { demands, demandTokens, drivers, quoteEvents, quotes, trips, vehicles } from '../db/schema/index.ts';
import type { TripPoint } from '../db/schema/trips-core.ts';
import { randomToken } from '../lib/crypto.ts';
import { roadKm } from '../lib/geo.ts';
import type { OperatorId } from '../lib/tenancy.ts';
import { memo } from '../lib/texts/memos.ts';
import { curatedPlaces } from '../modules/account/places/places.repository.ts';
import { accounts } from '../modules/money/ledger/accounts.ts';
import { balanceOf, postEntry } from '../modules/money/ledger/ledger.service.ts';
import { CITIES, DEMO_CONSIGNERS, DEMO_OPERATORS, VEHICLE_MODELS } from './demo-data.ts';
import type { SeedStep } from './seed.ts';

/** Each demo operator starts with ₹50,000 in its wallet so a won token can be paid at once. */
const STARTING_WALLET_PAISA = 50_000_00;

const LANES: Array<[string, string]> = [
  ['Jaipur', 'Delhi'],
  ['Delhi', 'Ludhiana'],
  ['Mumbai', 'Pune'],
  ['Ahmedabad', 'Mumbai'],
  ['Nagpur', 'Hyderabad'],
  ['Indore', 'Mumbai'],
  ['Ludhiana', 'Jaipur'],
  ['Pune', 'Bengaluru'],
  ['Chennai', 'Bengaluru'],
  ['Kolkata', 'Nagpur'],
  ['Delhi', 'Indore'],
  ['Hyderabad', 'Chennai'],
  ['Jaipur', 'Ahmedabad'],
  ['Mumbai', 'Nagpur'],
];

const MATERIALS = [
  'Cement bags',
  'FMCG cartons',
  'Steel coils',
  'Rice bags',
  'Auto parts',
  'Cotton bales',
  'Tiles',
  'Packaged water',
  'Fertiliser',
  'Electronics',
];
const CONTACTS = ['Ramesh Gupta', 'Anita Desai', 'Farhan Sheikh', 'Prakash Rao', 'Meena Joshi', 'Harpreet Gill'];

const cityOf = (name: string) => CITIES.find((c) => c.city === name)!;

type Curated = Awaited<ReturnType<typeof curatedPlaces>>;

/** A real point in the city from the curated gazetteer rows (industrial area, warehouse …), else the city itself. */
function pointIn(places: Curated, city: string, rand: () => number): TripPoint {
  const options = places.filter((p) => p.city === city && p.addressType !== 'CITY');
  const place = options.length ? options[Math.floor(rand() * options.length)]! : places.find((p) => p.city === city)!;
  return {
    name: place.name,
    address: place.address,
    lat: place.lat,
    lng: place.lng,
    contactName: CONTACTS[Math.floor(rand() * CONTACTS.length)]!,
    contactPhone: `98${String(10000000 + Math.floor(rand() * 89999999))}`,
  };
}

/** Freight by distance: ₹45–₹70 per km for a 32 ft MXL, scaled by the vehicle's size; whole ₹100s. */
function priceFor(km: number, tonnage: number, rand: () => number): number {
  const perKm = 45 + rand() * 25;
  const sizeFactor = Math.max(0.55, Math.min(1.4, tonnage / 25));
  return Math.max(8_000, Math.round((km * perKm * sizeFactor) / 100) * 100) * 100;
}

type Kind = 'OPEN' | 'QUOTED' | 'AWARDED' | 'CONFIRMED' | 'HISTORY';

/** Open, quoted, awarded and confirmed loads on real lanes, plus lane history for quote quality. */
export const seedMarketplace: SeedStep = async (tx: Db, rand) => {
  const now = Date.now();
  const ops = DEMO_OPERATORS.map((o) => o.id);
  // the curated places come with migration 0115 (ADR 113)
  const places = await curatedPlaces(tx);

  for (const op of ops) {
    const account = accounts.operatorWallet(op);
    // the wallet area may seed balances too: top up only an empty wallet
    if ((await balanceOf(tx, account)) === 0) {
      await postEntry(tx, {
        kind: 'SEED_TOPUP',
        memo: memo('demoOpeningBalance', {}),
        legs: [
          { account: accounts.paymentClearing, amount: -STARTING_WALLET_PAISA },
          { account, amount: STARTING_WALLET_PAISA },
        ],
      });
    }
  }

  const plan: Kind[] = [
    ...Array<Kind>(8).fill('OPEN'),
    ...Array<Kind>(6).fill('QUOTED'),
    ...Array<Kind>(3).fill('AWARDED'),
    ...Array<Kind>(2).fill('CONFIRMED'),
    ...Array<Kind>(6).fill('HISTORY'),
  ];
  let n = 0;
  for (const kind of plan) {
    n++;
    const [from, to] = kind === 'HISTORY' ? LANES[n % 2]! : LANES[n % LANES.length]!;
    const origin = cityOf(from);
    const destination = cityOf(to);
    const km = roadKm(origin, destination);
    const winner = ops[n % ops.length]!;

    // a confirmed load is sized to a real vehicle of its winner so the trip row is consistent
    let vehicle: { id: string; vehicleType: string; bodyType: string; tyreCount: number; tonnage: number; sizeInFeet: number } | undefined;
    if (kind === 'CONFIRMED') {
      [vehicle] = await tx
        .select({
          id: vehicles.id,
          vehicleType: vehicles.vehicleType,
          bodyType: vehicles.bodyType,
          tyreCount: vehicles.tyreCount,
          tonnage: vehicles.tonnage,
          sizeInFeet: vehicles.sizeInFeet,
        })
        .from(vehicles)
        .where(and(eq(vehicles.operatorId, winner), eq(vehicles.status, 'VERIFIED')))
        .limit(1);
    }
    const model = vehicle ?? VEHICLE_MODELS[Math.floor(rand() * VEHICLE_MODELS.length)]!;
    const price = priceFor(km, Number(model.tonnage), rand);
    const token = Math.max(1_000_00, Math.round(price / 10 / 100_000) * 100_000);

    const minutes = (m: number) => new Date(now + m * 60_000);
    const endsAt =
      kind === 'OPEN' || kind === 'QUOTED'
        ? minutes(5 + Math.floor(rand() * 360))
        : kind === 'HISTORY'
          ? minutes(-(2 + n) * 1440)
          : minutes(-10 - Math.floor(rand() * 50));
    const loadingAt = new Date(endsAt.getTime() + (12 + Math.floor(rand() * 48)) * 3_600_000);
    const id = `DM-SEED${String(n).padStart(3, '0')}`;
    const consigner = DEMO_CONSIGNERS[n % DEMO_CONSIGNERS.length]!;

    const bids: Array<{ operatorId: OperatorId; amount: number; at: Date }> = [];
    if (kind !== 'OPEN') {
      const bidders = kind === 'QUOTED' ? ops.slice(0, 2 + (n % 2)) : ops;
      for (const [i, op] of bidders.entries()) {
        // the winner's quote is the lowest; others a little above
        const factor = op === winner && kind !== 'QUOTED' ? 0.95 : 0.97 + rand() * 0.12;
        // a quote is placed before the window closes and never later than now: a load still open
        // for hours got its quotes in the last hour, in bidder order
        const placed = Math.min(endsAt.getTime() - (40 - i * 7) * 60_000, now - (10 + (bidders.length - i) * 7) * 60_000);
        bids.push({ operatorId: op, amount: Math.round((price * factor) / 10_000) * 10_000, at: new Date(placed) });
      }
    }
    const best = [...bids].sort((a, b) => a.amount - b.amount || a.at.getTime() - b.at.getTime())[0];
    const awarded = kind === 'AWARDED' || kind === 'CONFIRMED' || kind === 'HISTORY';
    const tripId = kind === 'CONFIRMED' ? `TRP-SEED${String(n).padStart(3, '0')}` : null;
    const loadingPoints = [pointIn(places, from, rand)];
    const unloadingPoints = [pointIn(places, to, rand)];

    await tx.insert(demands).values({
      id,
      consignerCode: consigner.code,
      postedBy: `U${consigner.code}`,
      state: kind === 'OPEN' || kind === 'QUOTED' ? 'OPEN' : kind === 'AWARDED' ? 'AWARDED' : kind === 'CONFIRMED' ? 'CONFIRMED' : 'CLOSED',
      originCity: origin.city,
      originLat: origin.lat,
      originLng: origin.lng,
      destinationCity: destination.city,
      destinationLat: destination.lat,
      destinationLng: destination.lng,
      distanceKm: km,
      loadingPoints,
      unloadingPoints,
      vehicleType: model.vehicleType,
      bodyType: model.bodyType as 'OPEN' | 'CONTAINER' | 'TRAILER',
      tyreCount: model.tyreCount,
      tonnage: Number(model.tonnage),
      lengthFeet: model.sizeInFeet,
      material: MATERIALS[n % MATERIALS.length]!,
      loadingAt,
      biddingEndsAt: endsAt,
      tokenAmountPaisa: token,
      targetPricePaisa: price,
      rankSalt: randomToken(16),
      awardedOperatorId: awarded ? (best?.operatorId ?? winner) : null,
      awardedPricePaisa: awarded ? (best?.amount ?? price) : null,
      awardedAt: awarded ? endsAt : null,
      awardReason: awarded ? 'Lowest quote' : null,
      tripId,
      // posted before any quote on it and never in the future
      createdAt: new Date(Math.min(endsAt.getTime() - 3 * 3_600_000, now - 2 * 3_600_000)),
    });
    for (const bid of bids) {
      await tx.insert(quotes).values({
        demandId: id,
        operatorId: bid.operatorId,
        amountPaisa: bid.amount,
        placedAt: bid.at,
        userCode: `U${bid.operatorId}`,
        createdAt: bid.at,
        updatedAt: bid.at,
      });
      await tx
        .insert(quoteEvents)
        .values({ demandId: id, operatorId: bid.operatorId, amountPaisa: bid.amount, userCode: `U${bid.operatorId}`, createdAt: bid.at });
    }

    if (kind === 'CONFIRMED' && vehicle && best && tripId) {
      const [driver] = await tx
        .select({ name: drivers.name, phone: drivers.phone })
        .from(drivers)
        .where(eq(drivers.operatorId, best.operatorId))
        .limit(1);
      const posted = await postEntry(tx, {
        kind: 'TOKEN_PAYMENT',
        memo: memo('loadToken', { load: id, from, to }),
        referenceType: 'DEMAND',
        referenceId: id,
        legs: [
          { account: accounts.operatorWallet(best.operatorId), amount: -token },
          { account: accounts.tokenEscrow(id), amount: token },
        ],
      });
      await tx.insert(trips).values({
        id: tripId,
        demandId: id,
        operatorId: best.operatorId,
        consignerCode: consigner.code,
        vehicleId: vehicle.id,
        driverName: driver?.name ?? 'Ramesh Yadav',
        driverPhone: driver?.phone ?? '9812345678',
        state: 'ASSIGNED',
        originCity: from,
        destinationCity: to,
        loadingPoints,
        unloadingPoints,
        agreedPricePaisa: best.amount,
        tokenAmountPaisa: token,
      });
      await tx.insert(demandTokens).values({
        id: `TK-SEED${String(n).padStart(3, '0')}`,
        demandId: id,
        operatorId: best.operatorId,
        status: 'PAID',
        amountPaisa: token,
        vehicleId: vehicle.id,
        driverName: driver?.name ?? 'Ramesh Yadav',
        driverPhone: driver?.phone ?? '9812345678',
        tripId,
        paymentEntryId: posted.entryId,
        paidAt: new Date(endsAt.getTime() + 5 * 60_000),
      });
    }
  }
};
