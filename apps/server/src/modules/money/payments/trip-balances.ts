import { consignerTdsPaisa, type TripBalance } from '@bhada/contracts/money/payments';
import { istWallClock } from '@bhada/contracts/time';
import type { Db } from '../../../db/client.ts';
import { hasValidTdsDeclaration } from '../../account/account/tds.service.ts';
import type * as repo from './payments.repository.ts';

export type TripPaymentRow = Awaited<ReturnType<typeof repo.listConsignerTripPayments>>[number];

/**
 * Whether the consigner withholds TDS on a trip's freight: not when the trip's operator had filed a
 * TDS declaration (section 194C(6): a transporter with ten trucks or fewer) covering the trip's day.
 */
export async function withholdsTds(db: Db, row: Pick<TripPaymentRow, 'operatorId' | 'createdAt'>): Promise<boolean> {
  return !(await hasValidTdsDeclaration({ db }, { operatorId: row.operatorId, on: row.createdAt }));
}

/** TDS, paid and due of each trip; one declaration lookup per operator and day. */
export async function tripBalancesOf(db: Db, rows: TripPaymentRow[]): Promise<TripBalance[]> {
  const seen = new Map<string, Promise<boolean>>();
  const withholds = (row: TripPaymentRow) => {
    const key = `${row.operatorId}:${istWallClock(row.createdAt).toISOString().slice(0, 10)}`;
    if (!seen.has(key)) seen.set(key, withholdsTds(db, row));
    return seen.get(key)!;
  };
  return Promise.all(rows.map(async (row) => tripBalanceOf(row, await withholds(row))));
}

export function tripBalanceOf(row: TripPaymentRow, withholdTds: boolean): TripBalance {
  const tdsInPaisa = withholdTds ? consignerTdsPaisa(row.freightPaisa) : 0;
  return {
    tripId: row.tripId,
    demandId: row.demandId,
    vehicleNumber: row.vehicleNumber,
    originCity: row.originCity,
    destinationCity: row.destinationCity,
    state: row.state,
    createdAt: row.createdAt.toISOString(),
    freightInPaisa: row.freightPaisa,
    tdsInPaisa,
    paidInPaisa: row.paidPaisa,
    pendingInPaisa: row.pendingPaisa,
    balanceInPaisa: Math.max(0, row.freightPaisa - tdsInPaisa - row.paidPaisa - row.pendingPaisa),
  };
}
