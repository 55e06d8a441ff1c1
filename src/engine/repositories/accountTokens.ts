import type { Kysely, Transaction } from 'kysely';
import type { Database, Row } from '../db/schema.ts';

// The OAuth tokens of integrated accounts (services/accountAccess.ts): sealed, with the access
// token's expiry in clear and the lease of the one caller refreshing them.
type Db = Kysely<Database> | Transaction<Database>;

export type AccountTokensRow = Pick<Row<'account_oauth_tokens'>, 'integration_id' | 'app_id' | 'tokens_sealed' | 'access_expires_at' | 'refresh_claim_id' | 'refresh_claimed_at'>;

const COLUMNS = ['integration_id', 'app_id', 'tokens_sealed', 'access_expires_at', 'refresh_claim_id', 'refresh_claimed_at'] as const;

export async function accountTokens(db: Db, integrationId: string): Promise<AccountTokensRow | undefined> {
  return db.selectFrom('account_oauth_tokens').select(COLUMNS).where('integration_id', '=', integrationId).executeTakeFirst();
}

/** Writes an account's tokens (a new connection, or a reconnection replacing them), releasing any claim. */
export async function saveAccountTokens(db: Db, values: { integrationId: string; appId: string; tokensSealed: string; accessExpiresAt: number }, now: number): Promise<void> {
  const row = { app_id: values.appId, tokens_sealed: values.tokensSealed, access_expires_at: values.accessExpiresAt, refresh_claim_id: null, refresh_claimed_at: null, updated_at: now };
  await db.insertInto('account_oauth_tokens').values({ integration_id: values.integrationId, created_at: now, ...row })
    .onConflict((oc) => oc.column('integration_id').doUpdateSet(row))
    .execute();
}

/**
 * Claims the refresh of an account's tokens: only when the access token expires before `dueBy`
 * and nobody holds an unexpired lease (a claim older than `leaseMs` is taken over). True for the
 * one caller that got it; every other caller at the same moment gets false.
 */
export async function claimTokenRefresh(db: Db, integrationId: string, claimId: string, dueBy: number, leaseMs: number, now: number): Promise<boolean> {
  const result = await db.updateTable('account_oauth_tokens').set({ refresh_claim_id: claimId, refresh_claimed_at: now })
    .where('integration_id', '=', integrationId)
    .where('access_expires_at', '<=', dueBy)
    .where((eb) => eb.or([eb('refresh_claimed_at', 'is', null), eb('refresh_claimed_at', '<=', now - leaseMs)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Stores refreshed tokens under the caller's claim and releases it; false when the claim was lost. */
export async function completeTokenRefresh(db: Db, integrationId: string, claimId: string, tokensSealed: string, accessExpiresAt: number, now: number): Promise<boolean> {
  const result = await db.updateTable('account_oauth_tokens')
    .set({ tokens_sealed: tokensSealed, access_expires_at: accessExpiresAt, refresh_claim_id: null, refresh_claimed_at: null, updated_at: now })
    .where('integration_id', '=', integrationId).where('refresh_claim_id', '=', claimId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives a claim up without new tokens (the refresh failed). */
export async function releaseTokenRefresh(db: Db, integrationId: string, claimId: string): Promise<void> {
  await db.updateTable('account_oauth_tokens').set({ refresh_claim_id: null, refresh_claimed_at: null })
    .where('integration_id', '=', integrationId).where('refresh_claim_id', '=', claimId).execute();
}

/** What the credentials of an account are read with: its app, state and sealed setup values. */
export type AccountAuthRow = Pick<Row<'integrated_accounts'>, 'id' | 'org_id' | 'app_id' | 'category' | 'integration_state' | 'auth_data_json'>;

export async function accountAuthRow(db: Db, integrationId: string): Promise<AccountAuthRow | undefined> {
  return db.selectFrom('integrated_accounts').select(['id', 'org_id', 'app_id', 'category', 'integration_state', 'auth_data_json'])
    .where('id', '=', integrationId).executeTakeFirst();
}

// The sealed setup values of integrated accounts (integrated_accounts.auth_data_json, stored as
// `{ appId, sealed }` by services/accountCredentials.ts).

/** A page (by id, after `afterId`) of accounts whose setup values are sealed in format `version` (e.g. 'v1'). */
export async function accountsWithCredentialsSealedIn(db: Db, version: string, afterId: string, limit: number): Promise<Pick<Row<'integrated_accounts'>, 'id' | 'auth_data_json'>[]> {
  return db.selectFrom('integrated_accounts').select(['id', 'auth_data_json'])
    .where('auth_data_json', 'like', `%"sealed":"${version}.%`).where('id', '>', afterId).orderBy('id').limit(limit).execute();
}

/** Replaces an account's setup values only if they are still `expected`; true when replaced. */
export async function replaceAccountCredentials(db: Db, integrationId: string, expected: string, authDataJson: string): Promise<boolean> {
  const result = await db.updateTable('integrated_accounts').set({ auth_data_json: authDataJson })
    .where('id', '=', integrationId).where('auth_data_json', '=', expected).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
