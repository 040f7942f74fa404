import { expect, type Page, test } from '@playwright/test';
import { login } from './support.ts';

/**
 * The operations desk and the consigner's side (issue 15): staff edit a consignment, its docket and
 * invoices, record a collection and follow a scheduled vehicle; a consigner pages its vehicles with a
 * filter and asks for the mailed report. Each test starts from the seeded demo data.
 */

const ADMIN = '9000000900';
const CONSIGNER = '9000000101';

/** Opens the scheduled vehicles from the menu, on the "In transit" tab: these have a docket and their window is open. */
async function inTransitRow(page: Page) {
  await login(page, ADMIN);
  await page.getByRole('navigation').getByText('Workflow', { exact: true }).click();
  await page.getByRole('link', { name: 'Open scheduled vehicles' }).click();
  await expect(page.getByRole('heading', { level: 3, name: 'Scheduled vehicles' })).toBeVisible();
  const listed = page.waitForResponse(
    (r) => r.url().includes('/api/vehicle/scheduled?') && new URL(r.url()).searchParams.get('state') === 'IN_TRANSIT',
  );
  await page.getByRole('tab', { name: /^In transit \(\d+\)$/ }).click();
  expect((await listed).ok()).toBe(true);
  const first = page.getByTestId('scheduled-row').first();
  await expect(first.getByText('In transit', { exact: true })).toBeVisible();
  const title = ((await first.locator('p').first().textContent()) ?? '').trim();
  const [vehicleNumber, code] = title.split('·').map((x) => x.trim()) as [string, string];
  // the row stays the same one whatever the list does next
  const row = page.getByTestId('scheduled-row').filter({ hasText: code });
  return { row, code, vehicleNumber };
}

