import { type Kysely, sql } from 'kysely';
import { createIndex, dropTables, ms, optionalText, ref, text, textPk } from './helpers.ts';

/*
 * OAuth sign-in for the catalog's OAuth apps, and the sandbox provider that plays their vendors.
 *
 * The engine as an OAuth client:
 * - oauth_authorizations: an authorisation the end customer started (connect.oauth.start) and has
 *   not finished. Found by the hash of the state's random nonce; the expected state, the PKCE
 *   verifier and the setup values of earlier steps are sealed together in `sealed`. used_at is set
 *   by the one statement that claims it, so a state is good for one callback only.
 * - account_oauth_tokens: the tokens of an integrated account connected by OAuth, sealed, with the
 *   access token's expiry in clear (to decide on a refresh without opening them) and the claim of
 *   the one caller refreshing them (refresh_claim_id, refresh_claimed_at: a lease).
 *
 * The sandbox provider (the vendors' stand-in, served under /sandbox):
 * - sandbox_oauth_records: the storage of its OAuth server (oidc-provider's adapter): one row per
 *   model and id, the id stored as its sha-256 only (codes, tokens and session ids are bearer
 *   secrets); grant, uid, user code and account are columns so the adapter can find by them.
 *   expires_at and consumed_at are the vendor's (wall) clock.
 * - sandbox_connections: what the control surface sets per connection: revoked, or the next N
 *   calls answered with a given status.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('oauth_authorizations')
    .$call(textPk())
    .addColumn('nonce_hash', 'text', (c) => c.notNull().unique())
    .$call(ref('auth_session_id', 'auth_sessions'))
    .$call(text('app_id'))
    .$call(text('category'))
    .$call(text('sealed'))
    .$call(ms('created_at'))
    .$call(ms('expires_at'))
    .$call(ms('used_at', true))
    .execute();
  await createIndex(db, 'oauth_authorizations', ['auth_session_id']);

  await db.schema.createTable('account_oauth_tokens')
    .addColumn('integration_id', 'text', (c) => c.primaryKey().references('integrated_accounts.id').onDelete('cascade'))
    .$call(text('app_id'))
    .$call(text('tokens_sealed'))
    .$call(ms('access_expires_at'))
    .$call(optionalText('refresh_claim_id'))
    .$call(ms('refresh_claimed_at', true))
    .$call(ms('created_at'))
    .$call(ms('updated_at'))
    .execute();

  await db.schema.createTable('sandbox_oauth_records')
    .$call(text('model'))
    .$call(text('id_hash'))
    .$call(text('payload_json'))
    .$call(optionalText('grant_id', 'uid', 'user_code', 'account_id'))
    .$call(ms('expires_at', true))
    .$call(ms('consumed_at', true))
    .addPrimaryKeyConstraint('sandbox_oauth_records_pkey', ['model', 'id_hash'])
    .execute();
  await createIndex(db, 'sandbox_oauth_records', ['grant_id'], { where: sql`grant_id is not null` });
  await createIndex(db, 'sandbox_oauth_records', ['uid'], { where: sql`uid is not null` });
  await createIndex(db, 'sandbox_oauth_records', ['user_code'], { where: sql`user_code is not null` });
  await createIndex(db, 'sandbox_oauth_records', ['account_id', 'model'], { where: sql`account_id is not null` });
  await createIndex(db, 'sandbox_oauth_records', ['expires_at'], { where: sql`expires_at is not null` });

  await db.schema.createTable('sandbox_connections')
    .$call(textPk())
    .$call(text('app_id'))
    .$call(ms('revoked_at', true))
    .addColumn('fail_remaining', 'integer', (c) => c.notNull().defaultTo(0).check(sql`fail_remaining >= 0`))
    .addColumn('fail_status', 'integer')
    .$call(ms('created_at'))
    .$call(ms('updated_at'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, ['sandbox_connections', 'sandbox_oauth_records', 'account_oauth_tokens', 'oauth_authorizations']);
}
