import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { SqlRunner } from '../db/client.ts';

/**
 * Where the per-user and per-address request budget is counted (ADR 160). One process counts in its
 * own memory; several processes (WEB_CONCURRENCY, or several machines) must share one count, or N
 * processes would allow N times the budget.
 */
export type RateLimitStoreKind = 'memory' | 'database' | 'redis';

export function rateLimitStoreKind(config: { RATE_LIMIT_STORE?: RateLimitStoreKind; REDIS_URL?: string; WEB_CONCURRENCY: number }) {
  if (config.RATE_LIMIT_STORE) return config.RATE_LIMIT_STORE;
  if (config.REDIS_URL) return 'redis';
  return config.WEB_CONCURRENCY > 1 ? 'database' : 'memory';
}

type Counted = (err: Error | null, res?: { current: number; ttl: number }) => void;

/** the most hits one round trip takes ahead for a key, and the share of what is left of a budget it may take */
const MAX_AHEAD = 64;
const AHEAD_SHARE = 16;

/** Hits a process took from the shared count and hands out itself, within the window they were counted in. */
interface Lease {
  /** the shared count before this lease's hits */
  base: number;
  size: number;
  handed: number;
  endsAt: number;
}

/**
 * A fixed window per key in one UNLOGGED table (migration 0165): one upsert adds hits, starting a new window
 * when the old one has ended, and answers the count and the time left.
 *
 * A busy key does not cost a round trip per request (ADR 166): an upsert counts every request waiting for it
 * plus a few ahead, at most a sixteenth of what is left of the budget and never more than 64, which the
 * process then hands out itself. Every request is still counted once in the shared count; what is taken
 * ahead and not used before the window ends counts too, so a user may be refused slightly early, never late.
 * Near the limit nothing is taken ahead and every request makes its own round trip, as before.
 */
export function databaseStore(sql: SqlRunner): FastifyRateLimitStoreCtor {
  let sweptAt = Date.now();
  /** every store's leases (one store per route), swept together */
  const allLeases: Map<string, Lease>[] = [];
  class DatabaseStore implements FastifyRateLimitStore {
    private readonly leases = new Map<string, Lease>();
    private readonly waiting = new Map<string, Counted[]>();
    private readonly max: number | undefined;

    constructor(
      options?: unknown,
      private readonly prefix = '',
    ) {
      const max = (options as { max?: unknown } | undefined)?.max;
      // a budget worked out per request is not known ahead: nothing is taken ahead then
      this.max = typeof max === 'number' ? max : undefined;
      allLeases.push(this.leases);
    }

    incr(key: string, cb: Counted, timeWindow = 60_000) {
      const lease = this.leases.get(key);
      const now = Date.now();
      if (lease && lease.handed < lease.size && now < lease.endsAt) {
        lease.handed++;
        cb(null, { current: lease.base + lease.handed, ttl: lease.endsAt - now });
        return;
      }
      const waiting = this.waiting.get(key);
      if (waiting) {
        waiting.push(cb);
        return;
      }
      this.waiting.set(key, [cb]);
      this.take(key, timeWindow);
    }

    /** One round trip for every request waiting on `key`, plus the hits taken ahead. */
    private take(key: string, timeWindow: number) {
      const waiting = this.waiting.get(key)!;
      const last = this.leases.get(key);
      const left = this.max !== undefined && last ? this.max - (last.base + last.size) : 0;
      const ahead = Math.max(0, Math.min(MAX_AHEAD, Math.floor(left / AHEAD_SHARE)));
      const size = waiting.length + ahead;
      sql
        .query<{ hits: number | string; ttl: number | string }>(
          `INSERT INTO rate_limit_hits (key, window_ends_at, hits)
           VALUES ($1, clock_timestamp() + $2 * interval '1 millisecond', $3)
           ON CONFLICT (key) DO UPDATE SET
             hits = CASE WHEN rate_limit_hits.window_ends_at <= clock_timestamp() THEN $3 ELSE rate_limit_hits.hits + $3 END,
             window_ends_at = CASE WHEN rate_limit_hits.window_ends_at <= clock_timestamp()
               THEN EXCLUDED.window_ends_at ELSE rate_limit_hits.window_ends_at END
           RETURNING hits, greatest(0, ceil(extract(epoch FROM window_ends_at - clock_timestamp()) * 1000))::bigint AS ttl`,
          [this.prefix + key, timeWindow, size],
        )
        .then(
          ({ rows }) => {
            const ttl = Number(rows[0]!.ttl);
            const lease: Lease = { base: Number(rows[0]!.hits) - size, size, handed: 0, endsAt: Date.now() + ttl };
            this.leases.set(key, lease);
            // the requests counted by this round trip, in the order they came
            const served = waiting.splice(0, size);
            for (const cb of served) {
              lease.handed++;
              cb(null, { current: lease.base + lease.handed, ttl });
            }
            if (waiting.length) this.take(key, timeWindow);
            else this.waiting.delete(key);
          },
          (err: Error) => {
            this.waiting.delete(key);
            for (const cb of waiting) cb(err);
          },
        );
      // ended windows are only overwritten; sweep them now and then so the table and the leases stay small
      if (Date.now() - sweptAt > 10 * 60_000) {
        sweptAt = Date.now();
        const now = Date.now();
        for (const leases of allLeases) for (const [k, l] of leases) if (l.endsAt <= now) leases.delete(k);
        sql.query(`DELETE FROM rate_limit_hits WHERE window_ends_at < clock_timestamp() - interval '1 minute'`).catch(() => {});
      }
    }

    child(routeOptions: unknown) {
      const { routeInfo } = routeOptions as { routeInfo: { method: string; url: string } };
      return new DatabaseStore(routeOptions, `${this.prefix}${routeInfo.method}${routeInfo.url}-`);
    }
  }
  return DatabaseStore;
}

/** Redis for the count (the plugin's own store): a failing Redis does not stop requests (ADR 160). */
export async function redisClient(url: string) {
  // loaded only when Redis is configured (ADR 169)
  const { Redis } = await import('ioredis');
  return new Redis(url, { connectTimeout: 2000, maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false });
}
