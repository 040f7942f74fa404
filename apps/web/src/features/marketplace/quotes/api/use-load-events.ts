import type { LoadDetail } from '@bhada/contracts/marketplace/loads';
import { leaderboardEventSchema } from '@bhada/contracts/marketplace/quotes';
import { useQueryClient } from '@tanstack/react-query';
import { useEventStream } from '../../../../lib/event-stream.ts';
import { useStored } from '../../../../lib/storage.ts';
import { quotesKeys } from './quotes-keys.ts';

/**
 * Follows `load:{demandId}` over SSE (ADR 022): a `leaderboard` event carries the anonymous ranking,
 * so the screen finds its own rank by its tag at once; a `state` event (award, payment) refetches.
 */
export function useLoadEvents(demandId: string, enabled: boolean): { live: boolean } {
  const queryClient = useQueryClient();
  const token = useStored('accessToken');

  const key = quotesKeys.load(demandId);
  return useEventStream(`load:${demandId}`, enabled && Boolean(token), {
    leaderboard: (message) => {
      const parsed = leaderboardEventSchema.safeParse(JSON.parse(message.data));
      if (!parsed.success) return;
      const event = parsed.data;
      queryClient.setQueryData<LoadDetail>(key, (current) => {
        if (!current) return current;
        const index = current.quote.leaderboard.tag ? event.ranking.indexOf(current.quote.leaderboard.tag) : -1;
        return {
          ...current,
          timeLeft: event.timeLeft,
          quote: {
            ...current.quote,
            timeLeft: event.timeLeft,
            leaderboard: {
              ...current.quote.leaderboard,
              rank: index >= 0 ? index + 1 : null,
              bidderCount: event.bidderCount,
              bestBand: event.bestBand,
            },
          },
        };
      });
      // my tag vanished (quote withdrawn elsewhere): the server knows best. Someone who has not quoted
      // needs nothing more than the counts the event carries, so a busy auction costs no extra reads.
      const mine = queryClient.getQueryData<LoadDetail>(key)?.quote.leaderboard;
      if (mine?.tag && mine.rank === null) void queryClient.invalidateQueries({ queryKey: key });
    },
    state: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
}
