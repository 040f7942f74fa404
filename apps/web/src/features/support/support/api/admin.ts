import { adminRateCardListSchema, rateCardSchema, surveyListSchema } from '@bhada/contracts/support/support';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { supportKeys } from './support-keys.ts';

/** Admin: every survey with its answer counts per question. */
export const useSurveyResults = () =>
  useQuery({
    queryKey: [...supportKeys.all, 'survey-results'],
    queryFn: ({ signal }) => http.get('/api/admin/surveys', { schema: surveyListSchema, signal }),
  });

/** Admin: rate cards waiting for review. */
export const useRateCardQueue = () =>
  useQuery({
    queryKey: [...supportKeys.all, 'rate-card-queue'],
    queryFn: ({ signal }) =>
      http.get('/api/admin/rate-cards', { query: { status: 'SUBMITTED', pageSize: 100 }, schema: adminRateCardListSchema, signal }),
  });

export function useDecideRateCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: string; decision: 'APPROVED' | 'REJECTED'; reason?: string }) =>
      http.post(`/api/admin/rate-cards/${encodeURIComponent(id)}/decision`, { decision, reason }, { schema: rateCardSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.all }),
  });
}
