import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.ts';
import { randomToken } from './crypto.ts';

/** APP_SECRET, or a random one kept in DATA_DIR so signed URLs survive restarts. */
export function appSecret(config: Config): string {
  if (config.APP_SECRET) return config.APP_SECRET;
  if (config.NODE_ENV === 'production') throw new Error('APP_SECRET must be set in production');
  mkdirSync(config.DATA_DIR, { recursive: true });
  const file = join(config.DATA_DIR, 'app-secret');
  if (!existsSync(file)) writeFileSync(file, randomToken(), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}
