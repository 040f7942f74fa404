/**
 * Coalesces a load's leaderboard broadcasts (ADR 157): however many quotes land, each load gets at
 * most one event per interval, and the last change is always followed by an event computed after it
 * committed — so every screen ends on the database's final ranking.
 */
export class Coalescer {
  private readonly keys = new Map<string, { lastStart: number; timer?: NodeJS.Timeout; running: boolean; dirty: boolean }>();

  constructor(
    private readonly intervalMs: number,
    private readonly publish: (key: string) => Promise<void>,
    private readonly onError: (err: unknown, key: string) => void,
  ) {}

  /** Call after a change has committed. */
  changed(key: string) {
    let state = this.keys.get(key);
    if (!state) {
      state = { lastStart: 0, running: false, dirty: false };
      this.keys.set(key, state);
    }
    // a scheduled run reads after this commit; a running one may have read before it
    if (state.timer) return;
    if (state.running) {
      state.dirty = true;
      return;
    }
    this.schedule(key, state);
  }

  /** Changes waiting for their broadcast (tests). */
  pending() {
    return [...this.keys.values()].filter((s) => s.timer || s.running).length;
  }

  private schedule(key: string, state: { lastStart: number; timer?: NodeJS.Timeout; running: boolean; dirty: boolean }) {
    const delay = Math.max(0, state.lastStart + this.intervalMs - Date.now());
    state.timer = setTimeout(() => void this.run(key, state), delay);
    state.timer.unref();
  }

  private async run(key: string, state: { lastStart: number; timer?: NodeJS.Timeout; running: boolean; dirty: boolean }) {
    state.timer = undefined;
    state.running = true;
    state.dirty = false;
    state.lastStart = Date.now();
    try {
      await this.publish(key);
    } catch (err) {
      this.onError(err, key);
    } finally {
      state.running = false;
    }
    if (state.dirty) {
      this.schedule(key, state);
      return;
    }
    // forget a quiet load once its interval has passed, so the map holds only live auctions
    const forget = setTimeout(() => {
      if (!state.timer && !state.running && this.keys.get(key) === state) this.keys.delete(key);
    }, this.intervalMs);
    forget.unref();
  }
}
