import type { Config } from '../../../config.ts';
import type { TollCheckSettings } from './toll-checks.service.ts';

/** When a flagged toll may be disputed, in days after its read (ADR 280: NETC's cooling period). */
export interface DisputeWindowSettings {
  coolingDays: number;
  deadlineDays: number;
}
export const DEFAULT_DISPUTE_WINDOW: DisputeWindowSettings = { coolingDays: 15, deadlineDays: 90 };

export const tollCheckSettings = (config: Config): TollCheckSettings => ({
  doubleReadMinutes: config.TOLL_DOUBLE_READ_MINUTES,
  farReadKm: config.TOLL_FAR_READ_KM,
  positionWindowMinutes: config.TOLL_POSITION_WINDOW_MINUTES,
});

export const disputeWindowSettings = (config: Config): DisputeWindowSettings => ({
  coolingDays: config.TOLL_DISPUTE_COOLING_DAYS,
  deadlineDays: config.TOLL_DISPUTE_DEADLINE_DAYS,
});
