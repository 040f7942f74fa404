import {
  ACCOUNT_MESSAGES,
  type DeclarationKind,
  declarationIdParamsSchema,
  declarationRequestSchema,
  declarationSchema,
  declarationsResponseSchema,
} from '@bhada/contracts/account/account';
import { envelopeSchema } from '@bhada/contracts/common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/reply.ts';
import { textLocale } from '../../../lib/user-text.ts';
import { actorOf, operatorIdOf, requirePermission } from '../../../plugins/auth.ts';
import * as tds from './tds.service.ts';

const tags = ['account'];

const op = (request: FastifyRequest) => ({ operatorId: operatorIdOf(actorOf(request)) });

/** TDS declaration under section 194C(6) and the undertaking (issue 13, ADR 111). */
export const tdsRoutes: FastifyPluginAsyncZod = async (app) => {
  const manage = requirePermission('ACCOUNT_MANAGE');
  const ctx = () => app.ctx;

  const pair = (path: string, kind: DeclarationKind, what: string) => {
    app.get(
      path,
      {
        preValidation: manage,
        schema: { tags, summary: `My ${what}s and the declared flags`, response: { 200: envelopeSchema(declarationsResponseSchema) } },
      },
      async (request) => ok(await tds.listDeclarations(ctx(), { ...op(request), kind })),
    );
    app.post(
      path,
      {
        preValidation: manage,
        schema: {
          tags,
          summary: `File a ${what} for a period`,
          body: declarationRequestSchema,
          response: { 200: envelopeSchema(declarationSchema) },
        },
      },
      async (request) =>
        ok(
          await tds.fileDeclaration(ctx(), { ...op(request), userId: actorOf(request).userId, kind, request: request.body }),
          kind === 'TDS_DECLARATION' ? ACCOUNT_MESSAGES.declarationSaved : ACCOUNT_MESSAGES.undertakingSaved,
        ),
    );
  };
  pair(tds.DECLARATIONS_PATH, 'TDS_DECLARATION', 'TDS declaration');
  // spec marketplace §7 "TDS and undertaking: under /supply/operator/" (exact paths not shown)
  pair('/api/supply/operator/tds-declaration', 'TDS_DECLARATION', 'TDS declaration');
  pair('/api/supply/operator/undertaking', 'UNDERTAKING', 'undertaking');

  app.get(
    `${tds.DECLARATIONS_PATH}/:id/pdf`,
    {
      preValidation: manage,
      schema: { tags, summary: 'The signed declaration or undertaking as a PDF', params: declarationIdParamsSchema },
    },
    async (request, reply) => {
      const lang = textLocale(request.headers.locale, actorOf(request).locale);
      const file = await tds.declarationFile(ctx(), { ...op(request), id: request.params.id }, lang);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.bytes);
    },
  );
};
