import type { Kysely, Transaction } from 'kysely';
import type { Database, Row } from '../db/schema.ts';

// OAuth authorisations the end customer started and has not finished (services/oauthConnect.ts):
// written by connect.oauth.start, found and claimed once by connect.oauth.callback.
type Db = Kysely<Database> | Transaction<Database>;

export type PendingAuthorization = Pick<Row<'oauth_authorizations'>, 'id' | 'auth_session_id' | 'app_id' | 'category' | 'sealed' | 'expires_at' | 'used_at'>;

export async function insertAuthorization(db: Db, row: Row<'oauth_authorizations'>): Promise<void> {
  await db.insertInto('oauth_authorizations').values(row).execute();
}

export async function authorizationByNonce(db: Db, nonceHash: string): Promise<PendingAuthorization | undefined> {
  return db.selectFrom('oauth_authorizations')
    .select(['id', 'auth_session_id', 'app_id', 'category', 'sealed', 'expires_at', 'used_at'])
    .where('nonce_hash', '=', nonceHash).executeTakeFirst();
}

/**
 * Marks the authorisation used, only if it is unused and not expired: true for the one callback
 * that claimed it. Of two callbacks with the same state at once exactly one gets true.
 */
export async function claimAuthorization(db: Db, id: string, now: number): Promise<boolean> {
  const result = await db.updateTable('oauth_authorizations').set({ used_at: now })
    .where('id', '=', id).where('used_at', 'is', null).where('expires_at', '>', now).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Drops a session's authorisations that can no longer be used (expired or used long ago). */
export async function deleteStaleAuthorizations(db: Db, authSessionId: string, now: number): Promise<void> {
  await db.deleteFrom('oauth_authorizations').where('auth_session_id', '=', authSessionId).where('expires_at', '<=', now).execute();
}
