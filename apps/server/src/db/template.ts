import { cpSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { serverRoot } from '../lib/paths.ts';

/**
 * The prebuilt embedded database (ADR 152): `npm run build` creates an empty PGlite cluster with every
 * migration applied in dist/pglite-template (scripts: build.mjs → src/db/build-template.ts). A first start
 * on an empty DATA_DIR copies it instead of running initdb and the migrations, which were most of the
 * first start's time. Migrations newer than the template still run at start; the demo data is seeded at
 * start as before (its dates are relative to the day it is loaded).
 */
export const templateDir = join(serverRoot, 'dist', 'pglite-template');

/** Copies the template into `dir` when `dir` is empty or missing and a template was built; true if copied. */
export function copyTemplateIfEmpty(dir: string, from = templateDir): boolean {
  if (!existsSync(join(from, 'PG_VERSION'))) return false;
  if (existsSync(dir) && readdirSync(dir).length > 0) return false;
  cpSync(from, dir, { recursive: true });
  return true;
}
