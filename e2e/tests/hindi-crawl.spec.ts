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

/** A Latin word that needs no translation: a code or number, a single letter (an avatar), a proper noun, or data. */
function allowed(word: string, dataWords: Set<string>): boolean {
  if (/\d/.test(word) || word.length === 1) return true;
  if (/^[A-Z]{2,}$/.test(word)) return true;
  if (PROPER_NOUNS.has(word)) return true;
  return dataWords.has(word);
}

type Found = { text: string; where: string };

/** Visible texts, placeholders, titles and aria-labels of the page, as the user meets them. */
async function visibleTexts(page: Page): Promise<Found[]> {
  return page.evaluate(() => {
    const out: { text: string; where: string }[] = [];
    const shown = (el: Element | null) =>
      !!el && (el as HTMLElement).checkVisibility?.({ opacityProperty: true, visibilityProperty: true }) !== false;
    // the map's licence notice must stay as its licence words it
    const skip = (el: Element) => el.closest('[translate="no"], .leaflet-control-attribution');
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent?.trim();
      const parent = n.parentElement;
      if (!text || !parent || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName) || skip(parent)) continue;
      if (shown(parent)) out.push({ text, where: parent.tagName.toLowerCase() });
    }
    for (const el of Array.from(document.body.querySelectorAll('[placeholder],[aria-label],[title],img[alt]'))) {
      if (!shown(el) || skip(el)) continue;
      for (const attr of ['placeholder', 'aria-label', 'title', 'alt']) {
        const v = el.getAttribute(attr)?.trim();
        if (v) out.push({ text: v, where: `@${attr}` });
      }
    }
    return out;
  });
}

/**
 * What people typed or named, as the API returns it: names of people, firms, places and plazas,
 * materials, vehicle models, roles, ticket subjects, survey questions, an admin's note. These are
 * shown as entered. Text the server composes (descriptions, remarks, messages, statuses) is not here,
 * so it must arrive in Hindi.
 */
const ENTERED =
  /name|city|plaza|toll|place|address|lane|material|vehicleType|truckType|model|subject|question|options|role|provider|landmark|locality|consign|company|firm|reason|note|comment|text|body|label|make/i;
const COMPOSED = /description|remarks|message|status|state/i;
function watchData(page: Page, words: Set<string>): void {
  const add = (v: string) => {
    for (const w of v.match(/[A-Za-z][A-Za-z'’.-]*/g) ?? []) words.add(w.replace(/[.’'-]+$/, ''));
  };
  const walk = (v: unknown, entered: boolean): void => {
    if (Array.isArray(v)) for (const x of v) walk(x, entered);
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) walk(x, (ENTERED.test(k) || /^(from|to|origin|destination)$/.test(k)) && !COMPOSED.test(k));
    else if (entered && typeof v === 'string') add(v);
  };
  page.on('response', async (response) => {
    if (!response.url().includes('/api/') || !(response.headers()['content-type'] ?? '').includes('json')) return;
    try {
      walk(await response.json(), false);
    } catch {
      // a body already gone (the page moved on) holds nothing we need
    }
  });
}

function englishIn(found: Found[], dataWords: Set<string>): string[] {
  const english = new Set<string>();
  for (const f of found) {
    const tokens =
      f.text
        .replace(/https?:\/\/\S+/g, '')
        .replace(/₹\s?[\d,.]+/g, '')
        .match(/[A-Za-z0-9][A-Za-z0-9'’._:/@-]*/g) ?? [];
    const words = tokens
      .filter((t) => !/^https?:|@|\.(jpe?g|png|pdf|xlsx)$/i.test(t))
      .flatMap((t) => (/\d/.test(t) ? [] : t.split(/[._:/-]+/)))
      .map((w) => w.replace(/[’']s?$/, ''))
      .filter(Boolean);
    if (words.some((w) => !allowed(w, dataWords))) english.add(f.text);
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
    test.setTimeout(600_000);
    const dataWords = new Set<string>();
    watchData(page, dataWords);
    await enter(page, kind, 'hi');
    // places and names that pages show inside composed text (a memo names a lane) come from these lists
    if (kind !== 'public') {
      for (const path of ['/api/rest/tesseract/v1/trip?pageNo=0&pageSize=50', '/api/rest/tesseract/v1/load?pageNo=0&pageSize=50']) {
        await page.evaluate((p) => fetch(p, { headers: { token: localStorage.getItem('accessToken') ?? '' } }).then((r) => r.text()), path);
      }
    }
    // the signed-in user's own name
    const name = (await page.evaluate(() => window.localStorage.getItem('name'))) ?? '';
    for (const w of name.split(/\s+/)) if (w) dataWords.add(w);
    const problems: string[] = [];
    for (const route of await routesFor(page, kind)) {
      try {
        await openRoute(page, route);
      } catch (error) {
        problems.push(`${kind} ${route.name ?? route.path}: did not open (${String(error).split('\n')[0]})`);
        continue;
      }
      await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
      const english = englishIn(await visibleTexts(page), dataWords);
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
