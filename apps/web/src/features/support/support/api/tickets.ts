import {
  adminTicketListSchema,
  type CreateTicketRequest,
  type ResolveRequest,
  type SendMessageRequest,
  ticketDetailSchema,
  ticketListResponseSchema,
  ticketMessageSchema,
  ticketUploadResponseSchema,
} from '@bhada/contracts/support/support';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { putFile } from '../../../../lib/upload.ts';
import { supportKeys } from './support-keys.ts';

const V1 = '/api/rest/tesseract/v1/ticket';
const DESK = '/api/admin/tickets';
export const TICKETS_PAGE_SIZE = 20;

/** spec "GET /rest/tesseract/v1/ticket" (pageNo, pageSize). */
export const getTickets = (pageNo: number, signal?: AbortSignal) =>
  http.get(V1, { query: { pageNo, pageSize: TICKETS_PAGE_SIZE }, schema: ticketListResponseSchema, signal });
export const useTickets = (pageNo: number) =>
  useQuery({
    queryKey: supportKeys.tickets(pageNo),
    queryFn: ({ signal }) => getTickets(pageNo, signal),
    placeholderData: keepPreviousData,
  });

/** One ticket and its thread: the operator's own, or any for the desk. */
export const useTicket = (id: string | null, desk = false) =>
  useQuery({
    queryKey: desk ? supportKeys.deskTicket(id ?? '') : supportKeys.ticket(id ?? ''),
    queryFn: ({ signal }) => http.get(`${desk ? DESK : V1}/${encodeURIComponent(id ?? '')}`, { schema: ticketDetailSchema, signal }),
    enabled: Boolean(id),
  });

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTicketRequest) => http.post(V1, body, { schema: ticketDetailSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.all }),
  });
}

/** Uploads a photo through the ticket's signed URL and answers its key for the message. */
export async function uploadPhoto(ticketId: string, file: File, desk = false) {
  const issued = await http.post(
    `${desk ? DESK : V1}/${encodeURIComponent(ticketId)}/upload-url`,
    { fileName: file.name },
    { schema: ticketUploadResponseSchema },
  );
  await putFile(issued.url, file, issued.contentType);
  return issued.resourceKey;
}

export function useSendMessage(ticketId: string, desk = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ message, files }: { message: string; files: File[] }) => {
      const attachmentKeys: string[] = [];
      for (const f of files) attachmentKeys.push(await uploadPhoto(ticketId, f, desk));
      const body: SendMessageRequest = { message, attachmentKeys };
      return http.post(`${desk ? DESK : V1}/${encodeURIComponent(ticketId)}/messages`, body, { schema: ticketMessageSchema });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.all }),
  });
}

export function useCloseTicket(ticketId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.post(`${V1}/${encodeURIComponent(ticketId)}/close`, undefined, { schema: ticketDetailSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.all }),
  });
}

// ---------- the desk ----------

export const useDeskQueue = (status: string) =>
  useQuery({
    queryKey: supportKeys.desk(status),
    queryFn: ({ signal }) =>
      http.get(DESK, {
        query: { status: status === 'ALL' ? undefined : status, sort: 'oldest', pageSize: 50 },
        schema: adminTicketListSchema,
        signal,
      }),
  });

export function useDeskAction(ticketId: string) {
  const queryClient = useQueryClient();
  const done = () => queryClient.invalidateQueries({ queryKey: supportKeys.all });
  return {
    assign: useMutation({
      mutationFn: () => http.post(`${DESK}/${encodeURIComponent(ticketId)}/assign`, {}, { schema: ticketDetailSchema }),
      onSuccess: done,
    }),
    resolve: useMutation({
      mutationFn: (body: ResolveRequest) =>
        http.post(`${DESK}/${encodeURIComponent(ticketId)}/resolve`, body, { schema: ticketDetailSchema }),
      onSuccess: done,
    }),
  };
}
