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

/** One line of the trips report: a trip, or maintenance work that belongs to no trip. */
export type TripsReportRow = {
  type: 'Trip' | 'Maintenance';
  tripId: string | null;
  start: Date;
  end: Date | null;
  lane: string;
  vehicle: string;
  status: string;
  freightPaisa: number | null;
  tollsPaisa: number | null;
  expensesPaisa: number;
};

const KIND_LABEL: Record<MaintenanceKind, string> = {
  OIL_CHANGE: 'Oil change',
  TYRES: 'Tyres',
  SERVICE: 'General service',
  BRAKES: 'Brakes',
  BATTERY: 'Battery',
  OTHER: 'Other',
};
const kindLabel = (kind: string) => ((MAINTENANCE_KINDS as readonly string[]).includes(kind) ? KIND_LABEL[kind as MaintenanceKind] : kind);
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
    lane: `${t.originCity} → ${t.destinationCity}`,
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
      lane: [kindLabel(m.kind), m.doneNote].filter(Boolean).join(' · '),
      vehicle: m.vehicleNumber,
      status: 'DONE',
      freightPaisa: null,
      tollsPaisa: null,
      expensesPaisa: Number(m.costPaisa ?? 0),
    });
  }
  return rows;
}

const COLUMNS = [
  { header: 'Type', width: 13 },
  { header: 'Trip ID', width: 18 },
  { header: 'Start', width: 20 },
  { header: 'End', width: 20 },
  { header: 'Lane / work', width: 34 },
  { header: 'Vehicle', width: 16 },
  { header: 'Status', width: 14 },
  { header: 'Freight (₹)', width: 15 },
  { header: 'Tolls (₹)', width: 13 },
  { header: 'Expenses (₹)', width: 14 },
] as const;
const MONEY_FROM = 8; // 1-based: Freight, Tolls, Expenses
const XLSX_DAY_FORMAT = 'dd-mmm-yyyy hh:mm AM/PM';

const sum = (rows: TripsReportRow[], pick: (r: TripsReportRow) => number | null) => rows.reduce((s, r) => s + (pick(r) ?? 0), 0);
const INR = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const rupees = (paisa: number | null) => (paisa == null ? '' : `₹${INR.format(paisa / 100)}`);
const dateText = (d: Date | null) => (d ? istDateText(d) : '');

export const tripsReportFileName = (q: TripsReportQuery) => `trips-report-${q.fromDate}_${q.toDate}.${q.format}`;
export const tripsReportContentType = (format: 'xlsx' | 'pdf') =>
  format === 'xlsx' ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'application/pdf';

/** The workbook: title and period, a frozen heading row with a filter, real date cells, amounts in rupees. */
export async function tripsReportXlsx(rows: TripsReportRow[], q: TripsReportQuery): Promise<Buffer> {
  const ExcelJS = await loadExcelJs();
  const book = new ExcelJS.Workbook();
  const headerRow = 3;
  const sheet = book.addWorksheet('Trips', { views: [xlsxFrozenView(headerRow)], pageSetup: xlsxPrintSetup(headerRow) });
  sheet.columns = COLUMNS.map((c) => ({ width: c.width }));
  sheet.getCell('A1').value = 'Trips report';
  sheet.getCell('A1').font = { bold: true, size: 14 };
  sheet.getCell('A2').value = `${q.fromDate} to ${q.toDate} (India time)`;
  const head = sheet.getRow(headerRow);
  head.values = COLUMNS.map((c) => c.header);
  head.font = { bold: true };
  for (const r of rows) {
    const row = sheet.addRow([
      r.type,
      r.tripId ?? '',
      xlsxDate(r.start),
      r.end ? xlsxDate(r.end) : null,
      r.lane,
      r.vehicle,
      r.status,
      r.freightPaisa == null ? null : r.freightPaisa / 100,
      r.tollsPaisa == null ? null : r.tollsPaisa / 100,
      r.expensesPaisa / 100,
    ]);
    row.getCell(3).numFmt = XLSX_DAY_FORMAT;
    row.getCell(4).numFmt = XLSX_DAY_FORMAT;
    for (let c = MONEY_FROM; c <= COLUMNS.length; c++) row.getCell(c).numFmt = XLSX_MONEY_FORMAT;
  }
  const lastData = headerRow + rows.length;
  sheet.autoFilter = { from: { row: headerRow, column: 1 }, to: { row: Math.max(lastData, headerRow), column: COLUMNS.length } };
  const total = sheet.addRow([
    'Total',
    '',
    null,
    null,
    '',
    '',
    '',
    sum(rows, (r) => r.freightPaisa) / 100,
    sum(rows, (r) => r.tollsPaisa) / 100,
    sum(rows, (r) => r.expensesPaisa) / 100,
  ]);
  total.font = { bold: true };
  for (let c = MONEY_FROM; c <= COLUMNS.length; c++) total.getCell(c).numFmt = XLSX_MONEY_FORMAT;
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The PDF: landscape A4 in the embedded face (₹ and Hindi print), the heading repeated on every page. */
export async function tripsReportPdf(rows: TripsReportRow[], q: TripsReportQuery): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const doc = useIndianFonts(new PDFDocument({ size: 'A4', layout: 'landscape', margin: 30, info: { Title: 'Trips report' } }));
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  const usable = doc.page.width - left - doc.page.margins.right;
  const totalWidth = COLUMNS.reduce((s, c) => s + c.width, 0);
  const widths = COLUMNS.map((c) => (c.width / totalWidth) * usable);
  const line = (cells: string[], bold = false) => {
    doc.font(bold ? PDF_FONT.bold : PDF_FONT.regular).fontSize(8);
    const height = Math.max(...cells.map((text, i) => doc.heightOfString(text, { width: (widths[i] ?? 0) - 4 }))) + 4;
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      if (!bold)
        line(
          COLUMNS.map((c) => c.header),
          true,
        );
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
  doc.font(PDF_FONT.bold).fontSize(14).text('Trips report', left, doc.y);
  doc.font(PDF_FONT.regular).fontSize(9).text(`${q.fromDate} to ${q.toDate} (India time)`).moveDown(0.5);
  line(
    COLUMNS.map((c) => c.header),
    true,
  );
  for (const r of rows)
    line([
      r.type,
      r.tripId ?? '',
      dateText(r.start),
      dateText(r.end),
      r.lane,
      r.vehicle,
      r.status,
      rupees(r.freightPaisa),
      rupees(r.tollsPaisa),
      rupees(r.expensesPaisa),
    ]);
  line(
    [
      'Total',
      '',
      '',
      '',
      '',
      '',
      '',
      rupees(sum(rows, (r) => r.freightPaisa)),
      rupees(sum(rows, (r) => r.tollsPaisa)),
      rupees(sum(rows, (r) => r.expensesPaisa)),
    ],
    true,
  );
  doc.end();
  return done;
}

export async function tripsReport(ctx: ServiceContext, input: { operatorId: OperatorId } & TripsReportQuery) {
  const rows = await tripsReportRows(ctx, input);
  const body = input.format === 'xlsx' ? await tripsReportXlsx(rows, input) : await tripsReportPdf(rows, input);
  return { body, fileName: tripsReportFileName(input), contentType: tripsReportContentType(input.format) };
}
