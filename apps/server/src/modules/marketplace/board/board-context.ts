import type { OperatorId } from '../../../lib/tenancy.ts';
import type { TenantReadCache } from '../../../lib/tenant-read-cache.ts';

/** The tenant an operator's board context is kept under (ADR 192); migration 0172 announces it as `o:board:<operator id>`. */
export const boardTenant = (operatorId: OperatorId) => `board:${operatorId}`;

/** This process's own quote or answer: the operator's next board read sees it, before the database announces it. */
export function forgetBoardContext(reads: TenantReadCache, operatorId: OperatorId) {
  reads.forget(boardTenant(operatorId));
}
