import { MESSAGES } from '@bhada/contracts/common';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';

type Issue = { instancePath?: string; params?: { issue?: { path?: PropertyKey[]; message?: string } }; message?: string };

function describeValidation(issues: Issue[], context: string | undefined) {
  const first = issues[0];
  const path = first?.params?.issue?.path ?? first?.instancePath?.split('/').filter(Boolean) ?? [];
  const field = path.length ? path.map(String).join('.') : context;
  const text = first?.params?.issue?.message ?? first?.message ?? 'Invalid value';
  // the field travels apart from the spec's message, so a screen shows the message as it is (ADR 095)
  return { field, message: text };
}

/** One error handler: the envelope, the mapped status, spec messages, never a stack trace. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      if (error instanceof AppError) {
        return reply.status(error.status).send({ success: false, message: error.message, errorCode: error.code, field: error.field });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const { field, message } = describeValidation(error.validation as Issue[], error.validationContext);
        return reply.status(400).send({ success: false, message, errorCode: 'VALIDATION_FAILED', field });
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error, issues: error.cause?.issues }, 'response does not match its contract');
        return reply.status(500).send({ success: false, message: MESSAGES.somethingWentWrong, errorCode: 'INTERNAL' });
      }
      const status = error.statusCode ?? 500;
      if (status === 429) {
        return reply.status(429).send({ success: false, message: MESSAGES.rateLimited, errorCode: 'RATE_LIMITED' });
      }
      if (status >= 400 && status < 500) {
        // malformed JSON, wrong content type, body too large …
        const errorCode = status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'VALIDATION_FAILED';
        return reply.status(status).send({ success: false, message: error.message, errorCode });
      }
      request.log.error({ err: error }, 'unexpected error');
      return reply.status(500).send({ success: false, message: MESSAGES.somethingWentWrong, errorCode: 'INTERNAL' });
    });
  },
  { name: 'errors' },
);
