import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { login, tokenOf } from './support.ts';

/**
 * A workbook downloads from the page itself, named for its period, and leaves no tab behind (ADR 141);
 * the file is the one the browser saved.
 */
async function downloadWorkbook(page: Page, click: () => Promise<void>) {
  const tabs = page.context().pages().length;
  const [tokenResponse, download] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/reports/download-token') && r.request().method() === 'POST'),
    page.waitForEvent('download'),
    click(),
  ]);
  expect(tokenResponse.ok()).toBe(true);
  const { data } = (await tokenResponse.json()) as { data: { url: string } };
  expect(page.context().pages()).toHaveLength(tabs);
  return { url: data.url, name: download.suggestedFilename(), body: await readFile(await download.path()) };
}

/** Asks for a PDF statement the way the web does and returns the signed link's bytes (ADR 043). */
async function downloadStatement(page: Page, click: () => Promise<void>) {
  const [tokenResponse, popup] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/reports/download-token') && r.request().method() === 'POST'),
    page.context().waitForEvent('page'),
    click(),
  ]);
  expect(tokenResponse.ok()).toBe(true);
  const { data } = (await tokenResponse.json()) as { data: { url: string } };
  expect(data.url).toContain('dt=');
  // the link carries its own short-lived token: no session header is sent with it
  const file = await page.request.get(data.url, { headers: { token: '' } });
  expect(file.ok()).toBe(true);
  await popup.close().catch(() => {});
  return { url: data.url, body: await file.body() };
}

