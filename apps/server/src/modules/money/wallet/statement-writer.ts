import { PassThrough, type Readable } from 'node:stream';
import { loadExcelJs, loadPdfKit } from '../../../lib/document-libraries.ts';
import { PDF_FONT, useIndianFonts } from '../../../lib/pdf-fonts.ts';
import {
  columnLetter,
  XLSX_COUNT_FORMAT,
  XLSX_DATE_FORMAT,
  XLSX_MONEY_FORMAT,
  xlsxDate,
  xlsxFrozenView,
  xlsxPrintSetup,
} from '../../../lib/spreadsheet.ts';
import { type StatementLang, statementDateTime, statementPeriod, statementWords } from './statement-text.ts';

export type StatementCell = string | number | Date | null;

export interface StatementColumn {
  header: string;
  key: string;
  /** in characters: the xlsx column width, and the column's share of the PDF page */
  width: number;
  /** `money`: integer paisa in the rows, shown as rupees; `date`: an instant, shown in India time */
  kind?: 'text' | 'date' | 'money';
  /** summed into the totals row */
  total?: boolean;
}

export type SummaryValue = { text: string } | { paisa: number } | { count: number };

/** One statement, whatever its format: a heading block, then rows streamed from the database. */
export interface Statement {
  lang: StatementLang;
  /** the file name's start; the period is added (`passbook` → passbook-2026-11-01_2026-11-30.xlsx) */
  fileStem: string;
  title: string;
  operatorName: string;
  /** the period [from, to) */
  from: Date;
  to: Date;
  summary: Array<[label: string, value: SummaryValue]>;
  columns: StatementColumn[];
  /** read again on every call: the PDF reads the rows twice (once to count its pages, once to print) */
  rows: () => AsyncIterable<Record<string, StatementCell>>;
}

const INR = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const COUNT = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
/** ₹ with Indian grouping, from paisa */
export const rupeesText = (paisa: number) => `${paisa < 0 ? '-' : ''}₹${INR.format(Math.abs(paisa) / 100)}`;

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

// ——— xlsx ———

async function writeXlsx(out: PassThrough, s: Statement) {
  const words = statementWords(s.lang);
  // title, operator, period, generated, the summary, one blank row, then the column headings
  const headerRow = 4 + s.summary.length + 2;
  const lastColumn = columnLetter(s.columns.length);
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(words.sheet, {
    views: [xlsxFrozenView(headerRow)],
    pageSetup: xlsxPrintSetup(headerRow),
    headerFooter: { oddFooter: `&L${s.title.replace(/&/g, '&&')}&R${words.page('&P', '&N')}` },
  });
  sheet.columns = s.columns.map((c) => ({ key: c.key, width: c.width }));

  const title = sheet.addRow([s.title]);
  title.font = { bold: true, size: 14 };
  title.commit();
  sheet.addRow([words.operator, s.operatorName]).commit();
  sheet.addRow([words.period, statementPeriod(s.from, s.to, s.lang)]).commit();
  const generated = sheet.addRow([words.generated, xlsxDate(new Date())]);
  generated.getCell(2).numFmt = XLSX_DATE_FORMAT;
  generated.getCell(2).alignment = { horizontal: 'left' };
  generated.commit();
  for (const [label, value] of s.summary) {
    const row = sheet.addRow([label, 'text' in value ? value.text : 'paisa' in value ? value.paisa / 100 : value.count]);
    const cell = row.getCell(2);
    if ('paisa' in value) cell.numFmt = XLSX_MONEY_FORMAT;
    if ('count' in value) cell.numFmt = XLSX_COUNT_FORMAT;
    if (!('text' in value)) cell.alignment = { horizontal: 'left' };
    row.commit();
  }
  sheet.addRow([]).commit();
  const header = sheet.addRow(s.columns.map((c) => c.header));
  header.font = { bold: true };
  header.alignment = { vertical: 'middle', wrapText: true };
  s.columns.forEach((c, i) => {
    const cell = header.getCell(i + 1);
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF4' } };
    cell.border = { bottom: { style: 'thin' } };
    if (c.kind === 'money') cell.alignment = { horizontal: 'right', vertical: 'middle', wrapText: true };
  });
  header.commit();

  const sums = s.columns.map(() => 0);
  let count = 0;
  for await (const row of s.rows()) {
    count++;
    const r = sheet.addRow(
      s.columns.map((c, i) => {
        const v = row[c.key] ?? null;
        if (v === null) return null;
        if (c.kind === 'money' && typeof v === 'number') {
          if (c.total) sums[i] = (sums[i] ?? 0) + v;
          return v / 100;
        }
        if (c.kind === 'date' && v instanceof Date) return xlsxDate(v);
        return v;
      }),
    );
    s.columns.forEach((c, i) => {
      const cell = r.getCell(i + 1);
      if (c.kind === 'money') cell.numFmt = XLSX_MONEY_FORMAT;
      else if (c.kind === 'date') cell.numFmt = XLSX_DATE_FORMAT;
      // long descriptions wrap inside their column (the row grows) instead of being cut off in print
      else cell.alignment = { wrapText: true, vertical: 'top' };
    });
    r.commit();
  }
  sheet.autoFilter = `A${headerRow}:${lastColumn}${headerRow + Math.max(count, 1)}`;

  const totals = sheet.addRow(s.columns.map((c, i) => (i === 0 ? words.total : c.total ? (sums[i] ?? 0) / 100 : null)));
  totals.font = { bold: true };
  s.columns.forEach((c, i) => {
    const cell = totals.getCell(i + 1);
    cell.border = { top: { style: 'thin' } };
    if (c.total) cell.numFmt = XLSX_MONEY_FORMAT;
  });
  totals.commit();
  sheet.commit();
  await workbook.commit();
}

