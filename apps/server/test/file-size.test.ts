import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/lib/paths.ts';

/** The consolidation's rule: a server file a maintainer must read whole stays under 400 lines, tests included. */
const MAX_LINES = 400;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : name.endsWith('.ts') ? [path] : [];
  });
}

describe('server source files', () => {
  it(`are at most ${MAX_LINES} lines each`, () => {
    const src = join(repoRoot, 'apps/server/src');
    const long = files(src)
      .map((path) => ({ path: relative(repoRoot, path), lines: readFileSync(path, 'utf8').split('\n').length - 1 }))
      .filter((f) => f.lines > MAX_LINES);
    expect(long).toEqual([]);
  });
});
