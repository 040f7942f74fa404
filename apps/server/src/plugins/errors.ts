import { MESSAGES } from '@bhada/contracts/common';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';
import { type IssueLike, issueText, messageText } from '../lib/server-messages.ts';
import { type TextLocale, textLocale } from '../lib/user-text.ts';

type Issue = { instancePath?: string; params?: { issue?: IssueLike & { path?: PropertyKey[] } }; message?: string };

function describeValidation(issues: Issue[], context: string | undefined, locale: TextLocale) {
  const first = issues[0];
  const path = first?.params?.issue?.path ?? first?.instancePath?.split('/').filter(Boolean) ?? [];
  const field = path.length ? path.map(String).join('.') : context;
  const text = first?.params?.issue?.message ?? first?.message ?? 'Invalid value';
  // the field travels apart from the spec's message, so a screen shows the message as it is (ADR 095);
  // zod writes its own messages in English only, so a Hindi one is made from the issue (ADR 161)
  const issue = first?.params?.issue ?? { message: text };
  return { field, message: locale === 'hi' ? issueText(issue) : text };
}

/** The reader's language: the `locale` header the web sends, else the signed-in user's saved one (ADR 147). */
const localeOf = (request: FastifyRequest): TextLocale => textLocale(request.headers.locale, request.actor?.locale);

type Envelope = { success?: unknown; errorCode?: unknown; message?: unknown };
const isEnvelope = (payload: unknown): payload is Envelope & { message: string } =>
  typeof payload === 'object' && payload !== null && 'errorCode' in payload && typeof (payload as Envelope).message === 'string';

/** One error handler: the envelope, the mapped status, spec messages, never a stack trace. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    // every envelope's message in the reader's language, whoever sent it (ADR 161); English stays as written
    app.addHook('preSerialization', async (request, _reply, payload) => {
      if (!isEnvelope(payload)) return payload;
      const locale = localeOf(request);
      if (locale === 'en') return payload;
      return { ...payload, message: messageText(payload.message, locale, String(payload.errorCode)) };
    });

    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      if (error instanceof AppError) {
        // a refusal made from a validation issue is rendered from the issue for a Hindi reader
        const message = error.issue && localeOf(request) === 'hi' ? issueText(error.issue) : error.message;
        return reply.status(error.status).send({ success: false, message, errorCode: error.code, field: error.field });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const { field, message } = describeValidation(error.validation as Issue[], error.validationContext, localeOf(request));
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
