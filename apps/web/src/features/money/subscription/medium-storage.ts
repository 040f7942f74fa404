import { DEFAULT_MEDIUM, mediumSchema } from '@bhada/contracts/money/subscription';

/**
 * spec marketplace §4: "subscription medium held in session storage" — the page's `source` is kept
 * for this tab only, so a return from Add Money (which drops the query) still pays with it.
 */
const KEY = 'subscriptionMedium';

function session(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    // a locked-down webview: the medium then lives only in the URL
    return undefined;
  }
}

/** The medium for this visit: the page's source when given (and remembered), else the remembered one. */
export function resolveMedium(source: string | null): string {
  const parsed = mediumSchema.safeParse((source ?? '').replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 40));
  if (parsed.success) {
    session()?.setItem(KEY, parsed.data);
    return parsed.data;
  }
  return session()?.getItem(KEY) ?? DEFAULT_MEDIUM;
}
