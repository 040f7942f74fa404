import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serverRoot } from '../lib/paths.ts';
import type { SqlRunner } from './client.ts';

export const migrationsDir = join(serverRoot, 'migrations');

export function listMigrationFiles(dir = migrationsDir): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
}

/**
 * Applies every pending SQL migration in name order, each in its own transaction.
 * On PostgreSQL an advisory lock keeps several starting processes from racing.
 */
export async function migrate(sql: SqlRunner, dir = migrationsDir): Promise<string[]> {
  await sql.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  if (sql.kind === 'postgres') await sql.query('SELECT pg_advisory_lock(727274)');
  try {
    const done = new Set((await sql.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name));
    const applied: string[] = [];
    for (const file of listMigrationFiles(dir)) {
      if (done.has(file)) continue;
      const text = readFileSync(join(dir, file), 'utf8');
      await sql.exec(`BEGIN;\n${text}\n;INSERT INTO schema_migrations (name) VALUES ('${file}');\nCOMMIT;`);
      applied.push(file);
    }
    return applied;
  } finally {
    if (sql.kind === 'postgres') await sql.query('SELECT pg_advisory_unlock(727274)');
  }
}

export async function appliedMigrations(sql: SqlRunner): Promise<string[]> {
  const r = await sql.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
  return r.rows.map((x) => x.name);
}
