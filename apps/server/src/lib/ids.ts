import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

// Random bytes are drawn a block at a time: every request takes an id, and one draw per id was a measurable
// share of a cached read's time (ADR 166). Ids name rows and requests; secrets use lib/crypto.ts.
const BLOCK = 4096;
let pool = Buffer.alloc(0);
let used = 0;

/** A short random id with a readable prefix, e.g. `USR-7K3M9Q2X`. */
export function newId(prefix: string, length = 10): string {
  if (used + length > pool.length) {
    pool = randomBytes(Math.max(BLOCK, length));
    used = 0;
  }
  let out = '';
  for (let i = used; i < used + length; i++) out += ALPHABET[pool[i]! % 32];
  used += length;
  return `${prefix}-${out}`;
}
