import { normaliseVehicleNumber } from '@bhada/contracts/fleet/fleet';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { insertAdmin, insertOperator, insertSubordinate, insertVehicle } from '../../../../test/factories.ts';
import { fleetDocuments, vehicles } from '../../../db/schema/index.ts';
import { notifyExpiringDocuments } from './documents.service.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof insertAdmin>>;
beforeAll(async () => {
  t = await createTestApp();
  t.database.pool?.on('error', () => undefined);
  admin = await insertAdmin(t.db);
});
afterAll(async () => t.close());
afterEach(() => vi.useRealTimers());

const V1 = '/api/rest/tesseract/v1';
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(400, 7)]);
const put = (url: string, payload: Buffer) => t.app.inject({ method: 'PUT', url, payload, headers: { 'content-type': 'image/jpeg' } });
const vehicleBody = (number: string) => ({ number, bodyType: 'CONTAINER', tyreCount: 14, sizeInFeet: 32, tonnage: 25, height: 8 });
const countVehicles = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(vehicles))[0]?.n ?? 0;

/** Uploads a file as the vehicle's document of that type and attaches it. */
async function upload(token: string, vehicleId: string, docType: string, bytes = JPEG, expiresOn?: string) {
  const issued = await t.call({
    method: 'GET',
    url: `${V1}/operator/vehicle/document/upload-url?vehicleId=${vehicleId}&fileName=${docType.toLowerCase()}.jpg&docType=${docType}`,
    token,
  });
  expect(issued.status).toBe(200);
  expect((await put(issued.body.data.url, bytes)).statusCode).toBe(200);
  const attached = await t.call({
    method: 'PATCH',
    url: `${V1}/operator/vehicles`,
    token,
    payload: { vehicleId, documents: [{ docType, resourceKey: issued.body.data.resourceKey, expiresOn }] },
  });
  return { issued: issued.body.data, attached };
}

