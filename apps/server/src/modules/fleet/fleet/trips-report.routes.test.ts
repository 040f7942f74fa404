import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { insertOperator, insertSubordinate } from '../../../../test/factories.ts';
import { pdfText } from '../../../../test/pdf-text.ts';
import { hasPdftotext, pdftotext } from '../../../../test/pdftotext.ts';
import { fastagTransactions, tripCharges, trips } from '../../../db/schema/index.ts';
import { newId } from '../../../lib/ids.ts';
import { XLSX_MONEY_FORMAT } from '../../../lib/spreadsheet.ts';
import { insertTag } from '../../money/fastag/fastag.test-helpers.ts';
import { insertTrip } from '../../trips/trips/trips.test-factory.ts';
import { indiaToday } from './maintenance.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.database.pool?.on('error', () => undefined);
});
afterAll(async () => t.close());

const day = (offset: number) => new Date(Date.parse(`${indiaToday()}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
const download = (token: string, query: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/fleet/reports/trips?${new URLSearchParams(query)}`, headers: { token } });

describe('trips report', () => {
  it('lists each trip with freight, tolls on its vehicle during the trip and expenses, and done maintenance as its own row', async () => {
    const op = await insertOperator(t.db);
    const token = op.owner.token;
    const trip = await insertTrip(t.db, { operator: op, agreedPricePaisa: 4_512_300 });
    const started = new Date(Date.now() - 2 * 3_600_000);
    const [row] = await t.db.update(trips).set({ createdAt: started }).where(eq(trips.id, trip.tripId)).returning();
    if (!row) throw new Error('no trip');
    const tagId = await insertTag(t.db, op.operatorId, row.vehicleId);
    const toll = (amountPaisa: number, at: Date) => ({
      id: newId('FTX'),
      operatorId: op.operatorId,
      tagId,
      vehicleId: row.vehicleId,
      kind: 'TOLL' as const,
      txnType: 'DEBIT' as const,
      status: 'SUCCESS' as const,
      amountPaisa,
      openingBalancePaisa: 1_000_000,
      closingBalancePaisa: 1_000_000 - amountPaisa,
      plaza: 'Shahjahanpur',
      entryId: newId('ENT'),
      occurredAt: at,
    });
    await t.db.insert(fastagTransactions).values([
      toll(34_500, new Date(started.getTime() + 3_600_000)),
      // before the trip started: not the trip's toll
      toll(99_900, new Date(started.getTime() - 3_600_000)),
    ]);
    await t.db
      .insert(tripCharges)
      .values({ id: newId('CHG'), tripId: row.id, type: 'LOADING', amountPaisa: 150_000, description: 'Loading labour' });
    await t.db
      .insert(tripCharges)
      .values({ id: newId('CHG'), tripId: row.id, type: 'OTHER', amountPaisa: 70_000, description: 'x', status: 'REJECTED' });

    const vehicleId = row.vehicleId;
    const reminder = await t.call({
      method: 'POST',
      url: '/api/fleet/maintenance/reminders',
      token,
      payload: { vehicleId, kind: 'OIL_CHANGE', dueOn: day(1) },
    });
    const done = await t.call({
      method: 'POST',
      url: `/api/fleet/maintenance/reminders/${reminder.body.data.reminderId}/done`,
      token,
      payload: { doneOn: day(0), costPaisa: 1_234_550, note: 'Synthetic oil' },
    });
    expect(done.status).toBe(200);

    const res = await download(token, { fromDate: day(-7), toDate: day(0), format: 'xlsx' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.headers['content-disposition']).toContain(`trips-report-${day(-7)}_${day(0)}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Trips');
    if (!sheet) throw new Error('no sheet');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 3 });
    expect(sheet.autoFilter).toBeTruthy();
    const rows = sheet.getSheetValues().slice(4) as unknown as Array<Array<unknown>>;
    const tripRow = rows.find((r) => r?.[2] === row.id);
    if (!tripRow) throw new Error('no trip row');
    expect(tripRow[3]).toBeInstanceOf(Date);
    expect(tripRow.slice(8, 11)).toEqual([45_123, 345, 1_500]);
    // exceljs reads the literal commas back unescaped
    expect(sheet.getRow(4).getCell(8).numFmt).toBe(XLSX_MONEY_FORMAT.replaceAll('\\', ''));
    const maintenance = rows.find((r) => r?.[1] === 'Maintenance');
    if (!maintenance) throw new Error('no maintenance row');
    expect(maintenance[5]).toBe('Oil change · Synthetic oil');
    expect(maintenance[10]).toBe(12_345.5);

    const pdf = await download(token, { fromDate: day(-7), toDate: day(0), format: 'pdf' });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload).replace(/\s+/g, '');
    expect(text).toContain('₹45,123.00');
    expect(text).toContain('₹12,345.50');
  });

  it("prints status labels and a lane the face can print, in the reader's language, and leaves unearned trips out of the freight total", async () => {
    const op = await insertOperator(t.db);
    const token = op.owner.token;
    const started = new Date(Date.now() - 3_600_000);
    for (const [state, agreedPricePaisa] of [
      ['POD_SUBMITTED', 100_000],
      ['CANCELLED', 200_000],
      ['POD_REJECTED', 400_000],
    ] as const) {
      const trip = await insertTrip(t.db, { operator: op, state, agreedPricePaisa });
      await t.db.update(trips).set({ createdAt: started }).where(eq(trips.id, trip.tripId));
    }
    const query = { fromDate: day(-1), toDate: day(0), format: 'pdf' };
    const en = pdfText((await download(token, query)).rawPayload);
    expect(en).toContain('PODsubmitted');
    expect(en).toContain('Cancelled');
    expect(en).not.toMatch(/POD_|→/);
    expect(en).toMatch(/Total₹1,000\.00/);
    expect(en).toContain('–');

    const hi = await t.app.inject({
      method: 'GET',
      url: `/api/fleet/reports/trips?${new URLSearchParams(query)}`,
      headers: { token, locale: 'hi' },
    });
    const text = pdfText(hi.rawPayload);
    expect(text).toContain('रद्द');
    expect(text).toContain('PODअस्वीकार');
    expect(text).toMatch(/कुल₹1,000\.00/);
    expect(text).not.toMatch(/Total|Cancelled|Trip\b/);
    if (hasPdftotext) {
      // read back as an outside reader does: the title and the freight note in reading order
      const read = pdftotext(hi.rawPayload);
      expect(read).toContain('ट्रिप रिपोर्ट');
      expect(read).toContain('अस्वीकार POD वाली ट्रिप शामिल नहीं हैं');
    }

    const xlsx = await t.app.inject({
      method: 'GET',
      url: `/api/fleet/reports/trips?${new URLSearchParams({ ...query, format: 'xlsx' })}`,
      headers: { token, locale: 'hi' },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('ट्रिप');
    expect(sheet?.getCell('A1').value).toBe('ट्रिप रिपोर्ट');
    const rows = sheet?.getSheetValues().slice(4) as unknown as Array<Array<unknown>>;
    expect(rows.find((r) => r?.[1] === 'कुल')?.[8]).toBe(1_000);
    expect(rows.some((r) => typeof r?.[5] === 'string' && r[5].includes('→'))).toBe(true);
  });

  it('refuses a future, reversed or over-long period, and a subordinate without REPORTS_DOWNLOAD', async () => {
    const op = await insertOperator(t.db);
    for (const [query, message] of [
      [{ fromDate: day(-1), toDate: day(1), format: 'xlsx' }, 'The period cannot end in the future'],
      [{ fromDate: day(-1), toDate: day(-3), format: 'xlsx' }, 'The start date must be on or before the end date'],
      [{ fromDate: day(-400), toDate: day(0), format: 'pdf' }, 'Pick a period of at most 366 days'],
      [{ fromDate: day(-1), toDate: day(0), format: 'csv' }, 'Choose xlsx or pdf'],
    ] as Array<[Record<string, string>, string]>) {
      const res = await download(op.owner.token, query);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const sub = await insertSubordinate(t.db, op.operatorId, ['VEHICLES_VIEW']);
    expect((await download(sub.token, { fromDate: day(-1), toDate: day(0), format: 'xlsx' })).statusCode).toBe(403);
    const allowed = await insertSubordinate(t.db, op.operatorId, ['REPORTS_DOWNLOAD']);
    expect((await download(allowed.token, { fromDate: day(-1), toDate: day(0), format: 'xlsx' })).statusCode).toBe(200);
  });
});
