import { subscriptionConfigSchema } from '@bhada/contracts/money/subscription';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { subscriptionKeys } from './subscription-keys.ts';

/** spec "GET /rest/tesseract/v1/config/subscription": the plan, my membership and my unpaid order. */
export const getSubscriptionConfig = (signal?: AbortSignal) =>
  http.get('/api/rest/tesseract/v1/config/subscription', { schema: subscriptionConfigSchema, signal });

export const subscriptionConfigQueryOptions = () =>
  queryOptions({ queryKey: subscriptionKeys.config(), queryFn: ({ signal }) => getSubscriptionConfig(signal) });

export const useSubscriptionConfig = () => useQuery(subscriptionConfigQueryOptions());
