import { sharedFleetConfirmationSchema, shareLinkResponseSchema } from '@bhada/contracts/marketplace/tokens';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { tokensKeys } from './tokens-keys.ts';

/** ADR 142: a signed, expiring link to this load's public confirmation page. */
export const getShareLink = (demandId: string) =>
  http.get(`/api/rest/tesseract/v1/token/${encodeURIComponent(demandId)}/share-link`, { schema: shareLinkResponseSchema });

export const useShareLink = () => useMutation({ mutationFn: getShareLink, meta: { quiet: true } });

export type SharedLinkParams = { demandId: string; exp: string; sig: string };

/** The page behind the link: no session, the signature is the permission. */
export const sharedConfirmationQueryOptions = (p: SharedLinkParams) =>
  queryOptions({
    queryKey: [...tokensKeys.all, 'shared', p.demandId, p.exp, p.sig] as const,
    queryFn: ({ signal }) =>
      http.get('/api/public/fleet-load-confirmation', { query: p, schema: sharedFleetConfirmationSchema, signal, quiet400: true }),
    retry: false,
  });

export const useSharedConfirmation = (p: SharedLinkParams) => useQuery(sharedConfirmationQueryOptions(p));
