import {
  type TollFlagsQuery,
  tollFlagDisputeResponseSchema,
  tollFlagResponseSchema,
  tollFlagsResponseSchema,
} from '@bhada/contracts/money/fastag';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { fastagKeys } from './fastag-keys.ts';

type Filter = Pick<TollFlagsQuery, 'state'> & { vehicleId?: string };
const flagsKey = (filter: Filter) => [...fastagKeys.all, 'tollFlags', filter.state, filter.vehicleId ?? ''] as const;

export function getTollFlags(filter: Filter, signal?: AbortSignal) {
  return http.get('/api/fastag/tollFlags', {
    query: { state: filter.state, vehicleId: filter.vehicleId || undefined, pageSize: 100 },
    schema: tollFlagsResponseSchema,
    signal,
  });
}

export function useTollFlags(filter: Filter) {
  return useQuery({ queryKey: flagsKey(filter), queryFn: ({ signal }) => getTollFlags(filter, signal) });
}

function useFlagAction<T>(run: (vars: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...fastagKeys.all, 'tollFlags'] }),
  });
}

export const useDismissTollFlag = () =>
  useFlagAction(({ id, reason }: { id: string; reason: string }) =>
    http.post(`/api/fastag/tollFlags/${encodeURIComponent(id)}/dismiss`, { reason }, { schema: tollFlagResponseSchema }),
  );

export const useDisputeTollFlag = () =>
  useFlagAction((id: string) =>
    http.post(`/api/fastag/tollFlags/${encodeURIComponent(id)}/dispute`, {}, { schema: tollFlagDisputeResponseSchema }),
  );
