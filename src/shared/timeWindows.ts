import type { SchemaTimeFilter } from '../generated/api/engine.ts';

// Time units, and the windows of the lists' time filters (the contract's TimeFilter enum): the
// engine bounds its lists and graphs by them, the seed spans more history than the longest one,
// and the dashboard turns them into the logs' periods.

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** A time filter of the lists: a window back from now, or 'all' (no bound). */
export type TimeFilter = SchemaTimeFilter;

/** A time filter with a window: every value but 'all'. These are also the logs' periods, which have no 'all'. */
export type TimeWindow = Exclude<TimeFilter, 'all'>;

/** Days in each window: last180 is the spec's 6 months, last365 its year. */
export const TIME_WINDOW_DAYS: Readonly<Record<TimeWindow, number>> = { last24h: 1, last30: 30, last60: 60, last180: 180, last365: 365 };

/**
 * A window's length in ms. The logs take their period in this form ('time period in seconds times
 * 1000', part 2 §7; LogPeriodMs in the contract).
 */
export const timeWindowMs = (window: TimeWindow): number => TIME_WINDOW_DAYS[window] * DAY_MS;

/** Start of a time filter's window in ms, or undefined for all (and for no filter). */
export function timeFilterStart(filter: TimeFilter | undefined, now: number): number | undefined {
  return !filter || filter === 'all' ? undefined : now - timeWindowMs(filter);
}

/** UTC midnight of a timestamp. */
export const startOfUtcDay = (ms: number): number => Math.floor(ms / DAY_MS) * DAY_MS;

/** The start of the UTC hour of a timestamp. */
export const startOfUtcHour = (ms: number): number => Math.floor(ms / HOUR_MS) * HOUR_MS;
