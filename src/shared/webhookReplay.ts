import { DAY_MS } from './timeWindows.ts';

// The bounds of a bulk replay of webhook deliveries (app.replayWebhookRun,
// app.replayWebhookDeliveries): the engine refuses past them, the dashboard's range dialog keeps
// within them before it asks.

/** The most deliveries one call replays. */
export const REPLAY_LIMIT = 10_000;
/** The longest time range a replay covers, in days and in milliseconds. */
export const REPLAY_RANGE_DAYS = 30;
export const REPLAY_RANGE_MS = REPLAY_RANGE_DAYS * DAY_MS;
