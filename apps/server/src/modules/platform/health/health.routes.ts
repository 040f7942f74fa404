import { envelopeSchema } from '@bhada/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appliedMigrations } from '../../../db/migrate.ts';
import { ok } from '../../../lib/reply.ts';

const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  migrations: z.array(z.string()),
  storage: z.enum(['local', 's3']),
  events: z.enum(['in-process', 'redis']),
  uptimeSeconds: z.number(),
});

export const healthRoutes: FastifyPluginAsyncZod<{ redis: boolean }> = async (app, opts) => {
  app.get(
    '/api/health',
    {
      config: { rateLimit: false },
      schema: { tags: ['health'], summary: 'Liveness and configuration', response: { 200: envelopeSchema(healthSchema) } },
    },
    async () =>
      ok({
        status: 'ok' as const,
        database: app.sql.kind,
        migrations: await appliedMigrations(app.sql),
        storage: app.storage.kind,
        events: opts.redis ? ('redis' as const) : ('in-process' as const),
        uptimeSeconds: Math.round(process.uptime()),
      }),
  );
};
