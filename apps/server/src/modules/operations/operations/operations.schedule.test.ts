import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../../../test/factories.ts';
import { positions, reportRequests, users } from '../../../db/schema/index.ts';
import { POSITIONS_TOPIC } from '../../trips/tracking/tracking.service.ts';
import { buildRequestedReport, REPORT_MAIL_RETRY_MINUTES } from './consigner-reports.service.ts';
import { createConsignment, useOperationsApp, workbookAt } from './operations.test-support.ts';

const ctx = useOperationsApp();

describe('scheduled vehicles', () => {
  it('lists, counts and maps the vehicle placed for a trip consignment, with its itinerary, path and location', async () => {
    const { t, h, admin, trip } = ctx;
    const c = await createConsignment(ctx, { laneCode: 'JAI-DEL' });
    await t.db.insert(positions).values([
      { vehicleId: trip.vehicle.id, lat: 26.95, lng: 75.8, recordedAt: new Date(Date.now() - 20 * 60_000) },
      { vehicleId: trip.vehicle.id, lat: 27.2, lng: 76.1, recordedAt: new Date(Date.now() - 5 * 60_000) },
    ]);
    const list = await h.as(admin).operations.scheduled({ laneCode: 'JAI-DEL' });
    const item = list.body.data.list.find((v) => v.cCode === c.cCode)!;
    expect(item).toMatchObject({ vehicleNumber: trip.vehicle.number, state: 'SCHEDULED' });
    const counts = await h.as(admin).operations.scheduledCounts();
    expect(counts.body.data.counts.SCHEDULED).toBeGreaterThanOrEqual(1);
    const map = await h.as(admin).operations.scheduleMap(3);
    expect(map.body.data.total).toBe(counts.body.data.total);
    const loc = await h.as(admin).operations.currentLocation(item.id);
    expect(loc.body.data).toMatchObject({ lat: 27.2, lng: 76.1, source: 'TRACKING' });
    const path = await h.as(admin).operations.path(item.id);
    expect(path.body.data.points).toHaveLength(2);
    expect(path.body.data.distanceKm).toBeGreaterThan(30);
    const it1 = await h.as(admin).operations.itinerary(item.id);
    expect(it1.body.data.stops.map((s) => s.name)).toEqual(['Hindustan Cement Works, Gate 2', 'Okhla Depot']);
    const events: unknown[] = [];
    const stop = t.app.events.subscribe('schedule:all', (e) => events.push(e.data));
    const reached = await h.as(admin).operations.driverUpdate({
      cCode: c.cCode,
      status: 'REACHED',
      time: new Date(Date.now() - 60_000).toISOString(),
      remarks: 'At gate',
    });
    stop();
    expect(reached.status).toBe(200);
    expect(events).toEqual([{ id: item.id, state: 'REACHED' }]);
    const after = await h.as(admin).operations.scheduled({ state: 'REACHED' });
    expect(after.body.data.list.map((v) => v.id)).toContain(item.id);
    const missing = await h.as(admin).operations.itinerary('NOPE');
    expect(missing).toMatchObject({ status: 404, body: { message: 'Error in fetching itinerary data.' } });
  });
});

describe('the scheduled-vehicle map stays live', () => {
  it('a position arriving for any vehicle tells the open schedule screens to read the map again', async () => {
    const { t } = ctx;
    const seen: unknown[] = [];
    const stop = t.app.events.subscribe('schedule:all', (event) => seen.push(event));
    await t.app.events.publish({ topic: POSITIONS_TOPIC, type: 'POSITIONS', data: { count: 3 } });
    await expect.poll(() => seen.length).toBeGreaterThan(0);
    expect(seen[0]).toMatchObject({ type: 'SCHEDULE', data: { reason: 'POSITIONS' } });
    stop();
  });
});

