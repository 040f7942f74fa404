import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { login } from './support.ts';

/**
 * Maintenance and Reports (issue 12 points 6 and 7): operator 9000000003 marks its overdue oil change done
 * with a cost, downloads the trips report as xlsx, and the cost is in the workbook as a maintenance row.
 */
test('a maintenance cost marked done appears in the downloaded trips report', async ({ page }) => {
  await login(page, '9000000003', '/portal/fleet/maintenance');
  await expect(page.getByRole('heading', { level: 3, name: 'Maintenance' })).toBeVisible();
  const markDone = page.getByRole('button', { name: /^Mark done: Oil change, / }).first();
  await markDone.click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/Cost/).fill('3456.75');
  await dialog.getByLabel('Note').fill('Journey oil change');
  await dialog.getByRole('button', { name: 'Mark done' }).click();
  await expect(page.getByText(/cost ₹3,456\.75/).first()).toBeVisible();

  await page.getByRole('navigation').getByText('Reports', { exact: true }).click();
  const card = page.getByRole('region', { name: 'Trips report' });
  await expect(card).toBeVisible();
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^trips-report-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.xlsx$/);
  await expect(card.getByText('Downloading… 100%')).toBeVisible();

  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await file.path());
  const sheet = book.getWorksheet('Trips');
  const rows = (sheet?.getSheetValues() ?? []) as unknown as Array<Array<unknown> | undefined>;
  const row = rows.find((r) => r?.[1] === 'Maintenance' && String(r?.[5]).includes('Journey oil change'));
  expect(row?.[10]).toBe(3456.75);
});
