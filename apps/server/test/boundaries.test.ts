import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkBoundaries, findProblems } from '../../../scripts/check-boundaries.mjs';
import { repoRoot } from '../src/lib/paths.ts';

let roots: string[] = [];
afterEach(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
  roots = [];
});

/** A small tree of files to run the checker on. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'bhada-bounds-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}
const M = 'apps/server/src/modules';

describe('the import-boundary check fires on each rule (ADR 087)', () => {
  it.each([
    [
      'a route file importing a repository',
      { [`${M}/trips/a/a.routes.ts`]: "import { x } from './a.repository.ts';" },
      /route files call services/,
    ],
    ['a route file with SQL', { [`${M}/trips/a/a.routes.ts`]: 'const q = sql`select 1`;' }, /contains SQL/],
    [
      'a transaction cast to Db outside the one helper',
      { [`${M}/trips/a/a.service.ts`]: 'await db.transaction(async (trx) => run(trx as unknown as Db));' },
      /casts a transaction to Db/,
    ],
    ['a route file imported', { [`${M}/trips/a/a.service.ts`]: "import { r } from '../b/b.routes.ts';" }, /nothing imports a route file/],
    ['a service importing Fastify', { [`${M}/trips/a/a.service.ts`]: "import Fastify from 'fastify';" }, /services never import Fastify/],
    [
      'a service importing Drizzle values',
      { [`${M}/trips/a/a.service.ts`]: "import { eq } from 'drizzle-orm';" },
      /only repositories import Drizzle/,
    ],
    [
      'the web importing the server',
      { 'apps/web/src/lib/x.ts': "import { buildApp } from '../../../server/src/app.ts';" },
      /web app never imports the server/,
    ],
    [
      'a feature importing another feature',
      { 'apps/web/src/features/trips/a/x.ts': "import { y } from '../b/y.ts';" },
      /feature 'trips\/a' must not import feature 'trips\/b'/,
    ],
    ['contracts importing Node', { 'packages/contracts/src/trips/a/index.ts': "import { readFileSync } from 'node:fs';" }, /browser-safe/],
    [
      'a cycle between modules',
      {
        [`${M}/trips/a/a.service.ts`]: "import { b } from '../b/b.service.ts';",
        [`${M}/trips/b/b.service.ts`]: "import { c } from '../c/c.service.ts';",
        [`${M}/trips/c/c.service.ts`]: "import { a } from '../a/a.service.ts';",
      },
      /module cycle: trips\/a → trips\/b → trips\/c → trips\/a/,
    ],
    [
      'a value cycle between two files of one area',
      {
        'apps/web/src/features/trips/a/x.ts': "import { y } from './y.ts';\nexport const x = 1;",
        'apps/web/src/features/trips/a/y.ts': "import { x } from './x';\nexport const y = x;",
      },
      /value import cycle: apps\/web\/src\/features\/trips\/a\/x\.ts → apps\/web\/src\/features\/trips\/a\/y\.ts → apps\/web\/src\/features\/trips\/a\/x\.ts/,
    ],
    [
      'a file over 400 lines in any workspace',
      { 'packages/contracts/src/trips/a/index.ts': 'export const a = 1;\n'.repeat(401) },
      /packages\/contracts\/src\/trips\/a\/index\.ts: 401 lines/,
    ],
    ['a module outside any group', { [`${M}/loose/loose.service.ts`]: 'export const a = 1;' }, /modules\/loose: not in a group/],
    ['a file loose in a group folder', { [`${M}/trips/x.ts`]: 'export const a = 1;' }, /trips\/x\.ts: a group holds domain folders only/],
    ['a web feature outside any group', { 'apps/web/src/features/loose/x.ts': 'export const a = 1;' }, /features\/loose: not in a group/],
    [
      "a domain reading another group's repository",
      { [`${M}/trips/a/a.service.ts`]: "import { q } from '../../marketplace/quotes/quotes.repository.ts';" },
      /'trips\/a' reads the repository of another group's domain 'marketplace\/quotes'/,
    ],
  ] as const)('%s', (_name, files, message) => {
    const { problems } = findProblems(tree(files));
    expect(problems.join('\n')).toMatch(message);
  });

  it('lets type-only Drizzle imports and one-way module imports pass', () => {
    const root = tree({
      [`${M}/trips/a/a.service.ts`]: "import type { SQL } from 'drizzle-orm';\nimport { b } from '../b/b.service.ts';",
      [`${M}/trips/b/b.service.ts`]: 'export const b = 1;',
      // a cycle of type imports only is no value cycle
      'apps/web/src/features/trips/a/x.ts': "import type { Y } from './y.ts';\nexport type X = 1;",
      'apps/web/src/features/trips/a/y.ts': "import { type X } from './x.ts';\nexport type Y = X;",
      // the ledger and identity are open to every group; a README may sit beside a group's domains
      [`${M}/trips/b/b.repository.ts`]: "import { post } from '../../money/ledger/ledger.repository.ts';",
      [`${M}/money/ledger/ledger.repository.ts`]: 'export const post = 1;',
      [`${M}/trips/README.md`]: '# trips',
    });
    expect(findProblems(root).problems).toEqual([]);
  });

  it('the tree itself has nothing beyond the listed known breaches, and each listed breach still fires', () => {
    const { fresh, fixed } = checkBoundaries(repoRoot);
    expect(fresh).toEqual([]);
    expect(fixed).toEqual([]);
  });
});
