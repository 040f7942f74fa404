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

import { assertKey, assertUploadKey, CLOSED_SWEEP_AFTER_MS, SEALED_PREFIX, type Storage, SWEEP_JOB, sealedKey } from './storage-keys.ts';

export type { Storage } from './storage-keys.ts';
export { assertKey, CLOSED_PREFIX, CLOSED_SWEEP_AFTER_MS, SEALED_PREFIX, SWEEP_JOB, sealedKey, viewHeaders } from './storage-keys.ts';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

/** the sweep runs every ten minutes (when background jobs run) */
export function registerStorageSweep(app: FastifyInstance) {
  app.jobs.define(SWEEP_JOB, async () => {
    const swept = await app.storage.sweep(new Date(Date.now() - CLOSED_SWEEP_AFTER_MS));
    if (swept) app.log.info({ swept }, 'stale uploads swept');
  });
  app.jobs.schedule(SWEEP_JOB, '*/10 * * * *');
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
