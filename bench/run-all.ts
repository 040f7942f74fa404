import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { printHotPathTable, root } from './lib.ts';

// `npm run bench`: builds if needed (npm start does), then runs each area's benchmark in turn.
// Pick some with BENCH=foundation,fastag.
if (!existsSync(join(root, 'apps/server/dist/server.js')) || !existsSync(join(root, 'apps/web/dist/index.html'))) {
  console.error('Build first: npm run build');
  process.exit(1);
}
const wanted = process.env.BENCH?.split(',');
const suites: Array<[string, () => Promise<unknown>]> = [
  ['foundation', async () => (await import('./foundation.ts')).runFoundation()],
  ['marketplace', async () => (await import('./marketplace.ts')).runMarketplace()],
  ['trips', async () => (await import('./trips.ts')).runTrips()],
  ['fastag', async () => (await import('./fastag.ts')).runFastag()],
  ['support', async () => (await import('./support.ts')).runSupport()],
  ['operations', async () => (await import('./operations.ts')).runOperations()],
  ['fleet', async () => (await import('./fleet.ts')).runFleet()],
  ['fleet-map', async () => (await import('./fleet-map.ts')).runFleetMap()],
  ['account', async () => (await import('./account.ts')).runAccount()],
  ['web', async () => (await import('./web.ts')).runWeb()],
  ['hotpaths', async () => (await import('./hotpaths.ts')).runHotpaths()],
  ['bidding-ledger', async () => (await import('./bidding-ledger.ts')).runBiddingLedger()],
];
for (const [name, run] of suites) if (!wanted || wanted.includes(name)) await run();
// issue 17's targets from the suites that ran, as one table
printHotPathTable();
