import type { ReportName } from '@bhada/contracts/money/wallet';
import type { ServiceContext } from '../../../lib/context.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';
import type { Actor } from '../../../plugins/auth.ts';
import { signDownloadToken } from '../../money/wallet/download-token.ts';
import { isStatementLang, type StatementLang } from '../../money/wallet/statement-text.ts';
import { checkReportParams } from './report-params.ts';

/**
 * The language a statement is written in (ADR 140): the language of the screen it was asked from
 * (the `locale` header every client sends), else the user's saved language.
 */
export const statementLanguage = (localeHeader: unknown, saved: StatementLang): StatementLang =>
  isStatementLang(localeHeader) ? localeHeader : saved;

/**
 * A short-lived link to one statement, issued only after the report's own checks pass (permission,
 * date rules, the operator's own vehicle), so a new tab never opens on an error page (ADR 043).
 * Statements of several modules are issued here: the module sits above wallet and Fastag, and
 * neither of them imports it.
 */
export async function issueDownloadLink(
  ctx: Pick<ServiceContext, 'db' | 'secret'>,
  input: { actor: Actor; operatorId: OperatorId; report: ReportName; params: Record<string, unknown>; localeHeader?: unknown },
) {
  const { actor, operatorId, report, params } = input;
  const path = await checkReportParams(ctx.db, actor, operatorId, report, params);
  const lang = statementLanguage(input.localeHeader, actor.locale);
  const { token, expiresAt } = signDownloadToken(
    ctx.secret,
    { report, userId: actor.userId, operatorId, lang, sessionId: actor.sessionId },
    params,
  );
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== '' && v !== null && v !== undefined) search.set(k, String(v));
  search.set('dt', token);
  return { url: `${path}?${search.toString()}`, expiresAt: new Date(expiresAt * 1000).toISOString() };
}
