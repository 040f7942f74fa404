// Writes dist/build-info.json, which the running app polls at start to notice a newer deploy
// (spec: fastag-payments-shell §4). The date must equal the one baked into the bundle, so it is
// read from the <meta name="build-date"> that vite.config.ts put into dist/index.html.
import { readFileSync, writeFileSync } from 'node:fs';

const dist = new URL('../dist/', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const html = readFileSync(new URL('index.html', dist), 'utf8');
const match = html.match(/<meta name="build-date" content="([^"]+)"/);
if (!match) {
  console.error('write-build-info: no build-date meta in dist/index.html; was vite.config.ts changed?');
  process.exit(1);
}
const info = { buildDate: match[1], version: pkg.version };
writeFileSync(new URL('build-info.json', dist), `${JSON.stringify(info, null, 2)}\n`);
console.log(`write-build-info: ${JSON.stringify(info)}`);
