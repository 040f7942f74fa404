// Import direction (STYLE.md 17, ADR 087): contracts ← server, contracts ← web; the apps never import each
// other; features never import other features; services never import Fastify; only repositories import
// Drizzle values or write SQL; route files never reach a repository; server modules form no cycle; no two
// files import values from each other in a cycle, in any workspace; no file is longer than 400 lines.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Known breaches, each to be removed by the change that fixes it (an entry that no longer fires fails the
 * check too, so the list only shrinks). Format: the problem's text as the checker prints it.
 */
export const KNOWN = [];

/**
 * The parts of the business (ARCHITECTURE.md 2): the same groups in the server's modules, the contracts and
 * the web features; every domain folder sits in one of them. Contracts keep three shared folders beside them.
 */
export const GROUPS = ['marketplace', 'trips', 'money', 'fleet', 'account', 'support', 'operations', 'reports', 'platform'];
const GROUPED_TREES = ['apps/server/src/modules', 'packages/contracts/src', 'apps/web/src/features'];
const SHARED_CONTRACTS = ['common', 'constants', 'time'];
/** Any group may use these domains (identity, permissions, the ledger); other groups only through their services. */
const OPEN_DOMAINS = ['account/auth', 'account/users', 'money/ledger'];

/** Every file a maintainer reads whole stays at most this long, in every workspace, tests included. */
export const MAX_LINES = 400;

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
    else if (/\.(ts|tsx|mjs)$/.test(name)) out.push(p);
  }
  return out;
}

/** The problems in the tree under `root` (the repository root, or a fixture tree in the tests). */
export function findProblems(root) {
  const files = ['packages/contracts/src', 'apps/server/src', 'apps/web/src'].flatMap((d) => walk(join(root, d), []));
  const problems = [];
  const everyFile = [...files, ...['apps/server/test', 'e2e/tests', 'bench', 'scripts'].flatMap((d) => walk(join(root, d), []))];
  for (const file of everyFile) {
    const lines = readFileSync(file, 'utf8').split('\n').length - 1;
    if (lines > MAX_LINES)
      problems.push(`${relative(root, file).split('\\').join('/')}: ${lines} lines — split it by meaning (at most ${MAX_LINES})`);
  }
  for (const tree of GROUPED_TREES) {
    const dir = join(root, tree);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (!statSync(p).isDirectory()) continue;
      if (tree === 'packages/contracts/src' && SHARED_CONTRACTS.includes(name)) continue;
      if (!GROUPS.includes(name)) {
        problems.push(`${tree}/${name}: not in a group — move it under one of ${GROUPS.join(', ')}`);
        continue;
      }
      for (const inner of readdirSync(p)) {
        if (inner !== 'README.md' && !statSync(join(p, inner)).isDirectory())
          problems.push(`${tree}/${name}/${inner}: a group holds domain folders only`);
      }
    }
  }
  /** file → files it imports values from (type-only imports left out): a value cycle breaks module start order */
  const valueEdges = new Map();
  /** module → modules it imports (server only) */
  const graph = new Map();
  const moduleOf = (rel) => rel.match(/^apps\/server\/src\/modules\/([^/]+\/[^/]+)\//)?.[1];

  for (const file of files) {
    const rel = relative(root, file).split('\\').join('/');
    const text = readFileSync(file, 'utf8');
    const isTest = /\.test\.tsx?$|test-helpers|test-support|test-factory/.test(rel);
    const ownModule = moduleOf(rel);
    for (const m of text.matchAll(importRe)) {
      const typeOnly = Boolean(m[3]);
      const spec = m[5] ?? m[6];
      const bad = (why) => problems.push(`${rel}: imports '${spec}' — ${why}`);
      if (!typeOnly && !isTypeOnlyList(m[4])) {
        const target = resolveFile(root, file, spec);
        if (target) {
          if (!valueEdges.has(rel)) valueEdges.set(rel, new Set());
          valueEdges.get(rel).add(target);
        }
      }
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
        const own = rel.match(/^apps\/web\/src\/features\/([^/]+\/[^/]+)\//)?.[1];
        if (own) {
          const target =
            spec.match(/features\/([^/]+\/[^/]+)/)?.[1] ??
            (spec.startsWith('.')
              ? relative(join(root, 'apps/web/src/features'), join(dirname(file), spec))
                  .split('\\')
                  .join('/')
                  .split('/')
                  .slice(0, 2)
                  .join('/')
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
          if (target && target !== ownModule && target.split('/')[0] !== ownModule.split('/')[0]) {
            if (/\.repository(\.ts)?$/.test(spec) && !OPEN_DOMAINS.includes(target))
              bad(`'${ownModule}' reads the repository of another group's domain '${target}' — call its service`);
          }
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
  for (const cycle of valueCycles(valueEdges)) problems.push(`value import cycle: ${cycle.join(' → ')}`);
  return { problems, fileCount: files.length };
}

/** `{ type A, type B }`: every name imported as a type, so no value edge */
function isTypeOnlyList(clause) {
  const names = clause?.match(/^\{([^}]*)\}$/)?.[1];
  if (!names) return false;
  const parts = names
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  return parts.length > 0 && parts.every((p) => p.startsWith('type '));
}

/** The repository-relative source file an import names, or undefined for a package outside the repository. */
function resolveFile(root, fromFile, spec) {
  let base;
  if (spec.startsWith('.')) base = join(dirname(fromFile), spec);
  else if (spec.startsWith('@bhada/contracts/')) base = join(root, 'packages/contracts/src', spec.slice('@bhada/contracts/'.length));
  else return undefined;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  const hit = candidates.find((c) => /\.(ts|tsx|mjs)$/.test(c) && existsSync(c) && statSync(c).isFile());
  return hit ? relative(root, hit).split('\\').join('/') : undefined;
}

/** Strongly connected groups of files (Tarjan), each shown as one cycle through its members. */
function valueCycles(edges) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const groups = [];
  const visit = (v) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const group = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || edges.get(v)?.has(v)) groups.push(group.sort());
    }
  };
  for (const v of [...edges.keys()].sort()) if (!index.has(v)) visit(v);
  return groups.map((g) => [...g, g[0]]);
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
