import { describe, expectTypeOf, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { asOperatorId, type ConsignerCode, type OperatorId } from '../src/lib/tenancy.ts';
import * as demandsRepo from '../src/modules/marketplace/board/demands.repository.ts';
import * as fastagRepo from '../src/modules/money/fastag/fastag.repository.ts';
import * as quotesRepo from '../src/modules/marketplace/quotes/quotes.repository.ts';
import * as subscriptionRepo from '../src/modules/money/subscription/subscription.repository.ts';
import * as tokensRepo from '../src/modules/marketplace/tokens/tokens.repository.ts';
import * as tripsRepo from '../src/modules/trips/trips/trips.repository.ts';
import * as tripListsRepo from '../src/modules/trips/trips/trips-list.repository.ts';

/**
 * Tenancy lives in the types (ADR 086): these lines are checked by `npm run typecheck`; each
 * `@ts-expect-error` fails the check the day the mistake below it compiles again.
 */
describe('tenant ids in repository calls', () => {
  it('operator-scoped reads take a branded operator id, never a bare string or null', () => {
    expectTypeOf(tripsRepo.findTrip).parameter(1).toHaveProperty('operatorId').toEqualTypeOf<OperatorId>();
    expectTypeOf(tripListsRepo.listTrips).parameter(1).toHaveProperty('operatorId').toEqualTypeOf<OperatorId>();
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
      // @ts-expect-error a tag's settings change only with its operator
      await fastagRepo.updateTagSettings(db, { tagId, set: { autoRecharge: true } });
    };
    expectTypeOf(wrong).returns.resolves.toBeVoid();
  });

  it('the token, quote, membership and load repositories refuse a swapped or bare operator id too', () => {
    expectTypeOf(tokensRepo.findToken).parameter(1).toHaveProperty('operatorId').toEqualTypeOf<OperatorId>();
    expectTypeOf(quotesRepo.deleteQuote).parameter(1).toHaveProperty('operatorId').toEqualTypeOf<OperatorId>();
    expectTypeOf(demandsRepo.listDemands).parameter(1).toHaveProperty('consignerCode').toEqualTypeOf<ConsignerCode>();
    // never called: the body exists for the type checker
    const wrong = async (db: Db, operatorId: OperatorId, demandId: string, orderId: string, code: string) => {
      // @ts-expect-error a load id where the operator id goes
      await tokensRepo.findToken(db, { demandId: operatorId, operatorId: demandId });
      // @ts-expect-error the operator id is one named field, not a second positional argument
      await quotesRepo.deleteQuote(db, demandId, operatorId);
      // @ts-expect-error an order id where the operator id goes
      await subscriptionRepo.findOrder(db, { operatorId: orderId, orderId: operatorId });
      // @ts-expect-error a bare string is not a consigner code
      await demandsRepo.listDemands(db, { consignerCode: code, limit: 10, offset: 0 });
      // @ts-expect-error "every consigner" is listAllDemandsForAdmin, not a null consigner
      await demandsRepo.listDemands(db, { consignerCode: null, limit: 10, offset: 0 });
    };
    expectTypeOf(wrong).returns.resolves.toBeVoid();
  });
});
