import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { enter, type Kind, openRoute, routesFor } from './routes.ts';

/**
 * Issue 16 point 7: axe finds no serious or critical violation on any route, for every kind of user,
 * in English and in Hindi (the language is chosen in this browser only). Counts per route are printed
 * for the closing note.
 */
const kinds: Kind[] = ['public', 'operator', 'consigner', 'admin'];
const counts: Record<string, number> = {};

test.afterEach(() => {
  console.log('\naxe serious/critical violations per route:');
  for (const [route, n] of Object.entries(counts)) console.log(`${String(n).padStart(4)}  ${route}`);
  console.log(`${String(Object.values(counts).reduce((a, b) => a + b, 0)).padStart(4)}  total`);
  for (const key of Object.keys(counts)) delete counts[key];
});

for (const kind of kinds) {
  for (const language of ['en', 'hi'] as const) {
    test(`axe: no serious or critical violation on ${kind} pages (${language})`, async ({ page }) => {
      test.setTimeout(300_000);
      await enter(page, kind, language);
      const problems: string[] = [];
      for (const route of await routesFor(page, kind)) {
        try {
          try {
            await openRoute(page, route);
          } catch (error) {
            problems.push(`${kind} ${route.name ?? route.path}: did not open (${String(error).split('\n')[0]})`);
            continue;
          }
        } catch (error) {
          problems.push(`${kind} ${route.name ?? route.path}: did not open (${String(error).split('\n')[0]})`);
          continue;
        }
        const result = await new AxeBuilder({ page }).analyze();
        const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        const label = `${kind} ${language} ${route.name ?? route.path}`;
        counts[label] = bad.reduce((n, v) => n + v.nodes.length, 0);
        for (const v of bad) {
          problems.push(`${label}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
        }
        // every page has one main landmark and a level-one heading (axe counts these as moderate)
        if ((await page.locator('main, [role="main"]').count()) !== 1) problems.push(`${label}: not exactly one main landmark`);
        if ((await page.locator('h1:visible').count()) === 0) problems.push(`${label}: no visible h1`);
      }
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }
}
