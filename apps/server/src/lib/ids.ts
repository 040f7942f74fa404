import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A short random id with a readable prefix, e.g. `USR-7K3M9Q2X`. */
export function newId(prefix: string, length = 10): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % 32];
  return `${prefix}-${out}`;
}
