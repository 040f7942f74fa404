/**
 * The PDF and spreadsheet writers are loaded by the first download that needs one, not at start: together they
 * were a fifth of the processor time and a tenth of the memory the code took to load (ADR 169). Node keeps a
 * module once loaded, so only that first download waits for it.
 */
export const loadPdfKit = async () => (await import('pdfkit')).default;
export const loadExcelJs = async () => (await import('exceljs')).default;
