
// Pure rules of the sync screens (part 2 §4, §5, §8, §9), kept out of the components so they are
// tested as plain functions.

/** Where a job or run page sends the user on 'Sync details not found.' (the engine's 404; part 2 §8). */
export const SYNCS_HOME = '/dashboard/syncs/';
/** The default message of failed sync calls (part 2 §8). */
export const SYNCS_ERROR_MESSAGE = 'Something went wrong';
/** Empty state of a job that has never run (part 2 §8). */
export const SYNCS_NOT_STARTED_MESSAGE = "Syncs haven't been started properly for this account. Please restart syncs and try again.";
const NO_RUNS_IN_RANGE_MESSAGE = 'No runs in this date range.';

/**
 * The empty state of a job's run history: a job that never completed a run has not been started
 * properly (part 2 §8); otherwise the date range simply holds no run.
 */
export function runsEmptyText(header: { lastSyncedAt?: unknown } | undefined): string {
  return header && header.lastSyncedAt === null ? SYNCS_NOT_STARTED_MESSAGE : NO_RUNS_IN_RANGE_MESSAGE;
}
