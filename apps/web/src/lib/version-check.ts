/**
 * spec: fastag-payments-shell §4 — at start fetch the build-info file; if the server holds a newer
 * build than the one running, drop every cache and reload so nobody keeps using an old bundle.
 * A failed fetch is only logged (spec §8): the app goes on with what it has.
 */
export type BuildInfo = { buildDate: string; version?: string };

export type VersionCheckDeps = {
  localBuildDate?: string;
  /** drops the cached server data (the query client's cache) */
  clearCache?: () => void;
  reload?: () => void;
  fetchImpl?: typeof fetch;
};

export async function checkForNewBuild(deps: VersionCheckDeps = {}): Promise<boolean> {
  const local = deps.localBuildDate ?? import.meta.env.VITE_BUILD_DATE;
  const doFetch = deps.fetchImpl ?? fetch;
  try {
    const response = await doFetch(`/build-info.json?_ts=${Date.now()}`, { cache: 'no-store' });
    if (!response.ok) throw new Error(`build-info answered ${response.status}`);
    const remote = (await response.json()) as BuildInfo;
    const remoteTime = Date.parse(remote.buildDate);
    const localTime = local ? Date.parse(local) : Number.NaN;
    if (Number.isNaN(remoteTime) || Number.isNaN(localTime) || remoteTime <= localTime) return false;

    deps.clearCache?.();
    if (typeof caches !== 'undefined') {
      const keys = await caches.keys();
      await Promise.all(keys.map((key) => caches.delete(key)));
    }
    (deps.reload ?? (() => window.location.reload()))();
    return true;
  } catch (error) {
    console.warn('version check skipped:', error);
    return false;
  }
}
