import { AppError } from '../lib/errors.ts';

/** Where files live: the browser uploads with a signed PUT URL and reads with a signed GET URL. */
export interface Storage {
  kind: 'local' | 's3';
  uploadUrl(key: string, contentType: string, expiresInSeconds?: number): Promise<string>;
  viewUrl(key: string, expiresInSeconds?: number): Promise<string>;
  exists(key: string): Promise<boolean>;
  /** the first `bytes` of a stored file (content checks), or null when it does not exist */
  read(key: string, bytes: number): Promise<Buffer | null>;
  /** size in bytes, or null when the file does not exist */
  size(key: string): Promise<number | null>;
  remove(key: string): Promise<void>;
  /** stores a file the server made (a built report, the demo seed's papers); uploads from users go through `uploadUrl` */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Copies an upload to its immutable key, which no upload URL is ever signed for; from then on reads and
   * views of `key` are of that copy. Call before checking the bytes, so what was checked is what is served
   * (ADR 224). Nothing happens when the upload has not arrived or was sealed before.
   */
  seal(key: string): Promise<void>;
  /**
   * Deletes what upload URLs wrote after their file was sealed or removed, once those URLs have expired
   * (`closedBefore`); answers how many objects went. Local disk refuses such writes, so it has none.
   */
  sweep(closedBefore: Date): Promise<number>;
}

/** a marker per upload key that no longer takes content: a write through its URL is swept */
export const CLOSED_PREFIX = 'closed/';
/** how long after closing an upload key its URL may still write: longer than any upload URL lives */
export const CLOSED_SWEEP_AFTER_MS = 20 * 60_000;
export const SWEEP_JOB = 'storage.sweep';

/** the prefix of immutable copies: an upload URL is never signed under it */
export const SEALED_PREFIX = 'sealed/';
export const sealedKey = (key: string) => `${SEALED_PREFIX}${key}`;

const VIEW_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heic: 'image/heic',
  heif: 'image/heic',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
const INLINE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'application/pdf']);

/**
 * The type and disposition a view is served with: the type the key's extension names (the only type its
 * bytes were allowed to be when checked), never what the uploader sent; anything else is a download.
 */
export function viewHeaders(key: string) {
  const name = (key.split('/').pop() ?? 'file').replace(/[^\w.-]/g, '_');
  const type = VIEW_TYPES[name.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
  return { type, disposition: `${INLINE_TYPES.has(type) ? 'inline' : 'attachment'}; filename="${name}"` };
}

const KEY_RE = /^[A-Za-z0-9][A-Za-z0-9._\-/]{0,300}$/;
export function assertKey(key: string) {
  if (!KEY_RE.test(key) || key.includes('..')) throw new AppError('VALIDATION_FAILED', 'Invalid file key');
}
/** an upload goes to a key of its own: never to an immutable copy */
export function assertUploadKey(key: string) {
  assertKey(key);
  if (key.startsWith(SEALED_PREFIX) || key.startsWith(CLOSED_PREFIX)) throw new AppError('VALIDATION_FAILED', 'Invalid file key');
}
