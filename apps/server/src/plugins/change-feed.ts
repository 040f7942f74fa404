import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CHANGE_CHANNEL } from '../lib/kept-reads.ts';

/** How long to wait before following the database's announcements again after the feed was lost. */
const REFOLLOW_MS = 1_000;
/** A heartbeat's payload: `h:<process>:<n>`; no kept read listens for it. */
const HEARTBEAT = 'h:';

export interface ChangeFeed {
  /** whether announcements are known to arrive: the last heartbeat came back in time */
  readonly isLive: boolean;
}

/**
 * Follows the change announcements every kept read depends on (lib/kept-reads.ts) and proves the feed alive:
 * each `heartbeatMs` the process announces a heartbeat of its own and expects it back before the next. A
 * connection that breaks, or one that silently stops delivering, turns the kept reads off (`setLive(false)`:
 * every read then goes to the database) until the feed is followed anew and a heartbeat has come back.
 */
export async function followChangeFeed(
  app: FastifyInstance,
  opts: { heartbeatMs: number; announced: (payload: string) => void; setLive: (live: boolean) => void },
): Promise<ChangeFeed> {
  const self = randomUUID();
  let live = false;
  let closing = false;
  let stop: (() => Promise<void>) | undefined;
  let refollow: NodeJS.Timeout | undefined;
  let beat: NodeJS.Timeout | undefined;
  let sent = 0;
  let awaited: number | undefined;

  const setLive = (next: boolean) => {
    if (live === next) return;
    live = next;
    opts.setLive(next);
  };

  const onNotify = (payload: string) => {
    if (payload.startsWith(HEARTBEAT)) {
      if (payload === `${HEARTBEAT}${self}:${awaited}`) {
        awaited = undefined;
        if (!closing && stop) setLive(true);
      }
      return;
    }
    opts.announced(payload);
  };

  const lost = (err: Error) => {
    setLive(false);
    const listening = stop;
    stop = undefined;
    void listening?.().catch(() => {});
    if (closing) return;
    app.log.warn({ err: err.message }, 'kept reads paused: change announcements lost');
    clearTimeout(refollow);
    refollow = setTimeout(() => void follow(), REFOLLOW_MS);
    refollow.unref();
  };

  const heartbeat = async () => {
    if (closing || !stop) return;
    if (awaited !== undefined) return lost(new Error('a heartbeat did not come back in time'));
    awaited = ++sent;
    try {
      await app.sql.query('SELECT pg_notify($1, $2)', [CHANGE_CHANNEL, `${HEARTBEAT}${self}:${awaited}`]);
    } catch (err) {
      lost(err as Error);
    }
  };

  const follow = async () => {
    try {
      awaited = undefined;
      stop = await app.sql.listen(CHANGE_CHANNEL, onNotify, lost);
      if (closing) return void (await stop());
      // announcements may have been missed while the feed was down: kept reads start again from nothing
      setLive(true);
      await heartbeat();
    } catch (err) {
      lost(err as Error);
    }
  };

  await follow();
  beat = setInterval(() => void heartbeat(), opts.heartbeatMs);
  beat.unref();
  app.addHook('onClose', async () => {
    closing = true;
    clearTimeout(refollow);
    clearInterval(beat);
    setLive(false);
    await stop?.();
  });
  return {
    get isLive() {
      return live;
    },
  };
}
