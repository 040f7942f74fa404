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

/**
 * A fixed window per key in one UNLOGGED table (migration 0165): one upsert per counted request, which
 * starts a new window when the old one has ended and answers the count and the time left.
 */
export function databaseStore(sql: SqlRunner): FastifyRateLimitStoreCtor {
  let sweptAt = Date.now();
  class DatabaseStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, cb: (err: Error | null, res?: { current: number; ttl: number }) => void, timeWindow = 60_000) {
      sql
        .query<{ hits: number | string; ttl: number | string }>(
          `INSERT INTO rate_limit_hits (key, window_ends_at, hits)
           VALUES ($1, clock_timestamp() + $2 * interval '1 millisecond', 1)
           ON CONFLICT (key) DO UPDATE SET
             hits = CASE WHEN rate_limit_hits.window_ends_at <= clock_timestamp() THEN 1 ELSE rate_limit_hits.hits + 1 END,
             window_ends_at = CASE WHEN rate_limit_hits.window_ends_at <= clock_timestamp()
               THEN EXCLUDED.window_ends_at ELSE rate_limit_hits.window_ends_at END
           RETURNING hits, greatest(0, ceil(extract(epoch FROM window_ends_at - clock_timestamp()) * 1000))::bigint AS ttl`,
          [this.prefix + key, timeWindow],
        )
        .then(
          ({ rows }) => cb(null, { current: Number(rows[0]!.hits), ttl: Number(rows[0]!.ttl) }),
          (err: Error) => cb(err),
        );
      // ended windows are only overwritten; sweep them now and then so the table stays small
      if (Date.now() - sweptAt > 10 * 60_000) {
        sweptAt = Date.now();
        sql.query(`DELETE FROM rate_limit_hits WHERE window_ends_at < clock_timestamp() - interval '1 minute'`).catch(() => {});
      }
    }

    child(routeOptions: unknown) {
      const { routeInfo } = routeOptions as { routeInfo: { method: string; url: string } };
      return new DatabaseStore(undefined, `${this.prefix}${routeInfo.method}${routeInfo.url}-`);
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
