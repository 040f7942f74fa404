import { type ReportName, WALLET_ERRORS, WALLET_MESSAGES } from '@bhada/contracts/money/wallet';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';
import { resolveSessionById } from '../../account/auth/auth.service.ts';
import { type DownloadClaims, verifyDownloadToken } from './download-token.ts';
import { statementFileName } from './statement-text.ts';
import { contentTypeOf, type Statement, streamStatement } from './statement-writer.ts';
import { isActiveUser } from './wallet.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    download?: DownloadClaims;
  }
}

/** The raw query as the link carries it: the token is bound to these strings, not to parsed values. */
export const rawQuery = (request: FastifyRequest) => Object.fromEntries(new URL(request.url, 'http://local').searchParams);

/**
 * Guard of a report route: runs before query validation, so a link with a missing, forged,
 * foreign or expired token is refused before anything else is looked at.
 */
export function requireDownloadToken(db: Db, secret: string, report: ReportName) {
  return async (request: FastifyRequest) => {
    const query = rawQuery(request);
    const claims = verifyDownloadToken(secret, query.dt, report, query);
    // the link lives no longer than the session it was issued in: logging out kills it
    const session = claims.sessionId ? await resolveSessionById(db, claims.sessionId) : null;
    if (session?.userId !== claims.userId || !(await isActiveUser(db, claims.userId, claims.operatorId))) {
      throw new AppError(WALLET_ERRORS.DOWNLOAD_LINK_INVALID, WALLET_MESSAGES.linkInvalid);
    }
    request.download = claims;
  };
}

export function downloadOf(request: FastifyRequest): DownloadClaims {
  if (!request.download) throw new AppError(WALLET_ERRORS.DOWNLOAD_LINK_INVALID, WALLET_MESSAGES.linkInvalid);
  return request.download;
}

export function sendStatement(request: FastifyRequest, reply: FastifyReply, format: 'xlsx' | 'pdf', statement: Statement) {
  const filename = `${statementFileName(statement.fileStem, statement.from, statement.to)}.${format}`;
  const stream = streamStatement(format, statement, (err) => request.log.error({ err }, 'statement stream failed'));
  return (
    reply
      .header('content-type', contentTypeOf(format))
      // a PDF opens in the tab the portal opened for it; a workbook downloads, named for its period
      .header('content-disposition', `${format === 'pdf' ? 'inline' : 'attachment'}; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(stream)
  );
}
