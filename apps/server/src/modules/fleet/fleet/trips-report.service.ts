import {
  MAINTENANCE_KINDS,
  type MaintenanceKind,
  TRIPS_REPORT_MAX_DAYS,
  TRIPS_REPORT_MESSAGES,
  type TripsReportQuery,
} from '@bhada/contracts/fleet/fleet';
import { istDateText, istDayEnd, istDayStart } from '@bhada/contracts/time';
import type { ServiceContext } from '../../../lib/context.ts';
import { loadExcelJs, loadPdfKit } from '../../../lib/document-libraries.ts';
import { badRequest } from '../../../lib/errors.ts';
import { PDF_FONT, useIndianFonts } from '../../../lib/pdf-fonts.ts';
import { XLSX_MONEY_FORMAT, xlsxDate, xlsxFrozenView, xlsxPrintSetup } from '../../../lib/spreadsheet.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';
import { indiaToday } from './maintenance.service.ts';
import * as repo from './trips-report.repository.ts';
import { type ReportLang, TRIPS_REPORT_WORDS, type TripsReportWords, UNEARNED_STATES } from './trips-report-text.ts';

/** One line of the trips report: a trip, or maintenance work that belongs to no trip. */
export type TripsReportRow = {
  type: 'Trip' | 'Maintenance';
  tripId: string | null;
  start: Date;
  end: Date | null;
  /** a trip's origin and destination, or the maintenance work done */
  lane: { from: string; to: string } | { kind: string; note: string | null };
  vehicle: string;
  /** a trip state, or DONE for maintenance */
  status: string;
  freightPaisa: number | null;
  tollsPaisa: number | null;
  expensesPaisa: number;
};

const kindLabel = (kind: string, words: TripsReportWords) =>
  (MAINTENANCE_KINDS as readonly string[]).includes(kind) ? words.kinds[kind as MaintenanceKind] : kind;
const statusLabel = (status: string, words: TripsReportWords) => words.states[status as keyof TripsReportWords['states']] ?? status;
/** The lane in words; `arrow` is what joins origin and destination (the PDF face has no arrow glyph). */
const laneText = (lane: TripsReportRow['lane'], words: TripsReportWords, arrow: string) =>
  'from' in lane ? `${lane.from} ${arrow} ${lane.to}` : [kindLabel(lane.kind, words), lane.note].filter(Boolean).join(' · ');
/** midnight India time of a YYYY-MM-DD date */
const DAY_MS = 86_400_000;

function checkPeriod(q: TripsReportQuery) {
  if (q.toDate > indiaToday()) throw badRequest(TRIPS_REPORT_MESSAGES.future, 'toDate');
  if (q.fromDate > q.toDate) throw badRequest(TRIPS_REPORT_MESSAGES.order, 'fromDate');
  if ((Date.parse(q.toDate) - Date.parse(q.fromDate)) / DAY_MS + 1 > TRIPS_REPORT_MAX_DAYS)
    throw badRequest(TRIPS_REPORT_MESSAGES.tooLong, 'fromDate');
}

export async function tripsReportRows(
  ctx: ServiceContext,
  input: { operatorId: OperatorId } & TripsReportQuery,
): Promise<TripsReportRow[]> {
  checkPeriod(input);
  const from = istDayStart(input.fromDate);
  const to = istDayEnd(input.toDate);
  const [tripRows, maintenance] = await Promise.all([
    repo.tripsBetween(ctx.db, { operatorId: input.operatorId, from, to }),
    repo.maintenanceDoneBetween(ctx.db, input),
  ]);
  const rows: TripsReportRow[] = tripRows.map((t) => ({
    type: 'Trip',
    tripId: t.tripId,
    start: t.startedAt,
    end: t.completedAt,
    lane: { from: t.originCity, to: t.destinationCity },
    vehicle: t.vehicleNumber,
    status: t.state,
    freightPaisa: Number(t.freightPaisa),
    tollsPaisa: Number(t.tollsPaisa),
    expensesPaisa: Number(t.expensesPaisa),
  }));
  for (const m of maintenance) {
    rows.push({
      type: 'Maintenance',
      tripId: null,
      start: istDayStart(m.doneOn as string),
      end: null,
      lane: { kind: m.kind, note: m.doneNote ?? null },
      vehicle: m.vehicleNumber,
      status: 'DONE',
      freightPaisa: null,
      tollsPaisa: null,
      expensesPaisa: Number(m.costPaisa ?? 0),
    });
  }
  return rows;
}

const COLUMN_WIDTHS = [13, 18, 20, 20, 34, 16, 14, 15, 13, 14] as const;
const MONEY_FROM = 8; // 1-based: Freight, Tolls, Expenses
const XLSX_DAY_FORMAT = 'dd-mmm-yyyy hh:mm AM/PM';

const sum = (rows: TripsReportRow[], pick: (r: TripsReportRow) => number | null) => rows.reduce((s, r) => s + (pick(r) ?? 0), 0);
/** Freight earned: a cancelled trip or one whose POD was rejected earns none yet. */
const freightTotal = (rows: TripsReportRow[]) => sum(rows, (r) => (UNEARNED_STATES.has(r.status) ? 0 : r.freightPaisa));
const INR = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const rupees = (paisa: number | null) => (paisa == null ? '' : `₹${INR.format(paisa / 100)}`);
const dateText = (d: Date | null, lang: ReportLang) => (d ? istDateText(d, lang) : '');

export const tripsReportFileName = (q: TripsReportQuery) => `trips-report-${q.fromDate}_${q.toDate}.${q.format}`;
export const tripsReportContentType = (format: 'xlsx' | 'pdf') =>
  format === 'xlsx' ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'application/pdf';

