import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { insertAdmin, insertOperator } from '../../../test/factories.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import type { Db } from '../../db/client.ts';
import { positions } from '../../db/schema/index.ts';
import { checkLedger } from '../ledger/ledger.service.ts';
import { POSITIONS_TOPIC } from '../tracking/tracking.service.ts';
import { insertTrip } from '../trips/trips.test-factory.ts';

let t: TestApp;
let admin: string;
let operator: string;
let trip: Awaited<ReturnType<typeof insertTrip>>;
let other: Awaited<ReturnType<typeof insertTrip>>;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000', LOG_LEVEL: 'error' });
  admin = (await insertAdmin(t.db)).token;
  const op = await insertOperator(t.db);
  operator = op.owner.token;
  trip = await insertTrip(t.db, { operator: op, agreedPricePaisa: 4_500_000 });
  other = await insertTrip(t.db);
}, 60_000);
afterAll(() => t.close());

const rows = async (query: string) => ((await t.db.execute(sql.raw(query))) as unknown as { rows: Array<Record<string, unknown>> }).rows;

async function createConsignment(over: Record<string, unknown> = {}) {
  const res = await t.call({
    method: 'POST',
    url: '/api/admin/consignment/update',
    token: admin,
    payload: {
      consignerCode: trip.consigner.consignerCode,
      tripId: trip.tripId,
      laneCode: 'JAI-DEL',
      originCity: 'Jaipur',
      destinationCity: 'Delhi',
      loadType: 'FTL',
      material: 'Cement bags',
      weightKg: 20000,
      packages: 400,
      freightInPaisa: 4_500_000,
      ...over,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { cId: string; cCode: string; version: number };
}

const docket = (cCode: string, over: Record<string, unknown> = {}) => ({
  cCode,
  docketNumber: `LR-${cCode}`,
  docketDate: '2026-11-20',
  ewayBillNumber: '331012345678',
  ewayBillValidUntil: '2026-12-30T18:00:00+05:30',
  invoices: [{ invoiceNumber: 'GST/1', invoiceDate: '2026-11-19', valueInPaisa: 25_000_000 }],
  ...over,
});

describe('who may call the desk', () => {
  it('operators and consigners get 403 on every admin and workflow call', async () => {
    const calls = [
      { method: 'GET', url: '/api/admin/consignment/get?cId=X' },
      { method: 'POST', url: '/api/admin/consignment/update', payload: {} },
      { method: 'GET', url: '/api/admin/consignment/delete?cId=X' },
      { method: 'GET', url: '/api/consignment/getDocket?cCode=X' },
      { method: 'POST', url: '/api/consignment/saveDocket', payload: {} },
      { method: 'DELETE', url: '/api/consignment/deleteInvoice?invoiceId=X' },
      { method: 'POST', url: '/api/trips/collection', payload: {} },
      { method: 'GET', url: '/api/vehicle/scheduled' },
      { method: 'GET', url: '/api/vehicle/aggregatedMapDataForSchedule' },
    ] as const;
    for (const token of [operator, trip.consigner.user.token]) {
      for (const c of calls) {
        const res = await t.call({ ...c, token });
        expect(res.status, `${c.method} ${c.url} ${JSON.stringify(res.body)}`).toBe(403);
      }
    }
  });

  it("a consigner sees only its own vehicles, documents and report rows; another consigner's demand is 404", async () => {
    const mine = await t.call({ method: 'GET', url: '/api/vehicle/getConsignerVehicles', token: trip.consigner.user.token });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.data).toMatchObject({ pageNo: 0, pageSize: 10, totalCount: 1, totalPages: 1 });
    expect(mine.body.data.list[0]).toMatchObject({ vId: trip.vehicle.id, vNo: trip.vehicle.number, tripId: trip.tripId });

    const theirs = await t.call({ method: 'GET', url: '/api/vehicle/getConsignerVehicles', token: other.consigner.user.token });
    expect(theirs.body.data.list.map((v: { vId: string }) => v.vId)).toEqual([other.vehicle.id]);

    const docs = await t.call({ method: 'GET', url: `/api/consigner/demand/${trip.demandId}/document`, token: other.consigner.user.token });
    expect(docs.status).toBe(404);
    const own = await t.call({ method: 'GET', url: `/api/consigner/demand/${trip.demandId}/document`, token: trip.consigner.user.token });
    expect(own.status).toBe(200);
    expect(own.body.data.tripId).toBe(trip.tripId);
  });

  it('filters page the vehicles with the spec page fields', async () => {
    const filters = await t.call({ method: 'GET', url: '/api/vehicle/getFilters', token: trip.consigner.user.token });
    expect(filters.body.data.lanes).toEqual([{ code: 'Jaipur|Delhi', label: 'Jaipur → Delhi' }]);
    const none = await t.call({
      method: 'GET',
      url: '/api/vehicle/getConsignerVehicles?state=COMPLETED',
      token: trip.consigner.user.token,
    });
    expect(none.body.data).toMatchObject({ list: [], totalCount: 0, totalPages: 0 });
    const bad = await t.call({ method: 'GET', url: '/api/vehicle/getConsignerVehicles?pageSize=0', token: trip.consigner.user.token });
    expect(bad.status).toBe(400);
  });
});

describe('consignment admin', () => {
  it('creates and edits a consignment, keeping who changed what; a stale version is refused', async () => {
    const c = await createConsignment();
    const edited = await t.call({
      method: 'POST',
      url: '/api/admin/consignment/update',
      token: admin,
      payload: {
        cId: c.cId,
        version: c.version,
        consignerCode: trip.consigner.consignerCode,
        tripId: trip.tripId,
        originCity: 'Jaipur',
        destinationCity: 'Delhi',
        loadType: 'CONTAINER',
        material: 'Cement bags',
        weightKg: 21000,
        packages: 400,
        freightInPaisa: 4_600_000,
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.message).toBe('Consignment updated successfully.');
    const got = await t.call({ method: 'GET', url: `/api/admin/consignment/get?cId=${c.cId}`, token: admin });
    expect(got.body.data.history[0]).toMatchObject({ action: 'UPDATED', actorName: 'Test Admin' });
    expect(got.body.data.history[0].changes.freightPaisa).toEqual([4_500_000, 4_600_000]);
    expect(got.body.data.history[0].changes.loadType).toEqual(['FTL', 'CONTAINER']);

    const stale = await t.call({
      method: 'POST',
      url: '/api/admin/consignment/update',
      token: admin,
      payload: { ...got.body.data, cId: c.cId, version: c.version, consignerCode: trip.consigner.consignerCode, material: 'Steel' },
    });
    expect(stale.status).toBe(409);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const before = await rows('select count(*)::int as n from consignments');
    const res = await t.call({
      method: 'POST',
      url: '/api/admin/consignment/update',
      token: admin,
      payload: {
        consignerCode: trip.consigner.consignerCode,
        originCity: 'Jaipur',
        destinationCity: 'Delhi',
        loadType: 'SPACESHIP',
        material: 'x',
        weightKg: 5,
        freightInPaisa: 1,
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('loadType');
    expect(await rows('select count(*)::int as n from consignments')).toEqual(before);
  });

  it('deletes a clean consignment (twice is the same), and refuses one with money collected', async () => {
    const clean = await createConsignment({ tripId: null });
    for (let i = 0; i < 2; i++) {
      const del = await t.call({ method: 'GET', url: `/api/admin/consignment/delete?cId=${clean.cId}`, token: admin });
      expect(del.status).toBe(200);
      expect(del.body.data).toEqual({ cId: clean.cId, deleted: true });
    }
    expect((await t.call({ method: 'GET', url: `/api/admin/consignment/get?cId=${clean.cId}`, token: admin })).status).toBe(404);

    const paid = await createConsignment({ tripId: null });
    const col = await t.call({
      method: 'POST',
      url: '/api/trips/collection',
      token: admin,
      headers: { 'idempotency-key': `k-${paid.cId}` },
      payload: { code: paid.cCode, type: 'ADVANCE', mode: 'CASH', amountInPaisa: 100_000, status: 'COLLECTED' },
    });
    expect(col.status).toBe(200);
    const refused = await t.call({ method: 'GET', url: `/api/admin/consignment/delete?cId=${paid.cId}`, token: admin });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      errorCode: 'CONSIGNMENT_LOCKED',
      message: 'This consignment has collections recorded and cannot be deleted.',
    });
    expect((await t.call({ method: 'GET', url: `/api/admin/consignment/get?cId=${paid.cId}`, token: admin })).status).toBe(200);
  });
});

describe('docket', () => {
  it('saves a docket with invoices, refuses a bad e-way bill, and deletes an invoice', async () => {
    const c = await createConsignment({ tripId: null });
    const bad = await t.call({
      method: 'POST',
      url: '/api/consignment/saveDocket',
      token: admin,
      payload: docket(c.cCode, { ewayBillNumber: '12345' }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'ewayBillNumber', message: 'Enter a valid 12-digit e-way bill number' });
    expect((await t.call({ method: 'GET', url: `/api/consignment/getDocket?cCode=${c.cCode}`, token: admin })).body.data.docket).toBeNull();

    const saved = await t.call({ method: 'POST', url: '/api/consignment/saveDocket', token: admin, payload: docket(c.cCode) });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Docket updated successfully');
    expect(saved.body.data.docket).toMatchObject({ ewayBillNumber: '331012345678' });
    expect(saved.body.data.totalInvoiceValueInPaisa).toBe(25_000_000);
    const invoiceId = saved.body.data.invoices[0].invoiceId;

    const pdf = await t.app.inject({ method: 'GET', url: `/api/consignment/docket-pdf?cCode=${c.cCode}`, headers: { token: admin } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfText(pdf.rawPayload)).toContain('LORRYRECEIPT');

    const del = await t.call({ method: 'DELETE', url: `/api/consignment/deleteInvoice?invoiceId=${invoiceId}`, token: admin });
    expect(del.body.message).toBe('Invoice deleted successfully');
    const after = await t.call({ method: 'GET', url: `/api/consignment/getDocket?cCode=${c.cCode}`, token: admin });
    expect(after.body.data.invoices).toEqual([]);
    const gone = await t.call({ method: 'DELETE', url: `/api/consignment/deleteDocket?cCode=${c.cCode}`, token: admin });
    expect(gone.body.message).toBe('Docket deleted successfully');
  });

  it('attaches an invoice PDF through the signed upload, and refuses a file that is not what its name says', async () => {
    const c = await createConsignment({ tripId: null });
    const upload = async (fileName: string, bytes: Buffer, type: string) => {
      const issued = await t.call({
        method: 'POST',
        url: '/api/consignment/invoice/upload-url',
        token: admin,
        payload: { cCode: c.cCode, fileName },
      });
      expect(issued.status).toBe(200);
      const put = await t.app.inject({ method: 'PUT', url: issued.body.data.uploadUrl, payload: bytes, headers: { 'content-type': type } });
      expect(put.statusCode).toBeLessThan(300);
      return issued.body.data.fileKey as string;
    };
    const pdfKey = await upload('invoice.pdf', Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200, 32)]), 'application/pdf');
    const ok1 = await t.call({
      method: 'POST',
      url: '/api/consignment/saveDocket',
      token: admin,
      payload: docket(c.cCode, {
        invoices: [{ invoiceNumber: 'GST/9', invoiceDate: '2026-11-19', valueInPaisa: 1_000_000, fileKey: pdfKey }],
      }),
    });
    expect(ok1.status).toBe(200);
    expect(ok1.body.data.invoices[0]).toMatchObject({ hasFile: true });
    expect(ok1.body.data.invoices[0].viewUrl).toBeTruthy();

    const fakeKey = await upload('photo.jpg', Buffer.from('<html>not a photo</html>'), 'image/jpeg');
    const bad = await t.call({
      method: 'POST',
      url: '/api/consignment/saveDocket',
      token: admin,
      payload: docket(c.cCode, {
        invoices: [{ invoiceNumber: 'GST/10', invoiceDate: '2026-11-19', valueInPaisa: 1_000, fileKey: fakeKey }],
      }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errorCode).toBe('FILE_REJECTED');
    const after = await t.call({ method: 'GET', url: `/api/consignment/getDocket?cCode=${c.cCode}`, token: admin });
    expect(after.body.data.invoices.map((i: { invoiceNumber: string }) => i.invoiceNumber)).toEqual(['GST/9']);
  });

  it('refuses a docket edit after the action window, with a clear message, and changes nothing', async () => {
    const c = await createConsignment({ tripId: null });
    await t.call({ method: 'POST', url: '/api/consignment/saveDocket', token: admin, payload: docket(c.cCode) });
    const reached = new Date(Date.now() - 30 * 3_600_000).toISOString();
    const unloaded = new Date(Date.now() - 25 * 3_600_000).toISOString();
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/api/driver/updateConsignment',
          token: admin,
          payload: { cCode: c.cCode, status: 'REACHED', time: reached },
        })
      ).status,
    ).toBe(200);
    const u = await t.call({
      method: 'POST',
      url: '/api/driver/updateConsignment',
      token: admin,
      payload: { cCode: c.cCode, status: 'UNLOADED', time: unloaded, remarks: 'Two bags torn' },
    });
    expect(u.status).toBe(200);
    expect(u.body.data.status).toBe('DELIVERED');

    const window = await t.call({ method: 'GET', url: `/api/consignment/validateActionTime?cCode=${c.cCode}`, token: admin });
    expect(window.body.data.allowed).toBe(false);
    const before = await t.call({ method: 'GET', url: `/api/consignment/getDocket?cCode=${c.cCode}`, token: admin });
    const late = await t.call({
      method: 'POST',
      url: '/api/consignment/saveDocket',
      token: admin,
      payload: docket(c.cCode, { docketNumber: 'LR-LATE' }),
    });
    expect(late.status).toBe(400);
    expect(late.body.errorCode).toBe('ACTION_WINDOW_CLOSED');
    expect(late.body.message).toMatch(/^The time to change this consignment ended on /);
    const after = await t.call({ method: 'GET', url: `/api/consignment/getDocket?cCode=${c.cCode}`, token: admin });
    expect(after.body.data.docket).toEqual(before.body.data.docket);
  });
});

describe('collections', () => {
  it('two concurrent identical collections with one key make one ledger entry, and the ledger checks clean', async () => {
    const c = await createConsignment({ tripId: null, freightInPaisa: 1_000_000 });
    const send = () =>
      t.call({
        method: 'POST',
        url: '/api/trips/collection',
        token: admin,
        headers: { 'idempotency-key': 'same-key-1' },
        payload: { code: c.cCode, type: 'TO_PAY', mode: 'UPI', amountInPaisa: 250_050, reference: 'UPI123456', status: 'COLLECTED' },
      });
    const [a, b] = await Promise.all([send(), send()]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.message).toBe('Collection updated successfully');
    expect(a.body.data).toEqual(b.body.data);
    expect(a.body.data).toMatchObject({ collectedInPaisa: 250_050, balanceInPaisa: 749_950 });
    const entries = await rows(
      `select count(*)::int as n from journal_entries where reference_type = 'COLLECTION' and memo like '%${c.cCode}%'`,
    );
    expect(entries).toEqual([{ n: 1 }]);
    const balance = await rows(`select balance from ledger_accounts where id = 'CONSIGNMENT_COLLECTIONS:${c.cId}'`);
    expect(Number(balance[0]?.balance)).toBe(250_050);
    expect((await checkLedger(t.db as unknown as Db)).ok).toBe(true);
  });

  it('holds a pending cheque, refuses more than the balance, and posts the cheque when it clears', async () => {
    const c = await createConsignment({ tripId: null, freightInPaisa: 500_000 });
    const post = (key: string, payload: Record<string, unknown>) =>
      t.call({
        method: 'POST',
        url: '/api/trips/collection',
        token: admin,
        headers: { 'idempotency-key': key },
        payload: { code: c.cCode, ...payload },
      });
    const pending = await post('p1', {
      type: 'TO_PAY',
      mode: 'CHEQUE',
      amountInPaisa: 400_000,
      reference: 'CHQ 001122',
      status: 'PENDING',
    });
    expect(pending.body.data).toMatchObject({ pendingInPaisa: 400_000, collectedInPaisa: 0 });
    const over = await post('p2', { type: 'TO_PAY', mode: 'CASH', amountInPaisa: 100_001, status: 'COLLECTED' });
    expect(over.status).toBe(400);
    expect(over.body.field).toBe('amountInPaisa');
    const noRef = await post('p3', { type: 'TO_PAY', mode: 'UPI', amountInPaisa: 100, status: 'COLLECTED' });
    expect(noRef.status).toBe(400);
    const id = pending.body.data.collections[0].collectionId;
    const cleared = await post('p4', {
      collectionId: id,
      type: 'TO_PAY',
      mode: 'CHEQUE',
      amountInPaisa: 400_000,
      reference: 'CHQ 001122',
      status: 'COLLECTED',
    });
    expect(cleared.body.data).toMatchObject({ pendingInPaisa: 0, collectedInPaisa: 400_000, balanceInPaisa: 100_000 });
    expect(cleared.body.data.collections[0].entryId).toMatch(/^JE/);
    const noKey = await t.call({
      method: 'POST',
      url: '/api/trips/collection',
      token: admin,
      payload: { code: c.cCode, type: 'DETENTION', mode: 'CASH', amountInPaisa: 100, status: 'COLLECTED' },
    });
    expect(noKey.status).toBe(400);
  });
});

describe('scheduled vehicles', () => {
  it('lists, counts and maps the vehicle placed for a trip consignment, with its itinerary, path and location', async () => {
    const c = await createConsignment({ laneCode: 'JAI-DEL' });
    await t.db.insert(positions).values([
      { vehicleId: trip.vehicle.id, lat: 26.95, lng: 75.8, recordedAt: new Date(Date.now() - 20 * 60_000) },
      { vehicleId: trip.vehicle.id, lat: 27.2, lng: 76.1, recordedAt: new Date(Date.now() - 5 * 60_000) },
    ]);
    const list = await t.call({ method: 'GET', url: '/api/vehicle/scheduled?laneCode=JAI-DEL', token: admin });
    const item = list.body.data.list.find((v: { cCode: string }) => v.cCode === c.cCode);
    expect(item).toMatchObject({ vehicleNumber: trip.vehicle.number, state: 'SCHEDULED' });
    const counts = await t.call({ method: 'GET', url: '/api/vehicle/scheduledCounts', token: admin });
    expect(counts.body.data.counts.SCHEDULED).toBeGreaterThanOrEqual(1);
    const map = await t.call({ method: 'GET', url: '/api/vehicle/aggregatedMapDataForSchedule?zoom=3', token: admin });
    expect(map.body.data.total).toBe(counts.body.data.total);
    const loc = await t.call({ method: 'GET', url: `/api/vehicle/getCurrentLocation?id=${item.id}`, token: admin });
    expect(loc.body.data).toMatchObject({ lat: 27.2, lng: 76.1, source: 'TRACKING' });
    const path = await t.call({ method: 'GET', url: `/api/vehicle/getPathDetail?id=${item.id}`, token: admin });
    expect(path.body.data.points).toHaveLength(2);
    expect(path.body.data.distanceKm).toBeGreaterThan(30);
    const it1 = await t.call({ method: 'GET', url: `/api/vehicle/getItinerary?id=${item.id}`, token: admin });
    expect(it1.body.data.stops.map((s: { name: string }) => s.name)).toEqual(['Hindustan Cement Works, Gate 2', 'Okhla Depot']);
    const events: unknown[] = [];
    const stop = t.app.events.subscribe('schedule:all', (e) => events.push(e.data));
    const reached = await t.call({
      method: 'POST',
      url: '/api/driver/updateConsignment',
      token: admin,
      payload: { cCode: c.cCode, status: 'REACHED', time: new Date(Date.now() - 60_000).toISOString(), remarks: 'At gate' },
    });
    stop();
    expect(reached.status).toBe(200);
    expect(events).toEqual([{ id: item.id, state: 'REACHED' }]);
    const after = await t.call({ method: 'GET', url: '/api/vehicle/scheduled?state=REACHED', token: admin });
    expect(after.body.data.list.map((v: { id: string }) => v.id)).toContain(item.id);
    const missing = await t.call({ method: 'GET', url: '/api/vehicle/getItinerary?id=NOPE', token: admin });
    expect(missing).toMatchObject({ status: 404, body: { message: 'Error in fetching itinerary data.' } });
  });
});

describe('the scheduled-vehicle map stays live', () => {
  it('a position arriving for any vehicle tells the open schedule screens to read the map again', async () => {
    const seen: unknown[] = [];
    const stop = t.app.events.subscribe('schedule:all', (event) => seen.push(event));
    await t.app.events.publish({ topic: POSITIONS_TOPIC, type: 'POSITIONS', data: { count: 3 } });
    await expect.poll(() => seen.length).toBeGreaterThan(0);
    expect(seen[0]).toMatchObject({ type: 'SCHEDULE', data: { reason: 'POSITIONS' } });
    stop();
  });
});

describe('the mailed report', () => {
  it('arrives in the outbox with the xlsx attached, and the xlsx opens with the rows', async () => {
    const res = await t.call({
      method: 'GET',
      url: '/api/data/getVehicleByOperatorReport?reportType=VEHICLE_BY_OPERATOR&email=vikram@example.in',
      token: trip.consigner.user.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Report will be mailed to the email shortly.');
    expect(res.body.data).toMatchObject({ status: 'MAILED', rowCount: 1 });
    const mail = t.app.notifier.list(20).find((m) => m.kind === 'CONSIGNER_REPORT' && m.to === 'vikram@example.in');
    expect(mail?.attachments?.[0]?.filename).toMatch(/\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync(join(t.config.DATA_DIR, 'outbox', mail!.attachments![0]!.file)) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const values = sheet.getSheetValues().flat().map(String);
    expect(values).toContain(trip.vehicle.number);
    expect(values).not.toContain(other.vehicle.number);

    const noEmail = await t.call({ method: 'GET', url: '/api/data/getVehicleByOperatorReport', token: trip.consigner.user.token });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.field).toBe('email');
  });

  const workbookAt = async (url: string) => {
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/attachment; filename=".*\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    return workbook.worksheets[0]!;
  };

  it('is kept for download by its consigner only, with real dates and amounts', async () => {
    const asked = await t.call({
      method: 'GET',
      url: '/api/data/getVehicleByOperatorReport?reportType=TRIPS&email=vikram@example.in',
      token: trip.consigner.user.token,
    });
    expect(asked.body.data).toMatchObject({ status: 'MAILED', fileReady: true });
    const requestId = asked.body.data.requestId as string;
    const list = await t.call({ method: 'GET', url: '/api/consigner/reports', token: trip.consigner.user.token });
    expect(list.body.data.list.find((r: { requestId: string }) => r.requestId === requestId)).toMatchObject({ fileReady: true });

    const link = await t.call({ method: 'GET', url: `/api/consigner/report/${requestId}/file`, token: trip.consigner.user.token });
    expect(link.status).toBe(200);
    expect(link.body.data.fileName).toMatch(/^trips-.*\.xlsx$/);
    const sheet = await workbookAt(link.body.data.url);
    const row = sheet.getRows(1, sheet.rowCount)!.find((r) => r.getCell(1).value === trip.tripId)!;
    expect(row.getCell(2).value).toBeInstanceOf(Date);
    expect(row.getCell(8).value).toBe(45_000);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen' });
    expect(sheet.autoFilter).toBeTruthy();

    // another consigner's request is not found
    const theirs = await t.call({ method: 'GET', url: `/api/consigner/report/${requestId}/file`, token: other.consigner.user.token });
    expect(theirs.status).toBe(404);
  });

  it('the payments and TDS reports add up the trips the consigner owes for', async () => {
    for (const reportType of ['PAYMENTS', 'TDS'] as const) {
      const asked = await t.call({
        method: 'GET',
        url: `/api/data/getVehicleByOperatorReport?reportType=${reportType}&email=vikram@example.in`,
        token: trip.consigner.user.token,
      });
      expect(asked.status).toBe(200);
      const link = await t.call({
        method: 'GET',
        url: `/api/consigner/report/${asked.body.data.requestId}/file`,
        token: trip.consigner.user.token,
      });
      const sheet = await workbookAt(link.body.data.url);
      const values = sheet.getRows(1, sheet.rowCount)!.map((r) => (r.values as unknown[]).slice(1));
      const total = values.find((v) => v[0] === 'Total')!;
      // freight ₹45,000 with 1 % TDS withheld (the operator filed no declaration)
      if (reportType === 'PAYMENTS') expect(total.slice(5, 7)).toEqual([45_000, 450]);
      else expect(total.slice(3, 5)).toEqual([45_000, 450]);
    }
  });
});
