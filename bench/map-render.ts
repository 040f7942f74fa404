import { type Browser, type BrowserContextOptions, chromium, type Page } from '@playwright/test';
import { demoSession, storeSessionScript } from './lib.ts';

/**
 * Measuring a Leaflet map in Chromium (issues 12 and 15): the first render of a page's map and the
 * frames per second while it is live. Map tiles are refused so the figures are the portal's own work,
 * not a tile server's.
 */

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const VIEWPORTS: Record<'360 px' | 'desktop', BrowserContextOptions> = {
  '360 px': { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1366, height: 768 } },
};

export const launch = () => chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });

/** A fresh context logged in as a demo user, with map tiles refused and `init` run before the app. */
export async function loggedInPage(browser: Browser, url: string, phone: string, options: BrowserContextOptions, init?: string) {
  const context = await browser.newContext({ ...options, serviceWorkers: 'block', locale: 'en-IN' });
  const session = await demoSession(url, phone);
  const setup = await context.newPage();
  await setup.goto(`${url}/favicon.svg`);
  await setup.evaluate(storeSessionScript(session));
  await setup.close();
  await context.route(/tile\.openstreetmap\.org|\/tiles?\//, (route) => route.abort());
  if (init) await context.addInitScript(init);
  return context.newPage();
}

/**
 * Opens the page and answers, in ms from navigation, when the map's data had arrived (`dataPath`, from
 * the resource timings) and when its markers were on screen: Leaflet's canvas renderer creates the
 * overlay canvas when the first marker is added (every marker of a render is added in the same commit),
 * and the markers are painted by the second animation frame after it.
 */
export async function firstMapRender(page: Page, url: string, dataPath: string, timeoutMs = 120_000) {
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForSelector('.leaflet-overlay-pane canvas', { state: 'attached', timeout: timeoutMs });
  return page.evaluate(`new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => {
    const data = performance.getEntriesByType('resource').find((e) => e.name.includes(${JSON.stringify(dataPath)}));
    resolve({ paintedMs: performance.now(), dataMs: data ? data.responseEnd : NaN });
  })))`) as Promise<{ paintedMs: number; dataMs: number }>;
}

/**
 * Counts animation frames for `ms`: frames per second, the longest frame and the frames over 50 ms.
 * A string, not a function: tsx would wrap a named inner function in a helper the page does not have.
 */
export async function framesFor(page: Page, ms: number): Promise<{ fps: number; longestMs: number; over50: number }> {
  return page.evaluate(`new Promise((resolve) => {
    const times = [];
    const start = performance.now();
    const tick = (now) => {
      times.push(now);
      if (now - start < ${ms}) return requestAnimationFrame(tick);
      const gaps = times.slice(1).map((t, i) => t - times[i]);
      resolve({
        fps: (times.length - 1) / ((times[times.length - 1] - times[0]) / 1000),
        longestMs: Math.max(...gaps),
        over50: gaps.filter((g) => g > 50).length,
      });
    };
    requestAnimationFrame(tick);
  })`);
}
