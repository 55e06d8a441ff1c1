import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { newId } from '../db/ids.ts';
import { decryptSecret, encryptSecret } from '../services/secrets.ts';
import { hashToken, randomToken } from '../services/tokens.ts';

// API keys of an organisation: one live production and one live sandbox key (a partial unique
// index holds that). Bearer auth finds a key by its sha-256 (services/access.ts); the dashboard
// shows the whole key again, so it is also kept encrypted under the engine's secret.
type Db = Kysely<Database> | Transaction<Database>;
export type ApiKeyKind = 'prod' | 'sandbox';

const PREFIX: Record<ApiKeyKind, string> = { prod: 'sk_live_', sandbox: 'sk_test_' };
const SHOWN_PREFIX_LENGTH = 12;

export const newApiKey = (kind: ApiKeyKind): string => `${PREFIX[kind]}${randomToken(32)}`;

async function insertKey(db: Db, secret: string, orgId: string, kind: ApiKeyKind, now: number): Promise<string> {
  const key = newApiKey(kind);
  await db.insertInto('api_keys').values({
    id: newId('key'),
    org_id: orgId,
    kind,
    key_hash: hashToken(key),
    prefix: key.slice(0, SHOWN_PREFIX_LENGTH),
    key_encrypted: encryptSecret(key, secret),
    created_at: now,
    revoked_at: null,
    last_used_at: null,
  }).execute();
  return key;
}

/** Revokes the live key of that kind (its callers get 401 from now on) and issues a new one. */
export async function rotateApiKey(db: Kysely<Database>, secret: string, orgId: string, kind: ApiKeyKind, now: number): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await trx.updateTable('api_keys').set({ revoked_at: now })
      .where('org_id', '=', orgId).where('kind', '=', kind).where('revoked_at', 'is', null).execute();
    return insertKey(trx, secret, orgId, kind, now);
  });
}

/**
 * The live key of that kind, created on first use. A live key that cannot be shown again (sealed
 * under another engine secret, or stored without its encrypted copy) is replaced: the page must
 * show a key that works.
 */
export async function liveApiKey(db: Kysely<Database>, secret: string, orgId: string, kind: ApiKeyKind, now: number): Promise<string> {
  const row = await db.selectFrom('api_keys').select(['key_encrypted'])
    .where('org_id', '=', orgId).where('kind', '=', kind).where('revoked_at', 'is', null).executeTakeFirst();
  if (row) {
    const key = row.key_encrypted ? decryptSecret(row.key_encrypted, secret) : undefined;
    return key ?? rotateApiKey(db, secret, orgId, kind, now);
  }
  try {
    return await insertKey(db, secret, orgId, kind, now);
  } catch (error) {
    // Two first calls raced and the other one won the unique (org, kind) live key: show that one.
    const winner = await db.selectFrom('api_keys').select(['key_encrypted'])
      .where('org_id', '=', orgId).where('kind', '=', kind).where('revoked_at', 'is', null).executeTakeFirst();
    const key = winner?.key_encrypted ? decryptSecret(winner.key_encrypted, secret) : undefined;
    if (!key) throw error;
    return key;
  }
}