describe('registration numbers', () => {
  it('normalises state + RTO + series + number and the BH series; refuses what is not a plate', () => {
    expect(normaliseVehicleNumber('rj-14 ga 123')).toBe('RJ14GA0123');
    expect(normaliseVehicleNumber('MH 4 AB 1234')).toBe('MH04AB1234');
    expect(normaliseVehicleNumber('DL 1C 5')).toBe('DL01C0005');
    expect(normaliseVehicleNumber('22 BH 1234 AA')).toBe('22BH1234AA');
    for (const bad of ['RJ14 X', 'ABCD', '', 'XX14GA1234', 'RJ00GA1234', '22BH12AA', 'RJ14GAXX1234'])
      expect(normaliseVehicleNumber(bad)).toBeNull();
  });

  it('adding refuses invalid numbers with 400 and a clear message, storing nothing; a second vehicle with the number gets 409', async () => {
    const op = await insertOperator(t.db);
    const before = await countVehicles();
    for (const bad of ['RJ14 X', 'ABCD', '']) {
      const res = await t.call({ method: 'POST', url: `${V1}/operator/vehicles`, token: op.owner.token, payload: vehicleBody(bad) });
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toMatch(/vehicle number/i);
    }
    expect(await countVehicles()).toBe(before);

    const added = await t.call({
      method: 'POST',
      url: `${V1}/operator/vehicles`,
      token: op.owner.token,
      payload: vehicleBody('rj 14 ga 4321'),
    });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({
      number: 'RJ14GA4321',
      displayNumber: 'RJ 14 GA 4321',
      status: 'PENDING',
      docInfoStatus: 'NOT_UPLOADED',
      vehicleInputWidget: 'UPLOAD_RC',
      vehicleType: '32 FT Container',
    });
    const again = await t.call({
      method: 'POST',
      url: `${V1}/operator/vehicles`,
      token: op.owner.token,
      payload: vehicleBody('RJ14GA4321'),
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Vehicle RJ 14 GA 4321 is already registered');
    // another operator cannot register the same truck either
    const other = await insertOperator(t.db);
    expect(
      (await t.call({ method: 'POST', url: `${V1}/operator/vehicles`, token: other.owner.token, payload: vehicleBody('RJ14GA4321') }))
        .status,
    ).toBe(409);
    const bh = await t.call({ method: 'POST', url: `${V1}/operator/vehicles`, token: op.owner.token, payload: vehicleBody('23bh 0042 c') });
    expect(bh.status).toBe(200);
    expect(bh.body.data.number).toBe('23BH0042C');
    expect(await countVehicles()).toBe(before + 2);
  });

  it('takes body, tyres, size, tonnage and height only from the lookups served from the database', async () => {
    const op = await insertOperator(t.db);
    const tyres = await t.call({ method: 'GET', url: `${V1}/vehicle/lookup/tyre`, token: op.owner.token });
    expect(tyres.body.data.list.map((l: { value: number }) => l.value)).toContain(14);
    expect(tyres.body.data.list[0]).toMatchObject({ label: '6 tyres', labelHi: '6 टायर' });
    const heights = await t.call({ method: 'GET', url: `${V1}/vehicle/lookup/height`, token: op.owner.token });
    expect(heights.body.data.list.map((l: { value: number }) => l.value)).toContain(8.5);
    expect((await t.call({ method: 'GET', url: `${V1}/vehicle/lookup/colour`, token: op.owner.token })).status).toBe(400);
    const odd = await t.call({
      method: 'POST',
      url: `${V1}/operator/vehicles`,
      token: op.owner.token,
      payload: { ...vehicleBody('RJ14GA7777'), tyreCount: 13 },
    });
    expect(odd.status).toBe(400);
    expect(odd.body.field).toBe('tyreCount');
  });
});

describe('KYC documents and the admin review', () => {
  it('a fake JPEG as RC is refused and deleted; nothing is attached', async () => {
    const op = await insertOperator(t.db);
    const v = await insertVehicle(t.db, op.operatorId, { status: 'PENDING' });
    const { issued, attached } = await upload(op.owner.token, v.id, 'RC_FRONT', Buffer.from('<html>not a photo</html>'));
    expect(attached.status).toBe(400);
    expect(attached.body.errorCode).toBe('FILE_REJECTED');
    expect(await t.app.storage.exists(issued.resourceKey)).toBe(false);
    const listed = await t.call({ method: 'GET', url: `${V1}/vehicle?vehicleId=${v.id}`, token: op.owner.token });
    expect(listed.body.data).toMatchObject({ rcFrontResourceKey: null, docInfoStatus: 'NOT_UPLOADED' });
  });

  it('admin rejects then verifies; the operator sees REJECTED with the reason in English and Hindi, then VERIFIED', async () => {
    const op = await insertOperator(t.db);
    const v = await insertVehicle(t.db, op.operatorId, { status: 'PENDING' });
    const front = await upload(op.owner.token, v.id, 'RC_FRONT');
    expect(front.attached.status).toBe(200);
    const back = await upload(op.owner.token, v.id, 'RC_BACK');
    expect(back.attached.body.data).toMatchObject({
      status: 'PENDING',
      docInfoStatus: 'PENDING',
      rcFrontResourceKey: front.issued.resourceKey,
    });

    const queue = await t.call({ method: 'GET', url: '/api/admin/fleet/documents?status=PENDING', token: admin.token });
    const mine = queue.body.data.filter((d: { vehicleId: string }) => d.vehicleId === v.id);
    expect(mine).toHaveLength(2);
    expect(mine[0].viewUrl).toMatch(/^\/api\/files\/view\//);

    const bad = await t.call({
      method: 'POST',
      url: `/api/admin/fleet/documents/${back.issued.documentId}/reject`,
      token: admin.token,
      payload: { reason: '' },
    });
    expect(bad.status).toBe(400);
    const rejected = await t.call({
      method: 'POST',
      url: `/api/admin/fleet/documents/${back.issued.documentId}/reject`,
      token: admin.token,
      payload: { reason: 'RC back photo is blurred' },
    });
    expect(rejected.status).toBe(200);
    const en = await t.call({ method: 'GET', url: `${V1}/operator/vehicles`, token: op.owner.token });
    expect(en.body.data.list[0]).toMatchObject({
      status: 'REJECTED',
      statusHi: 'अस्वीकृत',
      rejectReason: 'RC back photo is blurred',
      heading: 'Documents rejected',
      vehicleInputWidget: 'REUPLOAD_RC',
      sortScore: 0,
    });
    const hi = await t.call({ method: 'GET', url: `${V1}/operator/vehicles`, token: op.owner.token, headers: { locale: 'hi' } });
    expect(hi.body.data.list[0].heading).toBe('दस्तावेज़ अस्वीकृत');
    expect(hi.body.data.list[0].description).toContain('RC back photo is blurred');
    // reviewed once: a second decision is a conflict
    expect(
      (await t.call({ method: 'POST', url: `/api/admin/fleet/documents/${back.issued.documentId}/verify`, token: admin.token })).status,
    ).toBe(409);

    const again = await upload(op.owner.token, v.id, 'RC_BACK');
    expect(again.attached.body.data.status).toBe('PENDING');
    for (const id of [front.issued.documentId, again.issued.documentId]) {
      expect((await t.call({ method: 'POST', url: `/api/admin/fleet/documents/${id}/verify`, token: admin.token })).status).toBe(200);
    }
    const done = await t.call({ method: 'GET', url: `${V1}/vehicle?vehicleId=${v.id}`, token: op.owner.token, headers: { locale: 'hi' } });
    expect(done.body.data).toMatchObject({
      status: 'VERIFIED',
      statusHi: 'सत्यापित',
      docInfoStatus: 'VERIFIED',
      rejectReason: null,
      heading: 'सत्यापित',
    });
    // the operator may not review
    expect(
      (await t.call({ method: 'POST', url: `/api/admin/fleet/documents/${front.issued.documentId}/verify`, token: op.owner.token })).status,
    ).toBe(403);
  });

  it('view URLs: signed and short-lived; a tampered or expired one is refused; another operator gets 404', async () => {
    const op = await insertOperator(t.db);
    const v = await insertVehicle(t.db, op.operatorId);
    const { issued } = await upload(op.owner.token, v.id, 'RC_FRONT');
    const view = await t.call({ method: 'GET', url: `${V1}/operator/document/view-url/${issued.documentId}`, token: op.owner.token });
    expect(view.status).toBe(200);
    const url: string = view.body.data.url;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: url.replace(/sig=[0-9a-f]{4}/, 'sig=0000') })).statusCode).toBe(403);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 16 * 60_000);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(403);
    } finally {
      vi.useRealTimers();
    }
    const byType = await t.call({
      method: 'GET',
      url: `${V1}/operator/vehicle/document/view-url?vehicleId=${v.id}&docType=RC_FRONT`,
      token: op.owner.token,
    });
    expect(byType.body.data.documentId).toBe(issued.documentId);

    const other = await insertOperator(t.db);
    const tok = other.owner.token;
    for (const url of [
      `${V1}/operator/document/view-url/${issued.documentId}`,
      `${V1}/operator/vehicle/document/view-url?vehicleId=${v.id}&docType=RC_FRONT`,
      `${V1}/operator/vehicle/document/upload-url?vehicleId=${v.id}&fileName=a.jpg&docType=RC_FRONT`,
      `${V1}/vehicle?vehicleId=${v.id}`,
      `${V1}/vehicle?number=${v.number}`,
      `${V1}/vehicle/${v.id}/gps-eligibility`,
      `/api/fleet/map/${v.id}`,
    ]) {
      expect((await t.call({ method: 'GET', url, token: tok })).status, url).toBe(404);
    }
    const patch = await t.call({
      method: 'PATCH',
      url: `${V1}/operator/vehicles`,
      token: tok,
      payload: { vehicleId: v.id, documents: [{ docType: 'RC_FRONT', resourceKey: issued.resourceKey }] },
    });
    expect(patch.status).toBe(404);
    const upd = await t.call({ method: 'PUT', url: `${V1}/operator/update-vehicle`, token: tok, payload: { vehicleId: v.id, tonnage: 9 } });
    expect(upd.status).toBe(404);
    expect((await t.call({ method: 'POST', url: `${V1}/vehicle/${v.id}/install-gps`, token: tok, payload: {} })).status).toBe(404);
    expect((await t.call({ method: 'GET', url: `${V1}/operator/vehicles`, token: tok })).body.data).toMatchObject({
      list: [],
      totalCount: 0,
      noData: true,
    });
  });

  it('upload URLs not yet attached are capped per operator', async () => {
    const op = await insertOperator(t.db);
    const v = await insertVehicle(t.db, op.operatorId);
    const url = `${V1}/operator/vehicle/document/upload-url?vehicleId=${v.id}&fileName=rc.jpg&docType=RC_FRONT`;
    for (let i = 0; i < 40; i++) expect((await t.call({ method: 'GET', url, token: op.owner.token })).status).toBe(200);
    expect((await t.call({ method: 'GET', url, token: op.owner.token })).status).toBe(429);
    expect(
      (
        await t.call({
          method: 'GET',
          url: `${V1}/operator/vehicle/document/upload-url?vehicleId=${v.id}&fileName=rc.exe&docType=RC_FRONT`,
          token: op.owner.token,
        })
      ).status,
    ).toBe(400);
  });

  it('the ID proof goes through the profile upload path and the same review', async () => {
    const op = await insertOperator(t.db);
    const issued = await t.call({
      method: 'GET',
      url: `${V1}/operator/profile/document/upload-url?fileName=pan.jpg&docType=ID_PROOF`,
      token: op.owner.token,
    });
    expect(issued.status).toBe(200);
    await put(issued.body.data.url, JPEG);
    const confirmed = await t.call({
      method: 'POST',
      url: `${V1}/operator/profile/document`,
      token: op.owner.token,
      payload: { resourceKey: issued.body.data.resourceKey },
    });
    expect(confirmed.body.data.documents).toMatchObject([{ docType: 'ID_PROOF', status: 'PENDING', vehicleId: null }]);
    await t.call({ method: 'POST', url: `/api/admin/fleet/documents/${issued.body.data.documentId}/verify`, token: admin.token });
    const docs = await t.call({ method: 'GET', url: `${V1}/operator/profile/documents`, token: op.owner.token });
    expect(docs.body.data.documents[0].status).toBe('VERIFIED');
    // the owner's ID proof needs the documents permission; seeing vehicles is not enough
    const viewUrl = `${V1}/operator/document/view-url/${issued.body.data.documentId}`;
    const dispatcher = await insertSubordinate(t.db, op.operatorId, ['VEHICLES_VIEW', 'TRIPS_VIEW']);
    expect((await t.call({ method: 'GET', url: viewUrl, token: dispatcher.token })).status).toBe(403);
    const clerk = await insertSubordinate(t.db, op.operatorId, ['VEHICLES_VIEW', 'DOCUMENTS_MANAGE']);
    expect((await t.call({ method: 'GET', url: viewUrl, token: clerk.token })).status).toBe(200);
    expect((await t.call({ method: 'GET', url: viewUrl, token: op.owner.token })).status).toBe(200);
  });

  it('an expiring certificate flags its vehicle and notifies the owner once, not on every run', async () => {
    const op = await insertOperator(t.db);
    const v = await insertVehicle(t.db, op.operatorId);
    const soon = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const missing = await upload(op.owner.token, v.id, 'INSURANCE');
    expect(missing.attached.status).toBe(400);
    expect(missing.attached.body.message).toBe('Enter the expiry date of this certificate');
    const ins = await upload(op.owner.token, v.id, 'INSURANCE', JPEG, soon);
    expect(ins.attached.body.data.expiringSoon).toBe(true);
    const first = await notifyExpiringDocuments(t.app.ctx);
    expect(first.sent).toBeGreaterThanOrEqual(1);
    const sent = t.app.notifier.list(50).filter((m) => m.to === op.owner.phone && m.kind === 'FLEET_DOCUMENT_EXPIRING');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain(soon);
    await notifyExpiringDocuments(t.app.ctx);
    expect(t.app.notifier.list(50).filter((m) => m.to === op.owner.phone && m.kind === 'FLEET_DOCUMENT_EXPIRING')).toHaveLength(1);
    const [row] = await t.db.select().from(fleetDocuments).where(eq(fleetDocuments.id, ins.issued.documentId));
    expect(row?.expiryNotifiedAt).not.toBeNull();
  });
});

