// Run by build.mjs after the bundle: writes dist/pglite-template, the embedded database as a start on an empty
// data folder leaves it before any data is loaded, which a first start copies (ADR 152, ADR 169;
// src/db/template.ts).
import { mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { fromPglite } from './client.ts';
import { migrate } from './migrate.ts';
import { templateDir } from './template.ts';

const building = `${templateDir}.building`;
rmSync(building, { recursive: true, force: true });
const client = await PGlite.create(building);
const database = fromPglite(client);
const applied = await migrate(database.sql);

// One start of the app without data: the job queue creates its schema and one table per queue, which cost a
// first start more processor time than anything but the demo data (ADR 169). Its schedules and any job the
// schedules queued meanwhile are removed again: every start puts its own (they differ in production).
const dataDir = mkdtempSync(join(tmpdir(), 'bhada-template-'));
const app = await buildApp(
  loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', JOBS_ENABLED: 'true', SEED_DEMO: 'false', PLACES_IMPORT: 'false' }),
  { database, closeDatabase: false, seed: false },
);
await app.ready();
await app.close();
rmSync(dataDir, { recursive: true, force: true });
await client.exec('DELETE FROM pgboss.schedule; DELETE FROM pgboss.job; DELETE FROM pgboss.archive;');

// PGlite opens template1; the other two databases of a new cluster are never opened and were 40% of the files
// a first start copies
await client.exec('DROP DATABASE postgres');
await client.exec('ALTER DATABASE template0 IS_TEMPLATE false');
await client.exec('DROP DATABASE template0');
await client.query('CHECKPOINT');
await client.close();
rmSync(templateDir, { recursive: true, force: true });
renameSync(building, templateDir);
console.log(`pglite template: ${applied.length} migrations and the job queue in ${templateDir}`);