/** The workbook: title and period, a frozen heading row with a filter, real date cells, amounts in rupees. */
export async function tripsReportXlsx(rows: TripsReportRow[], q: TripsReportQuery, lang: ReportLang = 'en'): Promise<Buffer> {
  const words = TRIPS_REPORT_WORDS[lang];
  const ExcelJS = await loadExcelJs();
  const book = new ExcelJS.Workbook();
  const headerRow = 3;
  const sheet = book.addWorksheet(words.sheet, { views: [xlsxFrozenView(headerRow)], pageSetup: xlsxPrintSetup(headerRow) });
  sheet.columns = COLUMN_WIDTHS.map((width) => ({ width }));
  sheet.getCell('A1').value = words.title;
  sheet.getCell('A1').font = { bold: true, size: 14 };
  sheet.getCell('A2').value = words.period(q.fromDate, q.toDate);
  const head = sheet.getRow(headerRow);
  head.values = [...words.columns];
  head.font = { bold: true };
  for (const r of rows) {
    const row = sheet.addRow([
      r.type === 'Trip' ? words.trip : words.maintenance,
      r.tripId ?? '',
      xlsxDate(r.start),
      r.end ? xlsxDate(r.end) : null,
      laneText(r.lane, words, '→'),
      r.vehicle,
      statusLabel(r.status, words),
      r.freightPaisa == null ? null : r.freightPaisa / 100,
      r.tollsPaisa == null ? null : r.tollsPaisa / 100,
      r.expensesPaisa / 100,
    ]);
    row.getCell(3).numFmt = XLSX_DAY_FORMAT;
    row.getCell(4).numFmt = XLSX_DAY_FORMAT;
    for (let c = MONEY_FROM; c <= COLUMN_WIDTHS.length; c++) row.getCell(c).numFmt = XLSX_MONEY_FORMAT;
  }
  const lastData = headerRow + rows.length;
  sheet.autoFilter = { from: { row: headerRow, column: 1 }, to: { row: Math.max(lastData, headerRow), column: COLUMN_WIDTHS.length } };
  const total = sheet.addRow([
    words.total,
    '',
    null,
    null,
    '',
    '',
    '',
    freightTotal(rows) / 100,
    sum(rows, (r) => r.tollsPaisa) / 100,
    sum(rows, (r) => r.expensesPaisa) / 100,
  ]);
  total.font = { bold: true };
  for (let c = MONEY_FROM; c <= COLUMN_WIDTHS.length; c++) total.getCell(c).numFmt = XLSX_MONEY_FORMAT;
  sheet.addRow([words.freightNote]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The PDF: landscape A4 in the embedded face (₹ and Hindi print), the heading repeated on every page. */
export async function tripsReportPdf(rows: TripsReportRow[], q: TripsReportQuery, lang: ReportLang = 'en'): Promise<Buffer> {
  const words = TRIPS_REPORT_WORDS[lang];
  const PDFDocument = await loadPdfKit();
  const doc = useIndianFonts(new PDFDocument({ size: 'A4', layout: 'landscape', margin: 30, info: { Title: words.title } }));
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  const usable = doc.page.width - left - doc.page.margins.right;
  const totalWidth = COLUMN_WIDTHS.reduce((s, w) => s + w, 0);
  const widths = COLUMN_WIDTHS.map((w) => (w / totalWidth) * usable);
  const line = (cells: string[], bold = false) => {
    doc.font(bold ? PDF_FONT.bold : PDF_FONT.regular).fontSize(8);
    const height = Math.max(...cells.map((text, i) => doc.heightOfString(text, { width: (widths[i] ?? 0) - 4 }))) + 4;
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      if (!bold) line([...words.columns], true);
    }
    const y = doc.y;
    let x = left;
    cells.forEach((text, i) => {
      const width = widths[i] ?? 0;
      doc.text(text, x + 2, y + 2, { width: width - 4, align: i >= MONEY_FROM - 1 ? 'right' : 'left' });
      x += width;
    });
    doc.y = y + height;
    doc
      .moveTo(left, doc.y)
      .lineTo(left + usable, doc.y)
      .lineWidth(0.3)
      .strokeColor('#999999')
      .stroke();
  };
  doc.font(PDF_FONT.bold).fontSize(14).text(words.title, left, doc.y);
  doc.font(PDF_FONT.regular).fontSize(9).text(words.period(q.fromDate, q.toDate)).moveDown(0.5);
  line([...words.columns], true);
  for (const r of rows)
    line([
      r.type === 'Trip' ? words.trip : words.maintenance,
      r.tripId ?? '',
      dateText(r.start, lang),
      dateText(r.end, lang),
      laneText(r.lane, words, '–'),
      r.vehicle,
      statusLabel(r.status, words),
      rupees(r.freightPaisa),
      rupees(r.tollsPaisa),
      rupees(r.expensesPaisa),
    ]);
  line(
    [
      words.total,
      '',
      '',
      '',
      '',
      '',
      '',
      rupees(freightTotal(rows)),
      rupees(sum(rows, (r) => r.tollsPaisa)),
      rupees(sum(rows, (r) => r.expensesPaisa)),
    ],
    true,
  );
  doc.moveDown(0.5).font(PDF_FONT.regular).fontSize(8).text(words.freightNote, left, doc.y, { width: usable });
  doc.end();
  return done;
}

/** The report in the reader's language (`lang`: the screen's language, else the saved one). */
export async function tripsReport(ctx: ServiceContext, input: { operatorId: OperatorId } & TripsReportQuery, lang: ReportLang = 'en') {
  const rows = await tripsReportRows(ctx, input);
  const body = input.format === 'xlsx' ? await tripsReportXlsx(rows, input, lang) : await tripsReportPdf(rows, input, lang);
  return { body, fileName: tripsReportFileName(input), contentType: tripsReportContentType(input.format) };
}
