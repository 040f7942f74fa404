import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import {
  demoSession,
  demoToken,
  hotPathRows,
  loopbackCertificate,
  median,
  peakMbOf,
  root,
  type Server,
  startServer,
  storeSessionScript,
  tempDir,
} from './lib.ts';

/**
 * Issue 17, targets 5 and 7 (ADRs 150–152):
 * - the JavaScript a browser loads for /operatorlogin and for /web-view/active-loads after login, gzipped;
 * - bytes on the wire per cold page, compressed (as served now) beside uncompressed (as served before);
 * - Lighthouse mobile performance of four pages, as served now and with compression refused by the client;
 * - a second visit on a weak network with the service worker beside the first visit on the same network;
 * - the first start on an empty data folder (time to healthy, peak memory) beside a start with the
 *   prebuilt database template switched off.
 * Run alone with BENCH=web; BENCH_PARTS=js,wire,lighthouse,sw,start picks parts; BENCH_START_PORT (default 3291)
 * is the first of the two ports the start part uses. BENCH_LH_PAGES=/a,/b picks Lighthouse's pages and
 * BENCH_LH_SAVE=dir keeps each Lighthouse report there as JSON.
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const dist = join(root, 'apps/web/dist');
const OPERATOR = '9000000001';

interface Row {
  target: string;
  goal: string;
  baseline: string;
  now: string;
  ratio: string;
  pass: boolean | undefined;
}
const rows: Row[] = [];
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function printTable() {
  console.log('\n### Web and embedded start (issue 17, targets 5 and 7)\n');
  console.log('| target | goal | baseline (same run) | now | ratio | result |');
  console.log('|---|---|---|---|---|---|');
  for (const r of rows) {
    const result = r.pass === undefined ? 'measured' : r.pass ? 'pass' : 'falls short';
    console.log(`| ${r.target} | ${r.goal} | ${r.baseline} | ${r.now} | ${r.ratio} | ${result} |`);
  }
}

const sessionFor = (url: string) => demoSession(url, OPERATOR);

interface PageLoad {
  scripts: string[];
  /** raw bytes of every response (what went over the wire before compression) */
  raw: number;
  /** bytes on the wire as served now */
  wire: number;
}

/** Opens a page cold in a fresh context and records what it loaded once the network is quiet. */
async function loadCold(server: Server, path: string, login: boolean, waitFor: string): Promise<PageLoad> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext({ serviceWorkers: 'block', locale: 'en-IN' });
    if (login) {
      const session = await sessionFor(server.url);
      const setup = await context.newPage();
      await setup.goto(`${server.url}/favicon.svg`);
      await setup.evaluate(storeSessionScript(session));
      await setup.close();
    }
    const page = await context.newPage();
    const scripts = new Set<string>();
    const responses: Array<Promise<{ raw: number; wire: number }>> = [];
    page.on('response', (r) => {
      const type = r.request().resourceType();
      if (type === 'script') scripts.add(new URL(r.url()).pathname);
      responses.push(
        (async () => {
          const sizes = await r.request().sizes();
          const body = await r.body().catch(() => Buffer.alloc(0));
          return { raw: body.length + sizes.responseHeadersSize, wire: sizes.responseBodySize + sizes.responseHeadersSize };
        })(),
      );
    });
    await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
    await page.getByText(waitFor).first().waitFor();
    await page.waitForLoadState('networkidle');
    const sized = await Promise.all(responses);
    await context.close();
    return {
      scripts: [...scripts].sort(),
      raw: sized.reduce((s, x) => s + x.raw, 0),
      wire: sized.reduce((s, x) => s + x.wire, 0),
    };
  } finally {
    await browser.close();
  }
}

const gz = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const size = (file: string) => readFileSync(join(dist, file)).length;

