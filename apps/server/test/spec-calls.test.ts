import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/lib/paths.ts';
import { createTestApp, type TestApp } from './app.ts';

/**
 * Every call of the spec that an issue owns must be in the server's OpenAPI document.
 * Spec rows that give only a relative path or a description map to the served path here.
 */
const SERVED_AS: Record<string, string> = {};

/** Owners (issue topics) whose calls are built; `next wave` rows are not yet asked for. */
const BUILT_OWNERS = new Set(['foundation']);

type Row = { area: string; method: string; path: string; owner: string };

function specRows(): Row[] {
  // the shared folder sits beside the project's root (SHARED_DIR overrides)
  const text = readFileSync(join(process.env.SHARED_DIR ?? join(repoRoot, '..', 'shared'), 'spec', 'calls.tsv'), 'utf8');
  return text
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => {
      const [area = '', method = '', path = '', , owner = ''] = line.split('\t');
      return { area, method, path, owner: owner.trim() };
    });
}

/** `/rest/x/{demandId}/consent (loadConsent)` → `/api/rest/x/{}/consent` */
function normalise(path: string): string {
  const bare = path.replace(/\s*\(.*\)\s*$/, '').trim();
  return `/api${bare}`.replace(/\{[^}]+\}/g, '{}').replace(/:[A-Za-z]+/g, '{}');
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('the spec calls are all served', () => {
  it('every call owned by a built area is in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const served = new Set<string>();
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const method of Object.keys(ops)) served.add(`${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}')}`);
    }
    const missing: string[] = [];
    for (const row of specRows()) {
      if (!BUILT_OWNERS.has(row.owner)) continue;
      const key = `${row.method} ${row.method} ${row.path}`;
      const target = SERVED_AS[key] ?? SERVED_AS[`${row.method} ${row.path}`] ?? normalise(row.path);
      if (!row.path.startsWith('/') && !SERVED_AS[`${row.method} ${row.path}`]) {
        missing.push(`${row.method} ${row.path} (owner ${row.owner}): no served path mapped`);
        continue;
      }
      if (!served.has(`${row.method} ${target}`)) missing.push(`${row.method} ${row.path} (owner ${row.owner}) → ${target}`);
    }
    expect(missing).toEqual([]);
  });

  it('the spec lists the calls this test knows how to read', () => {
    const rows = specRows();
    expect(rows.length).toBeGreaterThan(150);
    expect(rows.filter((r) => r.owner === 'foundation')).toHaveLength(9);
  });
});
