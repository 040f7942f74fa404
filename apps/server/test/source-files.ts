import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every TypeScript source file under a folder, tests left out (tests that read what the code writes). */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !/test/.test(name) ? [path] : [];
  });
}