// ——— pdf ———

const FONT_SIZE = 8;
const CELL_PAD = 3;
/** a cell never grows past this many lines; longer text ends in an ellipsis */
const MAX_CELL_LINES = 6;
const FOOTER_GAP = 18;
/** laying out text is CPU work: the writer lets other requests run between batches of rows */
const YIELD_EVERY = 200;
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

async function writePdf(out: PassThrough, s: Statement) {
  const words = statementWords(s.lang);
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 32,
    bufferPages: false,
    info: { Title: s.title, Author: s.operatorName },
  });
  useIndianFonts(doc);
  const left = doc.page.margins.left;
  const top = doc.page.margins.top;
  const usable = doc.page.width - left - doc.page.margins.right;
  const bottom = doc.page.height - doc.page.margins.bottom - FOOTER_GAP;
  const totalWidth = s.columns.reduce((a, c) => a + c.width, 0);
  const widths = s.columns.map((c) => (c.width / totalWidth) * usable);
  const xs = widths.map((_, i) => left + widths.slice(0, i).reduce((a, w) => a + w, 0));
  const textWidth = (i: number) => (widths[i] ?? 0) - 2 * CELL_PAD;
  const lineHeight = doc.font(PDF_FONT.regular).fontSize(FONT_SIZE).currentLineHeight(true);
  const maxCellHeight = lineHeight * MAX_CELL_LINES;
  // Devanagari lines carry their text as typed in an ActualText span, line by line (`useIndianFonts`)
  const write = (text: string, x: number, y: number, options: PDFKit.Mixins.TextOptions) => {
    doc.text(text, x, y, options);
  };

  const cellText = (c: StatementColumn, v: StatementCell | undefined) => {
    if (v === null || v === undefined) return '';
    if (c.kind === 'money' && typeof v === 'number') return INR.format(v / 100);
    if (v instanceof Date) return statementDateTime(v, s.lang);
    return String(v);
  };
  const measure = (texts: string[], bold = false) => {
    doc.font(bold ? PDF_FONT.bold : PDF_FONT.regular).fontSize(FONT_SIZE);
    let h = lineHeight;
    texts.forEach((t, i) => {
      // most cells fit on one line: the width alone says so, without laying the text out in lines
      if (t && doc.widthOfString(t) > textWidth(i))
        h = Math.max(h, Math.min(maxCellHeight, doc.heightOfString(t, { width: textWidth(i) })));
    });
    return h + 2 * CELL_PAD;
  };

  const headings = s.columns.map((c) => c.header);
  const headerHeight = measure(headings, true);
  const intro: Array<{ text: string; bold?: boolean; size: number }> = [
    { text: s.title, bold: true, size: 14 },
    { text: `${words.operator}: ${s.operatorName}`, size: 10 },
    { text: `${words.period}: ${statementPeriod(s.from, s.to, s.lang)}`, size: 10 },
    ...s.summary.map(([label, value]) => ({
      text: `${label}: ${'text' in value ? value.text : 'paisa' in value ? rupeesText(value.paisa) : COUNT.format(value.count)}`,
      size: 10,
    })),
  ];
  const introHeight =
    intro.reduce(
      (h, line) =>
        h +
        doc
          .font(line.bold ? PDF_FONT.bold : PDF_FONT.regular)
          .fontSize(line.size)
          .heightOfString(line.text, { width: usable }),
      0,
    ) + 10;
  const running = `${s.title} — ${s.operatorName}`;
  const runningHeight = doc.font(PDF_FONT.regular).fontSize(9).heightOfString(running, { width: usable }) + 6;
  const firstTableTop = top + introHeight;
  const laterTableTop = top + runningHeight;

  /**
   * Where each row goes: the same walk counts the pages (first pass) and prints them (second
   * pass), so "Page 1 of N" is known before page 1 is written and no page sits in memory.
   */
  const layout = () => {
    let page = 1;
    let y = firstTableTop + headerHeight;
    return (height: number) => {
      if (y + height > bottom) {
        page++;
        y = laterTableTop + headerHeight;
        const at = { page, y, newPage: true };
        y += height;
        return at;
      }
      const at = { page, y, newPage: false };
      y += height;
      return at;
    };
  };
  const rowTexts = (row: Record<string, StatementCell>) => s.columns.map((c) => cellText(c, row[c.key]));

  // first pass: count the pages
  const sums = s.columns.map(() => 0);
  let count = 0;
  let place = layout();
  let pages = 1;
  // row heights from the first pass, for the second (numbers only: 100,000 rows are under a megabyte)
  const heights: number[] = [];
  for await (const row of s.rows()) {
    count++;
    if (count % YIELD_EVERY === 0) await yieldToOthers();
    s.columns.forEach((c, i) => {
      const v = row[c.key];
      if (c.total && typeof v === 'number') sums[i] = (sums[i] ?? 0) + v;
    });
    const height = measure(rowTexts(row));
    heights.push(height);
    pages = place(height).page;
  }
  const totalsTexts = s.columns.map((c, i) => (i === 0 ? words.total : c.total ? INR.format((sums[i] ?? 0) / 100) : ''));
  const emptyHeight = lineHeight + 2 * CELL_PAD;
  if (count === 0) pages = place(emptyHeight).page;
  pages = place(measure(totalsTexts, true)).page;

  // second pass: print
  doc.pipe(out);
  const footer = (page: number) => {
    // the footer sits in the bottom margin: lift the margin while writing it so no page is added
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - margin - FOOTER_GAP + 6;
    doc.font(PDF_FONT.regular).fontSize(8).fillColor('#444444');
    write(`${words.generated}: ${statementDateTime(new Date(), s.lang)}`, left, y, { width: usable / 2, lineBreak: false });
    write(words.page(page, pages), left + usable / 2, y, { width: usable / 2, align: 'right', lineBreak: false });
    doc.fillColor('#000000');
    doc.page.margins.bottom = margin;
  };
  const tableHeader = (y: number) => {
    doc.rect(left, y, usable, headerHeight).fill('#E8EEF4');
    doc.fillColor('#000000').font(PDF_FONT.bold).fontSize(FONT_SIZE);
    s.columns.forEach((c, i) => {
      write(headings[i] ?? '', (xs[i] ?? left) + CELL_PAD, y + CELL_PAD, {
        width: textWidth(i),
        height: maxCellHeight,
        align: c.kind === 'money' ? 'right' : 'left',
        ellipsis: true,
      });
    });
  };
  const printRow = (texts: string[], y: number, height: number, bold = false) => {
    doc.font(bold ? PDF_FONT.bold : PDF_FONT.regular).fontSize(FONT_SIZE);
    s.columns.forEach((c, i) => {
      const t = texts[i];
      if (!t) return;
      write(t, (xs[i] ?? left) + CELL_PAD, y + CELL_PAD, {
        width: textWidth(i),
        height: height - 2 * CELL_PAD,
        align: c.kind === 'money' ? 'right' : 'left',
        ellipsis: true,
      });
    });
    doc
      .moveTo(left, y + height)
      .lineTo(left + usable, y + height)
      .lineWidth(bold ? 0.8 : 0.3)
      .strokeColor(bold ? '#000000' : '#BBBBBB')
      .stroke();
  };

  let y = top;
  for (const line of intro) {
    doc.font(line.bold ? PDF_FONT.bold : PDF_FONT.regular).fontSize(line.size);
    write(line.text, left, y, { width: usable });
    y += doc.heightOfString(line.text, { width: usable });
  }
  tableHeader(firstTableTop);
  footer(1);
  place = layout();
  const next = (height: number) => {
    const at = place(height);
    if (at.newPage) {
      doc.addPage();
      doc.font(PDF_FONT.regular).fontSize(9).fillColor('#444444');
      write(running, left, top, { width: usable });
      doc.fillColor('#000000');
      tableHeader(laterTableTop);
      footer(at.page);
    }
    return at.y;
  };
  // the ledger only grows: a row that arrived after the first pass is left out, so pages and totals agree
  let printed = 0;
  for await (const row of s.rows()) {
    if (printed === count) break;
    if (printed % YIELD_EVERY === YIELD_EVERY - 1) await yieldToOthers();
    const texts = rowTexts(row);
    const height = heights[printed++] ?? measure(texts);
    printRow(texts, next(height), height);
  }
  if (count === 0) {
    const at = next(emptyHeight);
    doc.font(PDF_FONT.regular).fontSize(FONT_SIZE);
    write(words.noTransactions, left + CELL_PAD, at + CELL_PAD, { width: usable });
  }
  const totalsHeight = measure(totalsTexts, true);
  printRow(totalsTexts, next(totalsHeight), totalsHeight, true);
  doc.end();
  await new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('error', reject);
  });
}
