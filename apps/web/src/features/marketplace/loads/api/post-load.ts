import { loadRefSchema, type PostLoadRequest } from '@bhada/contracts/marketplace/loads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { loadsKeys } from './loads-keys.ts';

export function postLoad(body: PostLoadRequest) {
  return http.post('/api/rest/tesseract/v1/demand', body, { schema: loadRefSchema, quiet400: true });
}

export function usePostLoad() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postLoad,
    meta: { quiet: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: loadsKeys.all }),
  });
}
