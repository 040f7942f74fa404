import type { Db } from '../../../db/client.ts';
import { randomToken } from '../../../lib/crypto.ts';
import { roadKm } from '../../../lib/geo.ts';
import { newId } from '../../../lib/ids.ts';
import type { ConsignerCode } from '../../../lib/tenancy.ts';
import { type DemandRow, insertDemand } from '../board/demands.repository.ts';

export const JAIPUR = { city: 'Jaipur', lat: 26.9124, lng: 75.7873 };
export const DELHI = { city: 'Delhi', lat: 28.7041, lng: 77.1025 };
export const MUMBAI = { city: 'Mumbai', lat: 19.076, lng: 72.8777 };

const point = (name: string, at: { lat: number; lng: number }) => ({
  name,
  address: `${name} address`,
  lat: at.lat,
  lng: at.lng,
  contactName: 'Site Manager',
  contactPhone: '9876543210',
});

/** The truck and goods every test load asks for: a 32 ft MXL container of cement. */
const TRUCK_AND_GOODS = {
  loadingPoints: [point('Sitapura Industrial Area', JAIPUR)],
  unloadingPoints: [point('Okhla Phase II', DELHI)],
  vehicleType: '32 FT MXL Container',
  bodyType: 'CONTAINER' as const,
  tyreCount: 14,
  tonnage: 20,
  lengthFeet: 32,
  material: 'Cement bags',
};

/** A body for POST /demand: Jaipur → Delhi, 32 ft MXL container, window in 10 minutes. */
export function buildLoadRequest(overrides: Record<string, unknown> = {}) {
  const now = Date.now();
  return {
    origin: JAIPUR,
    destination: DELHI,
    ...TRUCK_AND_GOODS,
    loadingAt: new Date(now + 3 * 86_400_000).toISOString(),
    biddingEndsAt: new Date(now + 10 * 60_000).toISOString(),
    tokenAmount: 5000,
    targetPrice: 45000,
    ...overrides,
  };
}

/** Inserts a load row directly (for windows in the past and other states the API would refuse). */
export async function insertLoad(
  db: Db,
  consignerCode: ConsignerCode,
  overrides: Partial<DemandRow> & { endsInMinutes?: number; loadingInHours?: number } = {},
): Promise<DemandRow> {
  const { endsInMinutes = 10, loadingInHours = 72, ...rest } = overrides;
  const now = Date.now();
  return insertDemand(db, {
    id: newId('DM', 8),
    consignerCode,
    postedBy: 'TEST',
    state: 'OPEN',
    originCity: JAIPUR.city,
    originLat: JAIPUR.lat,
    originLng: JAIPUR.lng,
    destinationCity: DELHI.city,
    destinationLat: DELHI.lat,
    destinationLng: DELHI.lng,
    distanceKm: roadKm(JAIPUR, DELHI),
    ...TRUCK_AND_GOODS,
    loadingAt: new Date(now + loadingInHours * 3_600_000),
    biddingEndsAt: new Date(now + endsInMinutes * 60_000),
    tokenAmountPaisa: 5_000_00,
    rankSalt: randomToken(16),
    ...rest,
  });
}
