import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { fundWallet, insertOperator, insertVehicle } from '../../../../test/factories.ts';
import { type PdfRun, pdfRuns, pdfText } from '../../../../test/pdf-text.ts';
import { users } from '../../../db/schema/index.ts';
import { XLSX_COUNT_FORMAT, XLSX_MONEY_FORMAT } from '../../../lib/spreadsheet.ts';
import { deliverToll, insertTag, tollEvent } from '../fastag/fastag.test-helpers.ts';

/** Statement files as people open them (ADR 140, 141): Hindi intact, pages numbered, workbooks that calculate. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  t.database.pool?.on('error', () => {});
  await t.close();
});

const now = () => Math.floor(Date.now() / 1000);
const HINDI_PLAZAS = ['किशनगढ़ टोल प्लाज़ा', 'दौलतपुरा टोल प्लाज़ा'];
const LONG_PLAZA = 'Shahjahanpur Toll Plaza on the Jaipur–Gurugram stretch of NH48, lane 7 towards Delhi, tag lanes merged WRAPEND';
const TOLLS = 50;

/** A tag that crossed many plazas: the statements run over several pages. */
async function busyFleet() {
  const { operatorId, owner } = await insertOperator(t.db, { name: 'Suresh Yadav' });
  const vehicle = await insertVehicle(t.db, operatorId);
  const tagId = await insertTag(t.db, operatorId, vehicle.id);
  await fundWallet(t.db, operatorId, 30_000_000);
  for (let i = 0; i < 2; i++) {
    const recharge = await t.call({ method: 'POST', url: '/api/fastag/recharge', token: owner.token, payload: { tagId, amount: 90_000 } });
    expect(recharge.status).toBe(200);
  }
  let debited = 0;
  for (let i = 0; i < TOLLS; i++) {
    const plaza = i === 4 ? LONG_PLAZA : (HINDI_PLAZAS[i % 3] ?? `Manoharpur Toll Plaza ${i}`);
    // two dear tolls take the total into lakhs, printed with Indian grouping (1,23,456.00)
    const amount = i === 7 || i === 9 ? 4_900_000 : 1_000 + i * 2_575;
    debited += amount;
    const res = await deliverToll(t, JSON.stringify(tollEvent(tagId, { amount, plaza })));
    expect(res.status).toBe(200);
  }
  return { operatorId, owner, vehicle, tagId, debited };
}

async function statement(token: string, report: string, params: Record<string, string | number>, locale?: string) {
  const link = await t.call({
    method: 'POST',
    url: '/api/reports/download-token',
    token,
    headers: locale ? { locale } : {},
    payload: { report, params },
  });
  expect(link.status).toBe(200);
  const res = await t.app.inject({ method: 'GET', url: link.body.data.url });
  expect(res.statusCode).toBe(200);
  return res;
}

const hasPdftotext = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** The text as a reader extracts it: poppler's pdftotext when installed, else the test helper. */
function readBack(pdf: Buffer): string {
  if (!hasPdftotext) return pdfText(pdf);
  const dir = mkdtempSync(join(tmpdir(), 'bhada-statement-'));
  writeFileSync(join(dir, 's.pdf'), pdf);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', join(dir, 's.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, '');
}

/** The runs drawn on one line of one page, left to right, joined (Devanagari comes in several runs). */
function lines(runs: PdfRun[]) {
  const byLine = new Map<string, PdfRun[]>();
  for (const r of runs) {
    const key = `${r.page}:${Math.round(r.y)}`;
    byLine.set(key, [...(byLine.get(key) ?? []), r]);
  }
  return [...byLine.values()].map((rs) => ({
    page: rs[0]!.page,
    y: rs[0]!.y,
    text: rs
      .sort((a, b) => a.x - b.x)
      .map((r) => r.text)
      .join(''),
  }));
}

const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
const squash = (s: string) => s.replace(/\s+/g, '');
const rupees = (paisa: number) => new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2 }).format(paisa / 100);
const istDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(at);

