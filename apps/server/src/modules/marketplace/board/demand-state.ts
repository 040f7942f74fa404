import { LOADS_MESSAGES, type LoadState } from '@bhada/contracts/marketplace/loads';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';
import { type DemandRow, updateDemandState } from './demands.repository.ts';

/**
 * The one load state machine (ADR 020). Every state change in every module goes through
 * `moveLoad`, which refuses a transition not listed here and one that races another writer.
 */
export const TRANSITIONS: Readonly<Record<LoadState, readonly LoadState[]>> = {
  OPEN: ['AWARDED', 'EXPIRED', 'CANCELLED'],
  // AWARDED → AWARDED: the consigner or admin picks another quote before the deadline
  AWARDED: ['AWARDED', 'CONFIRMED', 'CANCELLED'],
  CONFIRMED: ['IN_TRIP', 'CANCELLED'],
  IN_TRIP: ['CLOSED', 'CANCELLED'],
  CLOSED: [],
  CANCELLED: [],
  EXPIRED: [],
};

export const canMove = (from: LoadState, to: LoadState) => TRANSITIONS[from].includes(to);

type Patch = Parameters<typeof updateDemandState>[1]['patch'];

export async function moveLoad(tx: Db, demand: Pick<DemandRow, 'id' | 'state'>, to: LoadState, patch: Patch = {}): Promise<DemandRow> {
  if (!canMove(demand.state, to)) throw new AppError('LOAD_STATE_CONFLICT', LOADS_MESSAGES.stateConflict);
  const row = await updateDemandState(tx, { id: demand.id, from: demand.state, to, patch });
  if (!row) throw new AppError('LOAD_STATE_CONFLICT', LOADS_MESSAGES.stateConflict);
  return row;
}
