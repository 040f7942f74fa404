import { insertConsigner, insertOperator, insertVehicle, nextPhone } from '../../../../test/factories.ts';
import { type Db, inTransaction } from '../../../db/client.ts';
import { trips } from '../../../db/schema/index.ts';
import { newId } from '../../../lib/ids.ts';
import { accounts } from '../../money/ledger/accounts.ts';
import { postEntry } from '../../money/ledger/ledger.service.ts';

/** Test-only: a trip as the marketplace would create it after the token is paid into escrow. */
export async function insertTrip(
  db: Db,
  opts: {
    operator?: Awaited<ReturnType<typeof insertOperator>>;
    state?: string;
    agreedPricePaisa?: number;
    tokenAmountPaisa?: number;
    fundEscrow?: boolean;
  } = {},
) {
  const operator = opts.operator ?? (await insertOperator(db));
  const consigner = await insertConsigner(db);
  const vehicle = await insertVehicle(db, operator.operatorId);
  const id = newId('TRP');
  const demandId = newId('DEM');
  const loadingContact = nextPhone();
  const unloadingContact = nextPhone();
  const token = opts.tokenAmountPaisa ?? 200_000;
  await db.insert(trips).values({
    id,
    demandId,
    operatorId: operator.operatorId,
    consignerCode: consigner.consignerCode,
    vehicleId: vehicle.id,
    driverName: 'Ramesh Yadav',
    driverPhone: nextPhone(),
    state: opts.state ?? 'ASSIGNED',
    originCity: 'Jaipur',
    destinationCity: 'Delhi',
    loadingPoints: [
      {
        name: 'Hindustan Cement Works, Gate 2',
        address: 'VKI Area, Jaipur',
        lat: 26.9124,
        lng: 75.7873,
        contactName: 'Vikram',
        contactPhone: loadingContact,
      },
    ],
    unloadingPoints: [
      {
        name: 'Okhla Depot',
        address: 'Okhla Phase 2, Delhi',
        lat: 28.5355,
        lng: 77.291,
        contactName: 'Sanjay',
        contactPhone: unloadingContact,
      },
    ],
    agreedPricePaisa: opts.agreedPricePaisa ?? 4_500_000,
    tokenAmountPaisa: token,
  });
  if (opts.fundEscrow !== false && token > 0) {
    await inTransaction(db, async (tx) =>
      postEntry(tx, {
        kind: 'TOKEN_PAYMENT',
        memo: 'test token',
        legs: [
          { account: { kind: 'PAYMENT_CLEARING', ownerId: 'TEST' }, amount: -token },
          { account: accounts.tokenEscrow(demandId), amount: token },
        ],
      }),
    );
  }
  return { tripId: id, demandId, operator, consigner, vehicle, loadingContact, unloadingContact };
}
