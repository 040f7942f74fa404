import { POLICY_TYPES } from '@bhada/contracts/account/account';

/** Public pages that explain the declarations (spec fastag §2.3) beside the policies proper. */
const INFO_PAGES = ['operator-tds-declaration', 'operator-undertaking'] as const;
export const PUBLIC_PAGES: readonly string[] = [...POLICY_TYPES, ...INFO_PAGES];

/** Which text a page shows: privacy and terms are one text each, addressed to the page's audience. */
export function contentOf(type: string): { key: string; audience?: string } | undefined {
  if (!PUBLIC_PAGES.includes(type)) return undefined;
  if (type.startsWith('privacy-')) return { key: 'privacy', audience: type.slice('privacy-'.length) };
  if (type === 'terms-of-use') return { key: 'terms', audience: 'general' };
  if (type.startsWith('terms-of-use-')) return { key: 'terms', audience: type.slice('terms-of-use-'.length) };
  return { key: type };
}
