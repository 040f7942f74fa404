import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { sniff } from '../../../lib/file-check.ts';
import { insertTrip } from '../trips/trips.test-factory.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // pg-pool's end() resolves before its sockets close; the harness's DROP DATABASE … FORCE then
  // kills them and an unheard pool 'error' would fail the run (harness issue reported)
  t.database.pool?.on('error', () => undefined);
});
afterAll(async () => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe1]), Buffer.alloc(500, 1)]);

async function issue(token: string, tripId: string, fileName: string, docType = 'POD') {
  return t.call({ method: 'POST', url: '/api/odin/operator-app/upload-url', token, payload: { tripId, fileName, docType } });
}
const put = (url: string, payload: Buffer, contentType = 'image/jpeg') =>
  t.app.inject({ method: 'PUT', url, payload, headers: { 'content-type': contentType } });

describe('POD uploads are checked by content', () => {
  it('refuses a file that claims to be a JPEG but is not, deletes it, and leaves the trip as it was', async () => {
    const trip = await insertTrip(t.db, { state: 'UNLOADED' });
    const token = trip.operator.owner.token;
    const issued = await issue(token, trip.tripId, 'photo.jpg');
    const key = issued.body.data.imgResourceKey;
    expect((await put(issued.body.data.url, Buffer.from('<html><script>alert(1)</script></html>'))).statusCode).toBe(200);
    const confirm = await t.call({
      method: 'POST',
      url: '/api/odin/operator-app/upload-confirm',
      token,
      payload: { tripId: trip.tripId, resourceKey: key },
    });
    expect(confirm.status).toBe(400);
    expect(confirm.body.errorCode).toBe('FILE_REJECTED');
    expect(await t.app.storage.exists(key)).toBe(false);
    const submit = await t.call({
      method: 'POST',
      url: '/api/rest/tesseract/v1/trip/submit-pod',
      token,
      payload: { tripId: trip.tripId, podResourceKeys: [key] },
    });
    expect(submit.status).toBe(400);
    const details = (await t.call({ method: 'GET', url: `/api/odin/operator-app/trip-pod-details?tripId=${trip.tripId}`, token })).body
      .data;
    expect(details).toMatchObject({ state: 'UNLOADED', pods: [] });
  });

  it('a PNG named .jpg is refused too: the content must be what the name claims', async () => {
    const trip = await insertTrip(t.db, { state: 'UNLOADED' });
    const token = trip.operator.owner.token;
    const issued = await issue(token, trip.tripId, 'photo.jpg');
    await put(issued.body.data.url, Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100)]));
    const submit = await t.call({
      method: 'POST',
      url: '/api/rest/tesseract/v1/trip/submit-pod',
      token,
      payload: { tripId: trip.tripId, podResourceKeys: [issued.body.data.imgResourceKey] },
    });
    expect(submit.status).toBe(400);
    expect(submit.body.errorCode).toBe('FILE_REJECTED');
  });

  it('refuses an oversized file at submission and deletes it', async () => {
    const trip = await insertTrip(t.db, { state: 'UNLOADED' });
    const token = trip.operator.owner.token;
    const issued = await issue(token, trip.tripId, 'huge.jpg');
    const big = Buffer.concat([JPEG, Buffer.alloc(10 * 1024 * 1024, 0)]);
    expect((await put(issued.body.data.url, big)).statusCode).toBe(200);
    const submit = await t.call({
      method: 'POST',
      url: '/api/rest/tesseract/v1/trip/submit-pod',
      token,
      payload: { tripId: trip.tripId, podResourceKeys: [issued.body.data.imgResourceKey] },
    });
    expect(submit.status).toBe(400);
    expect(submit.body.errorCode).toBe('FILE_TOO_LARGE');
    expect(await t.app.storage.exists(issued.body.data.imgResourceKey)).toBe(false);
  });

  it('cuts a streamed upload off at the limit with 413 and leaves no partial file (ADR 092)', async () => {
    const small = await createTestApp({ UPLOAD_MAX_BYTES: String(64 * 1024) });
    try {
      const trip = await insertTrip(small.db, { state: 'UNLOADED' });
      const issued = await small.call({
        method: 'POST',
        url: '/api/odin/operator-app/upload-url',
        token: trip.operator.owner.token,
        payload: { tripId: trip.tripId, fileName: 'huge.jpg', docType: 'POD' },
      });
      const res = await small.app.inject({
        method: 'PUT',
        url: issued.body.data.url,
        payload: Buffer.concat([JPEG, Buffer.alloc(256 * 1024, 0)]),
        headers: { 'content-type': 'image/jpeg' },
      });
      expect(res.statusCode).toBe(413);
      expect(await small.app.storage.exists(issued.body.data.imgResourceKey)).toBe(false);
    } finally {
      await small.close();
    }
  });

  it('an upload URL writes once: a checked photo cannot be replaced, and what is served is what the bytes are', async () => {
    const trip = await insertTrip(t.db, { state: 'UNLOADED' });
    const token = trip.operator.owner.token;
    const issued = await issue(token, trip.tripId, 'photo.jpg');
    expect((await put(issued.body.data.url, JPEG)).statusCode).toBe(200);
    const again = await put(issued.body.data.url, Buffer.from('<html><script>alert(1)</script></html>'), 'text/html');
    expect(again.statusCode).toBe(409);
    const view = await t.app.inject({ method: 'GET', url: await t.app.storage.viewUrl(issued.body.data.imgResourceKey) });
    expect(view.statusCode).toBe(200);
    expect(view.headers['content-type']).toBe('image/jpeg');
    expect(view.headers['x-content-type-options']).toBe('nosniff');
    expect(view.headers['content-disposition']).toMatch(/^inline; filename="[\w.-]+\.jpg"$/);
    expect(view.rawPayload.equals(JPEG)).toBe(true);
  });

  it('a file whose bytes are not an allowed type is served only as a download, never as a page', async () => {
    const trip = await insertTrip(t.db, { state: 'UNLOADED' });
    const issued = await issue(trip.operator.owner.token, trip.tripId, 'photo.jpg');
    await put(issued.body.data.url, Buffer.from('<html><script>alert(1)</script></html>'));
    const view = await t.app.inject({ method: 'GET', url: await t.app.storage.viewUrl(issued.body.data.imgResourceKey) });
    expect(view.headers['content-type']).toBe('application/octet-stream');
    expect(view.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('refuses path-like and disallowed file names, and never uses the name in the storage key', async () => {
    const trip = await insertTrip(t.db, { state: 'UNLOADED' });
    const token = trip.operator.owner.token;
    for (const name of ['../../etc/passwd.jpg', 'a/b.jpg', '..\\x.png', '.hidden.jpg', 'virus.exe', 'nodot']) {
      const res = await issue(token, trip.tripId, name);
      expect(res.status, name).toBe(400);
    }
    const ok = await issue(token, trip.tripId, 'My POD (1).JPG');
    expect(ok.status).toBe(200);
    expect(ok.body.data.imgResourceKey).not.toContain('My POD');
    expect(ok.body.data.imgResourceKey).toMatch(/^pod\/TRP-[A-Z0-9]+\/[A-Za-z0-9_-]{24}\.jpg$/);
  });

  it('a signed upload URL stops working after it expires, and a tampered one never works', async () => {
    const trip = await insertTrip(t.db, { state: 'UNLOADED' });
    const token = trip.operator.owner.token;
    const issued = await issue(token, trip.tripId, 'late.jpg');
    const url: string = issued.body.data.url;
    expect((await put(url.replace(/sig=[0-9a-f]{4}/, 'sig=0000'), JPEG)).statusCode).toBe(403);
    expect(
      (
        await put(
          url.replace(/exp=(\d+)/, (_m, e) => `exp=${Number(e) + 3600}`),
          JPEG,
        )
      ).statusCode,
    ).toBe(403);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 11 * 60_000);
      expect((await put(url, JPEG)).statusCode).toBe(403);
    } finally {
      vi.useRealTimers();
    }
    expect(await t.app.storage.exists(issued.body.data.imgResourceKey)).toBe(false);
  });

  it('POD uploads open only once the truck is unloaded', async () => {
    const trip = await insertTrip(t.db, { state: 'IN_TRANSIT' });
    const res = await issue(trip.operator.owner.token, trip.tripId, 'early.jpg');
    expect(res.status).toBe(422);
    const doc = await issue(trip.operator.owner.token, trip.tripId, 'lr.pdf', 'BILTI');
    expect(doc.status).toBe(200);
  });

  it('removes an upload by key before submission', async () => {
    const trip = await insertTrip(t.db, { state: 'UNLOADED' });
    const token = trip.operator.owner.token;
    const issued = await issue(token, trip.tripId, 'a.jpg');
    await put(issued.body.data.url, JPEG);
    const removed = await t.call({
      method: 'POST',
      url: '/api/odin/operator-app/upload-remove',
      token,
      payload: { tripId: trip.tripId, resourceKey: issued.body.data.imgResourceKey },
    });
    expect(removed.status).toBe(200);
    expect(await t.app.storage.exists(issued.body.data.imgResourceKey)).toBe(false);
  });

  it('attaches an invoice through its own signed URL and serves it only by a signed view URL', async () => {
    const trip = await insertTrip(t.db, { state: 'UNLOADED' });
    const token = trip.operator.owner.token;
    const up = await t.call({ method: 'GET', url: `/api/rest/tesseract/v2/trip/${trip.tripId}/invoice/upload-url?file=inv.pdf`, token });
    expect(up.status).toBe(200);
    await put(up.body.data.url, Buffer.from('%PDF-1.4\n%fake but starts right\n'), 'application/pdf');
    const patched = await t.call({
      method: 'PATCH',
      url: `/api/rest/tesseract/v2/trip/${trip.tripId}/invoice`,
      token,
      payload: { filePath: up.body.data.filePath, invoiceNumber: 'INV-42' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.message).toBe('Invoice Updated SuccessFully');
    const viewUrl = await t.call({
      method: 'GET',
      url: `/api/rest/tesseract/v2/trip/${trip.tripId}/invoice/view-url?filePath=${encodeURIComponent(up.body.data.filePath)}`,
      token,
    });
    const file = await t.app.inject({ method: 'GET', url: viewUrl.body.data.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect((await t.app.inject({ method: 'GET', url: `/api/files/view/${up.body.data.filePath}` })).statusCode).toBe(403);
    const deleted = await t.call({ method: 'DELETE', url: `/api/rest/tesseract/v2/trip/${trip.tripId}/invoice`, token });
    expect(deleted.body.message).toBe('Invoice deleted successfully');
  });
});

describe('content sniffing', () => {
  it('knows the allowed types by their first bytes', () => {
    expect(sniff(Buffer.from([0xff, 0xd8, 0xff, 0xdb]))).toBe('image/jpeg');
    expect(sniff(Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'))).toBe('image/webp');
    expect(sniff(Buffer.from('\0\0\0\x18ftypheic\0\0\0\0', 'latin1'))).toBe('image/heic');
    expect(sniff(Buffer.from('%PDF-1.7'))).toBe('application/pdf');
    expect(sniff(Buffer.from('GIF89a'))).toBeNull();
    expect(sniff(Buffer.alloc(0))).toBeNull();
  });
});

describe('a retried POD photo never duplicates (ADR 144)', () => {
  it('the same clientKey answers the same file, however often the phone asks and uploads', async () => {
    const trip = await insertTrip(t.db, { state: 'UNLOADED' });
    const token = trip.operator.owner.token;
    const ask = () =>
      t.call({
        method: 'POST',
        url: '/api/odin/operator-app/upload-url',
        token,
        payload: { tripId: trip.tripId, fileName: 'pod.jpg', docType: 'POD', clientKey: 'photo-5f1c2a9e-7d' },
      });
    const first = await ask();
    expect(first.body.data.alreadyUploaded).toBe(false);
    // the connection dropped before the upload: the phone asks again and gets the same file
    const second = await ask();
    expect(second.body.data).toMatchObject({ imgResourceKey: first.body.data.imgResourceKey, alreadyUploaded: false });
    expect((await put(second.body.data.url, JPEG)).statusCode).toBe(200);
    // it dropped after the bytes arrived: asked again, the server says so and a second copy is refused
    const after = await ask();
    expect(after.body.data).toMatchObject({ imgResourceKey: first.body.data.imgResourceKey, alreadyUploaded: true });
    expect((await put(after.body.data.url, JPEG)).statusCode).toBe(409);
    const confirm = () =>
      t.call({
        method: 'POST',
        url: '/api/odin/operator-app/upload-confirm',
        token,
        payload: { tripId: trip.tripId, resourceKey: first.body.data.imgResourceKey },
      });
    expect((await confirm()).status).toBe(200);
    expect((await confirm()).status).toBe(200);
    const third = await ask();
    expect(third.body.data.imgResourceKey).toBe(first.body.data.imgResourceKey);

    const { rows } = await t.database.sql.query<{ n: string | number }>(
      `SELECT count(*) AS n FROM trip_files WHERE trip_id = $1 AND doc_type = 'POD' AND status <> 'REMOVED'`,
      [trip.tripId],
    );
    expect(Number(rows[0]!.n)).toBe(1);

    // another photo (another key) is another file; another operator's same key is not this one
    const other = await t.call({
      method: 'POST',
      url: '/api/odin/operator-app/upload-url',
      token,
      payload: { tripId: trip.tripId, fileName: 'pod.jpg', docType: 'POD', clientKey: 'photo-0000aaaa-01' },
    });
    expect(other.body.data.imgResourceKey).not.toBe(first.body.data.imgResourceKey);
    const bad = await t.call({
      method: 'POST',
      url: '/api/odin/operator-app/upload-url',
      token,
      payload: { tripId: trip.tripId, fileName: 'pod.jpg', docType: 'POD', clientKey: '../../etc' },
    });
    expect(bad.status).toBe(400);
  });
});
