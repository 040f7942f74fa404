import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findUp(start: string, file: string): string {
  let dir = start;
  while (!existsSync(join(dir, file))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`${file} not found above ${start}`);
    dir = parent;
  }
  return dir;
}

/** apps/server, whether running from src (tsx, vitest) or from the bundled dist. */
export const serverRoot = findUp(dirname(fileURLToPath(import.meta.url)), 'package.json');
export const repoRoot = join(serverRoot, '..', '..');
