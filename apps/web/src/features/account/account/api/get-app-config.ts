import { appConfigSchema } from '@bhada/contracts/account/account';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { accountKeys } from './account-keys.ts';

/** spec "GET /odin/operator-web/services/info/app-config" */
export const useAppConfig = (enabled = true) =>
  useQuery({
    queryKey: accountKeys.config(),
    queryFn: ({ signal }) => http.get('/api/odin/operator-web/services/info/app-config', { schema: appConfigSchema, signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
