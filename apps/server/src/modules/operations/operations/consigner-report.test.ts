import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { XLSX_COUNT_FORMAT, XLSX_MONEY_FORMAT } from '../../../lib/spreadsheet.ts';
import { insertTrip } from '../../trips/trips/trips.test-factory.ts';

/** The consigner's workbook reads like the statements (ADR 141): real dates, numbers, a totals row, ready to print. */

let t: TestApp;
let trip: Awaited<ReturnType<typeof insertTrip>>;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'error' });
  trip = await insertTrip(t.db, { agreedPricePaisa: 12_345_600 });
}, 60_000);
afterAll(() => t.close());

// exceljs reads a format back without its escapes
const unescaped = (format: string) => format.replaceAll('\\', '');

async function download(reportType: string, query = '', locale?: 'en' | 'hi') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/consigner/report/download?reportType=${reportType}${query}`,
    headers: { token: trip.consigner.user.token, ...(locale ? { locale } : {}) },
  });
  expect(res.statusCode).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return { res, sheet: book.worksheets[0]! };
}

describe('the consigner report workbook', () => {
  it('follows the reader\'s Hindi, and without a start date runs from the first trip, never "start"', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    // the only trip was made a moment ago: the report runs from today
    const first = today;
    for (const type of ['TRIPS', 'VEHICLE_BY_OPERATOR', 'PAYMENTS', 'TDS']) {
      const { res, sheet } = await download(type, `&toDate=${today}`, 'hi');
      const name = String(res.headers['content-disposition']);
      expect(name).not.toContain('start');
      expect(name).toContain(`-${first}_${today}.xlsx`);
      const texts = sheet
        .getSheetValues()
        .flatMap((row) => (Array.isArray(row) ? row : []))
        .filter((v): v is string => typeof v === 'string');
      expect(texts).toContain('अवधि');
      expect(texts).toContain('कुल');
      // Latin left only in codes, names and the TDS abbreviation
      const english = texts.filter((v) => /\b(Period|Total|Generated|Operator|Freight|Trips?|start)\b/.test(v));
      expect(english, type).toEqual([]);
    }
    const { sheet } = await download('TRIPS', `&toDate=${today}`, 'hi');
    expect(sheet.getRow(5).getCell(7).value).toBe('स्थिति');
    expect(sheet.getRow(6).getCell(7).value).toBe('गाड़ी तय');
  });

  it('holds trips with date cells and freight in the Indian format, a totals row, a frozen filtered header and print setup', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    const { res, sheet } = await download('TRIPS', `&fromDate=2026-01-01&toDate=${today}`);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="trips-${trip.consigner.consignerCode}-2026-01-01_${today}.xlsx"`,
    );
    const header = sheet.getRow(5);
    expect(header.getCell(1).value).toBe('Trip');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 5 });
    expect(sheet.autoFilter).toBe('A5:H6');
    expect(sheet.pageSetup).toMatchObject({
      orientation: 'landscape',
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      printTitlesRow: '5:5',
    });

    const row = sheet.getRow(6);
    expect(row.getCell(1).value).toBe(trip.tripId);
    expect(row.getCell(2).value).toBeInstanceOf(Date);
    expect(row.getCell(2).numFmt).toMatch(/yyyy/);
    expect(row.getCell(8).value).toBe(123_456);
    expect(row.getCell(8).numFmt).toBe(unescaped(XLSX_MONEY_FORMAT));
    const totals = sheet.getRow(7);
    expect(totals.getCell(1).value).toBe('Total');
    expect(totals.getCell(8).value).toBe(123_456);
  });

  it('counts trips per vehicle as numbers', async () => {
    const { sheet } = await download('VEHICLE_BY_OPERATOR');
    const row = sheet.getRow(6);
    expect(row.getCell(2).value).toBe(trip.vehicle.number);
    expect(row.getCell(4).value).toBe(1);
    expect(row.getCell(4).numFmt).toBe(unescaped(XLSX_COUNT_FORMAT));
    expect(row.getCell(8).value).toBeInstanceOf(Date);
    expect(sheet.getRow(7).getCell(4).value).toBe(1);
    for (let c = 1; c <= 8; c++) expect(sheet.getColumn(c).width).toBeGreaterThanOrEqual(10);
  });
});
