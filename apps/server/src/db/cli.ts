import { loadConfig } from '../config.ts';
import { seedIfEmpty } from '../seed/seed.ts';
import { openDatabase } from './client.ts';
import { migrate } from './migrate.ts';

/** npm run db:migrate | db:seed */
const command = process.argv[2];
const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  const applied = await migrate(database.sql);
  console.log(applied.length ? `applied: ${applied.join(', ')}` : 'migrations up to date');
  if (command === 'seed') console.log((await seedIfEmpty(database.db)) ? 'demo data loaded' : 'database not empty; seed skipped');
} finally {
  await database.sql.close();
}
