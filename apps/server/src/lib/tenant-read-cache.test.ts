import { describe, expect, it } from 'vitest';
import { TenantReadCache } from './tenant-read-cache.ts';

/** A load that answers when told to, counting its calls. */
function gate<T>(value: T) {
  let calls = 0;
  let release: () => void = () => {};
  const load = () => {
    calls++;
    return new Promise<T>((resolve) => {
      release = () => resolve(value);
    });
  };
  return { load, release: () => release(), calls: () => calls };
}

describe('TenantReadCache', () => {
  it('answers a tenant read from memory until that tenant is announced', async () => {
    const cache = new TenantReadCache();
    cache.setLive(true);
    let calls = 0;
    const load = async () => ({ n: ++calls });
    expect(await cache.read('OP1', 'roles', load)).toEqual({ n: 1 });
    expect(await cache.read('OP1', 'roles', load)).toEqual({ n: 1 });
    expect(await cache.read('OP2', 'roles', load)).toEqual({ n: 2 });
    cache.invalidate('o:OP1');
    expect(await cache.read('OP1', 'roles', load)).toEqual({ n: 3 });
    // other announcements on the channel are the session cache's
    for (const payload of ['s:SES1', 'u:OP2', 'r:OP2']) cache.invalidate(payload);
    expect(await cache.read('OP2', 'roles', load)).toEqual({ n: 2 });
  });

  it('keeps out a read that began before its tenant was announced, and shares loads under way', async () => {
    const cache = new TenantReadCache();
    cache.setLive(true);
    const stale = gate('old');
    const first = cache.read('OP1', 'roles', stale.load);
    const joined = cache.read('OP1', 'roles', stale.load);
    expect(stale.calls()).toBe(1);
    cache.forget('OP1');
    const fresh = gate('new');
    const after = cache.read('OP1', 'roles', fresh.load);
    stale.release();
    expect(await first).toBe('old');
    expect(await joined).toBe('old');
    fresh.release();
    expect(await after).toBe('new');
    expect(await cache.read('OP1', 'roles', async () => 'unused')).toBe('new');
  });

  it('another tenant announced meanwhile does not keep a read out', async () => {
    const cache = new TenantReadCache();
    cache.setLive(true);
    const g = gate('mine');
    const read = cache.read('OP1', 'roles', g.load);
    cache.invalidate('o:OP2');
    g.release();
    expect(await read).toBe('mine');
    expect(await cache.read('OP1', 'roles', async () => 'unused')).toBe('mine');
  });

  it('serves nothing while announcements are lost, and nothing read before they were found again', async () => {
    const cache = new TenantReadCache();
    let calls = 0;
    const load = async () => ++calls;
    expect(cache.isLive).toBe(false);
    expect(await cache.read('OP1', 'roles', load)).toBe(1);
    expect(await cache.read('OP1', 'roles', load)).toBe(2);
    cache.setLive(true);
    expect(cache.isLive).toBe(true);
    const g = gate(10);
    const read = cache.read('OP1', 'roles', g.load);
    cache.setLive(false);
    cache.setLive(true);
    g.release();
    expect(await read).toBe(10);
    expect(await cache.read('OP1', 'roles', load)).toBe(3);
    cache.setLive(false);
    expect(cache.isLive).toBe(false);
    expect(cache.size).toBe(0);
    expect(await cache.read('OP1', 'roles', load)).toBe(4);
  });

  it('reads again after its time to live and keeps at most its number of tenants', async () => {
    let now = 0;
    const cache = new TenantReadCache(2, 1000, () => now);
    cache.setLive(true);
    let calls = 0;
    const load = async () => ++calls;
    for (const tenant of ['A', 'B', 'C']) await cache.read(tenant, 'roles', load);
    expect(cache.size).toBe(2);
    expect(await cache.read('C', 'roles', load)).toBe(3);
    now = 1000;
    expect(await cache.read('C', 'roles', load)).toBe(3);
    now = 1001;
    expect(await cache.read('C', 'roles', load)).toBe(4);
    // A, the oldest, made room for C
    expect(await cache.read('A', 'roles', load)).toBe(5);
  });
});
