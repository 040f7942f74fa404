import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';

// NUL cannot be stored in a PostgreSQL text column and a lone surrogate cannot be encoded as UTF-8:
// both used to reach the database and come back as 500s. They are refused once, here, for every route.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the NUL character is what this looks for
const FORBIDDEN = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function findBad(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return FORBIDDEN.test(value) ? path : undefined;
  // only parsed JSON and forms are walked: a raw upload stream or a Buffer is not text
  if (depth > 20 || value === null || typeof value !== 'object') return undefined;
  if (ArrayBuffer.isView(value) || typeof (value as { pipe?: unknown }).pipe === 'function') return undefined;
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    const where = path ? `${path}.${key}` : key;
    if (FORBIDDEN.test(key)) return where;
    const bad = findBad(inner, where, depth + 1);
    if (bad) return bad;
  }
  return undefined;
}

/** Refuses text no database or file can hold, before any schema or handler sees it. */
export const inputGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      const field = findBad(request.params, '') ?? findBad(request.query, '') ?? findBad(request.body, '');
      if (field !== undefined) throw new AppError('VALIDATION_FAILED', 'Invalid characters in the request', { field: field || undefined });
    });
  },
  { name: 'input-guard', dependencies: ['errors'] },
);