test.describe('operations desk', () => {
  test('staff edit a consignment and see the change in its history', async ({ page }) => {
    await login(page, ADMIN);
    await page.getByRole('navigation').getByText('Consignments', { exact: true }).click();
    await expect(page.getByRole('heading', { level: 3, name: 'Consignments' })).toBeVisible();
    await page.getByRole('button', { name: 'Edit', exact: true }).first().click();
    const code = ((await page.getByTestId('consignment-code').textContent()) ?? '').trim();
    const material = `Cement bags ${Date.now() % 100_000}`;
    await page.getByLabel('Material').fill(material);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Consignment updated successfully.')).toBeVisible();

    // the saved consignment opens again with the new value and who changed it
    await expect(page.getByTestId('consignment-code')).toHaveText(code);
    await expect(page.getByLabel('Material')).toHaveValue(material);
    await expect(page.getByText('Edited · Bhada Operations').first()).toBeVisible();
    await expect(page.getByRole('cell', { name: material })).toBeVisible();
  });

  test('staff edit a docket and add a goods invoice', async ({ page }) => {
    const { row, code } = await inTransitRow(page);
    await row.getByRole('link', { name: 'Docket', exact: true }).click();
    await expect(page.getByRole('heading', { name: `Docket · ${code}` })).toBeVisible();
    await expect(page.getByTestId('window-closed')).toHaveCount(0);

    // a 12-digit e-way bill, a remark and a new invoice, saved together
    const stamp = String(Date.now()).slice(-6);
    await page.getByLabel('E-way bill number (12 digits)').fill(`331100${stamp}`);
    await page.getByLabel('Remarks').fill(`Tarpaulin checked ${stamp}`);
    const invoiceNumber = `GST/E2E/${stamp}`;
    await page.getByLabel('Invoice number').fill(invoiceNumber);
    // the invoice date comes from the portal's date picker: today, from its calendar (India time)
    await page.getByLabel('Invoice date').click();
    const today = Number(new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric' }).format(new Date()));
    await page
      .locator('.mantine-DatePickerInput-day:not([data-outside])')
      .filter({ hasText: new RegExp(`^${today}$`) })
      .first()
      .click();
    await page.getByLabel('Invoice value').fill('125000');
    await page.getByRole('button', { name: 'Save docket' }).click();
    await expect(page.getByText('Docket updated successfully')).toBeVisible();
    await expect(page.getByTestId('invoice-row').filter({ hasText: invoiceNumber })).toBeVisible();

    // it is kept: a fresh load shows the same docket
    await page.reload();
    await expect(page.getByTestId('invoice-row').filter({ hasText: invoiceNumber })).toBeVisible();
    await expect(page.getByLabel('E-way bill number (12 digits)')).toHaveValue(`331100${stamp}`);
  });

  test('staff record a collection and the balance goes down', async ({ page }) => {
    const { code } = await inTransitRow(page);
    await page.goto('/portal/home');
    await page.getByRole('navigation').getByText('Workflow', { exact: true }).click();
    await page.getByLabel('Consignment code').fill(code);
    await page.getByRole('button', { name: 'Collection', exact: true }).click();
    await expect(page.getByRole('heading', { name: `Collection · ${code}` })).toBeVisible();
    const balance = page.getByTestId('collection-balance');
    await expect(balance).toHaveText(/₹/);
    const before = (await balance.textContent()) ?? '';
    const rows = await page.getByTestId('collection-row').count();

    await page.getByRole('combobox', { name: 'Mode' }).click();
    await page.getByRole('option', { name: 'UPI', exact: true }).click();
    await page.getByLabel('Amount').fill('1500');
    await page.getByLabel('Reference (UTR, UPI or cheque number)').fill(`UPI${Date.now() % 1_000_000}`);
    await page.getByRole('button', { name: 'Record collection' }).click();
    await expect(page.getByText('Collection updated successfully')).toBeVisible();
    await expect(page.getByTestId('collection-row')).toHaveCount(rows + 1);
    await expect(balance).not.toHaveText(before);
  });

  test('staff follow a scheduled vehicle on the map to its itinerary', async ({ page }) => {
    const { row, vehicleNumber } = await inTransitRow(page);
    const map = page.locator('.leaflet-container');
    await expect(map).toBeVisible();
    // markers are drawn on the map's canvas
    await expect(map.locator('canvas').first()).toBeVisible();
    await row.getByRole('button', { name: 'Follow', exact: true }).click();
    const detail = page.getByTestId('vehicle-detail');
    await expect(detail.getByRole('heading', { name: vehicleNumber }).last()).toBeVisible();
    await expect(detail.getByRole('columnheader', { name: 'Planned' })).toBeVisible();
    await expect(detail.getByRole('cell', { name: /^Loading: / })).toBeVisible();
    await expect(detail.getByRole('cell', { name: /^Unloading: / })).toBeVisible();
    await expect(detail.getByText(/km travelled/)).toBeVisible();
    await detail.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(page.getByText('Pick a vehicle on the map or in the list to follow it.')).toBeVisible();
  });
});

test.describe('consigner', () => {
  test('a consigner pages through its vehicles and filters them', async ({ page }) => {
    await login(page, CONSIGNER);
    await page.goto('/portal/home');
    await page.getByRole('navigation').getByText('Vehicles', { exact: true }).click();
    await expect(page.getByRole('heading', { level: 3, name: 'Vehicles' })).toBeVisible();
    const cards = page.getByTestId('consigner-vehicle');
    await expect(cards.first()).toBeVisible();
    const total = Number(((await page.getByTestId('vehicle-count').textContent()) ?? '').match(/\d+/)![0]);
    await expect(cards).toHaveCount(Math.min(total, 10));
    if (total > 10) {
      const first = (await cards.first().locator('p').first().textContent()) ?? '';
      await page.getByRole('button', { name: 'Next page' }).click();
      await expect(cards).toHaveCount(Math.min(total - 10, 10));
      await expect(cards.first().locator('p').first()).not.toHaveText(first);
      await page.getByRole('button', { name: 'Previous page' }).click();
      await expect(cards.first().locator('p').first()).toHaveText(first);
    }

    // a state filter: every vehicle shown is on a trip in that state
    await page.getByRole('combobox', { name: 'Trip state' }).click();
    const option = page.getByRole('option').first();
    const state = ((await option.textContent()) ?? '').trim();
    const filtered = page.waitForResponse(
      (r) => r.url().includes('/api/vehicle/getConsignerVehicles') && new URL(r.url()).searchParams.has('state'),
    );
    await option.click();
    expect((await filtered).ok()).toBe(true);
    await expect(cards.first()).toBeVisible();
    const shown = await cards.count();
    expect(shown).toBeGreaterThan(0);
    for (let i = 0; i < shown; i++) await expect(cards.nth(i).getByText(state, { exact: true })).toBeVisible();
    await expect(page.getByTestId('vehicle-count')).toHaveText(/\d+ vehicles?/);
  });

  test('a consigner asks for the mailed report', async ({ page }) => {
    await login(page, CONSIGNER);
    await page.goto('/portal/home');
    await page.getByRole('navigation').getByText('Reports', { exact: true }).click();
    await expect(page.getByRole('heading', { level: 3, name: 'Reports' })).toBeVisible();
    await page.getByLabel('Email').fill('vikram@cn2001.example.in');
    await page.getByRole('button', { name: 'Mail me the report' }).click();
    await expect(page.getByText('Report will be mailed to the email shortly.').first()).toBeVisible();
    // the request is listed with the address it goes to; a job builds it, and then it can be downloaded too
    const request = page
      .getByText(/vikram@cn2001\.example\.in/)
      .first()
      .locator('..');
    await expect(request).toBeVisible();
    await expect(request.getByText('Mailed', { exact: true })).toBeVisible({ timeout: 30_000 });
    const download = page.waitForEvent('download');
    await request.getByRole('button', { name: 'Download', exact: true }).click();
    expect((await download).suggestedFilename()).toMatch(/^vehicle-by-operator-.+\.xlsx$/);
  });
});
