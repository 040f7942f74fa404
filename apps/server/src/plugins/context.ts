import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { type Clock, type ServiceContext, systemClock } from '../lib/context.ts';
import { respectingPreferences } from '../modules/account/account/notification-preferences.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** the one object routes and jobs hand to services (ADR 085) */
    ctx: ServiceContext;
  }
}

/** Gathers the other plugins' ports into the service context; registered after them. */
export const contextPlugin = fp<{ config: Config; secret: string; clock?: Clock }>(
  async (app, opts) => {
    app.decorate('ctx', {
      db: app.db,
      sql: app.sql,
      clock: opts.clock ?? systemClock,
      events: app.events,
      notifier: respectingPreferences(app.notifier, app.db),
      storage: app.storage,
      jobs: app.jobs,
      config: opts.config,
      secret: opts.secret,
      log: app.log,
    });
  },
  { name: 'context', dependencies: ['database', 'events', 'storage', 'notifier', 'jobs'] },
);
