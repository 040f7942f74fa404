import {
  type AddVehicleRequest,
  compactVehicleSchema,
  type LookupKind,
  lookupResponseSchema,
  profileDocumentsSchema,
  uploadUrlResponseSchema,
  type VehicleDocType,
  vehicleListingSchema,
  vehicleListResponseSchema,
  viewUrlResponseSchema,
} from '@bhada/contracts/fleet/fleet';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { http, request } from '../../../../lib/http.ts';
import { fleetKeys } from './fleet-keys.ts';

const V1 = '/api/rest/tesseract/v1';

/** spec "GET /rest/tesseract/v1/operator/vehicles": the server writes heading and description in the locale header's language, so the language is part of the key */
export const useVehicles = (search: string, locale: string) =>
  useQuery({
    queryKey: fleetKeys.vehicles(search, locale),
    queryFn: ({ signal }) =>
      http.get(`${V1}/operator/vehicles`, {
        query: { search: search || undefined, pageSize: 100 },
        schema: vehicleListResponseSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** spec "operator/vehicles/list": the compact list for pickers */
export const useCompactVehicles = () =>
  useQuery({
    queryKey: fleetKeys.compact(),
    queryFn: ({ signal }) => http.get(`${V1}/operator/vehicles/list`, { schema: z.array(compactVehicleSchema), signal }),
  });

/** spec "lookups: tyre, size, tonnage, height" */
export const useLookup = (kind: LookupKind) =>
  useQuery({
    queryKey: fleetKeys.lookup(kind),
    queryFn: ({ signal }) => http.get(`${V1}/vehicle/lookup/${kind}`, { schema: lookupResponseSchema, signal }),
    staleTime: 3_600_000,
  });

export function useAddVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddVehicleRequest) =>
      http.post(`${V1}/operator/vehicles`, body, { schema: vehicleListingSchema, quiet400: true, keep409: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fleetKeys.all }),
  });
}

/** spec "vehicle document upload-url" */
export const getVehicleUploadUrl = (q: { vehicleId: string; fileName: string; docType: VehicleDocType }) =>
  http.get(`${V1}/operator/vehicle/document/upload-url`, { query: q, schema: uploadUrlResponseSchema, quiet400: true });

/** spec "PATCH /rest/tesseract/v1/operator/vehicles": attach the uploaded files; the server checks their bytes */
export const attachDocuments = (body: {
  vehicleId: string;
  documents: Array<{ docType: VehicleDocType; resourceKey: string; expiresOn?: string }>;
}) => request('PATCH', `${V1}/operator/vehicles`, { body, schema: vehicleListingSchema, quiet400: true });

/** spec "profile document upload-url" and the confirm after the PUT */
export const getProfileUploadUrl = (fileName: string) =>
  http.get(`${V1}/operator/profile/document/upload-url`, {
    query: { fileName, docType: 'ID_PROOF' },
    schema: uploadUrlResponseSchema,
    quiet400: true,
  });
export const confirmProfileDocument = (resourceKey: string) =>
  http.post(`${V1}/operator/profile/document`, { resourceKey }, { schema: profileDocumentsSchema, quiet400: true });
export const useProfileDocuments = () =>
  useQuery({
    queryKey: fleetKeys.profileDocs(),
    queryFn: ({ signal }) => http.get(`${V1}/operator/profile/documents`, { schema: profileDocumentsSchema, signal }),
  });

/** spec "document view-url/{id}" */
export const getDocumentViewUrl = (documentId: string) =>
  http.get(`${V1}/operator/document/view-url/${encodeURIComponent(documentId)}`, { schema: viewUrlResponseSchema });
