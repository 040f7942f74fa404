import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db, SqlRunner } from '../db/client.ts';
import type { EventBus } from '../plugins/events.ts';
import type { Jobs } from '../plugins/jobs.ts';
import type { Notifier } from '../plugins/notifier.ts';
import type { Storage } from '../plugins/storage.ts';

/** The time source services read, so tests and jobs can pin "now" (ADR 085). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * Everything a service may reach: one object handed from the route (or job) to the service, so that
 * services never see Fastify and a test can build one without an HTTP server (ADR 085).
 */
export interface ServiceContext {
  db: Db;
  sql: SqlRunner;
  clock: Clock;
  events: EventBus;
  notifier: Notifier;
  storage: Storage;
  jobs: Jobs;
  config: Config;
  /** signs file URLs, download tokens and hashes codes */
  secret: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}
