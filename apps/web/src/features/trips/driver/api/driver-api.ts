import { type DriverActionResult, type DriverTrip, driverActionResultSchema, driverTripSchema } from '@bhada/contracts/trips/driver';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, isApiError } from '../../../../lib/http.ts';
import { putFile } from '../../../../lib/upload.ts';
import type { OutboxItem, SendOutcome } from '../lib/outbox.ts';
import { photoStore } from '../lib/photo-store.ts';

const base = (token: string) => `/api/driver/${encodeURIComponent(token)}`;
const cacheKey = (token: string) => `bhada-driver-trip:${token.slice(0, 12)}`;

/** The trip as last seen, so the page opens without signal. */
export function cachedTrip(token: string): DriverTrip | undefined {
  try {
    const raw = window.localStorage.getItem(cacheKey(token));
    return raw ? driverTripSchema.parse(JSON.parse(raw)) : undefined;
  } catch {
    return undefined;
  }
}

export const driverKeys = { trip: (token: string) => ['driver', 'trip', token] as const };

export const driverTripQueryOptions = (token: string) =>
  queryOptions({
    queryKey: driverKeys.trip(token),
    queryFn: async ({ signal }) => {
      const trip = await http.get(`${base(token)}/trip`, { schema: driverTripSchema, signal, quiet400: true });
      try {
        window.localStorage.setItem(cacheKey(token), JSON.stringify(trip));
      } catch {
        // no room: the page still works online
      }
      return trip;
    },
    retry: (count, error) => count < 2 && (!isApiError(error) || error.status === 0),
  });

export const useDriverTrip = (token: string) =>
  useQuery({ ...driverTripQueryOptions(token), initialData: () => cachedTrip(token), initialDataUpdatedAt: 0 });

const uploadedKey = (token: string) => `bhada-driver-pod:${token.slice(0, 12)}`;
const uploadedKeys = (token: string): string[] => JSON.parse(window.localStorage.getItem(uploadedKey(token)) ?? '[]') as string[];
const addUploaded = (token: string, key: string) =>
  window.localStorage.setItem(uploadedKey(token), JSON.stringify([...new Set([...uploadedKeys(token), key])]));

async function sendPhoto(token: string, item: OutboxItem) {
  const photo = await photoStore.get(item.id);
  if (!photo) return;
  const issued = await http.post(
    `${base(token)}/pod/upload-url`,
    { actionId: item.id, happenedAt: item.body.happenedAt, fileName: photo.name },
    { schema: driverActionResultSchema, quiet400: true },
  );
  const upload = issued.upload;
  if (!upload) return;
  await putFile(upload.url, photo.blob, photo.type || 'image/jpeg').catch(() => {
    throw new TypeError('network');
  });
  await http.post(
    `${base(token)}/pod/confirm`,
    { actionId: item.id, happenedAt: item.body.happenedAt, resourceKey: upload.resourceKey },
    { quiet400: true },
  );
  addUploaded(token, upload.resourceKey);
  await photoStore.drop(item.id);
}

/** Sends one queued item; a lost connection, a busy server or a rate limit waits, a refusal is final. */
export async function sendItem(token: string, item: OutboxItem): Promise<SendOutcome & { result?: DriverActionResult }> {
  try {
    if (item.kind === 'pod') {
      if (item.body.submit) {
        const result = await http.post(
          `${base(token)}/pod/submit`,
          { actionId: item.id, happenedAt: item.body.happenedAt, podResourceKeys: uploadedKeys(token) },
          { schema: driverActionResultSchema, quiet400: true },
        );
        return { kind: 'sent', result };
      }
      await sendPhoto(token, item);
      return { kind: 'sent' };
    }
    const result = await http.post(`${base(token)}/${item.kind}`, item.body, {
      schema: driverActionResultSchema,
      quiet400: true,
      keep409: true,
    });
    return { kind: 'sent', result };
  } catch (error) {
    if (error instanceof TypeError) return { kind: 'offline' };
    if (!isApiError(error) || error.status === 0 || error.status === 429 || error.status >= 500) return { kind: 'offline' };
    return { kind: 'refused', code: error.errorCode };
  }
}
