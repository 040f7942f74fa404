import { istWallClock } from '@bhada/contracts/time';

/**
 * How every workbook the portal writes shows its numbers and times (ADR 141): one Indian-grouped
 * format for amounts (1,00,000.00 and 1,00,00,000.00; the commas are literal, so Excel's western
 * grouping never applies), the same grouping for counts, and India time in real date cells.
 */
export const XLSX_MONEY_FORMAT = '[>=10000000]##\\,##\\,##\\,##0.00;[>=100000]##\\,##\\,##0.00;##,##0.00';
export const XLSX_COUNT_FORMAT = '[>=10000000]##\\,##\\,##\\,##0;[>=100000]##\\,##\\,##0;##,##0';
export const XLSX_DATE_FORMAT = 'dd-mmm-yyyy hh:mm AM/PM';

/** A date cell's value: spreadsheets have no time zones, so the cell holds the India wall clock. */
export const xlsxDate = (at: Date) => istWallClock(at);

/** Print setup of a table sheet: landscape A4, as wide as one page, the heading row on every page. */
export function xlsxPrintSetup(headerRow: number) {
  return {
    orientation: 'landscape' as const,
    paperSize: 9, // A4
    fitToPage: true,
    fitToWidth: 1,
    fitToHeight: 0,
    printTitlesRow: `${headerRow}:${headerRow}`,
    margins: { left: 0.4, right: 0.4, top: 0.5, bottom: 0.5, header: 0.3, footer: 0.3 },
  };
}

/** The frozen view of a table sheet: everything above and including the heading row stays put. */
export const xlsxFrozenView = (headerRow: number) => ({
  state: 'frozen' as const,
  xSplit: 0,
  ySplit: headerRow,
  topLeftCell: `A${headerRow + 1}`,
  activeCell: `A${headerRow + 1}`,
});

/** A1-style letter of a 1-based column number. */
export function columnLetter(n: number): string {
  let s = '';
  for (let i = n; i > 0; i = Math.floor((i - 1) / 26)) s = String.fromCharCode(65 + ((i - 1) % 26)) + s;
  return s;
}
