// Import direction (STYLE.md 17, ADR 087): contracts ← server, contracts ← web; the apps never import each
// other; features never import other features; services never import Fastify; only repositories import
// Drizzle values or write SQL; route files never reach a repository; server modules form no cycle.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Known breaches, each to be removed by the change that fixes it (an entry that no longer fires fails the
 * check too, so the list only shrinks). Format: the problem's text as the checker prints it.
 */
export const KNOWN = [];

const importRe = /(^|\n)\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
/** the one transaction helper (db/client.ts `inTransaction`) is the only place a transaction handle becomes a Db */
const TX_CAST = /\bas unknown as Db\b/;
const SQL_IN_ROUTES = /\bsql`|\b(SELECT|INSERT|UPDATE|DELETE)\s+(\*|[a-z_]+\s+(FROM|INTO|SET)\b)/;

function walk(dir, out) {
  let names;
  try {
    names = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of names) {
    if (name === 'node_modules' || name === 'dist') continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.(ts|tsx)$/.test(name)) out.push(p);
  }
  return out;
}

/** The problems in the tree under `root` (the repository root, or a fixture tree in the tests). */
export function findProblems(root) {
  const files = ['packages/contracts/src', 'apps/server/src', 'apps/web/src'].flatMap((d) => walk(join(root, d), []));
  const problems = [];
  /** module → modules it imports (server only) */
  const graph = new Map();
  const moduleOf = (rel) => rel.match(/^apps\/server\/src\/modules\/([^/]+)\//)?.[1];

  for (const file of files) {
    const rel = relative(root, file).split('\\').join('/');
    const text = readFileSync(file, 'utf8');
    const isTest = /\.test\.tsx?$|test-helpers|test-support|test-factory/.test(rel);
    const ownModule = moduleOf(rel);
    for (const m of text.matchAll(importRe)) {
      const typeOnly = Boolean(m[3]);
      const spec = m[5] ?? m[6];
      const bad = (why) => problems.push(`${rel}: imports '${spec}' — ${why}`);
      const resolved = spec.startsWith('.')
        ? relative(root, join(dirname(file), spec))
            .split('\\')
            .join('/')
        : spec;
      if (rel.startsWith('packages/contracts/')) {
        if (spec.startsWith('node:') || /^(fastify|drizzle-orm|pg|@electric-sql|react)/.test(spec)) bad('contracts must stay browser-safe');
        if (spec.startsWith('@bhada/')) bad('contracts import nothing of the apps');
      }
      if (rel.startsWith('apps/server/') && (spec.startsWith('@bhada/web') || resolved.startsWith('apps/web')))
        bad('the server never imports the web app');
      if (rel.startsWith('apps/web/')) {
        if (spec.startsWith('@bhada/server') || resolved.startsWith('apps/server')) bad('the web app never imports the server');
        if (/^(fastify|drizzle-orm|pg|@electric-sql|node:)/.test(spec)) bad('server-only module in the browser');
        const own = rel.match(/^apps\/web\/src\/features\/([^/]+)\//)?.[1];
        if (own) {
          const target =
            spec.match(/features\/([^/]+)/)?.[1] ??
            (spec.startsWith('.')
              ? relative(join(root, 'apps/web/src/features'), join(dirname(file), spec))
                  .split('\\')
                  .join('/')
                  .split('/')[0]
              : undefined);
          if (target && target !== own && !target.startsWith('..')) bad(`feature '${own}' must not import feature '${target}'`);
        }
      }
      if (rel.startsWith('apps/server/src/modules/') && !isTest) {
        if (/\.service\.ts$/.test(rel) && /^fastify/.test(spec)) bad('services never import Fastify');
        if (/^drizzle-orm/.test(spec) && !typeOnly && !/\.repository\.ts$/.test(rel)) bad('only repositories import Drizzle');
        if (/\.routes\.ts$/.test(rel) && /\.repository(\.ts)?$/.test(spec)) bad('route files call services, never repositories');
        if (/\.routes(\.ts)?$/.test(spec)) bad('nothing imports a route file');
        if (spec.startsWith('.') && ownModule && !typeOnly) {
          const target = moduleOf(
            relative(root, join(dirname(file), spec))
              .split('\\')
              .join('/'),
          );
          if (target && target !== ownModule) {
            if (!graph.has(ownModule)) graph.set(ownModule, new Set());
            graph.get(ownModule).add(target);
          }
        }
      }
    }
    if (/^apps\/server\/src\/modules\/.*\.routes\.ts$/.test(rel) && SQL_IN_ROUTES.test(text))
      problems.push(`${rel}: contains SQL — queries live in repositories`);
    if (/^apps\/server\/src\//.test(rel) && rel !== 'apps/server/src/db/client.ts' && !isTest && TX_CAST.test(text))
      problems.push(`${rel}: casts a transaction to Db — use inTransaction from db/client.ts`);
  }

  // cycles between server modules, each reported once from its smallest member
  const seen = new Set();
  for (const start of [...graph.keys()].sort()) {
    const stack = [[start, [start]]];
    while (stack.length) {
      const [node, path] = stack.pop();
      for (const next of [...(graph.get(node) ?? [])].sort()) {
        if (next === start) {
          const cycle = [...path, start];
          const key = [...new Set(cycle)].sort().join(',');
          if (!seen.has(key) && path.every((p) => p >= start)) {
            seen.add(key);
            problems.push(`module cycle: ${cycle.join(' → ')}`);
          }
        } else if (!path.includes(next) && path.length < 8) stack.push([next, [...path, next]]);
      }
    }
  }
  return { problems, fileCount: files.length };
}

/** Problems beyond the known list, and known entries that no longer fire. */
export function checkBoundaries(root, known = KNOWN) {
  const { problems, fileCount } = findProblems(root);
  const fresh = problems.filter((p) => !known.includes(p));
  const fixed = known.filter((k) => !problems.includes(k));
  return { fresh, fixed, fileCount, problems };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = join(fileURLToPath(import.meta.url), '..', '..');
  const { fresh, fixed, fileCount } = checkBoundaries(root);
  if (fresh.length || fixed.length) {
    if (fresh.length) console.error(`Import boundary violations (${fresh.length}):\n${fresh.join('\n')}`);
    if (fixed.length) console.error(`Fixed — remove from KNOWN in scripts/check-boundaries.mjs:\n${fixed.join('\n')}`);
    process.exit(1);
  }
  console.log(`import boundaries OK (${fileCount} files, ${KNOWN.length} known breaches listed)`);
}