let fleet: Awaited<ReturnType<typeof busyFleet>>;
beforeAll(async () => {
  fleet = await busyFleet();
}, 120_000);

describe('PDF statements', () => {
  it('print a Hindi statement for a Hindi screen: ₹ and Hindi plaza names intact, numbered pages, headers on every page, a totals row', async () => {
    const res = await statement(
      fleet.owner.token,
      'fastagStatement/v2',
      { vehicleId: fleet.vehicle.id, fromTime: now() - 86_400, toTime: now(), reportFormat: 'pdf' },
      'hi',
    );
    const pdf = res.rawPayload;
    const pages = pageCount(pdf);
    expect(pages).toBeGreaterThanOrEqual(2);
    const text = readBack(pdf);
    expect(text).toContain('₹');
    for (const plaza of HINDI_PLAZAS) expect(text).toContain(squash(plaza));
    // headings and column names in Hindi, written as typed (the i-sign of विवरण after its consonant)
    for (const word of ['फास्टैग स्टेटमेंट', 'शुरुआती बैलेंस', 'तारीख और समय', 'विवरण', 'डेबिट (₹)', 'अंतिम बैलेंस (₹)']) {
      expect(text).toContain(squash(word));
    }
    for (let p = 1; p <= pages; p++) expect(text).toContain(squash(`पृष्ठ ${p} / ${pages}`));

    const runs = pdfRuns(pdf);
    for (let p = 1; p <= pages; p++) {
      const onPage = runs.filter((r) => r.page === p).map((r) => r.text);
      expect(onPage.join('')).toContain('तारीख और समय');
    }
    // the totals row: कुल and the sum of the debits on the last page, on one line
    // (the heading block's कुल डेबिट: … is a summary line, not the table's totals row)
    const total = lines(runs).find((l) => /^कुल\s*[\d,]+\.\d\d/.test(l.text));
    expect(total?.page).toBe(pages);
    expect(total?.text).toContain(rupees(fleet.debited));
    expect(total?.text).toContain(rupees(18_000_000));
    expect(fleet.debited).toBeGreaterThan(10_000_000);
    expect(rupees(fleet.debited)).toMatch(/^\d,\d\d,\d{3}\.\d\d$/);
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="fastag-${fleet.vehicle.number.replace(/[^A-Za-z0-9]/g, '').toUpperCase()}-${istDay(new Date((now() - 86_400) * 1000))}_${istDay(new Date())}.pdf"`,
    );
  });

  it('wraps long text inside its cell without overprinting the next row, and right-aligns amounts', async () => {
    const res = await statement(
      fleet.owner.token,
      'fastagStatement',
      { fromTime: now() - 86_400, toTime: now(), reportFormat: 'pdf' },
      'en',
    );
    const pdf = res.rawPayload;
    const pages = pageCount(pdf);
    const text = readBack(pdf);
    for (let p = 1; p <= pages; p++) expect(text).toContain(`Page${p}of${pages}`);
    expect(text).toContain(squash(LONG_PLAZA));

    const runs = pdfRuns(pdf);
    const start = runs.findIndex((r) => r.text.startsWith('Shahjahanpur Toll Plaza on the'));
    const end = runs.findIndex((r) => r.text.includes('WRAPEND'));
    expect(start).toBeGreaterThanOrEqual(0);
    const cell: PdfRun[] = runs.slice(start, end + 1).filter((r) => r.x === runs[start]?.x);
    // more than one line, all in the same column
    expect(new Set(cell.map((r) => r.y)).size).toBeGreaterThan(1);
    const lastLine = Math.min(...cell.map((r) => r.y));
    // the next row starts (its date) below the wrapped cell's last line
    const nextDate = runs.slice(end + 1).find((r) => /^\d\d [A-Z][a-z]{2} \d{4}/.test(r.text));
    expect(nextDate).toBeDefined();
    expect(lastLine - (nextDate?.y ?? 0)).toBeGreaterThanOrEqual(8);

    // right alignment: a longer amount starts further left than a shorter one in the same column
    const dear = runs.find((r) => r.text === rupees(4_900_000));
    const small = runs.find((r) => r.text === rupees(1_000));
    expect(dear && small).toBeTruthy();
    const charWidth = (small!.x - dear!.x) / (rupees(4_900_000).length - rupees(1_000).length);
    expect(charWidth).toBeGreaterThan(2);
    expect(text).toContain('Total');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="fastag-statement-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.pdf"$/);
  });

  it('follows the saved language when the screen sends none, and the screen over the saved one', async () => {
    await t.db.update(users).set({ locale: 'hi' }).where(eq(users.id, fleet.owner.userId));
    try {
      const params = { fromTime: now() - 86_400, toTime: now(), reportFormat: 'pdf' };
      // written straight to the database, the saved language reaches the session cache through its
      // change notification, within a second (ADR 153)
      await expect
        .poll(async () => readBack((await statement(fleet.owner.token, 'wallet-transactions', params)).rawPayload), { timeout: 2_000 })
        .toContain(squash('वॉलेट स्टेटमेंट'));
      const english = readBack((await statement(fleet.owner.token, 'wallet-transactions', params, 'en')).rawPayload);
      expect(english).toContain('WalletStatement');
      expect(english).not.toContain(squash('वॉलेट स्टेटमेंट'));
    } finally {
      await t.db.update(users).set({ locale: 'en' }).where(eq(users.id, fleet.owner.userId));
    }
  });

  it('prints an empty period with its totals and one numbered page', async () => {
    const { owner } = await insertOperator(t.db);
    const res = await statement(owner.token, 'wallet-transactions', { fromTime: now() - 3600, toTime: now(), reportFormat: 'pdf' }, 'en');
    const text = readBack(res.rawPayload);
    expect(text).toContain('Notransactionsinthisperiod');
    expect(text).toContain('Page1of1');
    expect(lines(pdfRuns(res.rawPayload)).some((l) => squash(l.text) === 'Total0.000.00')).toBe(true);
  });
});

describe('xlsx statements', () => {
  async function workbook(params: Record<string, string | number>, locale = 'en') {
    const res = await statement(fleet.owner.token, 'wallet-transactions', { ...params, reportFormat: 'xlsx' }, locale);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    return { res, book, sheet: book.worksheets[0]! };
  }

  it('names the file for its period and holds real dates, numeric balances and totals, a frozen filtered header and print setup', async () => {
    const fromTime = now() - 2 * 86_400;
    const toTime = now();
    const { res, sheet } = await workbook({ fromTime, toTime });
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="passbook-${istDay(new Date(fromTime * 1000))}_${istDay(new Date(toTime * 1000))}.xlsx"`,
    );

    const labelRow = (label: string) => {
      for (let r = 1; r <= sheet.rowCount; r++) if (sheet.getRow(r).getCell(1).value === label) return sheet.getRow(r);
      throw new Error(`no row ${label}`);
    };
    const opening = labelRow('Opening balance').getCell(2);
    const closing = labelRow('Closing balance').getCell(2);
    expect(opening.value).toBe(0);
    expect(typeof closing.value).toBe('number');
    // exceljs reads a format back without its escapes (the file holds ##\,##\,##0.00: literal commas)
    const MONEY = XLSX_MONEY_FORMAT.replaceAll('\\', '');
    expect(opening.numFmt).toBe(MONEY);
    expect(closing.numFmt).toBe(MONEY);
    const count = labelRow('Transactions').getCell(2);
    expect(count.value).toBe(3); // money added, and the two recharges from the wallet
    expect(count.numFmt).toBe(XLSX_COUNT_FORMAT.replaceAll('\\', ''));

    const header = labelRow('Date & Time');
    const view = sheet.views[0] as { state?: string; ySplit?: number };
    expect(view.state).toBe('frozen');
    expect(view.ySplit).toBe(header.number);
    expect(sheet.autoFilter).toBe(`A${header.number}:F${header.number + 3}`);
    expect(sheet.pageSetup.orientation).toBe('landscape');
    expect(sheet.pageSetup.fitToPage).toBe(true);
    expect(sheet.pageSetup.fitToWidth).toBe(1);
    expect(sheet.pageSetup.fitToHeight).toBe(0);
    expect(sheet.pageSetup.printTitlesRow).toBe(`${header.number}:${header.number}`);
    for (let c = 1; c <= 6; c++) expect(sheet.getColumn(c).width).toBeGreaterThanOrEqual(12);

    const rows = [1, 2, 3].map((i) => sheet.getRow(header.number + i));
    for (const row of rows) {
      const date = row.getCell(1);
      expect(date.value).toBeInstanceOf(Date);
      expect(date.numFmt).toMatch(/yyyy/);
      // the cell reads India time: its UTC fields are the wall clock in India
      const shown = (date.value as Date).getTime() - 330 * 60_000;
      expect(Math.abs(shown - Date.now())).toBeLessThan(10 * 60_000);
      expect(row.getCell(5).numFmt).toBe(MONEY);
    }
    expect(rows[0]?.getCell(2).value).toBe('Money added to wallet');
    expect(rows[0]?.getCell(4).value).toBe(300_000);
    expect(rows[1]?.getCell(3).value).toBe(90_000);
    expect(rows[2]?.getCell(6).value).toBe(120_000);

    const totals = sheet.getRow(header.number + 4);
    expect(totals.getCell(1).value).toBe('Total');
    expect(totals.getCell(3).value).toBe(180_000);
    expect(totals.getCell(4).value).toBe(300_000);
    expect(totals.getCell(3).numFmt).toBe(MONEY);
    expect(closing.value).toBe(120_000);
  });

  it('writes the workbook in Hindi for a Hindi screen, descriptions included', async () => {
    const { sheet } = await workbook({ fromTime: now() - 86_400, toTime: now() }, 'hi');
    const text = sheet
      .getSheetValues()
      .map((r) => (Array.isArray(r) ? r.slice(1).map(String).join('|') : ''))
      .join('\n');
    expect(sheet.name).toBe('स्टेटमेंट');
    for (const word of ['वॉलेट स्टेटमेंट', 'शुरुआती बैलेंस', 'तारीख और समय', 'वॉलेट में पैसे जोड़े गए', 'फास्टैग रिचार्ज', 'कुल']) {
      expect(text).toContain(word);
    }
    expect(text).not.toContain('Money added to wallet');
  });

  it('opens and prints in LibreOffice when it is installed: Indian grouping, the heading row on every page', async (ctx) => {
    let soffice = '';
    for (const bin of ['soffice', 'libreoffice']) {
      try {
        execFileSync(bin, ['--version'], { stdio: 'ignore' });
        soffice = bin;
        break;
      } catch {}
    }
    if (!soffice || !hasPdftotext) ctx.skip();
    const res = await statement(
      fleet.owner.token,
      'fastagStatement',
      { fromTime: now() - 86_400, toTime: now(), reportFormat: 'xlsx' },
      'en',
    );
    const dir = mkdtempSync(join(tmpdir(), 'bhada-soffice-'));
    writeFileSync(join(dir, 'fastag.xlsx'), res.rawPayload);
    execFileSync(soffice, ['--headless', '--convert-to', 'pdf', '--outdir', dir, join(dir, 'fastag.xlsx')], { timeout: 120_000 });
    const printed = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', join(dir, 'fastag.pdf'), '-'], { encoding: 'utf8' });
    const pages = printed.split('\f').filter((p) => p.trim());
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(page).toContain('Date & Time');
    expect(printed).toMatch(new RegExp(`Total\\s+${rupees(fleet.debited).replace('.', '\\.')}`));
    expect(printed).toContain('किशनगढ़ टोल प्लाज़ा');
    expect(printed).toContain(`Page 1 of ${pages.length}`);
  });
});
