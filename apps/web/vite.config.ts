import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

// One build date for the whole build: baked into the bundle (VITE_BUILD_DATE) and into index.html,
// from where scripts/write-build-info.mjs copies it into build-info.json (spec: fastag §4 version check).
const buildDate = process.env.BUILD_DATE ?? new Date().toISOString();

function buildDateMeta(): Plugin {
  return {
    name: 'bhada-build-date',
    transformIndexHtml: () => [{ tag: 'meta', attrs: { name: 'build-date', content: buildDate }, injectTo: 'head' }],
  };
}

/**
 * The service worker (pwa/service-worker.js, ADR 152) written as dist/sw.js with this build's id and the
 * files of its shell: the page, the entry script with what it imports at once, its styles, the manifest.
 */
function serviceWorker(): Plugin {
  return {
    name: 'bhada-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const shell = new Set(['/index.html', '/manifest.webmanifest', '/favicon.svg']);
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk' || !item.isEntry) continue;
        for (const file of [item.fileName, ...item.imports, ...(item.viteMetadata?.importedCss ?? [])]) shell.add(`/${file}`);
      }
      const source = readFileSync(new URL('./pwa/service-worker.js', import.meta.url), 'utf8')
        .replace("'__BHADA_BUILD__'", JSON.stringify(buildDate))
        .replace('__BHADA_SHELL__', JSON.stringify([...shell]));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
/**
 * Writes a .br (best quality) and a .gz beside every text file of the build, so the server sends them as
 * they are instead of compressing on each request (ADR 150; apps/server/src/plugins/web.ts).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'bhada-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files: string[] = [];
      const walk = (dir: string) => {
        for (const name of readdirSync(dir)) {
          const path = join(dir, name);
          if (statSync(path).isDirectory()) walk(path);
          else if (/\.(js|mjs|css|html|svg|json|webmanifest|txt)$/.test(name)) files.push(path);
        }
      };
      walk(outDir);
      await Promise.all(
        files.map(async (path) => {
          const body = readFileSync(path);
          const [br, gz] = await Promise.all([
            brotliAsync(body, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
            }),
            gzipAsync(body, { level: 9 }),
          ]);
          writeFileSync(`${path}.br`, br);
          writeFileSync(`${path}.gz`, gz);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), buildDateMeta(), serviceWorker(), precompress()],
  define: {
    'import.meta.env.VITE_BUILD_DATE': JSON.stringify(buildDate),
    'import.meta.env.VITE_APP_VERSION': JSON.stringify(pkg.version),
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    // a lazy page's chunks arrive through its imports, not through a <link rel=modulepreload> added per chunk:
    // adding those links cost the main thread about 200 ms at a phone's speed on every deep page (ADR 175)
    modulePreload: false,
  },
});
