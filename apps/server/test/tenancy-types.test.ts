import { describe, expectTypeOf, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { asOperatorId, type OperatorId } from '../src/lib/tenancy.ts';
import * as fastagRepo from '../src/modules/fastag/fastag.repository.ts';
import * as tripsRepo from '../src/modules/trips/trips.repository.ts';

/**
 * Tenancy lives in the types (ADR 086): these lines are checked by `npm run typecheck`; each
 * `@ts-expect-error` fails the check the day the mistake below it compiles again.
 */
describe('tenant ids in repository calls', () => {
  it('operator-scoped reads take a branded operator id, never a bare string or null', () => {
    expectTypeOf(tripsRepo.findTrip).parameter(1).toHaveProperty('operatorId').toEqualTypeOf<OperatorId>();
    expectTypeOf(tripsRepo.listTrips).parameter(1).toHaveProperty('operatorId').toEqualTypeOf<OperatorId>();
    expectTypeOf(fastagRepo.findTag).parameter(1).toHaveProperty('operatorId').toEqualTypeOf<OperatorId>();
    expectTypeOf<string>().not.toMatchTypeOf<OperatorId>();
    expectTypeOf(asOperatorId('OP1')).toEqualTypeOf<OperatorId>();
  });

  it('swapping the operator id and a resource id does not compile', () => {
    // never called: the body exists for the type checker
    const wrong = async (db: Db, operatorId: OperatorId, tripId: string, tagId: string) => {
      // @ts-expect-error a trip id where the operator id goes
      await tripsRepo.findTrip(db, { id: operatorId, operatorId: tripId });
      // @ts-expect-error "every operator" is a named admin query, not a null operator
      await tripsRepo.findTrip(db, { id: tripId, operatorId: null });
      // @ts-expect-error a tag id where the operator id goes
      await fastagRepo.findTag(db, { tagId: operatorId, operatorId: tagId });
      // @ts-expect-error the operator's transactions need the operator
      await fastagRepo.findTxn(db, { id: tagId });
    };
    expectTypeOf(wrong).returns.resolves.toBeVoid();
  });
});