describe('finding vehicles', () => {
  it('searches by number as typed (spaces ignored), answers one vehicle by number, and lists pickers with their device', async () => {
    const op = await insertOperator(t.db);
    const a = await insertVehicle(t.db, op.operatorId, { number: 'RJ14GA0101' });
    await insertVehicle(t.db, op.operatorId, { number: 'RJ14GB0202' });
    const token = op.owner.token;
    const search = await t.call({ method: 'GET', url: `${V1}/operator/vehicles/search?query=${encodeURIComponent('ga 01')}`, token });
    expect(search.body.data.list.map((v: { vehicleId: string }) => v.vehicleId)).toEqual([a.id]);
    const page = await t.call({ method: 'GET', url: `${V1}/operator/vehicles?search=RJ14&pageSize=1&pageNo=2`, token });
    expect(page.body.data).toMatchObject({ totalCount: 2, noData: false });
    expect(page.body.data.list).toHaveLength(1);
    const one = await t.call({ method: 'GET', url: `${V1}/vehicle?number=${encodeURIComponent('rj 14 ga 101')}`, token });
    expect(one.body.data.vehicleId).toBe(a.id);
    const reg = await t.call({ method: 'POST', url: '/api/tracking/devices', token, payload: { vehicleId: a.id, label: 'Phone' } });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    const compact = await t.call({ method: 'GET', url: `${V1}/operator/vehicles/list`, token });
    expect(compact.body.data).toEqual([
      { vehicleId: a.id, number: 'RJ14GA0101', vehicleType: '32 FT MXL Container', status: 'VERIFIED', hasDevice: true },
      expect.objectContaining({ number: 'RJ14GB0202', hasDevice: false }),
    ]);
    expect((await t.call({ method: 'GET', url: `${V1}/vehicle`, token })).status).toBe(400);
  });
});

