import { demandDocumentsResponseSchema } from '@bhada/contracts/operations/operations';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';

/** spec marketplace §7 Consigner payment: GET demand/{code}/document — the demand's documents through signed view URLs. */
export const useDemandDocuments = (demandId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['consigner', 'documents', demandId],
    queryFn: () => http.get(`/api/consigner/demand/${encodeURIComponent(demandId)}/document`, { schema: demandDocumentsResponseSchema }),
    enabled,
  });
