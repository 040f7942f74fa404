import { fastagStatementQuerySchema, fastagStatementV2QuerySchema } from '@bhada/contracts/money/fastag';
import { type ReportName, walletReportQuerySchema } from '@bhada/contracts/money/wallet';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { AppError, invalidInput } from '../../../lib/errors.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';
import type { Actor } from '../../../plugins/auth.ts';
import { assertOwnVehicle, checkAllVehiclesRange } from '../../money/fastag/fastag-statements.service.ts';
import { timeWindow } from '../../money/wallet/wallet.service.ts';

const REPORTS = {
  fastagStatement: { path: '/api/fastag/report/fastagStatement', schema: fastagStatementQuerySchema, permission: 'FASTAG_VIEW' },
  'fastagStatement/v2': { path: '/api/fastag/report/fastagStatement/v2', schema: fastagStatementV2QuerySchema, permission: 'FASTAG_VIEW' },
  'wallet-transactions': { path: '/api/wallet/report/wallet-transactions', schema: walletReportQuerySchema, permission: 'WALLET_VIEW' },
} as const;

function parse<S extends z.ZodType>(schema: S, params: Record<string, unknown>): z.infer<S> {
  const parsed = schema.safeParse(params);
  if (!parsed.success) {
    throw invalidInput(parsed.error.issues[0], 'Invalid report parameters');
  }
  return parsed.data;
}

/**
 * Checks a report's parameters before a link is issued, so the tab never opens on an error page:
 * the actor's permission, the date rules of spec fastag §5 and that a named vehicle is the operator's.
 * Answers the report's path.
 */
export async function checkReportParams(
  db: Db,
  actor: Actor,
  operatorId: OperatorId,
  report: ReportName,
  params: Record<string, unknown>,
): Promise<string> {
  const spec = REPORTS[report];
  if (actor.kind === 'SUBORDINATE' && !actor.permissions.has(spec.permission))
    throw new AppError('FORBIDDEN', 'Your role does not allow this');
  if (report === 'fastagStatement') {
    checkAllVehiclesRange(parse(fastagStatementQuerySchema, params));
  } else if (report === 'fastagStatement/v2') {
    const q = parse(fastagStatementV2QuerySchema, params);
    timeWindow(q.fromTime, q.toTime);
    await assertOwnVehicle(db, operatorId, q.vehicleId);
  } else {
    const q = parse(walletReportQuerySchema, params);
    timeWindow(q.fromTime, q.toTime);
  }
  return spec.path;
}
