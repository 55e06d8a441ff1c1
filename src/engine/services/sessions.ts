import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { EngineConfig } from '../config.ts';
import { newId } from '../db/ids.ts';
import { hashToken, randomToken } from './tokens.ts';
import { watchedCacheOf } from '../db/watchedCache.ts';

// Dashboard sessions: a new 256-bit token at every login, stored hashed, with an idle and an
// absolute lifetime. Sessions live in the database so any engine process can serve any request.
const TOUCH_EVERY_MS = 60_000;

interface SessionRow {
  id: string;
  userId: string;
  orgId: string;
  /** The user's current role, e-mail and sign-up state, read with the session in one query. */
  role: string;
  email: string;
  isVerified: boolean;
}

export async function createSession(db: Kysely<Database>, config: EngineConfig, now: number, userId: string, orgId: string, meta: { userAgent?: string; ip?: string } = {}) {
  const token = randomToken();
  await db.insertInto('sessions').values({
    id: newId('ses'),
    token_hash: hashToken(token),
    user_id: userId,
    org_id: orgId,
    created_at: now,
    last_seen_at: now,
    idle_expires_at: now + config.sessionIdleSeconds * 1000,
    absolute_expires_at: now + config.sessionAbsoluteSeconds * 1000,
    revoked_at: null,
    user_agent: meta.userAgent?.slice(0, 300) ?? null,
    ip: meta.ip ?? null,
  }).execute();
  return token;
}

function readSession(db: Kysely<Database>, tokenHash: string) {
  return db.selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id', 'sessions.user_id', 'sessions.last_seen_at', 'sessions.idle_expires_at', 'sessions.absolute_expires_at', 'sessions.revoked_at',
      'users.deleted_at', 'users.org_id', 'users.role', 'users.email', 'users.is_verified'])
    .where('sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
}
type StoredSession = NonNullable<Awaited<ReturnType<typeof readSession>>>;

/** The live session of a token; undefined when unknown, expired, revoked or its user is gone. */
export async function resolveSession(db: Kysely<Database>, config: EngineConfig, now: number, token: string): Promise<SessionRow | undefined> {
  const tokenHash = hashToken(token);
  // Unknown tokens are not kept: only live sessions are read again and again.
  const cache = watchedCacheOf<StoredSession | undefined>(db, 'sessions');
  const row = cache
    ? await cache.read(tokenHash, () => readSession(db, tokenHash), (found) => found !== undefined)
    : await readSession(db, tokenHash);
  if (!row || row.revoked_at !== null || row.deleted_at !== null) return undefined;
  if (now >= row.idle_expires_at || now >= row.absolute_expires_at) return undefined;
  if (now - row.last_seen_at > TOUCH_EVERY_MS) {
    // The write empties the session cache, so the next call reads the touched row.
    await db.updateTable('sessions')
      .set({ last_seen_at: now, idle_expires_at: Math.min(now + config.sessionIdleSeconds * 1000, row.absolute_expires_at) })
      .where('id', '=', row.id).execute();
  }
  return { id: row.id, userId: row.user_id, orgId: row.org_id, role: row.role, email: row.email, isVerified: row.is_verified === 1 };
}

export async function revokeSessionByToken(db: Kysely<Database>, now: number, token: string): Promise<boolean> {
  const result = await db.updateTable('sessions').set({ revoked_at: now })
    .where('token_hash', '=', hashToken(token)).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function revokeUserSessions(db: Kysely<Database>, now: number, userId: string): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}
