import { type Kysely, type Transaction, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

// The rate_limits table: fixed-window counters and cooldowns shared by every engine process, keyed
// by subject (services/rateLimits.ts and services/otp.ts hold the limits). Every claim is one
// statement, so racing callers can never both take the last unit or start the same cooldown.
type Db = Kysely<Database> | Transaction<Database>;

/**
 * Counts one call in the key's fixed window: one upsert that counts it and starts a new window
 * when the old one is over. Answers the count in the current window and when that window started.
 */
export async function countCallInWindow(db: Db, key: string, windowMs: number, now: number): Promise<{ count: number; windowStart: number }> {
  const expired = now - windowMs;
  const row = await db.insertInto('rate_limits')
    .values({ key, window_start: now, count: 1, next_allowed_at: null, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({
      count: sql<number>`case when rate_limits.window_start <= ${expired} then 1 else rate_limits.count + 1 end`,
      window_start: sql<number>`case when rate_limits.window_start <= ${expired} then ${now} else rate_limits.window_start end`,
      updated_at: now,
    }))
    .returning(['count', 'window_start'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), windowStart: Number(row.window_start) };
}

/**
 * Claims `amount` units of the key's fixed-window quota in one conditional upsert: all of them when
 * they fit under `limit` (or the window is over), none otherwise. True when they were claimed.
 */
export async function claimWindowUnits(db: Db, key: string, amount: number, quota: { limit: number; windowMs: number }, now: number): Promise<boolean> {
  const expired = now - quota.windowMs;
  const claimed = await db.insertInto('rate_limits')
    .values({ key, window_start: now, count: amount, next_allowed_at: null, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({
      count: sql<number>`case when rate_limits.window_start <= ${expired} then ${amount} else rate_limits.count + ${amount} end`,
      window_start: sql<number>`case when rate_limits.window_start <= ${expired} then ${now} else rate_limits.window_start end`,
      updated_at: now,
    }).where(sql<boolean>`rate_limits.window_start <= ${expired} or rate_limits.count + ${amount} <= ${quota.limit}`))
    .returning('count')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** When the key's current window started, or undefined when nothing was counted under it. */
export async function windowStartOf(db: Db, key: string): Promise<number | undefined> {
  const row = await db.selectFrom('rate_limits').select('window_start').where('key', '=', key).executeTakeFirst();
  return row ? Number(row.window_start) : undefined;
}

/**
 * Starts the key's cooldown (until `until`) when none is running, or always with `force`, in one
 * conditional upsert: of concurrent callers exactly one starts it. True for that caller.
 */
export async function claimCooldown(db: Db, key: string, until: number, now: number, options: { force?: boolean } = {}): Promise<boolean> {
  const started = await db.insertInto('rate_limits').values({ key, window_start: now, count: 1, next_allowed_at: until, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ window_start: now, count: 1, next_allowed_at: until, updated_at: now })
      .where((eb) => eb.or([eb.lit(options.force === true), eb('rate_limits.next_allowed_at', 'is', null), eb('rate_limits.next_allowed_at', '<=', now)])))
    .returning('key')
    .executeTakeFirst();
  return started !== undefined;
}

/** When the key's cooldown ends, or null when none was started or it was released. */
export async function cooldownEndOf(db: Db, key: string): Promise<number | null> {
  const row = await db.selectFrom('rate_limits').select('next_allowed_at').where('key', '=', key).executeTakeFirst();
  return row?.next_allowed_at ?? null;
}

/** Ends the key's cooldown at once (a slot claimed but not used). */
export async function releaseCooldown(db: Db, key: string): Promise<void> {
  await db.updateTable('rate_limits').set({ next_allowed_at: null }).where('key', '=', key).execute();
}
