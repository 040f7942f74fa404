import { envelopeSchema } from '@bhada/contracts/common';
import type { PermissionCode } from '@bhada/contracts/account/users';
import {
  passbookQuerySchema,
  passbookResponseSchema,
  paymentWalletResponseSchema,
  walletBalanceResponseSchema,
  walletReportQuerySchema,
} from '@bhada/contracts/money/wallet';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../lib/errors.ts';
import { ok } from '../../../lib/reply.ts';
import { textLocale } from '../../../lib/user-text.ts';
import { actorOf, operatorIdOf, requirePermission } from '../../../plugins/auth.ts';
import { downloadOf, requireDownloadToken, sendStatement } from './report-route.ts';
import * as wallet from './wallet.service.ts';

const tags = ['wallet'];

/** Passes when the actor holds any one of these permissions (owners hold all). */
export function requireAnyPermission(...any: PermissionCode[]) {
  return async (request: FastifyRequest) => {
    const actor = actorOf(request);
    if (actor.kind === 'ADMIN') return;
    if ((actor.kind === 'OPERATOR' || actor.kind === 'SUBORDINATE') && any.some((p) => actor.permissions.has(p))) return;
    throw new AppError('FORBIDDEN', 'Your role does not allow this');
  };
}

export const walletRoutes: FastifyPluginAsyncZod<{ secret: string }> = async (app, opts) => {
  const op = (request: FastifyRequest) => operatorIdOf(actorOf(request));

  app.get(
    '/api/wallet',
    {
      preValidation: requireAnyPermission('WALLET_VIEW', 'FASTAG_VIEW'),
      schema: { tags, summary: 'Wallet balance (rupees)', response: { 200: envelopeSchema(walletBalanceResponseSchema) } },
    },
    async (request) => ok(await wallet.getBalance(app.db, op(request))),
  );

  app.get(
    '/api/rest/tesseract/v1/payment/wallet',
    {
      preValidation: requireAnyPermission('WALLET_VIEW', 'WALLET_ADD_MONEY', 'TOKENS_PAY', 'FASTAG_VIEW'),
      schema: { tags, summary: 'Wallet balance in paisa', response: { 200: envelopeSchema(paymentWalletResponseSchema) } },
    },
    async (request) => ok(await wallet.paymentWallet(app.db, op(request))),
  );

  app.get(
    '/api/wallet/transactions',
    {
      preValidation: requirePermission('WALLET_VIEW'),
      schema: {
        tags,
        summary: 'Passbook: wallet movements with pending and failed top-ups, newest first',
        querystring: passbookQuerySchema,
        response: { 200: envelopeSchema(passbookResponseSchema) },
      },
    },
    async (request) =>
      ok(await wallet.passbook(app.db, op(request), request.query, textLocale(request.headers.locale, actorOf(request).locale))),
  );

  app.get(
    '/api/wallet/report/wallet-transactions',
    {
      preValidation: requireDownloadToken(app.db, opts.secret, 'wallet-transactions'),
      schema: {
        tags,
        summary: 'Wallet statement (xlsx or pdf), opened with a download token',
        querystring: walletReportQuerySchema.extend({ dt: z.string() }),
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/pdf'],
      },
    },
    async (request, reply) => {
      const { operatorId, lang } = downloadOf(request);
      const statement = await wallet.walletStatement(app.db, operatorId, request.query, lang);
      return sendStatement(request, reply, request.query.reportFormat, statement);
    },
  );
};
