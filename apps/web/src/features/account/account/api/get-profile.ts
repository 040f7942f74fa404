import { profileSchema } from '@bhada/contracts/account/account';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { accountKeys } from './account-keys.ts';

const V1 = '/api/rest/tesseract/v1';

/** spec "GET /rest/tesseract/v1/profile" */
export const useProfile = (enabled = true) =>
  useQuery({
    queryKey: accountKeys.profile(),
    queryFn: ({ signal }) => http.get(`${V1}/profile`, { schema: profileSchema, signal }),
    enabled,
  });
