/**
 * The one way the portal sends a file to a signed upload URL (ADR 099). It PUTs with XMLHttpRequest
 * because fetch cannot report upload progress; `onProgress` gets whole percents 0–100 and 100 once
 * the store has the file. A refused PUT rejects: 403 means the signed link has expired.
 */
export function putFile(
  url: string,
  file: Blob,
  contentType: string,
  onProgress: (percent: number) => void = () => undefined,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('content-type', contentType);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve();
      } else reject(new Error(xhr.status === 403 ? 'upload link expired' : `upload failed (${xhr.status})`));
    };
    xhr.onerror = () => reject(new Error('network error'));
    xhr.onabort = () => reject(new DOMException('upload cancelled', 'AbortError'));
    if (signal?.aborted) {
      reject(new DOMException('upload cancelled', 'AbortError'));
      return;
    }
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
