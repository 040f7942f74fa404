import {
  type RateCardSaveRequest,
  type ReferralForm,
  rateCardListSchema,
  ratingStorySchema,
  referralFormResponseSchema,
  referralLinkSchema,
  type SurveySubmitRequest,
  trainingInfoResponseSchema,
  trainingStatusResponseSchema,
} from '@bhada/contracts/support/support';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { SURVEY } from './get-survey.ts';
import { supportKeys } from './support-keys.ts';

// the shell's feedback widget reads the survey on every page: it lives in a file of its own (ADR 170)
export { useSurvey } from './get-survey.ts';

const RATES = '/api/rest/tesseract/v1/operator/odvtRateCardStatus';

/** spec "POST /odin/operator-web/survey/question-response"; failures are shown by the page (spec §8). */
export function useSubmitSurvey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SurveySubmitRequest) => http.post(SURVEY, body, { quiet400: true }),
    meta: { quiet: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.survey() }),
  });
}

export const useRatingStory = () =>
  useQuery({
    queryKey: supportKeys.rating(),
    queryFn: ({ signal }) => http.get('/api/rest/tesseract/v1/operator/rating-story', { schema: ratingStorySchema, signal }),
  });

/** spec "GET /rest/tesseract/v1/config/rating/training-info" (page). */
export const useTrainingInfo = (page: number) =>
  useQuery({
    queryKey: supportKeys.training(page),
    queryFn: ({ signal }) =>
      http.get('/api/rest/tesseract/v1/config/rating/training-info', { query: { page }, schema: trainingInfoResponseSchema, signal }),
  });

/** spec "PUT /rest/tesseract/v1/config/training/status" (type, id). */
export const useCompleteTraining = () =>
  useMutation({
    mutationFn: ({ type, id }: { type: string; id: string }) =>
      http.put('/api/rest/tesseract/v1/config/training/status', undefined, {
        query: { type, id },
        schema: trainingStatusResponseSchema,
        quiet400: true,
      }),
    meta: { quiet: true },
  });

export const useRateCards = () =>
  useQuery({ queryKey: supportKeys.rateCards(), queryFn: ({ signal }) => http.get(RATES, { schema: rateCardListSchema, signal }) });

export function useSaveRateCards() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RateCardSaveRequest) => http.post(RATES, body, { schema: rateCardListSchema }),
    onSuccess: (data) => queryClient.setQueryData(supportKeys.rateCards(), data),
  });
}

/** spec "GET /shield/referral/link". */
export const useReferralLink = () =>
  useQuery({
    queryKey: supportKeys.referral(),
    queryFn: ({ signal }) => http.get('/api/shield/referral/link', { schema: referralLinkSchema, signal }),
  });

/** spec "POST /shield/referral/form-submit" (public). */
export const useJoinReferral = () =>
  useMutation({
    mutationFn: (body: ReferralForm) =>
      http.post('/api/shield/referral/form-submit', body, { schema: referralFormResponseSchema, quiet400: true }),
    meta: { quiet: true },
  });
