import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { login, tokenOf } from './support.ts';

// Each journey uses its own demo operator; what one changes that other journeys read (language, SMS) is given back.
test.describe('account: onboarding, settings and the TDS declaration', () => {
  const restoreSettingsOf: Page[] = [];
  test.afterEach(async () => {
    for (const page of restoreSettingsOf.splice(0)) {
      const token = (await tokenOf(page)) ?? '';
      const answer = await page.request.post('/api/setting', {
        headers: { token },
        data: { language: 'en', notifications: { PAYMENTS: { SMS: true } } },
      });
      expect(answer.ok(), 'settings given back').toBe(true);
    }
  });

  test('an operator without a bank account completes onboarding and its account shows as verified', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // Khalsa Transport Co. has PAN and trucks but no settlement account: verification is pending
    await login(page, '9000000002');
    await page.goto('/web-view/onboarding-operator/OP1002');
    await expect(page.getByRole('heading', { name: 'Set up your account' }).first()).toBeVisible();
    await expect(page.getByText('PAN and bank account').first()).toBeVisible();
    await page.getByRole('link', { name: 'Open', exact: true }).first().click();

    await expect(page.getByRole('heading', { name: 'My profile' }).first()).toBeVisible();
    await expect(page.getByText('Verification pending')).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill('accounts@khalsatransport.in');
    await page.getByLabel('Account holder name').fill('Khalsa Transport Co.');
    await page.getByLabel('Account number').fill('123456789012');
    await page.getByLabel('IFSC').fill('PUNB0123400');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('Verified', { exact: true })).toBeVisible();
    await expect(page.getByText(/On file: account/)).toBeVisible();

    // a reload reads the verified state back from the server
    await page.reload();
    await expect(page.getByText('Verified', { exact: true })).toBeVisible();
    await expect(page.getByText('Verification pending')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('settings switch the portal to Hindi and stop payment SMS', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await login(page, '9000000003');
    // the phone-width login and membership journeys use this operator too: give its settings back
    restoreSettingsOf.push(page);
    await page.goto('/portal/home');
    await page.getByRole('navigation').getByText('Settings', { exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Settings' }).first()).toBeVisible();

    const paymentsSms = page.getByLabel('Payments SMS', { exact: true });
    await expect(paymentsSms).toBeChecked();
    await paymentsSms.click({ force: true });
    await expect(paymentsSms).not.toBeChecked();
    await page.getByText('हिन्दी', { exact: true }).click();
    await page.getByRole('button', { name: 'Save settings' }).click();

    // the page turns Hindi at once, and both choices are still there after a reload
    await expect(page.getByRole('heading', { name: 'सेटिंग्स' }).first()).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'सेटिंग्स' }).first()).toBeVisible();
    await expect(page.getByLabel('भुगतान SMS', { exact: true })).not.toBeChecked();
    await expect(page.getByLabel('कम बैलेंस SMS', { exact: true })).toBeChecked();
    expect(errors).toEqual([]);
  });

  test('an operator filters the load board by one of its saved places', async ({ browser }) => {
    // a consigner posts a load from Faridabad, about 15 km from the demo operator's Okhla yard
    const consigner = await browser.newPage();
    await login(consigner, '9000000101');
    const at = (name: string, lat: number, lng: number) => ({
      name,
      address: name,
      lat,
      lng,
      contactName: 'Gate',
      contactPhone: '9876512345',
    });
    const posted = await consigner.request.post('/api/rest/tesseract/v1/demand', {
      headers: { token: (await tokenOf(consigner)) ?? '' },
      data: {
        origin: { city: 'Faridabad', lat: 28.4089, lng: 77.3178 },
        destination: { city: 'Agra', lat: 27.1767, lng: 78.0081 },
        loadingPoints: [at('Sector 24 Faridabad', 28.3612, 77.3134)],
        unloadingPoints: [at('Foundry Nagar Agra', 27.2046, 78.0395)],
        vehicleType: '10 Tyre Open',
        bodyType: 'OPEN',
        tyreCount: 10,
        tonnage: 19,
        lengthFeet: 22,
        material: 'Auto parts',
        loadingAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
        biddingEndsAt: new Date(Date.now() + 30 * 60_000).toISOString(),
        tokenAmount: 2000,
      },
    });
    expect(posted.status(), await posted.text()).toBe(200);

    const page = await browser.newPage();
    await login(page, '9000000001');
    await page.goto('/web-view/active-loads');
    await page.getByRole('combobox', { name: 'From', exact: true }).click();
    // loads starting within 50 km of the saved yard (ADR 115): Faridabad's, and Delhi's if any are open
    await page.getByRole('option', { name: /^Okhla Unloading Yard \(\d+\)$/ }).click();
    await expect(page).toHaveURL(/originPlace=SP-DEMO-3/);
    await expect(page.getByText('Faridabad → Agra')).toBeVisible();
    // the unfiltered list may still be on screen for a moment (it holds Faridabad's load too): wait for the filtered one
    await expect
      .poll(async () =>
        (await page.getByText(/^[A-Za-z ]+ → [A-Za-z ]+$/).allTextContents()).filter((lane) => !/^(Faridabad|Delhi) → /.test(lane)),
      )
      .toEqual([]);
  });

  test('an operator with sixteen trucks is refused the TDS declaration; one with ten downloads its PDF', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // Shree Balaji Roadlines runs sixteen trucks: section 194C(6) is not for it (ADR 230)
    await login(page, '9000000001');
    await page.goto('/web-view/operatorProfile');
    await expect(page.getByText('No TDS declaration for this year')).toBeVisible();
    await page.getByRole('link', { name: 'TDS declaration', exact: true }).click();

    await expect(page.getByText('No TDS declaration in force', { exact: true })).toBeVisible();
    await expect(page.getByText('You have not filed a declaration yet.')).toBeVisible();
    // name, PAN, city and mobile come from the profile
    await expect(page.getByLabel('PAN', { exact: true })).not.toHaveValue('');
    await expect(page.getByLabel('Your name')).not.toHaveValue('');
    await page.getByLabel("Father's name").fill('Ramesh Chand Sharma');
    await page.getByLabel('Street address').fill('Plot 12, Transport Nagar');
    await page.getByLabel('City', { exact: true }).fill('Jaipur');
    await page.getByLabel('State', { exact: true }).fill('Rajasthan');
    await page.getByLabel('PIN code').fill('302003');
    await page.getByLabel(/Vehicle numbers/).fill('RJ14GB1234, RJ14GC5678');
    await page.getByRole('button', { name: 'Sign and submit declaration' }).click();
    await expect(page.getByText('Your fleet has more than 10 goods carriages', { exact: false }).first()).toBeVisible();
    await expect(page.getByText('No TDS declaration in force', { exact: true })).toBeVisible();

    // Yadav Logistics (ten trucks) filed its declaration for the year and downloads the signed PDF
    await login(page, '9000000003');
    await page.goto('/web-view/operatorProfile');
    await page.getByRole('link', { name: 'TDS declaration', exact: true }).click();
    await expect(page.getByText('Declaration u/s 194C(6)').first()).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).first().click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^tds-declaration-.*\.pdf$/);
    const path = await file.path();
    expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');

    expect(errors).toEqual([]);
  });
});
