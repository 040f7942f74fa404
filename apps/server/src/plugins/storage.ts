import { once } from 'node:events';
import { createReadStream, createWriteStream, existsSync, constants as fsConstants, mkdirSync, statSync } from 'node:fs';
import { copyFile, open, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { Config } from '../config.ts';
import { hmac, safeEqual } from '../lib/crypto.ts';
import { AppError } from '../lib/errors.ts';
import { SNIFF_BYTES, sniff } from '../lib/file-check.ts';

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

/** the sweep runs every ten minutes (when background jobs run) */
export function registerStorageSweep(app: FastifyInstance) {
  app.jobs.define(SWEEP_JOB, async () => {
    const swept = await app.storage.sweep(new Date(Date.now() - CLOSED_SWEEP_AFTER_MS));
    if (swept) app.log.info({ swept }, 'stale uploads swept');
  });
  app.jobs.schedule(SWEEP_JOB, '*/10 * * * *');
}

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

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

const KEY_RE = /^[A-Za-z0-9][A-Za-z0-9._\-/]{0,300}$/;
export function assertKey(key: string) {
  if (!KEY_RE.test(key) || key.includes('..')) throw new AppError('VALIDATION_FAILED', 'Invalid file key');
}
/** an upload goes to a key of its own: never to an immutable copy */
function assertUploadKey(key: string) {
  assertKey(key);
  if (key.startsWith(SEALED_PREFIX) || key.startsWith(CLOSED_PREFIX)) throw new AppError('VALIDATION_FAILED', 'Invalid file key');
}

function localStorage(
  root: string,
  secret: string,
): Storage & { sign(op: string, key: string, exp: number): string; path(key: string): string } {
  mkdirSync(root, { recursive: true });
  const sign = (op: string, key: string, exp: number) => hmac(secret, `${op}\n${key}\n${exp}`);
  const url = (op: 'upload' | 'view', key: string, ttl: number) => {
    const exp = Math.floor(Date.now() / 1000) + ttl;
    return `/api/files/${op}/${key}?exp=${exp}&sig=${sign(op, key, exp)}`;
  };
  const path = (key: string) => normalize(join(root, key));
  /** the sealed copy when there is one; files stored before sealing existed are read where they are */
  const resolve = (key: string) => (existsSync(path(sealedKey(key))) ? sealedKey(key) : key);
  const sizeOf = (key: string) => {
    const p = path(resolve(key));
    return existsSync(p) ? statSync(p).size : null;
  };
  return {
    kind: 'local',
    sign,
    path,
    async uploadUrl(key, _contentType, ttl = 900) {
      assertUploadKey(key);
      return url('upload', key, ttl);
    },
    async viewUrl(key, ttl = 3600) {
      assertKey(key);
      return url('view', resolve(key), ttl);
    },
    async exists(key) {
      return Boolean(sizeOf(key));
    },
    async read(key, bytes) {
      assertKey(key);
      try {
        const handle = await open(path(resolve(key)), 'r');
        try {
          const buffer = Buffer.alloc(bytes);
          const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
          return buffer.subarray(0, bytesRead);
        } finally {
          await handle.close();
        }
      } catch {
        return null;
      }
    },
    async size(key) {
      assertKey(key);
      return sizeOf(key);
    },
    async remove(key) {
      assertKey(key);
      await rm(path(sealedKey(key)), { force: true });
      // an empty file stays at the upload key: the write-once upload route refuses its URL from now on
      if (!key.startsWith(SEALED_PREFIX)) {
        mkdirSync(dirname(path(key)), { recursive: true });
        await writeFile(path(key), '');
      }
    },
    async put(key, body) {
      assertKey(key);
      const target = path(sealedKey(key));
      mkdirSync(dirname(target), { recursive: true });
      await writeFile(target, body);
    },
    async seal(key) {
      assertUploadKey(key);
      const source = path(key);
      const target = path(sealedKey(key));
      if (existsSync(target) || !existsSync(source) || statSync(source).size === 0) return;
      mkdirSync(dirname(target), { recursive: true });
      try {
        await copyFile(source, target, fsConstants.COPYFILE_EXCL);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        return;
      }
      // the upload key keeps an empty file, so its URL stays refused and the bytes are stored once
      await writeFile(source, '');
    },
    async sweep() {
      return 0;
    },
  };
}

const signedQuery = z.object({ exp: z.coerce.number().int(), sig: z.string() });

/** Passes bytes through until `max`, then fails with 413: a streamed body is not held to Fastify's body limit. */
function limitBytes(max: number) {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > max) done(new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${Math.round(max / 1024 / 1024)} MB`));
      else done(null, chunk);
    },
  });
}

export const storagePlugin = fp(
  async (app: FastifyInstance, opts: { config: Config; secret: string }) => {
    if (opts.config.S3_BUCKET) {
      const { s3Storage } = await import('./storage-s3.ts');
      app.decorate('storage', await s3Storage(opts.config));
      return;
    }
    const local = localStorage(join(opts.config.DATA_DIR, 'files'), opts.secret);
    const MAX_UPLOAD_BYTES = opts.config.UPLOAD_MAX_BYTES;
    app.decorate('storage', local);

    const check = (op: string, key: string, query: unknown) => {
      const q = signedQuery.safeParse(query);
      if (!q.success || q.data.exp < Date.now() / 1000 || !safeEqual(local.sign(op, key, q.data.exp), q.data.sig)) {
        throw new AppError('FORBIDDEN', 'This link has expired or is not valid');
      }
    };

    // the signed-URL routes live in their own scope so the raw-body parser touches nothing else
    await app.register(async (files) => {
      files.addContentTypeParser('*', { bodyLimit: MAX_UPLOAD_BYTES }, (_req, payload, done) => done(null, payload));
      files.removeContentTypeParser(['application/json', 'text/plain']);
      files.addContentTypeParser(['application/json', 'text/plain'], (_req, payload, done) => done(null, payload));

      files.put('/api/files/upload/*', { schema: { hide: true }, bodyLimit: MAX_UPLOAD_BYTES }, async (request, reply) => {
        const key = (request.params as { '*': string })['*'];
        assertUploadKey(key);
        check('upload', key, request.query);
        const target = local.path(key);
        mkdirSync(dirname(target), { recursive: true });
        const body = request.body as NodeJS.ReadableStream | Buffer | string | undefined;
        const source =
          body && typeof body === 'object' && 'pipe' in body
            ? body
            : (async function* () {
                yield typeof body === 'string' ? Buffer.from(body) : (body ?? Buffer.alloc(0));
              })();
        // an upload URL writes once ('wx' fails when the file exists): a checked and submitted file can
        // never be replaced through the link that created it (ADR 092)
        let out: ReturnType<typeof createWriteStream>;
        try {
          out = createWriteStream(target, { flags: 'wx' });
          await once(out, 'open');
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw new AppError('CONFLICT', 'This upload link was already used');
          throw err;
        }
        try {
          await pipeline(source, limitBytes(MAX_UPLOAD_BYTES), out);
        } catch (err) {
          // cut off at the limit while streaming, or the client went away: no partial file stays behind
          await rm(target, { force: true });
          // let the rest of the body drain so the answer reaches the client
          if ('resume' in source && typeof source.resume === 'function') source.resume();
          if (err instanceof AppError) throw err;
          throw new AppError('VALIDATION_FAILED', 'The upload did not complete. Please try again.');
        }
        return reply.status(200).send({ success: true, data: { key }, errorCode: '200' });
      });

      files.get('/api/files/view/*', { schema: { hide: true } }, async (request, reply) => {
        const key = (request.params as { '*': string })['*'];
        assertKey(key);
        check('view', key, request.query);
        const path = local.path(key);
        if (!existsSync(path)) throw new AppError('NOT_FOUND', 'File not found');
        // the type served is what the bytes are, never what the name or the uploader claimed: anything not
        // an allowed image or PDF is a download, so a browser never renders it as a page (ADR 092)
        const head = await local.read(key, SNIFF_BYTES);
        const type = head ? sniff(head) : null;
        const name = key.split('/').pop() ?? 'file';
        reply.header('content-type', type ?? 'application/octet-stream');
        reply.header('content-disposition', `${type ? 'inline' : 'attachment'}; filename="${name.replace(/[^\w.-]/g, '_')}"`);
        reply.header('x-content-type-options', 'nosniff');
        reply.header('content-length', statSync(path).size);
        reply.header('cache-control', 'private, max-age=300');
        return reply.send(createReadStream(path));
      });
    });
  },
  { name: 'storage' },
);