describe('permissions', () => {
  it('a subordinate without the vehicle permissions gets 403 on every fleet call; with view only it can read but not change', async () => {
    const op = await insertOperator(t.db);
    const v = await insertVehicle(t.db, op.operatorId);
    const none = await insertSubordinate(t.db, op.operatorId, []);
    for (const url of [
      `${V1}/operator/vehicles`,
      `${V1}/operator/vehicles/list`,
      `${V1}/vehicle?vehicleId=${v.id}`,
      '/api/fleet/drivers',
      '/api/fleet/map',
      `${V1}/gps/order-info`,
    ]) {
      expect((await t.call({ method: 'GET', url, token: none.token })).status, url).toBe(403);
    }
    const viewer = await insertSubordinate(t.db, op.operatorId, ['VEHICLES_VIEW']);
    expect((await t.call({ method: 'GET', url: `${V1}/operator/vehicles`, token: viewer.token })).status).toBe(200);
    const before = await countVehicles();
    expect(
      (await t.call({ method: 'POST', url: `${V1}/operator/vehicles`, token: viewer.token, payload: vehicleBody('RJ14GA5555') })).status,
    ).toBe(403);
    expect(
      (
        await t.call({
          method: 'GET',
          url: `${V1}/operator/vehicle/document/upload-url?vehicleId=${v.id}&fileName=a.jpg&docType=RC_FRONT`,
          token: viewer.token,
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/api/fleet/drivers',
          token: viewer.token,
          payload: { name: 'Kallu Ram', phone: '9876501234' },
        })
      ).status,
    ).toBe(403);
    expect(await countVehicles()).toBe(before);
  });
});
