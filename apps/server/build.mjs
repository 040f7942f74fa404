import { build } from 'esbuild';

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
  plugins: [
    {
      name: 'inline-contracts',
      setup(b) {
        b.onResolve({ filter: /^@bhada\/contracts\// }, (args) => ({
          path: new URL(`../../packages/contracts/src/${args.path.split('/')[2]}/index.ts`, import.meta.url).pathname,
        }));
      },
    },
  ],
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});
console.log('server built: apps/server/dist/server.js');
