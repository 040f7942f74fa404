// Import direction (STYLE.md 17): contracts ← server, contracts ← web; the apps never import each other;
// features never import other features; services never import Fastify; contracts stay browser-safe.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const files = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p);
    else if (/\.(ts|tsx)$/.test(name)) files.push(p);
  }
};
for (const d of ['packages/contracts/src', 'apps/server/src', 'apps/web/src']) walk(join(root, d));

const importRe = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const problems = [];
for (const file of files) {
  const rel = relative(root, file);
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(importRe)) {
    const spec = m[1] ?? m[2];
    const bad = (why) => problems.push(`${rel}: imports '${spec}' — ${why}`);
    if (rel.startsWith('packages/contracts/')) {
      if (spec.startsWith('node:') || /^(fastify|drizzle-orm|pg|@electric-sql|react)/.test(spec)) bad('contracts must stay browser-safe');
      if (spec.startsWith('@bhada/')) bad('contracts import nothing of the apps');
    }
    if (rel.startsWith('apps/server/') && (spec.startsWith('@bhada/web') || spec.includes('apps/web')))
      bad('the server never imports the web app');
    if (rel.startsWith('apps/web/')) {
      if (spec.startsWith('@bhada/server') || spec.includes('apps/server')) bad('the web app never imports the server');
      if (/^(fastify|drizzle-orm|pg|@electric-sql|node:)/.test(spec)) bad('server-only module in the browser');
      const own = rel.match(/^apps\/web\/src\/features\/([^/]+)\//)?.[1];
      if (own) {
        const target =
          spec.match(/features\/([^/]+)/)?.[1] ??
          (spec.startsWith('.') ? relative(join(root, 'apps/web/src/features'), join(file, '..', spec)).split('/')[0] : undefined);
        if (target && target !== own && !target.startsWith('..')) bad(`feature '${own}' must not import feature '${target}'`);
      }
    }
    if (/apps\/server\/src\/modules\/.*\.service\.ts$/.test(rel) && /^fastify/.test(spec)) bad('services never import Fastify');
    if (/apps\/server\/src\/modules\/.*\.(service|routes)\.ts$/.test(rel) && spec === 'drizzle-orm' && !rel.endsWith('.repository.ts')) {
      // services may use drizzle types only through repositories
      if (!text.includes('import type')) bad('only repositories import Drizzle');
    }
  }
}
if (problems.length) {
  console.error(`Import boundary violations (${problems.length}):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`import boundaries OK (${files.length} files)`);
