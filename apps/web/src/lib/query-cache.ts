/**
 * Clears the app's cached server data without loading the query library: the login page and the version
 * check run before any page that reads data, and TanStack Query stays out of the login page's JavaScript
 * (ADR 170). Nothing is cached before the query client exists, so until then there is nothing to clear.
 */
let clearer: (() => void) | undefined;

export function setQueryCacheClearer(clear: () => void): void {
  clearer = clear;
}

export function clearQueryCache(): void {
  clearer?.();
}
