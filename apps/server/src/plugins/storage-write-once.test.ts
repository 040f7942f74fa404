import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { insertOperator, insertVehicle } from '../../test/factories.ts';
import { startS3 } from '../../test/s3-server.ts';
import { insertTrip } from '../modules/trips/trips/trips.test-factory.ts';

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe1]), Buffer.alloc(500, 1)]);
const HTML = Buffer.from('<html><script>alert(1)</script></html>');

let s3: Awaited<ReturnType<typeof startS3>>;
let onS3: TestApp;
let onDisk: TestApp;
beforeAll(async () => {
  s3 = await startS3();
  onS3 = await createTestApp(s3.env);
  onDisk = await createTestApp();
}, 60_000);
afterAll(async () => {
  await onS3?.close();
  await onDisk?.close();
  await s3?.close();
});

/** the PUT a browser makes: through the app on local disk, straight to the S3 server otherwise */
async function put(t: TestApp, url: string, body: Buffer, contentType = 'image/jpeg') {
  if (url.startsWith('/'))
    return (await t.app.inject({ method: 'PUT', url, payload: body, headers: { 'content-type': contentType } })).statusCode;
  return (await fetch(url, { method: 'PUT', body, headers: { 'content-type': contentType } })).status;
}
async function view(t: TestApp, url: string) {
  if (url.startsWith('/')) {
    const res = await t.app.inject({ method: 'GET', url });
    return {
      status: res.statusCode,
      type: res.headers['content-type'],
      disposition: res.headers['content-disposition'],
      body: res.rawPayload,
    };
  }
  const res = await fetch(url);
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    disposition: res.headers.get('content-disposition'),
    body: Buffer.from(await res.arrayBuffer()),
  };
}

describe.each([
  ['S3', () => onS3],
  ['local disk', () => onDisk],
])('write-once storage on %s', (_name, app) => {
  it('a submitted POD can never be replaced through its upload URL; the checked type is served', async () => {
    const t = app();
    const trip = await insertTrip(t.db, { state: 'UNLOADED' });
    const token = trip.operator.owner.token;
    const issued = await t.call({
      method: 'POST',
      url: '/api/odin/operator-app/upload-url',
      token,
      payload: { tripId: trip.tripId, fileName: 'photo.jpg', docType: 'POD' },
    });
    const { url, imgResourceKey: key } = issued.body.data;
    expect(await put(t, url, JPEG)).toBe(200);
    const submit = await t.call({
      method: 'POST',
      url: '/api/rest/tesseract/v1/trip/submit-pod',
      token,
      payload: { tripId: trip.tripId, podResourceKeys: [key] },
    });
    expect(submit.status).toBe(200);
    // S3 accepts the write (a presigned URL cannot be revoked) but it is never what is read or served
    await put(t, url, HTML, 'text/html').catch(() => 0);
    expect((await t.app.storage.read(key, 4))?.equals(JPEG.subarray(0, 4))).toBe(true);
    const seen = await view(t, await t.app.storage.viewUrl(key));
    expect(seen.status).toBe(200);
    expect(seen.type).toBe('image/jpeg');
    expect(seen.disposition).toMatch(/^inline; filename="[\w.-]+\.jpg"$/);
    expect(seen.body.equals(JPEG)).toBe(true);
  });

  it('an attached RC side can never be replaced through its upload URL', async () => {
    const t = app();
    const op = await insertOperator(t.db);
    const v = await insertVehicle(t.db, op.operatorId, { status: 'PENDING' });
    const issued = await t.call({
      method: 'GET',
      url: `/api/rest/tesseract/v1/operator/vehicle/document/upload-url?vehicleId=${v.id}&fileName=rc.jpg&docType=RC_FRONT`,
      token: op.owner.token,
    });
    expect(issued.status).toBe(200);
    const { url, resourceKey } = issued.body.data;
    expect(await put(t, url, JPEG)).toBe(200);
    const attached = await t.call({
      method: 'PATCH',
      url: '/api/rest/tesseract/v1/operator/vehicles',
      token: op.owner.token,
      payload: { vehicleId: v.id, documents: [{ docType: 'RC_FRONT', resourceKey }] },
    });
    expect(attached.status).toBe(200);
    await put(t, url, HTML, 'text/html').catch(() => 0);
    const seen = await view(t, await t.app.storage.viewUrl(resourceKey));
    expect(seen.type).toBe('image/jpeg');
    expect(seen.body.equals(JPEG)).toBe(true);
  });

  it('an upload URL is never signed for an immutable copy', async () => {
    await expect(app().app.storage.uploadUrl('sealed/pod/x/y.jpg', 'image/jpeg')).rejects.toThrow();
  });

  it('a file of HTML bytes under a .jpg name is never served as a page', async () => {
    const t = app();
    const url = await t.app.storage.uploadUrl('test/evil.jpg', 'image/jpeg');
    expect(await put(t, url, HTML)).toBe(200);
    const seen = await view(t, await t.app.storage.viewUrl('test/evil.jpg'));
    expect(seen.type === 'image/jpeg' || seen.type === 'application/octet-stream').toBe(true);
    expect(seen.type).not.toContain('html');
  });
});

