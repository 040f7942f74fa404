import type { ServiceContext } from '../../../lib/context.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';
import * as repo from './account.repository.ts';

const DAY_MS = 86_400_000;

/** spec "POST /odin/operator-app/log-event": one client event (size bounded by its contract, rate-limited by its route). */
export async function logEvent(
  ctx: ServiceContext,
  p: {
    userId: string;
    operatorId: OperatorId | null;
    event: { name: string; screen?: string; properties?: Record<string, string | number | boolean | null> };
  },
): Promise<{ recorded: boolean }> {
  await repo.insertEvent(ctx.db, {
    userId: p.userId,
    operatorId: p.operatorId,
    name: p.event.name,
    screen: p.event.screen ?? null,
    properties: p.event.properties ?? null,
  });
  return { recorded: true };
}

/** For the admin: how often each event was logged in the last `days` days. */
export async function eventCountsForAdmin(ctx: ServiceContext, p: { days: number }) {
  return repo.countEventsSinceForAdmin(ctx.db, { since: new Date(ctx.clock.now().getTime() - p.days * DAY_MS) });
}
