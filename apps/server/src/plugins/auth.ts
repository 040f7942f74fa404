import type { UserKind } from '@bhada/contracts/auth';
import type { PermissionCode } from '@bhada/contracts/users';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';
import type { ConsignerCode, OperatorId } from '../lib/tenancy.ts';
import { TenantReadCache } from '../lib/tenant-read-cache.ts';
import { resolveSession } from '../modules/auth/auth.service.ts';
import { AUTH_CHANNEL, SessionCache } from '../modules/auth/session-cache.ts';

/** Who is calling: resolved once per request from the `token` header. */
export interface Actor {
  userId: string;
  userCode: string;
  sessionId: string;
  kind: UserKind;
  name: string;
  phone: string;
  locale: 'en' | 'hi';
  /** the operator an owner or subordinate acts for */
  operatorId: OperatorId | null;
  consignerCode: ConsignerCode | null;
  permissions: ReadonlySet<PermissionCode>;
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyInstance {
    /** this process's sessions and permissions (ADR 153) */
    sessionCache: SessionCache;
    /** this process's copies of operators' account reads, such as their roles (ADR 165) */
    tenantReads: TenantReadCache;
  }
}

/** How long to wait before following the database's announcements again after the connection broke. */
const RELISTEN_MS = 1_000;

/**
 * The session token comes only in the `token` header: a token in a URL ends up in logs, histories and
 * referrers. Event streams use a signed stream ticket and downloads a download token instead (ADR 091).
 */
export function tokenFrom(request: FastifyRequest): string | undefined {
  const header = request.headers.token;
  return typeof header === 'string' && header ? header : undefined;
}

export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('actor', null);
    const cache = new SessionCache();
    app.decorate('sessionCache', cache);
    const reads = new TenantReadCache();
    app.decorate('tenantReads', reads);
    const setLive = (live: boolean) => {
      cache.setLive(live);
      reads.setLive(live);
    };

    // The caches serve only while the database's change announcements arrive; when their connection breaks,
    // every token and every read goes to the database again until they are followed anew.
    let closing = false;
    let stop: (() => Promise<void>) | undefined;
    let retry: NodeJS.Timeout | undefined;
    const follow = async () => {
      try {
        const announced = (payload: string) => {
          cache.invalidate(payload);
          reads.invalidate(payload);
        };
        stop = await app.sql.listen(AUTH_CHANNEL, announced, lost);
        if (closing) await stop();
        else setLive(true);
      } catch (err) {
        lost(err as Error);
      }
    };
    const lost = (err: Error) => {
      setLive(false);
      if (closing) return;
      app.log.warn({ err: err.message }, 'session and read caches paused: change announcements lost');
      retry = setTimeout(() => void follow(), RELISTEN_MS);
      retry.unref();
    };
    await follow();
    app.addHook('onClose', async () => {
      closing = true;
      clearTimeout(retry);
      setLive(false);
      await stop?.();
    });

    app.addHook('onRequest', async (request) => {
      const token = tokenFrom(request);
      if (!token) return;
      request.actor = await resolveSession(app.db, token, new Date(), cache);
    });
  },
  { name: 'auth', dependencies: ['database'] },
);

/** The actor of an authenticated route (after a guard ran). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('UNAUTHENTICATED', 'Please log in again');
  return request.actor;
}

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export const requireAuth: Guard = async (request) => {
  actorOf(request);
};

/** The one permission guard every module uses: owners hold all their operator's permissions. */
export function requirePermission(...needed: PermissionCode[]): Guard {
  return async (request) => {
    const actor = actorOf(request);
    if (actor.kind === 'ADMIN') return;
    if (actor.kind !== 'OPERATOR' && actor.kind !== 'SUBORDINATE') {
      throw new AppError('FORBIDDEN', 'This is for truck operators only');
    }
    for (const p of needed) {
      if (!actor.permissions.has(p)) throw new AppError('FORBIDDEN', 'Your role does not allow this');
    }
  };
}

export function requireKind(...kinds: UserKind[]): Guard {
  return async (request) => {
    const actor = actorOf(request);
    if (!kinds.includes(actor.kind)) throw new AppError('FORBIDDEN', 'You are not allowed to do this');
  };
}

/** The operator an owner or subordinate acts for; other kinds are refused. */
export function operatorIdOf(actor: Actor): OperatorId {
  if (!actor.operatorId) throw new AppError('FORBIDDEN', 'This is for truck operators only');
  return actor.operatorId;
}
