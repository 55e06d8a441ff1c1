import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

// What the sandbox provider keeps per connection (one end customer's tenant at one sandbox
// vendor): the control surface's revocation and forced failures, and the per-connection rate
// limit's window in rate_limits. Each limited thing is claimed in one statement.
type Db = Kysely<Database>;

export interface SandboxConnectionState {
  revokedAt: number | null;
}

export async function sandboxConnectionState(db: Db, connectionId: string): Promise<SandboxConnectionState | undefined> {
  const row = await db.selectFrom('sandbox_connections').select('revoked_at').where('id', '=', connectionId).executeTakeFirst();
  return row ? { revokedAt: row.revoked_at === null ? null : Number(row.revoked_at) } : undefined;
}

const ensure = (db: Db, connectionId: string, appId: string, now: number) =>
  db.insertInto('sandbox_connections').values({ id: connectionId, app_id: appId, revoked_at: null, fail_status: null, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('id').doNothing()).execute();

/** Marks the connection revoked (its credentials answer 401 from now on). */
export async function revokeSandboxConnection(db: Db, connectionId: string, appId: string, now: number): Promise<void> {
  await ensure(db, connectionId, appId, now);
  await db.updateTable('sandbox_connections').set({ revoked_at: now, updated_at: now }).where('id', '=', connectionId).execute();
}

/** The next `count` calls of the connection answer `status`. */
export async function forceSandboxFailures(db: Db, connectionId: string, appId: string, count: number, status: number, now: number): Promise<void> {
  await ensure(db, connectionId, appId, now);
  await db.updateTable('sandbox_connections').set({ fail_remaining: count, fail_status: status, updated_at: now }).where('id', '=', connectionId).execute();
}

/**
 * Takes one forced failure, if any is left: the status to answer with, or undefined. One
 * conditional update, so N forced failures fail exactly N calls however many arrive at once.
 */
export async function takeForcedFailure(db: Db, connectionId: string, now: number): Promise<number | undefined> {
  const row = await db.updateTable('sandbox_connections')
    .set({ fail_remaining: sql<number>`fail_remaining - 1`, updated_at: now })
    .where('id', '=', connectionId).where('fail_remaining', '>', 0)
    .returning('fail_status').executeTakeFirst();
  return row?.fail_status ?? undefined;
}

/**
 * Counts one call in the connection's fixed window (rate_limits, key `sandbox:<id>`): one upsert
 * that counts the call and starts a new window when the old one is over. Answers the count in
 * the current window and when that window started.
 */
export async function countSandboxCall(db: Db, connectionId: string, windowMs: number, now: number): Promise<{ count: number; windowStart: number }> {
  const expired = now - windowMs;
  const row = await db.insertInto('rate_limits')
    .values({ key: `sandbox:${connectionId}`, window_start: now, count: 1, next_allowed_at: null, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({
      count: sql<number>`case when rate_limits.window_start <= ${expired} then 1 else rate_limits.count + 1 end`,
      window_start: sql<number>`case when rate_limits.window_start <= ${expired} then ${now} else rate_limits.window_start end`,
      updated_at: now,
    }))
    .returning(['count', 'window_start'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), windowStart: Number(row.window_start) };
}
