import { envelopeSchema } from '@bhada/contracts/common';
import { referralFormResponseSchema, referralFormSchema, referralLinkSchema, SUPPORT_MESSAGES } from '@bhada/contracts/support/support';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/reply.ts';
import { actorOf, operatorIdOf, requirePermission } from '../../../plugins/auth.ts';
import * as referral from './referral.service.ts';

const tags = ['support'];

/** Referral: my link and referrals; the public join form behind the link (issue 14). */
export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/shield/referral/link',
    {
      preValidation: requirePermission('REFERRAL_SHARE'),
      schema: {
        tags,
        summary: 'My referral code, link, invitation text and referrals',
        response: { 200: envelopeSchema(referralLinkSchema) },
      },
    },
    async (request) => ok(await referral.referralLink(app.ctx, { operatorId: operatorIdOf(actorOf(request)) })),
  );

  app.post(
    '/api/shield/referral/form-submit',
    {
      // public: the person joining has no account yet; a tighter limit than the app's
      config: { rateLimit: { max: 20, timeWindow: '15 minutes' } },
      schema: {
        tags,
        summary: 'Join through a referral link (public)',
        body: referralFormSchema,
        response: { 200: envelopeSchema(referralFormResponseSchema) },
      },
    },
    async (request) => {
      const done = await referral.submitJoinForm(app.ctx, { body: request.body, ip: request.ip });
      return ok(done, done.status === 'JOINED' ? SUPPORT_MESSAGES.referralJoined : SUPPORT_MESSAGES.referralCodeSent);
    },
  );
};
