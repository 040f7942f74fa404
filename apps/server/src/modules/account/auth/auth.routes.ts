import {
  AUTH_MESSAGES,
  otpDeliveryRequestIdSchema,
  otpDeliverySchema,
  sendOtpRequestSchema,
  sendOtpResponseSchema,
  sessionUserSchema,
  verifyOtpRequestSchema,
  verifyOtpResponseSchema,
} from '@bhada/contracts/account/auth';
import { envelopeSchema, okSchema } from '@bhada/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isLoopback } from '../../../lib/redact.ts';
import { ok } from '../../../lib/reply.ts';
import { actorOf, requireAuth } from '../../../plugins/auth.ts';
import { type AuthDeps, logout, menuTypeFor, otpDelivery, sendOtp, verifyOtp } from './auth.service.ts';

export const authRoutes: FastifyPluginAsyncZod<{
  deps: Omit<AuthDeps, 'db' | 'notifier'>;
  otpIpLimit: number;
  devToolsOpen: boolean;
}> = async (app, opts) => {
  const deps: AuthDeps = { ...opts.deps, db: app.db, notifier: app.notifier };
  const ipLimit = { rateLimit: { max: opts.otpIpLimit, timeWindow: '15 minutes' } };

  app.post(
    '/api/auth/otp',
    {
      config: ipLimit,
      schema: {
        tags: ['auth'],
        summary: 'Send a login code',
        body: sendOtpRequestSchema,
        response: { 200: envelopeSchema(sendOtpResponseSchema) },
      },
    },
    async (request) => ok(await sendOtp(deps, request.body.phone, request.ip), AUTH_MESSAGES.otpSent),
  );

  // the login screen polls this while it waits for the code (issue 46); the request id is the only handle
  app.get(
    '/api/auth/otp/:requestId/delivery',
    {
      config: { rateLimit: { max: opts.otpIpLimit * 20, timeWindow: '15 minutes' } },
      schema: {
        tags: ['auth'],
        summary: 'How far the code of one login-code request has got: sending, sent, delivered or not delivered',
        params: z.object({ requestId: otpDeliveryRequestIdSchema }),
        response: { 200: envelopeSchema(otpDeliverySchema) },
      },
    },
    async (request) =>
      ok(
        await otpDelivery(
          {
            db: app.db,
            messageByKey: (key) => app.messages.dispatcher.findByKey(key),
            undeliveredAfterSeconds: app.messages.setup.undeliveredAfterSeconds,
            whatsappConfigured: app.messages.dispatcher.provider('whatsapp') !== null,
          },
          request.params.requestId,
        ),
      ),
  );

  app.post(
    '/api/auth/verify',
    {
      config: ipLimit,
      schema: {
        tags: ['auth'],
        summary: 'Verify a login code and open a session',
        body: verifyOtpRequestSchema,
        response: { 200: envelopeSchema(verifyOtpResponseSchema) },
      },
    },
    async (request) => {
      // the demo code is for someone at this machine (or a deployment that opened its dev tools)
      const allowDemoCode = deps.allowDemoCode && (opts.devToolsOpen || isLoopback(request.ip));
      return ok(await verifyOtp({ ...deps, allowDemoCode }, request.body.phone, request.body.otp));
    },
  );

  app.post(
    '/api/auth/logout',
    { preValidation: requireAuth, schema: { tags: ['auth'], summary: 'Revoke this session', response: { 200: envelopeSchema(okSchema) } } },
    async (request) => {
      const actor = actorOf(request);
      await logout(app.db, actor);
      // this process forgets at once; the others when the database announces it (ADR 153)
      app.sessionCache.invalidate(`s:${actor.sessionId}`);
      return ok({ ok: true as const }, AUTH_MESSAGES.loggedOut);
    },
  );

  app.get(
    '/api/auth/me',
    {
      preValidation: requireAuth,
      schema: { tags: ['auth'], summary: 'The logged-in user', response: { 200: envelopeSchema(sessionUserSchema) } },
    },
    async (request) => {
      const a = actorOf(request);
      return ok({
        userCode: a.userCode,
        operatorId: a.operatorId,
        consignerCode: a.consignerCode,
        name: a.name,
        phone: a.phone,
        locale: a.locale,
        menuType: menuTypeFor(a.kind),
        kind: a.kind,
        permissions: [...a.permissions],
      });
    },
  );
};