async function javascriptAndWire(server: Server, parts: string[]) {
  const pages = [
    { path: '/operatorlogin', login: false, waitFor: 'Send code', budget: 150 * 1024, baselineKb: 188 },
    { path: '/web-view/active-loads', login: true, waitFor: 'New loads', budget: 250 * 1024, baselineKb: undefined },
  ];
  for (const p of pages) {
    const loaded = await loadCold(server, p.path, p.login, p.waitFor);
    const gzTotal = loaded.scripts.reduce((s, f) => s + gz(f), 0);
    const rawTotal = loaded.scripts.reduce((s, f) => s + size(f), 0);
    const hindi = loaded.scripts.filter((f) => /\/hi-[\w-]+\.js$/.test(f));
    if (parts.includes('js')) {
      console.log(`\n#### JavaScript loaded by ${p.path}${p.login ? ' (logged in, English)' : ''}: ${loaded.scripts.length} files`);
      console.log(`raw ${kb(rawTotal)}, gzip ${kb(gzTotal)}; Hindi chunks requested: ${hindi.length ? hindi.join(', ') : 'none'}`);
      // BENCH_JS_FILES=1 lists the files, largest first, to find what a page pulls in
      if (process.env.BENCH_JS_FILES) {
        for (const f of [...loaded.scripts].sort((a, b) => gz(b) - gz(a))) console.log(`  ${kb(gz(f)).padStart(9)}  ${f}`);
      }
      rows.push({
        target: `JS loaded by ${p.path}, gzipped`,
        goal: `≤ ${p.budget / 1024} KB`,
        baseline: p.baselineKb ? `${p.baselineKb} KB (issue 17, before)` : `${kb(rawTotal)} raw`,
        now: kb(gzTotal),
        ratio: p.baselineKb ? `${(gzTotal / 1024 / p.baselineKb).toFixed(2)}×` : `${(gzTotal / rawTotal).toFixed(2)}× of raw`,
        pass: gzTotal <= p.budget,
      });
      rows.push({
        target: `Hindi chunks requested by ${p.path} for an English reader`,
        goal: '0',
        baseline: '—',
        now: String(hindi.length),
        ratio: '—',
        pass: hindi.length === 0,
      });
    }
    if (parts.includes('wire')) {
      rows.push({
        target: `bytes on the wire, cold ${p.path} (HTML, JS, CSS, JSON)`,
        goal: 'compressed',
        baseline: `${kb(loaded.raw)} uncompressed`,
        now: kb(loaded.wire),
        ratio: `${(loaded.wire / loaded.raw).toFixed(2)}×`,
        pass: loaded.wire < loaded.raw * 0.5,
      });
    }
  }
}

/**
 * Lighthouse mobile (its default: simulated slow 4G, 4× CPU slowdown), median of BENCH_LH_RUNS runs. `over`
 * names the transport: the target rows are measured over HTTPS as a deployment serves the app (HTTP/2; a
 * service worker needs a secure origin anyway, ADR 193), with compression refused as the baseline; the same
 * pages over plain HTTP/1.1 are shown beside them for reading.
 */
