import { surveyQueryResponseSchema } from '@bhada/contracts/support/support';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { supportKeys } from './support-keys.ts';

export const SURVEY = '/api/odin/operator-web/survey/question-response';

/** spec "GET /odin/operator-web/survey/question-response". */
export const useSurvey = (enabled = true) =>
  useQuery({
    queryKey: supportKeys.survey(),
    queryFn: ({ signal }) => http.get(SURVEY, { schema: surveyQueryResponseSchema, signal }),
    enabled,
  });
