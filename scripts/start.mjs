// `npm start`: build what is missing or stale, then serve the whole portal on PORT (default 3000).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const newest = (dir) => {
  if (!existsSync(dir)) return 0;
  let max = statSync(dir).mtimeMs;
  if (!statSync(dir).isDirectory()) return max;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = join(dir, entry.name);
    max = Math.max(max, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return max;
};
const builtAt = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

const sources = Math.max(
  newest(join(root, 'packages/contracts/src')),
  newest(join(root, 'apps/web/src')),
  newest(join(root, 'apps/web/index.html')),
);
const serverSources = Math.max(newest(join(root, 'packages/contracts/src')), newest(join(root, 'apps/server/src')));
const run = (args) => {
  const r = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
if (builtAt(join(root, 'apps/web/dist/index.html')) < sources) run(['run', 'build', '-w', '@bhada/web']);
if (builtAt(join(root, 'apps/server/dist/server.js')) < serverSources) run(['run', 'build', '-w', '@bhada/server']);

// NODE_ENV stays as given: unset means development (demo code accepted, sandbox payments)
const child = spawnSync(process.execPath, ['--enable-source-maps', join(root, 'apps/server/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(child.status ?? 0);
