import type { Actor } from '../../../plugins/auth.ts';

interface Entry {
  actor: Actor;
  roleId: string | null;
  lastSeenAt: number;
  cachedAt: number;
}

/**
 * The actors of recently seen tokens, per process (ADR 153). An entry is dropped when the database announces a
 * change to its session, its user or its role; the cache answers only while that announcement feed is
 * connected, and an entry older than `ttlMs` is read again anyway, so a missed announcement cannot outlive it.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** bumped by every invalidation: a read that started before one may not fill the cache */
  private generation = 0;
  private live = false;

  constructor(
    private readonly max = 10_000,
    private readonly ttlMs = 30_000,
  ) {}

  get size() {
    return this.entries.size;
  }

  /** Whether invalidations are arriving; without them nothing is served from or kept in the cache. */
  setLive(live: boolean) {
    this.live = live;
    this.generation++;
    if (!live) this.entries.clear();
  }

  /** Where a read begins: pass it to `put` so a change announced meanwhile keeps the stale read out. */
  mark(): number {
    return this.generation;
  }

  get(tokenHash: string, now: number): Entry | undefined {
    if (!this.live) return undefined;
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (now - entry.cachedAt > this.ttlMs) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry;
  }

  put(tokenHash: string, mark: number, value: { actor: Actor; roleId: string | null; lastSeenAt: number }, now: number) {
    if (!this.live || mark !== this.generation) return;
    if (this.entries.size >= this.max) {
      // the oldest insertion goes first
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(tokenHash, { ...value, cachedAt: now });
  }

  /**
   * Applies one announcement from the database: `s:<session id>`, `u:<user id>` or `r:<role id>` (`o:` is the
   * tenant read cache's); this
   * process's own writes also drop `c:<user code>` at once, before the database's announcement comes back.
   */
  invalidate(payload: string) {
    const kind = payload.slice(0, 2);
    // a tenant's account data changed (ADR 165): who a token stands for is announced apart, as u: or r:
    if (kind === 'o:') return;
    this.generation++;
    const id = payload.slice(2);
    const matches: (e: Entry) => boolean =
      kind === 's:'
        ? (e) => e.actor.sessionId === id
        : kind === 'u:'
          ? (e) => e.actor.userId === id
          : kind === 'r:'
            ? (e) => e.roleId === id
            : kind === 'c:'
              ? (e) => e.actor.userCode === id
              : () => true;
    for (const [key, entry] of this.entries) if (matches(entry)) this.entries.delete(key);
  }
}
