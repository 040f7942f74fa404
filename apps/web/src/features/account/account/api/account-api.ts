import {
  type DeclarationRequest,
  declarationSchema,
  declarationsResponseSchema,
  type ProfileUpdate,
  profileSchema,
  type SettingsUpdate,
  settingsSchema,
} from '@bhada/contracts/account/account';
import { placeSearchResponseSchema } from '@bhada/contracts/account/places';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
// the shared client has no PATCH helper: the generic request does it
import { ApiError, buildHeaders, http, request } from '../../../../lib/http.ts';
import { storage } from '../../../../lib/storage.ts';
import { accountKeys } from './account-keys.ts';

// the shell reads these on every page: they live in files of their own, so it does not take this one (ADR 170)
export { accountKeys } from './account-keys.ts';
export { useAppConfig } from './get-app-config.ts';
export { useProfile } from './get-profile.ts';

const V1 = '/api/rest/tesseract/v1';
const TDS = '/api/odin/operator-app/v1/profile/tds-declaration';
const APP = '/api/odin/v2/map/app';

export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdate) => http.put(`${V1}/profile`, body, { schema: profileSchema, quiet400: true }),
    onSuccess: (data) => qc.setQueryData(accountKeys.profile(), data),
  });
}

/** spec "PATCH /rest/tesseract/v1/profile/operative" */
export function useSetOperative() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (operative: boolean) => request('PATCH', `${V1}/profile/operative`, { body: { operative }, schema: profileSchema }),
    onSuccess: (data) => qc.setQueryData(accountKeys.profile(), data),
  });
}

/** spec "GET /setting" */
export const useSettings = () =>
  useQuery({ queryKey: accountKeys.settings(), queryFn: ({ signal }) => http.get('/api/setting', { schema: settingsSchema, signal }) });

/** spec "POST /setting" */
export function useSaveSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingsUpdate) => http.post('/api/setting', body, { schema: settingsSchema, quiet400: true }),
    onSuccess: (data) => qc.setQueryData(accountKeys.settings(), data),
  });
}

/** spec "GET /odin/operator-app/v1/profile/tds-declaration" and the undertakings under /supply/operator/ */
export const useDeclarations = () =>
  useQuery({
    queryKey: accountKeys.declarations(),
    queryFn: async ({ signal }) => {
      const [tds, undertaking] = await Promise.all([
        http.get(TDS, { schema: declarationsResponseSchema, signal }),
        http.get('/api/supply/operator/undertaking', { schema: declarationsResponseSchema, signal }),
      ]);
      return {
        tdsDeclared: tds.tdsDeclared,
        undertakingDeclared: tds.undertakingDeclared,
        declarations: [...tds.declarations, ...undertaking.declarations],
      };
    },
  });

export function useFileDeclaration() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, body }: { kind: 'TDS_DECLARATION' | 'UNDERTAKING'; body: DeclarationRequest }) =>
      postDeclaration(kind === 'TDS_DECLARATION' ? TDS : '/api/supply/operator/undertaking', body),
    meta: { quiet: true },
    onSettled: () => qc.invalidateQueries({ queryKey: accountKeys.all }),
  });
}

/**
 * Files a declaration. Not through the shared client: its 409 rule reloads the page, and an overlapping
 * period (409) must stay on screen with the server's message (spec marketplace §8: response.data.message).
 */
async function postDeclaration(path: string, body: DeclarationRequest) {
  const response = await fetch(path, { method: 'POST', headers: buildHeaders(true), body: JSON.stringify(body) });
  const envelope = (await response.json().catch(() => undefined)) as
    | { success?: boolean; data?: unknown; message?: string; errorCode?: string; field?: string }
    | undefined;
  if (!response.ok || !envelope?.success) {
    throw new ApiError(response.status, envelope?.errorCode ?? 'INTERNAL', envelope?.message || 'Something went wrong', envelope?.field);
  }
  return declarationSchema.parse(envelope.data);
}

/** Downloads a signed declaration PDF with the session header (the file is the operator's own). */
export async function downloadDeclaration(pdfPath: string, filename: string): Promise<void> {
  const response = await fetch(pdfPath, { headers: { token: storage.get('accessToken') ?? '' } });
  if (!response.ok) throw new Error(String(response.status));
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** spec "GET /odin/v2/map/app/search (text, addressTypes)" */
export const usePlaceSearch = (text: string) =>
  useQuery({
    queryKey: accountKeys.search(text),
    queryFn: ({ signal }) => http.get(`${APP}/search`, { query: { text, limit: 10 }, schema: placeSearchResponseSchema, signal }),
    enabled: text.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
