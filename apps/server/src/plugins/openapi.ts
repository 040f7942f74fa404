import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI generated from the zod contracts; the reference UI at /api/docs and the document at
 * /api/openapi.json only where the API_DOCS setting serves them (off in production by default, ADR 232).
 */
export const openapiPlugin = fp(
  async (app: FastifyInstance, opts: { expose: boolean }) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Bhada API',
          version: '1.0.0',
          description: 'Every call of the Bhada portal. Authenticate with the `token` header.',
        },
        components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } } },
        security: [{ token: [] }],
      },
      transform: jsonSchemaTransform,
    });
    if (!opts.expose) return;
    await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
