import { type Kysely, type Transaction, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { rateLimited } from '../errors.ts';

// Fixed-window counters in the rate_limits table, shared by every engine process. One upsert
// counts the call and starts a new window when the old one is over, so racing calls cannot both
// see a free slot.
export async function consumeWindow(db: Kysely<Database>, key: string, limit: number, windowMs: number, now: number, message: string): Promise<void> {
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
  if (Number(row.count) > limit) {
    throw rateLimited(message, Math.max(1, Math.ceil((Number(row.window_start) + windowMs - now) / 1000)));
  }
}

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Claims `amount` units of a fixed-window quota in one conditional upsert: all of them when they
 * fit under `limit`, none when they do not (a refused request costs nothing), so concurrent claims
 * can never overrun it. Inside a transaction the claim is undone with the work it pays for.
 */
export async function claimFromWindow(db: Db, key: string, amount: number, quota: { limit: number; windowMs: number }, now: number, message: string): Promise<void> {
  const expired = now - quota.windowMs;
  const refuse = (retryAfterMs: number) => rateLimited(message, Math.max(1, Math.ceil(retryAfterMs / 1000)));
  if (amount > quota.limit) throw refuse(quota.windowMs);
  const claimed = await db.insertInto('rate_limits')
    .values({ key, window_start: now, count: amount, next_allowed_at: null, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({
      count: sql<number>`case when rate_limits.window_start <= ${expired} then ${amount} else rate_limits.count + ${amount} end`,
      window_start: sql<number>`case when rate_limits.window_start <= ${expired} then ${now} else rate_limits.window_start end`,
      updated_at: now,
    }).where(sql<boolean>`rate_limits.window_start <= ${expired} or rate_limits.count + ${amount} <= ${quota.limit}`))
    .returning('count')
    .executeTakeFirst();
  if (claimed) return;
  const window = await db.selectFrom('rate_limits').select('window_start').where('key', '=', key).executeTakeFirst();
  throw refuse(window ? Number(window.window_start) + quota.windowMs - now : quota.windowMs);
}
