import { copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { serverRoot } from '../lib/paths.ts';

/**
 * The prebuilt embedded database (ADR 152): `npm run build` creates an empty PGlite cluster with every
 * migration applied in dist/pglite-template (scripts: build.mjs → src/db/build-template.ts). A first start
 * on an empty DATA_DIR copies it instead of running initdb and the migrations, which were most of the
 * first start's time. Migrations newer than the template still run at start; the demo data is seeded at
 * start as before (its dates are relative to the day it is loaded). Since ADR 169 it also holds the job
 * queue's schema and queues, and only the database PGlite opens.
 */
export const templateDir = join(serverRoot, 'dist', 'pglite-template');

/** Copies the template into `dir` when `dir` is empty or missing and a template was built; true if copied. */
export function copyTemplateIfEmpty(dir: string, from = templateDir): boolean {
  if (!existsSync(join(from, 'PG_VERSION'))) return false;
  if (existsSync(dir) && readdirSync(dir).length > 0) return false;
  copyTree(from, dir);
  return true;
}

/**
 * One pass over the tree: a folder listing says what each entry is, so no file is looked at twice (cpSync
 * stats every source and target file first, which was a third of the copy's time; ADR 169).
 */
function copyTree(from: string, to: string) {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) copyTree(source, target);
    else copyFileSync(source, target);
  }
}
