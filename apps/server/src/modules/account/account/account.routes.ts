import {
  ACCOUNT_MESSAGES,
  appConfigSchema,
  appConfigUpdateSchema,
  eventCountsQuerySchema,
  eventCountsSchema,
  logEventResponseSchema,
  logEventSchema,
  onboardingStatusSchema,
  operativeRequestSchema,
  pendingPoliciesSchema,
  policyAcceptSchema,
  policyQuerySchema,
  policyStatusSchema,
  profileSchema,
  profileUpdateSchema,
  settingsSchema,
  settingsUpdateSchema,
  vehicleAvailabilitySchema,
} from '@bhada/contracts/account/account';
import { envelopeSchema } from '@bhada/contracts/common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/reply.ts';
import { actorOf, operatorIdOf, requireAuth, requireKind, requirePermission } from '../../../plugins/auth.ts';
import * as account from './account.service.ts';
import * as events from './events.service.ts';
import * as policies from './policy.service.ts';

const tags = ['account'];
const V1 = '/api/rest/tesseract/v1';
const INFO = '/api/odin/operator-web/services/info';

const op = (request: FastifyRequest) => ({ operatorId: operatorIdOf(actorOf(request)) });
const me = (request: FastifyRequest) => {
  const actor = actorOf(request);
  return { userId: actor.userId, locale: actor.locale };
};

/** The operator's account: profile, app config, settings, policies, onboarding, client events (issue 13). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const manage = requirePermission('ACCOUNT_MANAGE');
  // the app shell reads its config for every operator user, whatever the role
  const operatorUser = requireKind('OPERATOR', 'SUBORDINATE');
  const ctx = () => app.ctx;

  app.get(
    `${V1}/profile`,
    { preValidation: manage, schema: { tags, summary: 'My company profile', response: { 200: envelopeSchema(profileSchema) } } },
    async (request) => ok(await account.getProfile(ctx(), op(request))),
  );

  app.put(
    `${V1}/profile`,
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Edit my company profile (PAN, GSTIN with its check digit, IFSC, email checked)',
        body: profileUpdateSchema,
        response: { 200: envelopeSchema(profileSchema) },
      },
    },
    async (request) => ok(await account.updateProfile(ctx(), { ...op(request), update: request.body }), ACCOUNT_MESSAGES.profileSaved),
  );

  app.patch(
    `${V1}/profile/operative`,
    {
      preValidation: manage,
      schema: { tags, summary: 'Take loads now or pause', body: operativeRequestSchema, response: { 200: envelopeSchema(profileSchema) } },
    },
    async (request) => ok(await account.setOperative(ctx(), { ...op(request), operative: request.body.operative })),
  );

  app.post(
    `${V1}/profile/onboarding/unsubsribe`,
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Stop onboarding messages (the spec spells it unsubsribe)',
        response: { 200: envelopeSchema(onboardingStatusSchema) },
      },
    },
    async (request) => ok(await account.unsubscribeOnboarding(ctx(), op(request)), ACCOUNT_MESSAGES.unsubscribed),
  );

  app.get(
    `${V1}/config/app`,
    { preValidation: operatorUser, schema: { tags, summary: 'My app config', response: { 200: envelopeSchema(appConfigSchema) } } },
    async (request) => ok(await account.getAppConfig(ctx(), op(request))),
  );

  app.patch(
    `${V1}/config/app`,
    {
      preValidation: manage,
      schema: { tags, summary: 'Change my app config', body: appConfigUpdateSchema, response: { 200: envelopeSchema(appConfigSchema) } },
    },
    async (request) => ok(await account.updateAppConfig(ctx(), { ...op(request), update: request.body }), ACCOUNT_MESSAGES.configSaved),
  );

  app.get(
    `${INFO}/app-config`,
    {
      preValidation: operatorUser,
      schema: { tags, summary: 'App config for the web', response: { 200: envelopeSchema(appConfigSchema) } },
    },
    async (request) => ok(await account.getAppConfig(ctx(), op(request))),
  );

  app.get(
    `${INFO}/show-vehicle-availability`,
    {
      preValidation: operatorUser,
      schema: {
        tags,
        summary: 'Whether to show the vehicle availability card',
        response: { 200: envelopeSchema(vehicleAvailabilitySchema) },
      },
    },
    async (request) => ok(await account.vehicleAvailability(ctx(), op(request))),
  );

  app.get(
    '/api/setting',
    { preValidation: requireAuth, schema: { tags, summary: 'My settings', response: { 200: envelopeSchema(settingsSchema) } } },
    async (request) => ok(await account.getSettings(ctx(), me(request))),
  );

  app.post(
    '/api/setting',
    {
      preValidation: requireAuth,
      schema: { tags, summary: 'Change my settings', body: settingsUpdateSchema, response: { 200: envelopeSchema(settingsSchema) } },
    },
    async (request) => {
      const saved = await account.saveSettings(ctx(), { ...me(request), update: request.body });
      // the language lives on the cached session: this process forgets it at once (ADR 153)
      app.sessionCache.invalidate(`u:${actorOf(request).userId}`);
      return ok(saved, ACCOUNT_MESSAGES.configSaved);
    },
  );

  app.get(
    '/api/policy',
    {
      preValidation: operatorUser,
      schema: {
        tags,
        summary: 'A policy version and my acceptance',
        querystring: policyQuerySchema,
        response: { 200: envelopeSchema(policyStatusSchema) },
      },
    },
    async (request) => ok(await policies.policyStatus(ctx(), { ...op(request), type: request.query.type })),
  );

  app.post(
    '/api/policy',
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Accept a policy version (once)',
        body: policyAcceptSchema,
        response: { 200: envelopeSchema(policyStatusSchema) },
      },
    },
    async (request) =>
      ok(
        await policies.acceptPolicy(ctx(), { ...op(request), userId: actorOf(request).userId, ...request.body }),
        ACCOUNT_MESSAGES.policyAccepted,
      ),
  );

  app.get(
    '/api/policy/pending',
    {
      preValidation: operatorUser,
      schema: { tags, summary: 'Policies to accept at login', response: { 200: envelopeSchema(pendingPoliciesSchema) } },
    },
    async (request) => ok(await policies.pendingPolicies(ctx(), op(request))),
  );

  app.post(
    '/api/odin/operator-app/log-event',
    {
      preValidation: requireAuth,
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { tags, summary: 'Record a client event', body: logEventSchema, response: { 200: envelopeSchema(logEventResponseSchema) } },
    },
    async (request) => {
      const actor = actorOf(request);
      return ok(await events.logEvent(ctx(), { userId: actor.userId, operatorId: actor.operatorId, event: request.body }));
    },
  );

  app.get(
    '/api/admin/client-events/counts',
    {
      preValidation: requireKind('ADMIN'),
      schema: {
        tags,
        summary: 'Client events by name',
        querystring: eventCountsQuerySchema,
        response: { 200: envelopeSchema(eventCountsSchema) },
      },
    },
    async (request) => ok(await events.eventCountsForAdmin(ctx(), request.query)),
  );
};
