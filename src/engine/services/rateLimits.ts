import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { rateLimited } from '../errors.ts';
import { claimWindowUnits, countCallInWindow, windowStartOf } from '../repositories/rateLimits.ts';

// Fixed-window limits over the rate_limits counters, shared by every engine process. Each call or
// claim is counted in one upsert (repositories/rateLimits.ts), so racing calls cannot both see a
// free slot; this module decides what is over the limit and how long the caller waits.
type Db = Kysely<Database> | Transaction<Database>;

const retryAfterSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** Counts one call under `key`; 429 with the wait when the window already holds `limit` calls. */
export async function consumeWindow(db: Db, key: string, limit: number, windowMs: number, now: number, message: string): Promise<void> {
  const { count, windowStart } = await countCallInWindow(db, key, windowMs, now);
  if (count > limit) throw rateLimited(message, retryAfterSeconds(windowStart + windowMs - now));
}

/**
 * Claims `amount` units of a fixed-window quota: all of them when they fit under `limit`, none when
 * they do not (a refused request costs nothing), so concurrent claims can never overrun it. Inside a
 * transaction the claim is undone with the work it pays for.
 */
export async function claimFromWindow(db: Db, key: string, amount: number, quota: { limit: number; windowMs: number }, now: number, message: string): Promise<void> {
  const refuse = (retryAfterMs: number) => rateLimited(message, retryAfterSeconds(retryAfterMs));
  if (amount > quota.limit) throw refuse(quota.windowMs);
  if (await claimWindowUnits(db, key, amount, quota, now)) return;
  const windowStart = await windowStartOf(db, key);
  throw refuse(windowStart !== undefined ? windowStart + quota.windowMs - now : quota.windowMs);
}
