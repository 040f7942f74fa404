import type { FastifyInstance } from 'fastify';
import type { OperatorId } from '../../../lib/tenancy.ts';
import { type DriverDeps, linkForDriver } from './driver.service.ts';

/** What other areas call when a trip gets its driver, without importing this module (no module cycle). */
export interface DriverLinks {
  /** the trip has its driver, or a new one: the driver gets the trip's link (nothing when it is theirs already) */
  forDriver(ref: { tripId: string; operatorId: OperatorId }): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    driverLinks: DriverLinks;
  }
}

/** The driver service's dependencies from the app (the link's base address, the grace period). */
export function driverDeps(app: FastifyInstance, secret: string): DriverDeps {
  const config = app.ctx.config;
  return {
    db: app.db,
    storage: app.storage,
    notifier: app.notifier,
    events: app.events,
    config,
    log: app.log,
    secret,
    graceHours: config.DRIVER_LINK_GRACE_HOURS,
    publicUrl: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, ''),
  };
}

/** Decorates the app with the driver's-link hook; a failed text is logged and never fails the caller's change. */
export function registerDriverLinks(app: FastifyInstance, secret: string) {
  app.decorate('driverLinks', {
    async forDriver(ref) {
      await linkForDriver(driverDeps(app, secret), ref).catch((err: Error) =>
        app.log.warn({ err: err.message, tripId: ref.tripId }, 'driver link not sent'),
      );
    },
  } satisfies DriverLinks);
}
