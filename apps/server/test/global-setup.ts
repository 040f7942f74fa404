import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { fromPglite, fromPool } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: string;
  }
}

/**
 * Migrates one template database per run; every test file clones it (PGlite: a data-dir dump;
 * PostgreSQL with TEST_DATABASE_URL: CREATE DATABASE … TEMPLATE).
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `bhada_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    const pool = new pg.Pool({ connectionString: u.toString(), max: 1 });
    await migrate(fromPool(pool).sql);
    await pool.end();
    project.provide('pgTemplate', name);
    project.provide('pgliteTemplate', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.end();
    };
  }
  const client = await PGlite.create();
  await migrate(fromPglite(client).sql);
  const dump = await client.dumpDataDir('none');
  const file = join(tmpdir(), `bhada-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('pgliteTemplate', file);
  project.provide('pgTemplate', '');
}