test.describe('fastag: tags, recharge, auto-recharge, details, statements, passbook', () => {
  test('the operator works the Fastag pages end to end', async ({ page }) => {
    test.setTimeout(150_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await login(page, '9000000001');

    // --- the list: search a vehicle ---------------------------------------------------------------
    await page.goto('/portal/fastag');
    const table = page.getByRole('table', { name: 'Vehicles with Fastag' });
    await expect(table).toBeVisible();
    const firstRow = table.getByRole('row').nth(1);
    const vehicle = ((await firstRow.getByRole('cell').first().locator('p').first().textContent()) ?? '').trim();
    expect(vehicle).toMatch(/^[A-Z]{2}\d{2}[A-Z]{1,3}\d{3,4}$/);
    const search = page.getByRole('textbox', { name: 'Search vehicle number' });
    await search.fill(vehicle);
    await search.press('Enter');
    await expect(page).toHaveURL(new RegExp(`[?&]search=${vehicle}`));
    await expect(table.getByText('Vehicle (1)')).toBeVisible();
    const row = table.getByRole('row').filter({ hasText: vehicle });
    await expect(row).toHaveCount(1);

    // --- recharge it from the wallet --------------------------------------------------------------
    await row.getByRole('button', { name: 'Recharge' }).click();
    const dialog = page.getByRole('dialog', { name: `Recharge ${vehicle}` });
    await dialog.getByLabel('Amount (₹)').fill('150');
    const [rechargeRequest] = await Promise.all([
      page.waitForRequest((r) => r.url().includes('/api/fastag/recharge') && r.method() === 'POST'),
      dialog.getByRole('button', { name: 'Recharge' }).click(),
    ]);
    expect(rechargeRequest.headers()['idempotency-key']).toBeTruthy();
    await expect(page.getByText(`Fastag Recharge successful for ${vehicle}.`)).toBeVisible();
    await expect(dialog).toBeHidden();

    // --- auto-recharge: a failing server flips the switch back after 0.5 s ----------------------------
    const toggle = row.getByRole('switch', { name: `Auto-recharge for ${vehicle}` });
    const before = await toggle.isChecked();
    await page.route('**/api/fastag/account**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, errorCode: 'INTERNAL', message: 'Something went wrong' }),
      }),
    );
    await toggle.click({ force: true });
    await expect(toggle).toBeChecked({ checked: !before });
    await expect(toggle).toBeChecked({ checked: before, timeout: 3000 });
    await expect(page.getByText('Something went wrong').first()).toBeVisible();
    await page.unroute('**/api/fastag/account**');
    // and a working server keeps it
    await toggle.click({ force: true });
    await expect(page.getByText('Auto-Recharge updated successfully')).toBeVisible();
    await expect(toggle).toBeChecked({ checked: !before });
    await toggle.click({ force: true }); // leave the demo data as it was
    await expect(toggle).toBeChecked({ checked: before });

    // --- details: summary, tabs, statements ----------------------------------------------------------
    await row.getByRole('cell').first().click();
    await expect(page).toHaveURL(/\/portal\/fastag\/details/);
    await expect(page.getByRole('heading', { name: 'Fastag transactions', level: 2 })).toBeVisible();
    const txns = page.getByRole('table', { name: 'Fastag transactions' });
    await expect(txns.getByText('Recharge from wallet').first()).toBeVisible();
    const [debitRequest] = await Promise.all([
      page.waitForRequest((r) => r.url().includes('/api/fastag/transactions/v3/') && r.url().includes('transactionType=DEBIT')),
      page.getByText('Debit', { exact: true }).first().click(),
    ]);
    expect(new URL(debitRequest.url()).searchParams.get('pageNo')).toBe('0');
    await expect(txns.getByText('Recharge from wallet')).toHaveCount(0);
    await page.getByText('Credit', { exact: true }).first().click();
    await expect(txns.getByText('Recharge from wallet').first()).toBeVisible();
    await page.getByText('All', { exact: true }).first().click();

    // one vehicle's statement as xlsx: it opens with exceljs and holds the recharge
    await page.getByRole('button', { name: 'Report', exact: true }).click();
    let reportDialog = page.getByRole('dialog');
    const xlsx = await downloadWorkbook(page, () => reportDialog.getByRole('button', { name: 'Download' }).click());
    expect(xlsx.url).toContain('fastagStatement/v2');
    expect(xlsx.name).toMatch(/^fastag-[A-Z0-9]+-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(xlsx.body).buffer);
    const sheet = book.worksheets[0]!;
    const cells: string[] = [];
    sheet.eachRow((r) => cells.push(r.values?.toString() ?? ''));
    expect(cells.length).toBeGreaterThan(3);
    expect(cells.join('\n')).toContain(vehicle);
    expect(cells.join('\n')).toMatch(/Recharge from wallet/);

    // the All Fastag Report as pdf
    await page.getByRole('button', { name: 'All Fastag Report' }).click();
    reportDialog = page.getByRole('dialog');
    await reportDialog.getByText('PDF', { exact: true }).click();
    const pdf = await downloadStatement(page, () => reportDialog.getByRole('button', { name: 'Download' }).click());
    expect(pdf.url).toMatch(/fastagStatement\?/);
    expect(pdf.body.subarray(0, 4).toString('latin1')).toBe('%PDF');
    expect(pdf.body.length).toBeGreaterThan(1500);

    // --- the passbook: scrolling near the bottom loads the next page -------------------------------
    await page.goto('/portal/fastag');
    await page.getByRole('button', { name: 'Passbook' }).click();
    await expect(page).toHaveURL(/\/portal\/fastag\/passbook/);
    const passbook = page.getByRole('table', { name: 'Wallet passbook' });
    await expect(passbook.getByText(`Fastag recharge for ${vehicle}`).first()).toBeVisible();
    const countText = (await page.getByText(/\d+ transactions/).textContent()) ?? '';
    expect(Number(countText.replace(/\D/g, ''))).toBeGreaterThan(20);
    const [nextPage] = await Promise.all([
      page.waitForRequest((r) => r.url().includes('/api/wallet/transactions') && new URL(r.url()).searchParams.get('pageNo') === '1'),
      passbook.evaluate((el) => el.scrollTo({ top: el.scrollHeight })),
    ]);
    expect(new URL(nextPage.url()).searchParams.get('fetchMore')).toBe('true');
    await expect.poll(() => passbook.getAttribute('aria-rowcount')).toBe(String(Math.min(40, Number(countText.replace(/\D/g, '')))));

    expect(await tokenOf(page)).toBeTruthy();
    expect(errors).toEqual([]);
  });
});
