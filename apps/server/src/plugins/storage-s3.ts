import type { Config } from '../config.ts';
import { assertKey, CLOSED_PREFIX, SEALED_PREFIX, type Storage, sealedKey, viewHeaders } from './storage-keys.ts';

/**
 * Storage on S3 or an S3-compatible server. The client is loaded only when S3 is configured: it is a large
 * part of the code a start would load (ADR 169). Uploads are write-once by copy (ADR 224): the checked
 * bytes live under an immutable key no upload URL is signed for, and every view names the checked type.
 */
export async function s3Storage(config: Config): Promise<Storage> {
  const { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } =
    await import('@aws-sdk/client-s3');
  const { getSignedUrl } = await import('@aws-sdk/s3-request-presigner');
  const client = new S3Client({
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: Boolean(config.S3_ENDPOINT),
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
    // a presigned upload carries no checksum of an empty body (x-amz-checksum-crc32=AAAAAA==), which the
    // browser's real body would never match and several S3-compatible servers refuse
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.S3_BUCKET as string;
  const head = async (Key: string) => {
    try {
      return (await client.send(new HeadObjectCommand({ Bucket, Key }))).ContentLength ?? 0;
    } catch {
      return null;
    }
  };
  /** the sealed copy when there is one; files stored before sealing existed are read where they are */
  const resolve = async (key: string) => ((await head(sealedKey(key))) !== null ? sealedKey(key) : key);
  const uploadKey = (key: string) => {
    assertKey(key);
    if (key.startsWith(SEALED_PREFIX) || key.startsWith(CLOSED_PREFIX)) throw new Error('an upload is never signed for an immutable key');
  };
  /** a presigned URL cannot be revoked: the key is marked, and the sweep deletes what its URL writes later */
  const close = (key: string) => client.send(new PutObjectCommand({ Bucket, Key: `${CLOSED_PREFIX}${key}`, Body: '' }));
  return {
    kind: 's3',
    async uploadUrl(key, contentType, ttl = 900) {
      uploadKey(key);
      return getSignedUrl(client, new PutObjectCommand({ Bucket, Key: key, ContentType: contentType }), { expiresIn: ttl });
    },
    async viewUrl(key, ttl = 3600) {
      assertKey(key);
      const { type, disposition } = viewHeaders(key);
      return getSignedUrl(
        client,
        new GetObjectCommand({ Bucket, Key: await resolve(key), ResponseContentType: type, ResponseContentDisposition: disposition }),
        { expiresIn: ttl },
      );
    },
    async exists(key) {
      return Boolean(await head(await resolve(key)));
    },
    async read(key, bytes) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: await resolve(key), Range: `bytes=0-${bytes - 1}` }));
        return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : null;
      } catch {
        return null;
      }
    },
    async size(key) {
      return head(await resolve(key));
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: sealedKey(key) })).catch(() => undefined);
      if (key.startsWith(SEALED_PREFIX)) return;
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      await close(key);
    },
    async put(key, body, contentType) {
      assertKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: sealedKey(key), Body: body, ContentType: contentType }));
    },
    async seal(key) {
      uploadKey(key);
      if ((await head(sealedKey(key))) !== null || !(await head(key))) return;
      await client.send(
        new CopyObjectCommand({ Bucket, Key: sealedKey(key), CopySource: `${Bucket}/${encodeURIComponent(key).replace(/%2F/g, '/')}` }),
      );
      // the upload is kept only as its copy; a write through a URL still in force after this is never served
      await client.send(new DeleteObjectCommand({ Bucket, Key: key })).catch(() => undefined);
      await close(key);
    },
    async sweep(closedBefore) {
      let swept = 0;
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: CLOSED_PREFIX, ContinuationToken: token }));
        for (const marker of page.Contents ?? []) {
          if (!marker.Key || !marker.LastModified || marker.LastModified >= closedBefore) continue;
          const key = marker.Key.slice(CLOSED_PREFIX.length);
          if ((await head(key)) !== null) {
            await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
            swept++;
          }
          await client.send(new DeleteObjectCommand({ Bucket, Key: marker.Key }));
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return swept;
    },
  };
}