async function lighthouseScores(server: Server, over: { label: string; target: boolean }) {
  const runs = Number(process.env.BENCH_LH_RUNS ?? 1);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    // the HTTPS server's certificate is the loopback one this run made
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--ignore-certificate-errors'],
  });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const session = await sessionFor(server.url);
    const pages = process.env.BENCH_LH_PAGES?.split(',') ?? [
      '/operatorlogin',
      '/portal/fastag',
      '/web-view/active-loads',
      '/web-view/trips',
    ];
    const saveTo = process.env.BENCH_LH_SAVE;
    if (saveTo) mkdirSync(saveTo, { recursive: true });
    let signedIn = false;
    for (const path of pages) {
      // the login page is measured signed out (with a session it only redirects to the home page); the others
      // signed in, the session stored once the login page is done
      if (path !== '/operatorlogin' && !signedIn) {
        const setup = await browser.newPage();
        await setup.goto(`${server.url}/favicon.svg`);
        await setup.evaluate(storeSessionScript(session));
        await setup.close();
        signedIn = true;
      }
      const score = async (identity: boolean) => {
        const results: Array<{ score: number; lcp: number; cls: number; fcp: number; tbt: number; hostIndex: number; slowHost: boolean }> =
          [];
        let failed = 0;
        // a run Lighthouse could not finish is repeated (at most `runs` more attempts), so the medians still
        // rest on `runs` measured runs; the failures are counted in the table
        for (let i = 0; results.length < runs && i < runs * 2; i++) {
          const result = await lighthouse(
            `${server.url}${path}`,
            {
              port: chrome.port,
              onlyCategories: ['performance'],
              // the session lives in localStorage: keep it (the HTTP cache is still cleared per run)
              disableStorageReset: true,
              logLevel: 'error',
              extraHeaders: identity ? { 'Accept-Encoding': 'identity' } : undefined,
            },
            undefined,
          );
          const lhr = result?.lhr;
          if (!lhr) throw new Error(`no Lighthouse result for ${path}`);
          if (saveTo) {
            const name = `${path.replaceAll('/', '_')}-${over.target ? '' : 'h1-'}${identity ? 'identity' : 'now'}-${i + 1}.json`;
            writeFileSync(join(saveTo, name), JSON.stringify(lhr));
          }
          // a run Lighthouse could not finish (a runtime error, no LCP) is counted, not taken into the medians
          if (lhr.runtimeError || !Number.isFinite(lhr.audits['largest-contentful-paint']?.numericValue)) {
            failed++;
            console.log(`Lighthouse ${path}: run ${i + 1} failed (${lhr.runtimeError?.code ?? 'no LCP'})`);
            continue;
          }
          results.push({
            score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
            lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
            cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
            fcp: lhr.audits['first-contentful-paint']?.numericValue ?? Number.NaN,
            tbt: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
            // Lighthouse's own measure of this host's CPU; below 1,000 it warns that the score suffers from it
            hostIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
            slowHost: (lhr.runWarnings ?? []).some((w) => /slower CPU/i.test(String(w))),
          });
        }
        return {
          score: median(results.map((r) => r.score)),
          lcp: median(results.map((r) => r.lcp)),
          cls: median(results.map((r) => r.cls)),
          fcp: median(results.map((r) => r.fcp)),
          tbt: median(results.map((r) => r.tbt)),
          hostIndex: median(results.map((r) => r.hostIndex)),
          slowHost: results.some((r) => r.slowHost),
          failed,
        };
      };
      const before = over.target ? await score(true) : undefined;
      const now = await score(false);
      console.log(
        `Lighthouse ${path} over ${over.label}: ` +
          (before ? `uncompressed ${before.score} (LCP ${(before.lcp / 1000).toFixed(1)} s, CLS ${before.cls.toFixed(3)}); ` : '') +
          `now ${now.score} (FCP ${(now.fcp / 1000).toFixed(1)} s, LCP ${(now.lcp / 1000).toFixed(1)} s, TBT ${Math.round(now.tbt)} ms, CLS ${now.cls.toFixed(3)})`,
      );
      rows.push({
        target: `Lighthouse mobile performance ${path}${path === '/operatorlogin' ? '' : ' (logged in)'}, ${over.label}`,
        goal: over.target ? '≥ 90' : 'measured',
        baseline: before ? `${before.score} uncompressed (LCP ${(before.lcp / 1000).toFixed(1)} s)` : '—',
        now:
          `${now.score} (LCP ${(now.lcp / 1000).toFixed(1)} s, TBT ${Math.round(now.tbt)} ms, CLS ${now.cls.toFixed(3)}; ` +
          `host CPU index ${Math.round(now.hostIndex)}${now.slowHost ? ', Lighthouse warns the host CPU is slower than it expects' : ''}` +
          `${now.failed ? `; ${now.failed} failed run(s) repeated` : ''})`,
        ratio: before ? `${(now.score / Math.max(before.score, 1)).toFixed(2)}×` : '—',
        pass: over.target ? now.score >= 90 : undefined,
      });
    }
    await browser.disconnect();
  } finally {
    chrome.kill();
  }
}

/** First visit and second visit of /operatorlogin on a weak network (400 kbit/s, 400 ms): the login form on screen. */
async function secondVisit(server: Server) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext({ locale: 'en-IN' });
    // the moment the form is painted is taken in the page (the first frame after "Send code" enters the DOM), on
    // the same wall clock as the start of the navigation here: a locator's polling (up to 500 ms between looks)
    // would add its own wait to the figure
    await context.addInitScript(() => {
      // (no named function in here: the bench's TypeScript runner would wrap it in a helper the page lacks)
      const observer = new MutationObserver(() => {
        if (!document.body?.textContent?.includes('Send code')) return;
        observer.disconnect();
        requestAnimationFrame(() => setTimeout(() => Object.assign(window, { __formShownAt: performance.timeOrigin + performance.now() })));
      });
      observer.observe(document, { childList: true, subtree: true, characterData: true });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 400,
      downloadThroughput: (400 * 1024) / 8,
      uploadThroughput: (400 * 1024) / 8,
    });
    const visit = async () => {
      const start = Date.now();
      await page.goto(`${server.url}/operatorlogin`, { waitUntil: 'commit' });
      const shownAt = await page.waitForFunction(() => (window as { __formShownAt?: number }).__formShownAt, undefined, {
        timeout: 120_000,
      });
      return Number(await shownAt.jsonValue()) - start;
    };
    const first = await visit();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.waitForTimeout(1000);
    const second = await visit();
    rows.push({
      target: 'second visit of /operatorlogin on 400 kbit/s, 400 ms (service worker)',
      goal: 'opens at once',
      baseline: `${(first / 1000).toFixed(2)} s first visit`,
      now: `${(second / 1000).toFixed(2)} s`,
      ratio: `${(second / first).toFixed(2)}×`,
      pass: second < 1000,
    });
  } finally {
    await browser.close();
  }
}

