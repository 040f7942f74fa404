import type { StatusScreen } from '@bhada/contracts/money/subscription';
import { paths } from '../../../lib/paths.ts';

/** The status screen's URL (spec: subscription-status?screen&validity). */
export function statusUrl(screen: StatusScreen, validity: string | null): string {
  const q = new URLSearchParams({ screen });
  if (validity) q.set('validity', validity);
  return `${paths.subscriptionStatus}?${q.toString()}`;
}
