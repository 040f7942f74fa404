// Run by build.mjs after the bundle: writes dist/pglite-template, an embedded database with every
// migration applied, which a first start copies (ADR 152; src/db/template.ts).
import { rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { fromPglite } from './client.ts';
import { migrate } from './migrate.ts';
import { templateDir } from './template.ts';

rmSync(templateDir, { recursive: true, force: true });
const client = await PGlite.create(templateDir);
const applied = await migrate(fromPglite(client).sql);
await client.query('CHECKPOINT');
await client.close();
console.log(`pglite template: ${applied.length} migrations in ${templateDir}`);
