import type { UserKind } from '@bhada/contracts/account/auth';
import type { PermissionCode } from '@bhada/contracts/account/users';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';
import type { ConsignerCode, OperatorId } from '../lib/tenancy.ts';
import { TenantReadCache } from '../lib/tenant-read-cache.ts';
import { resolveSession } from '../modules/account/auth/auth.service.ts';
import { SessionCache } from '../modules/account/auth/session-cache.ts';
import { type ChangeFeed, followChangeFeed } from './change-feed.ts';

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
    /** whether the change announcements the kept reads depend on are arriving */
    changeFeed: ChangeFeed;
    /**
     * Hears every announcement that may change who a session stands for or what it may do (a session
     * ended `s:`, a user changed or removed `u:`, a role's permissions `r:`), from any process.
     */
    onAccessChange(listener: (payload: string) => void): () => void;
  }
}

/**
 * The session token comes only in the `token` header: a token in a URL ends up in logs, histories and
 * referrers. Event streams use a signed stream ticket and downloads a download token instead (ADR 091).
 */
export function tokenFrom(request: FastifyRequest): string | undefined {
  const header = request.headers.token;
  return typeof header === 'string' && header ? header : undefined;
}

/** The announcement kinds that can end a session or narrow what it may do (lib/kept-reads.ts). */
const ACCESS_KINDS = new Set(['s:', 'u:', 'r:']);

export const authPlugin = fp(
  async (app: FastifyInstance, opts: { heartbeatMs: number }) => {
    app.decorateRequest('actor', null);
    const cache = new SessionCache();
    app.decorate('sessionCache', cache);
    const reads = new TenantReadCache();
    app.decorate('tenantReads', reads);
    const accessListeners = new Set<(payload: string) => void>();
    app.decorate('onAccessChange', (listener: (payload: string) => void) => {
      accessListeners.add(listener);
      return () => accessListeners.delete(listener);
    });
    const setLive = (live: boolean) => {
      cache.setLive(live);
      reads.setLive(live);
    };

    // The caches serve only while the database's change announcements are known to arrive (a heartbeat proves
    // it); while they are not, every token and every read goes to the database (lib/kept-reads.ts).
    app.decorate(
      'changeFeed',
      await followChangeFeed(app, {
        heartbeatMs: opts.heartbeatMs,
        announced: (payload) => {
          cache.invalidate(payload);
          reads.invalidate(payload);
          if (ACCESS_KINDS.has(payload.slice(0, 2))) for (const listener of accessListeners) listener(payload);
        },
        setLive,
      }),
    );

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
