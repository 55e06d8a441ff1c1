import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

// The sandbox OAuth server's storage (oidc-provider's adapter, sandbox/oauthStore.ts): one row per
// model and id, keyed by the id's hash. Every statement names its model, so one model's adapter
// never reads or deletes another's rows.
type Db = Kysely<Database>;

export interface OauthRecord {
  payloadJson: string;
  consumedAt: number | null;
}

export interface OauthRecordValues {
  payloadJson: string;
  grantId: string | null;
  uid: string | null;
  userCode: string | null;
  accountId: string | null;
  expiresAt: number | null;
}

/** Writes a record, or replaces its payload and indexes; a consumed record stays consumed. */
export async function upsertOauthRecord(db: Db, model: string, idHash: string, values: OauthRecordValues): Promise<void> {
  const row = {
    payload_json: values.payloadJson,
    grant_id: values.grantId,
    uid: values.uid,
    user_code: values.userCode,
    account_id: values.accountId,
    expires_at: values.expiresAt,
  };
  await db.insertInto('sandbox_oauth_records').values({ model, id_hash: idHash, consumed_at: null, ...row })
    .onConflict((oc) => oc.columns(['model', 'id_hash']).doUpdateSet(row))
    .execute();
}

const found = (row: { payload_json: string; consumed_at: number | null } | undefined): OauthRecord | undefined =>
  row ? { payloadJson: row.payload_json, consumedAt: row.consumed_at === null ? null : Number(row.consumed_at) } : undefined;

export async function findOauthRecord(db: Db, model: string, idHash: string): Promise<OauthRecord | undefined> {
  return found(await db.selectFrom('sandbox_oauth_records').select(['payload_json', 'consumed_at'])
    .where('model', '=', model).where('id_hash', '=', idHash).executeTakeFirst());
}

/** The record of a model by a secondary column (uid of a session, a device flow's user code), with its id hash. */
export async function findOauthRecordBy(db: Db, model: string, column: 'uid' | 'user_code', value: string): Promise<(OauthRecord & { idHash: string }) | undefined> {
  const row = await db.selectFrom('sandbox_oauth_records').select(['id_hash', 'payload_json', 'consumed_at'])
    .where('model', '=', model).where(column, '=', value).executeTakeFirst();
  return row ? { ...found(row)!, idHash: row.id_hash } : undefined;
}

/**
 * Marks a record consumed, only if it is not yet: true for the one caller that consumed it. Two
 * exchanges of one code (or one refresh token) at once cannot both go on.
 */
export async function consumeOauthRecord(db: Db, model: string, idHash: string, now: number): Promise<boolean> {
  const result = await db.updateTable('sandbox_oauth_records').set({ consumed_at: now })
    .where('model', '=', model).where('id_hash', '=', idHash).where('consumed_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteOauthRecord(db: Db, model: string, idHash: string): Promise<void> {
  await db.deleteFrom('sandbox_oauth_records').where('model', '=', model).where('id_hash', '=', idHash).execute();
}

export async function deleteOauthRecordsOfGrant(db: Db, model: string, grantId: string): Promise<void> {
  await db.deleteFrom('sandbox_oauth_records').where('model', '=', model).where('grant_id', '=', grantId).execute();
}

/** The grant ids of an account (a sandbox connection), to revoke everything it was given. */
export async function grantIdsOfAccount(db: Db, accountId: string): Promise<string[]> {
  const rows = await db.selectFrom('sandbox_oauth_records').select('grant_id')
    .where('account_id', '=', accountId).where('model', '=', 'Grant').execute();
  return rows.map((r) => r.grant_id).filter((id): id is string => id !== null);
}

/** Removes records past their expiry (every token and session carries one). */
export async function deleteExpiredOauthRecords(db: Db, now: number): Promise<void> {
  await db.deleteFrom('sandbox_oauth_records').where('expires_at', '<', now).execute();
}

/**
 * Revokes everything an account (a sandbox connection) was granted: its grants and every code and
 * token issued under them. Answers how many grants there were.
 */
export async function revokeAccountGrants(db: Db, accountId: string): Promise<number> {
  const grants = await grantIdsOfAccount(db, accountId);
  if (grants.length > 0) await db.deleteFrom('sandbox_oauth_records').where('grant_id', 'in', grants).execute();
  return grants.length;
}
