import { execSync } from 'node:child_process';
import { join } from 'node:path';
import { freshPgDatabase, root } from './lib.ts';

/** What the bidding and ledger runs share: their ports, database name prefix, rows and seeded databases. */
// overridable so two runs on one machine keep apart: ports, and the databases the run creates and drops
export const PORT = Number(process.env.BENCH_BID_PORT ?? 3217);
export const HELLO_PORT = Number(process.env.BENCH_BID_HELLO_PORT ?? 3317);
export const DB = process.env.BENCH_BID_DB ?? 'bhada_bidledger_bench';

export interface Row {
  target: string;
  goal: string;
  value: string;
  baseline: string;
  ratio: string;
  /** undefined: a figure shown for reading, with no target of its own */
  pass: boolean | undefined;
}

export const f = (n: number) => Math.round(n).toLocaleString('en-IN');

/**
 * A fresh database with the schema and the demo data loaded by the CLI: on a busy machine the demo
 * seed can outlast the server's start-up hook timeout, and the seed is not what is measured here.
 */
export function seededDatabase(name: string) {
  const url = freshPgDatabase(name);
  for (const step of ['migrate', 'seed']) {
    execSync(`npx tsx src/db/cli.ts ${step}`, {
      cwd: join(root, 'apps/server'),
      env: { ...process.env, DATABASE_URL: url },
      stdio: 'ignore',
    });
  }
  return url;
}
