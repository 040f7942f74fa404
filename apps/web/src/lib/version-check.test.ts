import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { checkForNewBuild } from './version-check.ts';

const answer = (buildDate: string) =>
  vi.fn<typeof fetch>().mockResolvedValue(new Response(JSON.stringify({ buildDate, version: '0.1.0' })));

describe('version check', () => {
  it('clears the query cache and reloads when the server build is newer', async () => {
    const reload = vi.fn();
    const queryClient = new QueryClient();
    queryClient.setQueryData(['users', 'roles'], []);
    const reloaded = await checkForNewBuild({
      localBuildDate: '2026-01-01T00:00:00Z',
      fetchImpl: answer('2026-02-01T00:00:00Z'),
      reload,
      clearCache: () => queryClient.clear(),
    });
    expect(reloaded).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(['users', 'roles'])).toBeUndefined();
  });

  it('does nothing when the running build is current', async () => {
    const reload = vi.fn();
    const fetchImpl = answer('2026-01-01T00:00:00Z');
    expect(await checkForNewBuild({ localBuildDate: '2026-01-01T00:00:00Z', fetchImpl, reload })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(String(fetchImpl.mock.calls[0]?.[0])).toMatch(/^\/build-info\.json\?_ts=\d+$/);
    expect(fetchImpl.mock.calls[0]?.[1]).toMatchObject({ cache: 'no-store' });
  });

  it('only logs when build-info cannot be fetched', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const reload = vi.fn();
    const fetchImpl = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('offline'));
    expect(await checkForNewBuild({ localBuildDate: '2026-01-01T00:00:00Z', fetchImpl, reload })).toBe(false);
    expect(warn).toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });
});
