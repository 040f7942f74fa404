import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

const inlineContracts = {
  name: 'inline-contracts',
  setup(b) {
    b.onResolve({ filter: /^@bhada\/contracts\// }, (args) => ({
      path: new URL(`../../packages/contracts/src/${args.path.split('/').slice(2).join('/')}/index.ts`, import.meta.url).pathname,
    }));
  },
};

// One bundle for production: our code and the contracts inlined, node_modules left external.
await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  alias: {},
  plugins: [inlineContracts],
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});
console.log('server built: apps/server/dist/server.js');

// the prebuilt embedded database a first start copies (ADR 152): bundled like the server, run once, removed
const templateScript = 'dist/build-template.js';
await build({
  entryPoints: ['src/db/build-template.ts'],
  outfile: templateScript,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  plugins: [inlineContracts],
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});
const made = spawnSync(process.execPath, [templateScript], { stdio: 'inherit' });
rmSync(templateScript, { force: true });
if (made.status !== 0) process.exit(made.status ?? 1);
