import { type DocType, podFileSchema, podUploadUrlResponseSchema } from '@bhada/contracts/trips/pod';
import { http } from '../../../../lib/http.ts';

/** spec §7 upload-url: a signed PUT URL for one document of the trip */
export function getUploadUrl(body: { tripId: string; fileName: string; docType: DocType; clientKey?: string }) {
  return http.post('/api/odin/operator-app/upload-url', body, { schema: podUploadUrlResponseSchema, quiet400: true });
}

/** the server checks the uploaded bytes right away; a refused file comes back as an error */
export function confirmUpload(body: { tripId: string; resourceKey: string }) {
  return http.post('/api/odin/operator-app/upload-confirm', body, { schema: podFileSchema, quiet400: true });
}

export function removeUpload(body: { tripId: string; resourceKey: string }) {
  return http.post('/api/odin/operator-app/upload-remove', body, { quiet400: true });
}
