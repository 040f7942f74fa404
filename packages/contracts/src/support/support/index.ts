/**
 * Support and engagement (issue 14, ADR 120): tickets with a thread, surveys, training and the rating
 * story, rate cards and referral, one file per section; importers keep using `@bhada/contracts/support`.
 * Shapes the spec does not show are designed here (ADR 120). A page or the shell takes only the sections
 * it imports (the package has no side effects, ADR 170).
 */

export * from './engagement.ts';
export * from './messages.ts';
export * from './rate-cards.ts';
export * from './referral.ts';
export * from './surveys.ts';
export * from './tickets.ts';
