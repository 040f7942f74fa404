import { EventEmitter } from 'node:events';
import { envelopeSchema } from '@bhada/contracts/common';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { AppError } from '../lib/errors.ts';
import { ok } from '../lib/reply.ts';
import { canonicalTopics, issueStreamTicket, readStreamTicket, STREAM_TICKET_SECONDS } from '../lib/stream-ticket.ts';
import { resolveSessionById } from '../modules/account/auth/auth.service.ts';
import { type Actor, actorOf } from './auth.ts';

export interface BusEvent {
  topic: string;
  type: string;
  data: unknown;
}

/** Publish and subscribe by topic; in-process by default, Redis pub/sub across processes. */
export interface EventBus {
  publish(event: BusEvent): Promise<void>;
  subscribe(topic: string, handler: (event: BusEvent) => void): () => void;
  close(): Promise<void>;
}

export function inProcessBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(event) {
      emitter.emit(event.topic, event);
    },
    subscribe(topic, handler) {
      emitter.on(topic, handler);
      return () => emitter.off(topic, handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * ioredis is loaded only when Redis is configured (ADR 169). Every channel carries the deployment's prefix
 * (REDIS_PREFIX, ADR 233): two deployments on one Redis never hear each other's events.
 */
export async function redisBus(url: string, prefix = ''): Promise<EventBus> {
  const { Redis } = await import('ioredis');
  const pub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const sub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const local = inProcessBus();
  const counts = new Map<string, number>();
  sub.on('message', (channel: string, message: string) => {
    if (!channel.startsWith(prefix)) return;
    try {
      void local.publish(JSON.parse(message) as BusEvent);
    } catch {
      // a malformed message from another process is dropped
    }
  });
  return {
    async publish(event) {
      await pub.publish(prefix + event.topic, JSON.stringify(event));
    },
    subscribe(topic, handler) {
      const n = counts.get(topic) ?? 0;
      counts.set(topic, n + 1);
      if (n === 0) void sub.subscribe(prefix + topic);
      const off = local.subscribe(topic, handler);
      return () => {
        off();
        const left = (counts.get(topic) ?? 1) - 1;
        counts.set(topic, left);
        if (left === 0) void sub.unsubscribe(prefix + topic);
      };
    },
    async close() {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}

const frames = new WeakMap<BusEvent, string>();

/** An event's SSE frame, serialised once however many streams carry it (ADR 157). */
export function frameOf(event: BusEvent): string {
  let frame = frames.get(event);
  if (frame === undefined) {
    frame = `event: ${event.type}\ndata: ${JSON.stringify({ topic: event.topic, ...((event.data as object) ?? {}) })}\n\n`;
    frames.set(event, frame);
  }
  return frame;
}

/**
 * Why the server ended a stream, sent as its last `closed` event: the session ended (logout, expiry, the
 * user removed), a permission or a record a topic needs was withdrawn, or the check itself could not run
 * (the page may then reopen the stream).
 */
export type StreamEnd = 'SESSION_ENDED' | 'ACCESS_WITHDRAWN' | 'CHECK_FAILED';

/** How often an open stream asks again whether its session may still follow its topics. */
export const STREAM_RECHECK_MS = 60_000;

/** Decides whether an actor may listen to `prefix:id`; each domain registers its own prefixes. */
export type TopicAuthorizer = (actor: Actor, id: string) => Promise<boolean>;

declare module 'fastify' {
  interface FastifyInstance {
    events: EventBus;
    authorizeTopic(prefix: string, check: TopicAuthorizer): void;
  }
}

const streamQuery = z.object({ topics: z.string().min(1, 'topics is required').max(2000), ticket: z.string().max(200).optional() });
const ticketBody = z.object({ topics: z.string().min(1, 'topics is required').max(2000) });
const ticketResponse = envelopeSchema(z.object({ ticket: z.string(), expiresInSeconds: z.number().int() }));

export const eventsPlugin = fp(
  async (app: FastifyInstance, opts: { redisUrl?: string; redisPrefix?: string; secret: string; recheckMs?: number }) => {
    const bus = opts.redisUrl ? await redisBus(opts.redisUrl, opts.redisPrefix) : inProcessBus();
    const authorizers = new Map<string, TopicAuthorizer>();
    app.decorate('events', bus);
    app.decorate('authorizeTopic', (prefix: string, check: TopicAuthorizer) => {
      authorizers.set(prefix, check);
    });
    // every user may follow its own notifications
    authorizers.set('user', async (actor, id) => actor.userCode === id);
    const open = new Set<() => void>();
    // streams end as soon as the server starts stopping (an open stream would hold the close forever);
    // the bus goes once nothing publishes any more
    app.addHook('preClose', async () => {
      for (const stop of open) stop();
    });
    app.addHook('onClose', async () => {
      await bus.close();
    });

    /** Whether every one of these topics is the actor's to follow. */
    const mayFollow = async (actor: Actor, list: readonly string[]) => {
      for (const topic of list) {
        const [prefix, ...rest] = topic.split(':');
        const check = prefix ? authorizers.get(prefix) : undefined;
        if (!check || !(await check(actor, rest.join(':')))) return topic;
      }
      return undefined;
    };

    /** The topics asked for, each checked against the actor; any topic not theirs is a 404. */
    const authorizedTopics = async (actor: Actor, topics: string) => {
      const list = canonicalTopics(topics).split(',').filter(Boolean).slice(0, 20);
      const refused = await mayFollow(actor, list);
      if (refused) throw new AppError('NOT_FOUND', `Unknown topic ${refused}`);
      return list;
    };

    /**
     * Why an open stream must end now, or undefined while its session still stands and may still follow every
     * topic: read afresh from the database, never from this process's session cache.
     */
    const endedBecause = async (sessionId: string, list: readonly string[]): Promise<StreamEnd | undefined> => {
      const now = await resolveSessionById(app.db, sessionId);
      if (!now) return 'SESSION_ENDED';
      if (await mayFollow(now, list)) return 'ACCESS_WITHDRAWN';
      return undefined;
    };
    const recheckMs = opts.recheckMs ?? STREAM_RECHECK_MS;

    // A browser's EventSource cannot send the token header, so the page first trades its session for a
    // short ticket that opens only these topics (ADR 091).
    app.post(
      '/api/events/ticket',
      {
        schema: {
          tags: ['events'],
          summary: 'A short-lived ticket that opens the event stream for these topics',
          body: ticketBody,
          response: { 200: ticketResponse },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const { topics } = ticketBody.parse(request.body);
        const list = await authorizedTopics(actor, topics);
        return ok({ ticket: issueStreamTicket(opts.secret, actor.sessionId, list.join(',')), expiresInSeconds: STREAM_TICKET_SECONDS });
      },
    );

    app.get('/api/events/stream', { schema: { hide: true } }, async (request, reply) => {
      const { topics, ticket } = streamQuery.parse(request.query);
      let actor = request.actor;
      if (!actor && ticket) {
        const sessionId = readStreamTicket(opts.secret, ticket, topics);
        actor = sessionId ? await resolveSessionById(app.db, sessionId) : null;
      }
      if (!actor) throw new AppError('UNAUTHENTICATED', 'Please log in again');
      const list = await authorizedTopics(actor, topics);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        // HTTP/2 forbids connection headers: its streams stay open by themselves (ADR 193)
        ...(request.raw.httpVersionMajor < 2 ? { connection: 'keep-alive' } : {}),
        'x-accel-buffering': 'no',
      });
      raw.write(`event: ready\ndata: ${JSON.stringify({ topics: list })}\n\n`);
      const offs = list.map((topic) =>
        bus.subscribe(topic, (event) => {
          raw.write(frameOf(event));
        }),
      );
      const ping = setInterval(() => raw.write(': ping\n\n'), 20_000);
      const holder = actor;
      // Whether the stream may go on is asked again whenever any process announces a change to this
      // session, its user or (for a sub-user) a role, and at least every `recheckMs` in case an
      // announcement was missed. Checks run one at a time; a failed check ends the stream, which the page
      // reopens through a fresh ticket (ADR 300).
      let checking: Promise<void> = Promise.resolve();
      const recheck = () => {
        checking = checking.then(async () => {
          if (!open.has(stop)) return;
          let reason: StreamEnd | undefined;
          try {
            reason = await endedBecause(holder.sessionId, list);
          } catch (err) {
            request.log.warn({ err }, 'event stream access check failed');
            reason = 'CHECK_FAILED';
          }
          if (reason) stop(reason);
        });
      };
      const offAccess = app.onAccessChange((payload) => {
        const id = payload.slice(2);
        const kind = payload.slice(0, 2);
        if (
          (kind === 's:' && id === holder.sessionId) ||
          (kind === 'u:' && id === holder.userId) ||
          (kind === 'r:' && holder.kind === 'SUBORDINATE')
        ) {
          recheck();
        }
      });
      const timer = setInterval(recheck, recheckMs);
      timer.unref();
      const stop = (reason?: StreamEnd) => {
        if (!open.delete(stop)) return;
        clearInterval(ping);
        clearInterval(timer);
        offAccess();
        for (const off of offs) off();
        if (reason) raw.write(`event: closed\ndata: ${JSON.stringify({ reason })}\n\n`);
        raw.end();
      };
      open.add(stop);
      request.raw.on('close', () => stop());
    });
  },
  { name: 'events', dependencies: ['auth'] },
);