/** Time to healthy and peak RSS of `node apps/server/dist/server.js` on an empty data folder. */
async function embeddedStart() {
  const runs = Number(process.env.BENCH_START_RUNS ?? 3);
  const measure = async (env: Record<string, string>, port: number) => {
    const times: number[] = [];
    const peaks: number[] = [];
    for (let i = 0; i < runs; i++) {
      const server = await startServer({ port, env: { DATA_DIR: tempDir('start'), ...env } });
      // healthy means seeded: the demo operator can log in at once
      if (!(await demoToken(server.url))) throw new Error('no demo login after the first start');
      // let the first jobs settle: memory peaks after healthy count too
      await new Promise((r) => setTimeout(r, 3000));
      times.push(server.readyMs);
      peaks.push(peakMbOf(server.proc.pid));
      await server.stop();
    }
    return { ms: median(times), mb: median(peaks) };
  };
  // BENCH_START_PORT moves the two servers of this part (this one and the next port) off the defaults
  const port = Number(process.env.BENCH_START_PORT ?? 3291);
  const before = await measure({ PGLITE_TEMPLATE: 'off' }, port);
  const now = await measure({}, port + 1);
  rows.push({
    target: `first start on an empty DATA_DIR to healthy (median of ${runs})`,
    goal: '≤ 5 s',
    baseline: `${(before.ms / 1000).toFixed(2)} s without the template`,
    now: `${(now.ms / 1000).toFixed(2)} s`,
    ratio: `${(now.ms / before.ms).toFixed(2)}×`,
    pass: now.ms <= 5000,
  });
  rows.push({
    target: 'peak RSS of that start (VmHWM, 3 s after healthy)',
    goal: '≤ 500 MB',
    baseline: `${before.mb} MB without the template`,
    now: `${now.mb} MB`,
    ratio: `${(now.mb / before.mb).toFixed(2)}×`,
    pass: now.mb <= 500,
  });
}

export async function runWeb() {
  console.log('## Web (issue 17: targets 5 and 7)');
  const parts = process.env.BENCH_PARTS?.split(',') ?? ['js', 'wire', 'lighthouse', 'sw', 'start'];
  if (parts.some((p) => ['js', 'wire', 'lighthouse', 'sw'].includes(p))) {
    const server = await startServer({
      port: Number(process.env.BENCH_WEB_PORT ?? 3290),
      env: { DATA_DIR: tempDir('web'), JOBS_ENABLED: 'false' },
    });
    try {
      await demoToken(server.url);
      if (parts.includes('js') || parts.includes('wire')) await javascriptAndWire(server, parts);
      if (parts.includes('lighthouse')) {
        const secure = await startServer({
          port: Number(process.env.BENCH_WEB_TLS_PORT ?? 3294),
          env: { DATA_DIR: tempDir('web-tls'), JOBS_ENABLED: 'false', ...loopbackCertificate() },
        });
        try {
          await lighthouseScores(secure, { label: 'HTTPS (HTTP/2)', target: true });
        } finally {
          await secure.stop();
        }
        await lighthouseScores(server, { label: 'plain HTTP/1.1', target: false });
      }
      if (parts.includes('sw')) await secondVisit(server);
    } finally {
      await server.stop();
    }
  }
  if (parts.includes('start')) await embeddedStart();
  printTable();
  hotPathRows.push(...rows.map(({ now, ...r }) => ({ ...r, measured: now })));
}

if (import.meta.url === `file://${process.argv[1]}`) await runWeb();
