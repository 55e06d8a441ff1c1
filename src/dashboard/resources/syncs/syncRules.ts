import dayjs from 'dayjs';
import { DEFAULT_RANGE_DAYS, RUN_SEARCH_MIN_CHARS } from '../../../shared/constants.ts';

// Pure rules of the sync screens (part 2 §4, §5, §8, §9), kept out of the components so they are
// tested as plain functions.

/** Where a job or run page sends the user on 'Sync details not found.' (the engine's 404; part 2 §8). */
export const SYNCS_HOME = '/dashboard/syncs/';
/** The default message of failed sync calls (part 2 §8). */
export const SYNCS_ERROR_MESSAGE = 'Something went wrong';
/** Empty state of a job that has never run (part 2 §8). */
export const SYNCS_NOT_STARTED_MESSAGE = "Syncs haven't been started properly for this account. Please restart syncs and try again.";
export const NO_RUNS_IN_RANGE_MESSAGE = 'No runs in this date range.';

/**
 * The Audit ID search to apply for what the user typed: the trimmed text at 3 or more characters,
 * '' when the box is emptied (the search is cleared), undefined for 1 or 2 characters (ignored:
 * the table keeps the last applied search).
 */
export function searchToApply(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  return trimmed.length >= RUN_SEARCH_MIN_CHARS ? trimmed : undefined;
}

export const DAY_FORMAT = 'YYYY-MM-DD';

export interface RunRange {
  /** Unix ms of the first day's start. */
  start: number;
  /** Unix ms of the last day's end, never beyond now. */
  end: number;
}

/** The range shown when the URL has none: the last 30 days up to now (what the engine applies). */
export function defaultRunRange(now: number): RunRange {
  return { start: dayjs(now).subtract(DEFAULT_RANGE_DAYS, 'day').startOf('day').valueOf(), end: now };
}

/**
 * The range of two picked days ('YYYY-MM-DD'): from the start of `from` to the end of `to`, the end
 * never beyond now (a day after today reads as today) and the start never after the end.
 */
export function rangeFromDays(from: string, to: string, now: number): RunRange | undefined {
  const isDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text);
  if (!isDay(from) || !isDay(to)) return undefined;
  // 'YYYY-MM-DD' parses as local midnight of that day.
  const first = dayjs(from);
  const last = dayjs(to);
  if (!first.isValid() || !last.isValid()) return undefined;
  const end = Math.min(last.endOf('day').valueOf(), now);
  const start = Math.min(first.startOf('day').valueOf(), dayjs(end).startOf('day').valueOf());
  return { start, end };
}

/** The days a range shows in the date inputs; the default range when the URL has none. */
export function rangeDays(range: Partial<RunRange>, now: number): { from: string; to: string; today: string } {
  const fallback = defaultRunRange(now);
  const start = typeof range.start === 'number' ? range.start : fallback.start;
  const end = typeof range.end === 'number' ? Math.min(range.end, now) : fallback.end;
  return { from: dayjs(start).format(DAY_FORMAT), to: dayjs(end).format(DAY_FORMAT), today: dayjs(now).format(DAY_FORMAT) };
}

/**
 * The empty state of a job's run history: a job that never completed a run has not been started
 * properly (part 2 §8); otherwise the date range simply holds no run.
 */
export function runsEmptyText(header: { lastSyncedAt?: unknown } | undefined): string {
  return header && header.lastSyncedAt === null ? SYNCS_NOT_STARTED_MESSAGE : NO_RUNS_IN_RANGE_MESSAGE;
}