describe('the mailed report', () => {
  beforeAll(async () => {
    // the asker's own address is on the account; the report goes nowhere else (ADR 301)
    const { t, trip } = ctx;
    await t.db.update(users).set({ email: 'vikram@example.in' }).where(eq(users.id, trip.consigner.user.userId));
  });

  it('arrives in the outbox with the xlsx attached, and the xlsx opens with the rows', async () => {
    const { t, h, trip, other } = ctx;
    const res = await h
      .as(trip.consigner.user.token)
      .operations.requestReport({ reportType: 'VEHICLE_BY_OPERATOR', email: 'vikram@example.in' });
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
  });

  it('goes only to an address on the consigner account: any other is refused and nothing is asked', async () => {
    const { t, h, trip } = ctx;
    const before = await t.db.select({ id: reportRequests.id }).from(reportRequests);
    const stranger = await h
      .as(trip.consigner.user.token)
      .operations.requestReport({ reportType: 'TRIPS', email: 'someone@elsewhere.example' });
    expect(stranger.status).toBe(400);
    expect(stranger.body.field).toBe('email');
    expect(stranger.body.message).toBe('Reports are mailed only to an email address on your account');
    expect(await t.db.select({ id: reportRequests.id }).from(reportRequests)).toHaveLength(before.length);
    // a colleague on the same account may receive it, in any letter case
    await insertUser(t.db, { kind: 'CONSIGNER', consignerCode: trip.consigner.consignerCode, name: 'Accounts desk' }).then((u) =>
      t.db.update(users).set({ email: 'accounts@example.in' }).where(eq(users.id, u.userId)),
    );
    const colleague = await h.as(trip.consigner.user.token).operations.requestReport({ reportType: 'TRIPS', email: 'Accounts@Example.in' });
    expect(colleague.status).toBe(200);

    // a consigner without an address on its account is asked for one
    await t.db.update(users).set({ email: null }).where(eq(users.id, trip.consigner.user.userId));
    try {
      const noEmail = await h.as(trip.consigner.user.token).operations.requestReport();
      expect(noEmail.status).toBe(400);
      expect(noEmail.body.field).toBe('email');
    } finally {
      await t.db.update(users).set({ email: 'vikram@example.in' }).where(eq(users.id, trip.consigner.user.userId));
    }
  });

  it('whose mail fails is kept for download and mailed again from the stored file, once', async () => {
    const { t, h, trip } = ctx;
    const notifier = t.app.notifier;
    const send = notifier.send.bind(notifier);
    const reportMails = () => notifier.list(500).filter((m) => m.kind === 'CONSIGNER_REPORT').length;
    notifier.send = async () => {
      throw new Error('mail server away');
    };
    let requestId: string;
    try {
      const asked = await h.as(trip.consigner.user.token).operations.requestReport({ reportType: 'TRIPS', email: 'vikram@example.in' });
      expect(asked.status).toBe(200);
      expect(asked.body.data).toMatchObject({ status: 'MAIL_RETRYING', fileReady: true });
      requestId = asked.body.data.requestId as string;
      // the built workbook is there to download while the mail waits
      const link = await h.as(trip.consigner.user.token).operations.reportFile(requestId);
      expect(link.status).toBe(200);
    } finally {
      notifier.send = send;
    }
    const mailedBefore = reportMails();
    await buildRequestedReport(t.app.ctx, { requestId });
    expect(reportMails()).toBe(mailedBefore + 1);
    const listed = await h.as(trip.consigner.user.token).operations.reports();
    expect(listed.body.data.list.find((r) => r.requestId === requestId)).toMatchObject({ status: 'MAILED', fileReady: true });
    // a repeated job mails nothing twice
    await buildRequestedReport(t.app.ctx, { requestId });
    expect(reportMails()).toBe(mailedBefore + 1);
  });

  it('whose mail keeps failing ends MAIL_FAILED after its retries, still downloadable', async () => {
    const { t, h, trip } = ctx;
    const notifier = t.app.notifier;
    const send = notifier.send.bind(notifier);
    notifier.send = async () => {
      throw new Error('mail server away');
    };
    try {
      const asked = await h.as(trip.consigner.user.token).operations.requestReport({ reportType: 'PAYMENTS', email: 'vikram@example.in' });
      const requestId = asked.body.data.requestId as string;
      for (let i = 0; i < REPORT_MAIL_RETRY_MINUTES.length + 2; i++) await buildRequestedReport(t.app.ctx, { requestId });
      const [row] = await t.db.select().from(reportRequests).where(eq(reportRequests.id, requestId));
      expect(row).toMatchObject({ status: 'MAIL_FAILED', mailAttempts: REPORT_MAIL_RETRY_MINUTES.length + 1 });
      expect((await h.as(trip.consigner.user.token).operations.reportFile(requestId)).status).toBe(200);
    } finally {
      notifier.send = send;
    }
  });

  it('is kept for download by its consigner only, with real dates and amounts', async () => {
    const { t, h, trip, other } = ctx;
    const asked = await h.as(trip.consigner.user.token).operations.requestReport({ reportType: 'TRIPS', email: 'vikram@example.in' });
    expect(asked.body.data).toMatchObject({ status: 'MAILED', fileReady: true });
    const requestId = asked.body.data.requestId as string;
    const list = await h.as(trip.consigner.user.token).operations.reports();
    expect(list.body.data.list.find((r) => r.requestId === requestId)).toMatchObject({ fileReady: true });

    const link = await h.as(trip.consigner.user.token).operations.reportFile(requestId);
    expect(link.status).toBe(200);
    expect(link.body.data.fileName).toMatch(/^trips-.*\.xlsx$/);
    const sheet = await workbookAt(t, link.body.data.url);
    const row = sheet.getRows(1, sheet.rowCount)!.find((r) => r.getCell(1).value === trip.tripId)!;
    expect(row.getCell(2).value).toBeInstanceOf(Date);
    expect(row.getCell(8).value).toBe(45_000);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen' });
    expect(sheet.autoFilter).toBeTruthy();

    // another consigner's request is not found
    const theirs = await h.as(other.consigner.user.token).operations.reportFile(requestId);
    expect(theirs.status).toBe(404);
  });

  it('the payments and TDS reports add up the trips the consigner owes for', async () => {
    const { t, h, trip } = ctx;
    for (const reportType of ['PAYMENTS', 'TDS'] as const) {
      const asked = await h.as(trip.consigner.user.token).operations.requestReport({ reportType, email: 'vikram@example.in' });
      expect(asked.status).toBe(200);
      const link = await h.as(trip.consigner.user.token).operations.reportFile(asked.body.data.requestId);
      const sheet = await workbookAt(t, link.body.data.url);
      const values = sheet.getRows(1, sheet.rowCount)!.map((r) => (r.values as unknown[]).slice(1));
      const total = values.find((v) => v[0] === 'Total')!;
      // freight ₹45,000 with 1 % TDS withheld (the operator filed no declaration)
      if (reportType === 'PAYMENTS') expect(total.slice(5, 7)).toEqual([45_000, 450]);
      else expect(total.slice(3, 5)).toEqual([45_000, 450]);
    }
  });
});
