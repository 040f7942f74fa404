interface Tenant {
  values: Map<string, { value: unknown; cachedAt: number }>;
  /** loads under way, shared by callers that arrive before they end */
  pending: Map<string, { mark: number; promise: Promise<unknown> }>;
  /** the generation of this tenant's last invalidation: a read marked before it may not fill */
  stamp: number;
}

/**
 * What a tenant's reads return, per process (ADR 165): a read is answered from memory until the database
 * announces a change to that tenant (`o:<operator id>` on the auth channel, migration 0166). The same rules
 * as the session cache (ADR 153): nothing is served or kept while the announcement feed is not live, a read
 * that began before an announcement of its tenant may not fill the cache, and an entry older than `ttlMs`
 * is read again anyway. Cached values are shared by every caller and must not be changed.
 */
export class TenantReadCache {
  private readonly tenants = new Map<string, Tenant>();
  private generation = 0;
  /** reads marked before this (a feed that was lost or found again) may not fill */
  private floor = 0;
  private live = false;

  constructor(
    private readonly maxTenants = 10_000,
    private readonly ttlMs = 30_000,
    private readonly clock: () => number = Date.now,
  ) {}

  get size() {
    return this.tenants.size;
  }

  /** Whether reads are kept at all: false while the announcement feed is lost (every read then loads). */
  get isLive() {
    return this.live;
  }

  setLive(live: boolean) {
    this.live = live;
    this.generation++;
    this.floor = this.generation;
    if (!live) this.tenants.clear();
  }

  /**
   * The value of the read `name` for `tenant`: from memory when the cache holds a current one, else
   * `load()`'s, which fills the cache unless the tenant changed while it ran.
   */
  async read<T>(tenant: string, name: string, load: () => Promise<T>): Promise<T> {
    if (!this.live) return load();
    const now = this.clock();
    let entry = this.tenants.get(tenant);
    const hit = entry?.values.get(name);
    if (hit) {
      if (now - hit.cachedAt <= this.ttlMs) return hit.value as T;
      entry?.values.delete(name);
    }
    if (!entry) entry = this.addTenant(tenant);
    const shared = entry.pending.get(name);
    if (shared && this.fills(entry, shared.mark)) return shared.promise as Promise<T>;

    const mark = this.generation;
    const promise = load();
    const own = { mark, promise };
    entry.pending.set(name, own);
    try {
      const value = await promise;
      // the tenant's record may have been evicted or the feed lost meanwhile: then the value is not kept
      if (this.live && this.tenants.get(tenant) === entry && this.fills(entry, mark)) entry.values.set(name, { value, cachedAt: now });
      return value;
    } finally {
      if (entry.pending.get(name) === own) entry.pending.delete(name);
    }
  }

  /** Applies one announcement from the auth channel; only `o:<tenant>` concerns this cache. */
  invalidate(payload: string) {
    if (!payload.startsWith('o:')) return;
    this.forget(payload.slice(2));
  }

  /** Drops a tenant's reads: this process's own writes call it at once, before the database's announcement. */
  forget(tenant: string) {
    this.generation++;
    const entry = this.tenants.get(tenant);
    if (!entry) return;
    entry.values.clear();
    entry.pending.clear();
    entry.stamp = this.generation;
  }

  private fills(entry: Tenant, mark: number) {
    return mark >= this.floor && mark >= entry.stamp;
  }

  private addTenant(tenant: string): Tenant {
    if (this.tenants.size >= this.maxTenants) {
      // the oldest tenant goes first; a load of its still under way finds its record gone and keeps nothing
      const oldest = this.tenants.keys().next().value;
      if (oldest !== undefined) this.tenants.delete(oldest);
    }
    const entry: Tenant = { values: new Map(), pending: new Map(), stamp: this.generation };
    this.tenants.set(tenant, entry);
    return entry;
  }
}
