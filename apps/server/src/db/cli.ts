import { loadConfig } from '../config.ts';
import { checkTollsSince } from '../modules/money/fastag/toll-checks.service.ts';
import { tollCheckSettings } from '../modules/money/fastag/toll-settings.ts';
import { checkLedger } from '../modules/money/ledger/ledger.service.ts';
import { seedIfEmpty } from '../seed/seed.ts';
import { openDatabase } from './client.ts';
import { migrate } from './migrate.ts';

/** npm run db:migrate | db:seed | ledger:check | tolls:check */
const command = process.argv[2];
const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  const applied = await migrate(database.sql);
  console.log(applied.length ? `applied: ${applied.join(', ')}` : 'migrations up to date');
  if (command === 'ledger-check') {
    const result = await checkLedger(database.db);
    console.log(JSON.stringify(result, null, 2));
    console.log(result.ok ? 'ledger OK: every entry sums to zero and every balance equals its postings' : 'LEDGER INCONSISTENT');
    process.exitCode = result.ok ? 0 : 1;
  }
  if (command === 'tolls-check') {
    // every past toll not checked yet, read forward from the catch-up's cursor (ADR 280)
    const result = await checkTollsSince(database.db, tollCheckSettings(config));
    console.log(`tolls checked: ${result.checked}, flags raised: ${result.flagged}, up to seq ${result.lastSeq}`);
  }
  if (command === 'seed') console.log((await seedIfEmpty(database.db)) ? 'demo data loaded' : 'database not empty; seed skipped');
} finally {
  await database.sql.close();
}
