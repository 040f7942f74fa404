import { PassThrough, type Readable } from 'node:stream';
import { IST_TIME_ZONE } from '@bhada/contracts/time';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import { PDF_FONT, useIndianFonts } from '../../lib/pdf-fonts.ts';

/** One statement, whatever its format: a heading block, then rows streamed from the database. */
export interface Statement {
  title: string;
  operatorName: string;
  /** already formatted in India time */
  period: string;
  summary: Array<[label: string, value: string]>;
  columns: Array<{ header: string; key: string; width: number; money?: boolean }>;
  rows: AsyncIterable<Record<string, string | number | null>>;
}

const IST = new Intl.DateTimeFormat('en-IN', {
  timeZone: IST_TIME_ZONE,
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: true,
});
export const istDateTime = (d: Date) => IST.format(d);

const INR = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** ₹ with Indian grouping, from paisa */
export const rupeesText = (paisa: number) => `₹${INR.format(paisa / 100)}`;

export const contentTypeOf = (format: 'xlsx' | 'pdf') =>
  format === 'xlsx' ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'application/pdf';

/**
 * Streams the statement: rows are written as they arrive, so a 100,000-row statement never sits in
 * memory. Errors end the stream (the client sees a broken download, the log has the cause).
 */
export function streamStatement(format: 'xlsx' | 'pdf', statement: Statement, onError: (err: unknown) => void): Readable {
  const out = new PassThrough();
  const run = format === 'xlsx' ? writeXlsx(out, statement) : writePdf(out, statement);
  run.catch((err) => {
    onError(err);
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return out;
}

async function writeXlsx(out: PassThrough, s: Statement) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Statement', { views: [{ state: 'frozen', ySplit: 0 }] });
  sheet.columns = s.columns.map((c) => ({ key: c.key, width: c.width }));
  const title = sheet.addRow([s.title]);
  title.font = { bold: true, size: 14 };
  title.commit();
  sheet.addRow(['Operator', s.operatorName]).commit();
  sheet.addRow(['Period', s.period]).commit();
  for (const [label, value] of s.summary) sheet.addRow([label, value]).commit();
  sheet.addRow([]).commit();
  const header = sheet.addRow(s.columns.map((c) => c.header));
  header.font = { bold: true };
  header.commit();
  for await (const row of s.rows) {
    const r = sheet.addRow(s.columns.map((c) => row[c.key] ?? ''));
    s.columns.forEach((c, i) => {
      if (c.money) r.getCell(i + 1).numFmt = '#,##,##0.00';
    });
    r.commit();
  }
  sheet.commit();
  await workbook.commit();
}

async function writePdf(out: PassThrough, s: Statement) {
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 32, bufferPages: false });
  useIndianFonts(doc);
  doc.pipe(out);
  const left = doc.page.margins.left;
  const usable = doc.page.width - left - doc.page.margins.right;
  const totalWidth = s.columns.reduce((a, c) => a + c.width, 0);
  const xs: number[] = [];
  let x = left;
  for (const c of s.columns) {
    xs.push(x);
    x += (c.width / totalWidth) * usable;
  }
  const widthOf = (i: number) => (s.columns[i]!.width / totalWidth) * usable - 4;
  const bottom = () => doc.page.height - doc.page.margins.bottom - 14;

  doc.font(PDF_FONT.bold).fontSize(14).text(s.title, left, doc.page.margins.top);
  doc.font(PDF_FONT.regular).fontSize(10).moveDown(0.3);
  doc.text(`Operator: ${s.operatorName}`);
  doc.text(`Period: ${s.period}`);
  for (const [label, value] of s.summary) doc.text(`${label}: ${value}`);
  doc.moveDown(0.6);

  const header = () => {
    const y = doc.y;
    doc.font(PDF_FONT.bold).fontSize(8);
    s.columns.forEach((c, i) => {
      doc.text(c.header, xs[i]!, y, { width: widthOf(i), lineBreak: false });
    });
    doc.font(PDF_FONT.regular).fontSize(8);
    doc.y = y + 14;
  };
  header();
  for await (const row of s.rows) {
    if (doc.y > bottom()) {
      doc.addPage();
      doc.y = doc.page.margins.top;
      header();
    }
    const y = doc.y;
    s.columns.forEach((c, i) => {
      const v = row[c.key];
      const text = v === null || v === undefined ? '' : c.money && typeof v === 'number' ? INR.format(v) : String(v);
      doc.text(text, xs[i]!, y, { width: widthOf(i), lineBreak: false, ellipsis: true });
    });
    doc.y = y + 12;
  }
  doc.end();
  await new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('error', reject);
  });
}
