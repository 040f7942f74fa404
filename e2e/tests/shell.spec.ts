import { expect, type Page, test } from '@playwright/test';
import { login, tokenOf } from './support.ts';

// issue 16 points 3 and 4: the web views reached on the portal wear the portal shell, and a
// Dispatcher sees only the controls its role allows
test('a web view on the portal has the menu, the title and a back arrow', async ({ page }) => {
  await login(page, '9000000001', '/portal/home');
  await expect(page.getByTestId('home-figures')).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'main' });
  await menu.getByRole('link', { name: 'My trips' }).click();
  await page.waitForURL('**/web-view/my-trips');
  await expect(page.getByTestId('shell-title')).toHaveText('My trips');
  await expect(menu.getByRole('link', { name: 'Active loads' })).toBeVisible();
  await menu.getByRole('link', { name: 'Active loads' }).click();
  await page.waitForURL('**/web-view/active-loads');
  await expect(page.getByTestId('shell-title')).toHaveText('Active loads');
  // a load's details: below a menu entry, so the header offers one way back
  await page.locator('a[href*="/web-view/active-loads/details/"]').first().click();
  await page.waitForURL('**/web-view/active-loads/details/**');
  await expect(page.getByRole('navigation', { name: 'main' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(1);
  await page.getByTestId('shell-back').click();
  await page.waitForURL('**/web-view/active-loads');
});

test('a Dispatcher sees no Recharge, Add Money or user management', async ({ page }) => {
  await login(page, '9000000011', '/portal/fastag');
  await expect(page.getByTestId('shell-title')).toHaveText('Fastag');
  await expect(page.getByRole('table', { name: 'Vehicles with Fastag' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Recharge' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Maintain balance' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Add Money' })).toHaveCount(0);
  const menu = page.getByRole('navigation', { name: 'main' });
  await expect(menu.getByRole('link', { name: 'My trips' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'UMS' })).toHaveCount(0);
});

type CdpNode = { nodeId: number; nodeType: number; nodeName: string; nodeValue?: string; attributes?: string[]; children?: CdpNode[] };
type Drawn = { text: string; devanagari: number; other: number; fonts: string };
const DEVANAGARI = /[\u0900-\u097f]/;

/**
 * Every element of the page with Hindi text of its own (or a Hindi placeholder), with the fonts Chromium
 * drew it in (its own report, per element: the family and how many glyphs it drew). The tree is read
 * through the DevTools protocol, so nothing on the page is touched or restyled by looking.
 */
async function fontsOfHindiText(page: Page): Promise<Drawn[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = (await cdp.send('DOM.getDocument', { depth: -1 })) as { root: CdpNode };
  const found: { nodeId: number; text: string }[] = [];
  const walk = (node: CdpNode) => {
    if (node.nodeType === 1 && !['SCRIPT', 'STYLE', 'TITLE', 'HEAD'].includes(node.nodeName)) {
      const own = (node.children ?? [])
        .filter((c) => c.nodeType === 3)
        .map((c) => c.nodeValue ?? '')
        .join('');
      const attrs = node.attributes ?? [];
      const placeholder = node.nodeName === 'INPUT' ? (attrs[attrs.indexOf('placeholder') + 1] ?? '') : '';
      const text = (own + (attrs.includes('placeholder') ? placeholder : '')).trim();
      if (DEVANAGARI.test(text)) found.push({ nodeId: node.nodeId, text });
    }
    for (const child of node.children ?? []) walk(child);
  };
  walk(root);
  const drawn: Drawn[] = [];
  for (const { nodeId, text } of found) {
    const { fonts } = (await cdp.send('CSS.getPlatformFontsForNode', { nodeId })) as {
      fonts: { familyName: string; glyphCount: number }[];
    };
    if (fonts.length === 0) continue; // not drawn (a hidden menu, a closed dropdown)
    const devanagari = fonts.filter((f) => f.familyName.startsWith('Noto Sans Devanagari')).reduce((n, f) => n + f.glyphCount, 0);
    const other = fonts.filter((f) => !f.familyName.startsWith('Noto Sans Devanagari')).reduce((n, f) => n + f.glyphCount, 0);
    drawn.push({ text, devanagari, other, fonts: fonts.map((f) => `${f.familyName}:${f.glyphCount}`).join(', ') });
  }
  await cdp.detach();
  return drawn;
}

// issue 16 point 7, ADR 162: on a machine with no Indian font, Hindi drawn before the bundled font arrived
// stayed as boxes (the header's logo and title, the page title, the search field)
test('in Hindi at 360 px, the Fastag list and a trip are drawn in the Devanagari font, never as boxes', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await login(page, '9000000001', '/portal/home');
  const res = await page.request.get('/api/rest/tesseract/v1/trip?pageNo=0&pageSize=5', {
    headers: { token: (await tokenOf(page)) ?? '' },
  });
  const trip = ((await res.json()).data.trips as { tripId: string }[])[0]?.tripId;
  expect(trip).toBeTruthy();
  await page.evaluate(() => window.localStorage.setItem('locale', 'hi'));
  for (const path of ['/portal/fastag', `/web-view/marketplace/trips/details/${trip}`]) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.getByTestId('shell-title')).toBeVisible();
    await expect(page.locator('.mantine-Loader-root:visible')).toHaveCount(0, { timeout: 20_000 });
    await page.evaluate(() => document.fonts.ready);
    const weights = await page.evaluate(() =>
      [400, 500, 600, 700, 800].map((w) => document.fonts.check(`${w} 16px "Noto Sans Devanagari"`, 'हिंदी')),
    );
    expect(weights, path).toEqual([true, true, true, true, true]);
    const drawn = await fontsOfHindiText(page);
    // the header's title, the page's heading and (on the Fastag list) the search field are among them
    const title = (await page.getByTestId('shell-title').textContent())?.trim() ?? '';
    expect(
      drawn.some((d) => d.text === title),
      `${path}: header title "${title}" not measured`,
    ).toBe(true);
    if (path === '/portal/fastag')
      expect(
        drawn.some((d) => d.text === 'गाड़ी नंबर खोजें'),
        'search field',
      ).toBe(true);
    expect(drawn.length, path).toBeGreaterThan(5);
    // each element: its Hindi in Noto Sans Devanagari; any other font only for its spaces, digits and Latin
    const boxed = drawn.filter((d) => d.devanagari === 0 || d.other > d.text.replace(/[\u0900-\u097f]/g, '').length);
    expect(boxed, `${path}: Hindi drawn in another font`).toEqual([]);
  }
});

// the language switch on an English screen: its "हिंदी" was drawn before its face loaded and kept as boxes
test('in English, the language switch draws हिंदी in the Devanagari font once the font is in', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/operatorlogin');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('radio', { name: 'हिंदी' })).toBeAttached();
  await expect
    .poll(async () => {
      await page.evaluate(() => document.fonts.ready);
      const label = (await fontsOfHindiText(page)).find((d) => d.text === 'हिंदी');
      return label ? `${label.devanagari > 0 ? 'Devanagari' : 'no Devanagari'}, ${label.other} other glyphs (${label.fonts})` : 'not drawn';
    })
    .toMatch(/^Devanagari, 0 other glyphs/);
});

// ADR 185: a card of the loads list is laid out only near the screen, and drawn in full once scrolled to
test('at 360 px, the loads below the fold wait to be drawn and show in full when scrolled to', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await login(page, '9000000001', '/web-view/active-loads');
  const cards = page.locator('.mantine-Card-root').filter({ has: page.locator('a[href*="/web-view/active-loads/details/"]') });
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  expect(count).toBeGreaterThan(3);
  const last = cards.nth(count - 1);
  const state = () =>
    last.evaluate((card) => ({
      style: getComputedStyle(card).contentVisibility,
      // the card itself is not skipped: what it holds is
      skipped: !card.firstElementChild?.checkVisibility({ contentVisibilityAuto: true }),
    }));
  expect(await state()).toEqual({ style: 'auto', skipped: true });
  await last.scrollIntoViewIfNeeded();
  await expect.poll(state).toEqual({ style: 'auto', skipped: false });
  await expect(last.getByRole('link', { name: 'Quote now' })).toBeVisible();
});
