import type { LoadState, OperatorLoadState } from '@bhada/contracts/marketplace/loads';

/**
 * The operator's load tabs, defined once (ADR 088). Each tab is a list of clauses (any may match); a
 * clause names the load states it covers and what must hold for this operator — a field left out
 * does not matter. The board's SQL (`demands.repository.ts`) and `tabOf` below both read this table,
 * so the tab a load is listed under and the state its card and detail show cannot drift apart.
 */
export interface TabClause {
  states: readonly LoadState[];
  /** the load is awarded to this operator */
  mine?: boolean;
  /** this operator has a live quote on it */
  quoted?: boolean;
  /** this operator answered "not interested" */
  rejected?: boolean;
  /** bidding is still running */
  biddingOpen?: boolean;
}

export const LOAD_TAB_RULES: Record<OperatorLoadState, readonly TabClause[]> = {
  OPEN: [{ states: ['OPEN'], biddingOpen: true, quoted: false, rejected: false }],
  QUOTED: [{ states: ['OPEN'], quoted: true, rejected: false }],
  WON: [{ states: ['AWARDED'], mine: true }],
  CONFIRMED: [{ states: ['CONFIRMED', 'IN_TRIP', 'CLOSED'], mine: true }],
  LOST: [
    { states: ['CANCELLED', 'EXPIRED'], quoted: true },
    { states: ['AWARDED', 'CONFIRMED', 'IN_TRIP', 'CLOSED'], mine: false, quoted: true },
  ],
};

/** What decides a load's tab for one operator. */
export interface TabFacts {
  state: LoadState;
  mine: boolean;
  quoted: boolean;
  rejected: boolean;
  biddingOpen: boolean;
}

const FACTS = ['mine', 'quoted', 'rejected', 'biddingOpen'] as const;

const holds = (c: TabClause, f: TabFacts) => c.states.includes(f.state) && FACTS.every((k) => c[k] === undefined || c[k] === f[k]);

/** The tab the board lists this load under for this operator, or null when it is on none. */
export function tabOf(facts: TabFacts): OperatorLoadState | null {
  for (const [tab, clauses] of Object.entries(LOAD_TAB_RULES) as Array<[OperatorLoadState, readonly TabClause[]]>) {
    if (clauses.some((c) => holds(c, facts))) return tab;
  }
  return null;
}
