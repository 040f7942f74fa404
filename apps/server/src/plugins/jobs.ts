import { IST_TIME_ZONE } from '@bhada/contracts/time';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.ts';

export type JobHandler<T> = (data: T) => Promise<void>;

/** Background work on pg-boss 10 over the same database (PGlite or PostgreSQL). */
export interface Jobs {
  enabled: boolean;
  /**
   * registers a queue and its worker; call during plugin registration. `batchSize` > 1: the worker fetches that
   * many jobs at once and runs them side by side (handlers that are safe to repeat: a failure retries the batch)
   */
  define<T extends object>(name: string, handler: JobHandler<T>, options?: { batchSize?: number }): void;
  send<T extends object>(name: string, data: T, opts?: { startAfter?: Date | number; singletonKey?: string }): Promise<void>;
  schedule(name: string, cron: string): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

function bossFor(database: Database): PgBoss {
  if (database.pool) return new PgBoss({ db: { executeSql: (text, values) => database.pool!.query(text, values) } });
  const sql = database.sql;
  return new PgBoss({
    db: {
      // pg-boss sends several statements at once without parameters: those go through exec()
      async executeSql(text: string, values: unknown[]) {
        if (!values?.length) {
          const client = database.pglite!;
          const results = await client.exec(text);
          return { rows: results.at(-1)?.rows ?? [] };
        }
        return sql.query(text, values);
      },
    },
  });
}

export const jobsPlugin = fp(
  async (app: FastifyInstance, opts: { enabled: boolean }) => {
    const handlers = new Map<string, JobHandler<object>>();
    const batchSizes = new Map<string, number>();
    const schedules: Array<[string, string]> = [];
    let boss: PgBoss | null = null;

    const jobs: Jobs = {
      enabled: opts.enabled,
      define(name, handler, defineOpts) {
        handlers.set(name, handler as JobHandler<object>);
        if (defineOpts?.batchSize && defineOpts.batchSize > 1) batchSizes.set(name, defineOpts.batchSize);
      },
      async send(name, data, sendOpts) {
        if (!boss) {
          // jobs disabled (tests): run the handler at once so behaviour stays observable
          const handler = handlers.get(name);
          if (handler && !sendOpts?.startAfter) await handler(data);
          return;
        }
        await boss.send(name, data, {
          startAfter: sendOpts?.startAfter instanceof Date ? sendOpts.startAfter : sendOpts?.startAfter,
          singletonKey: sendOpts?.singletonKey,
          retryLimit: 5,
          retryBackoff: true,
        });
      },
      schedule(name, cron) {
        schedules.push([name, cron]);
      },
    };
    app.decorate('jobs', jobs);

    if (!opts.enabled) return;
    app.addHook('onReady', async () => {
      boss = bossFor(app.database);
      boss.on('error', (err) => app.log.error({ err }, 'job queue error'));
      await boss.start();
      for (const [name, handler] of handlers) {
        await boss.createQueue(name);
        const batchSize = batchSizes.get(name);
        if (batchSize) {
          await boss.work<object>(name, { pollingIntervalSeconds: 0.5, batchSize }, async (batch) => {
            await Promise.all(batch.map((job) => handler(job.data)));
          });
          continue;
        }
        await boss.work<object>(name, { pollingIntervalSeconds: 2 }, async (batch) => {
          for (const job of batch) await handler(job.data);
        });
      }
      for (const [name, cron] of schedules) await boss.schedule(name, cron, {}, { tz: IST_TIME_ZONE });
    });
    app.addHook('onClose', async () => {
      await boss?.stop({ graceful: true, wait: true, timeout: 5000 });
    });
  },
  { name: 'jobs', dependencies: ['database'] },
);
