import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import v8 from 'node:v8';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from './client.ts';

// ADR 189: the embedded database's WebAssembly runs on V8's baseline code only. The flag is process-wide, so
// it is observed here rather than set: the other files of this fork keep V8's defaults.
describe('the embedded database’s compiled code', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is baseline only, and the database still answers', async () => {
    const calls: string[] = [];
    vi.spyOn(v8, 'setFlagsFromString').mockImplementation((flags) => {
      calls.push(flags);
    });
    const dataDir = mkdtempSync(join(tmpdir(), 'bhada-embedded-'));
    const database = await openDatabase({ dataDir, template: false });
    try {
      expect(calls).toEqual(['--liftoff-only']);
      const { rows } = await database.sql.query<{ one: number }>('select 1 as one');
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await database.sql.close();
    }
  });

  it('leaves the process alone when the database is PostgreSQL', async () => {
    const spy = vi.spyOn(v8, 'setFlagsFromString').mockImplementation(() => {});
    const database = await openDatabase({ url: 'postgres://nobody@127.0.0.1:1/none', dataDir: '/nowhere' });
    await database.sql.close();
    expect(spy).not.toHaveBeenCalled();
  });
});
