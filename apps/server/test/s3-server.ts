import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** A real S3-compatible server on a loopback port, for the storage tests; `npm test` and CI start it here. */
export async function startS3(bucket = 'bhada-test') {
  const directory = mkdtempSync(join(tmpdir(), 'bhada-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  const env = {
    S3_BUCKET: bucket,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: 'ap-south-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  return {
    env,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
