import { appendFileSync, mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { enter, type Kind, openRoute, routesFor } from './routes.ts';

/**
 * Issue 16 point 6: in Hindi, no page shows English. Every route is opened as each kind of user with
 * the language chosen in this browser only (the demo users' saved language is left alone), and every
 * visible text, placeholder and accessible name is read. A word in Latin letters counts unless it is
 * a proper noun, a brand, a code or a vehicle number (the allow-list below).
 */

// names of people, firms, places and products, which stay as they are written
const PROPER_NOUNS = new Set(
  `Bhada Fastag FASTag Paytm UPI WhatsApp Google Visa Mastercard RuPay NPCI ICICI HDFC SBI Axis Kotak IDFC Yes Bank NHAI IHMCL
  Shree Balaji Roadlines Khalsa Transport Co Yadav Logistics Hindustan Cement Works Deccan Agro Foods Operations
  English GSTIN PAN TDS KYC RC OTP GPS POD PDF XLSX xlsx pdf ID IFSC NEFT IMPS RTGS NB CC DC EMI MMI LR`
    .split(/\s+/)
    .filter(Boolean),
);

/** A Latin word that needs no translation: a code or number (has a digit or is all capitals), a proper noun. */
function allowed(word: string, seedWords: Set<string>): boolean {
  if (/\d/.test(word)) return true;
  if (/^[A-Z]{2,}$/.test(word)) return true;
  if (PROPER_NOUNS.has(word)) return true;
  return seedWords.has(word);
}

type Found = { text: string; where: string };

/** Visible texts, placeholders, titles and aria-labels of the page, as the user meets them. */
async function visibleTexts(page: Page): Promise<Found[]> {
  return page.evaluate(() => {
    const out: { text: string; where: string }[] = [];
    const shown = (el: Element | null) =>
      !!el && (el as HTMLElement).checkVisibility?.({ opacityProperty: true, visibilityProperty: true }) !== false;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent?.trim();
      const parent = n.parentElement;
      if (!text || !parent || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName)) continue;
      if (parent.closest('[translate="no"]')) continue;
      if (shown(parent)) out.push({ text, where: parent.tagName.toLowerCase() });
    }
    for (const el of Array.from(document.body.querySelectorAll('[placeholder],[aria-label],[title],img[alt]'))) {
      if (!shown(el) || el.closest('[translate="no"]')) continue;
      for (const attr of ['placeholder', 'aria-label', 'title', 'alt']) {
        const v = el.getAttribute(attr)?.trim();
        if (v) out.push({ text: v, where: `@${attr}` });
      }
    }
    return out;
  });
}

/** Words of the demo data that are names (people, cities, plazas, firms): read once from the seed's API answers. */
async function dataNames(page: Page): Promise<Set<string>> {
  const token = await page.evaluate(() => window.localStorage.getItem('accessToken'));
  const words = new Set<string>();
  const add = (v: unknown) => {
    if (typeof v === 'string') for (const w of v.match(/[A-Za-z][A-Za-z'.-]*/g) ?? []) if (/^[A-Z]/.test(w)) words.add(w);
  };
  const fields = /name|city|plaza|toll|place|address|lane|company|firm|consigner|driver|state$|district/i;
  const walk = (v: unknown, key = ''): void => {
    if (Array.isArray(v)) for (const x of v) walk(x, key);
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k);
    else if (fields.test(key)) add(v);
  };
  for (const path of [
    '/api/rest/tesseract/v1/trip?pageNo=0&pageSize=50',
    '/api/rest/tesseract/v1/load?pageNo=0&pageSize=50',
    '/api/fastag/vehicleWiseTagAmount?pageNo=0&pageSize=50',
    '/api/consigner/balance/trip',
    '/api/admin/consignment/list?pageNo=0&pageSize=50',
  ]) {
    const res = await page.request.get(path, { headers: { token: token ?? '' } });
    if (res.ok()) walk(await res.json());
  }
  return words;
}

function englishIn(found: Found[], seedWords: Set<string>): string[] {
  const english = new Set<string>();
  for (const f of found) {
    const words = f.text.replace(/₹\s?[\d,.]+/g, '').match(/[A-Za-z][A-Za-z'’-]*/g) ?? [];
    if (words.some((w) => !allowed(w.replace(/[’'-]+$/, ''), seedWords))) english.add(f.text);
  }
  return [...english];
}

const kinds: Kind[] = ['public', 'operator', 'consigner', 'admin'];
const counts: Record<string, number> = {};
const englishFound: string[] = [];

// each test prints its own routes (for the closing note) and lists what it found in test-results
test.afterEach(() => {
  console.log('\nEnglish strings per route in Hindi mode:');
  for (const [route, n] of Object.entries(counts)) console.log(`${String(n).padStart(4)}  ${route}`);
  console.log(`${String(Object.values(counts).reduce((a, b) => a + b, 0)).padStart(4)}  total`);
  mkdirSync('test-results', { recursive: true });
  appendFileSync('test-results/hindi-crawl-english.txt', englishFound.map((l) => `${l}\n`).join(''));
  for (const key of Object.keys(counts)) delete counts[key];
  englishFound.length = 0;
});

for (const kind of kinds) {
  test(`in Hindi, no ${kind} page shows English`, async ({ page }) => {
    test.setTimeout(300_000);
    await enter(page, kind, 'hi');
    const seedWords = kind === 'public' ? new Set<string>() : await dataNames(page);
    const problems: string[] = [];
    for (const route of await routesFor(page, kind)) {
      try {
        await openRoute(page, route);
      } catch (error) {
        problems.push(`${kind} ${route.name ?? route.path}: did not open (${String(error).split('\n')[0]})`);
        continue;
      }
      await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
      const english = englishIn(await visibleTexts(page), seedWords);
      const label = `${kind} ${route.name ?? route.path}`;
      counts[label] = english.length;
      if (english.length) problems.push(`${label}:\n    ${english.join('\n    ')}`);
      englishFound.push(...english.map((e) => `${label}\t${e}`));
    }
    // the demo user's own saved language is untouched (other journeys log in as the same users)
    if (kind !== 'public') {
      const token = await page.evaluate(() => window.localStorage.getItem('accessToken'));
      expect(token).toBeTruthy();
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
}
