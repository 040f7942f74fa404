import { readFileSync } from 'node:fs';
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

export default defineConfig({
  plugins: [react(), buildDateMeta()],
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
  },
});
