import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyTemplateIfEmpty } from './template.ts';

// ADR 152: a first start copies the prebuilt database; an existing one is never touched.
function fakeTemplate() {
  const from = mkdtempSync(join(tmpdir(), 'bhada-template-'));
  writeFileSync(join(from, 'PG_VERSION'), '17\n');
  mkdirSync(join(from, 'base'));
  writeFileSync(join(from, 'base', 'table'), 'migrated');
  return from;
}

describe('the prebuilt embedded database', () => {
  it('is copied into an empty or missing data folder', () => {
    const from = fakeTemplate();
    const missing = join(mkdtempSync(join(tmpdir(), 'bhada-data-')), 'pglite');
    expect(copyTemplateIfEmpty(missing, from)).toBe(true);
    expect(readFileSync(join(missing, 'base', 'table'), 'utf8')).toBe('migrated');

    const empty = mkdtempSync(join(tmpdir(), 'bhada-data-'));
    expect(copyTemplateIfEmpty(empty, from)).toBe(true);
    expect(existsSync(join(empty, 'PG_VERSION'))).toBe(true);
  });

  it('never overwrites a database that is already there', () => {
    const from = fakeTemplate();
    const dir = mkdtempSync(join(tmpdir(), 'bhada-data-'));
    writeFileSync(join(dir, 'PG_VERSION'), '17\n');
    writeFileSync(join(dir, 'mine'), 'operator data');
    expect(copyTemplateIfEmpty(dir, from)).toBe(false);
    expect(existsSync(join(dir, 'base'))).toBe(false);
    expect(readFileSync(join(dir, 'mine'), 'utf8')).toBe('operator data');
  });

  it('does nothing when no template was built (the database is then created at start)', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'bhada-data-')), 'pglite');
    expect(copyTemplateIfEmpty(dir, join(tmpdir(), 'no-such-template'))).toBe(false);
    expect(existsSync(dir)).toBe(false);
  });
});