describe('S3 upload URLs', () => {
  it('carry no checksum of an empty body', async () => {
    const url = await onS3.app.storage.uploadUrl('test/a.jpg', 'image/jpeg');
    expect(url).not.toMatch(/x-amz-checksum/i);
    expect(url).not.toContain('AAAAAA');
    expect(await put(onS3, url, JPEG)).toBe(200);
  });
});

describe('removed uploads on local disk', () => {
  it("a removed file's upload URL writes nothing more", async () => {
    const t = onDisk;
    const trip = await insertTrip(t.db, { state: 'UNLOADED' });
    const token = trip.operator.owner.token;
    const issued = await t.call({
      method: 'POST',
      url: '/api/odin/operator-app/upload-url',
      token,
      payload: { tripId: trip.tripId, fileName: 'photo.jpg', docType: 'POD' },
    });
    const { url, imgResourceKey: key } = issued.body.data;
    expect(await put(t, url, JPEG)).toBe(200);
    const removed = await t.call({
      method: 'POST',
      url: '/api/odin/operator-app/upload-remove',
      token,
      payload: { tripId: trip.tripId, resourceKey: key },
    });
    expect(removed.status).toBe(200);
    expect(await put(t, url, JPEG)).toBe(409);
    expect(await t.app.storage.size(key)).toBe(0);
  });
});

describe('stale uploads on S3', () => {
  it('the sweep deletes what a URL wrote after its file was sealed or removed, once the URL has expired', async () => {
    const storage = onS3.app.storage;
    const sealedUrl = await storage.uploadUrl('test/sealed-then-written.jpg', 'image/jpeg');
    expect(await put(onS3, sealedUrl, JPEG)).toBe(200);
    await storage.seal('test/sealed-then-written.jpg');
    expect(await put(onS3, sealedUrl, HTML, 'image/jpeg')).toBe(200);
    const removedUrl = await storage.uploadUrl('test/removed-then-written.jpg', 'image/jpeg');
    expect(await put(onS3, removedUrl, JPEG)).toBe(200);
    await storage.remove('test/removed-then-written.jpg');
    expect(await put(onS3, removedUrl, JPEG)).toBe(200);
    // markers younger than the bound are left: their URLs may still be in force
    expect(await storage.sweep(new Date(Date.now() - 60_000))).toBe(0);
    expect(await storage.sweep(new Date(Date.now() + 60_000))).toBeGreaterThanOrEqual(2);
    expect(await storage.size('test/removed-then-written.jpg')).toBeNull();
    // the sealed copy stays and is what is read
    expect((await storage.read('test/sealed-then-written.jpg', 4))?.equals(JPEG.subarray(0, 4))).toBe(true);
  });
});

describe('the open-files cap counts what may still be stored', () => {
  it('removing a file and asking again does not free a slot while its URL may still write', async () => {
    const t = onDisk;
    const trip = await insertTrip(t.db, { state: 'UNLOADED' });
    const token = trip.operator.owner.token;
    const ask = () =>
      t.call({
        method: 'POST',
        url: '/api/odin/operator-app/upload-url',
        token,
        payload: { tripId: trip.tripId, fileName: 'photo.jpg', docType: 'POD' },
      });
    for (let i = 0; i < 40; i++) {
      const issued = await ask();
      expect(issued.status).toBe(200);
      const removed = await t.call({
        method: 'POST',
        url: '/api/odin/operator-app/upload-remove',
        token,
        payload: { tripId: trip.tripId, resourceKey: issued.body.data.imgResourceKey },
      });
      expect(removed.status).toBe(200);
    }
    const refused = await ask();
    expect(refused.status).toBe(429);
  }, 60_000);
});
