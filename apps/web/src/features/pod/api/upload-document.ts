import { type DocType, podFileSchema, podUploadUrlResponseSchema } from '@bhada/contracts/pod';
import { http } from '../../../lib/http.ts';

/** spec §7 upload-url: a signed PUT URL for one document of the trip */
export function getUploadUrl(body: { tripId: string; fileName: string; docType: DocType; clientKey?: string }) {
  return http.post('/api/odin/operator-app/upload-url', body, { schema: podUploadUrlResponseSchema, quiet400: true });
}

/**
 * PUTs the file to its signed URL with XMLHttpRequest, because fetch cannot report upload
 * progress; `onProgress` gets 0–100.
 */
export function putFile(
  url: string,
  file: Blob,
  contentType: string,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('content-type', contentType);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve();
      } else reject(new Error(xhr.status === 403 ? 'upload link expired' : `upload failed (${xhr.status})`));
    };
    xhr.onerror = () => reject(new Error('network error'));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(file);
  });
}

/** the server checks the uploaded bytes right away; a refused file comes back as an error */
export function confirmUpload(body: { tripId: string; resourceKey: string }) {
  return http.post('/api/odin/operator-app/upload-confirm', body, { schema: podFileSchema, quiet400: true });
}

export function removeUpload(body: { tripId: string; resourceKey: string }) {
  return http.post('/api/odin/operator-app/upload-remove', body, { quiet400: true });
}
