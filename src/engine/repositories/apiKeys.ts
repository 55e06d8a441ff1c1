import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { newId } from '../db/ids.ts';
import { hashToken, randomToken } from '../services/tokens.ts';

// API keys of an organisation: one live production and one live sandbox key (a partial unique
// index holds that). The engine keeps a key's sha-256 (bearer auth finds the key by it,
// services/access.ts) and its first characters, never the key: a copy of the database must not
// yield a working key. So a key is shown in full once, by the call that creates or rotates it;
// afterwards only its masked form (prefix + '…') can be shown.
type Db = Kysely<Database> | Transaction<Database>;
export type ApiKeyKind = 'prod' | 'sandbox';

const PREFIX: Record<ApiKeyKind, string> = { prod: 'sk_live_', sandbox: 'sk_test_' };
// 'sk_live_' plus 4 random characters: enough to tell keys apart, far too little to guess one.
const SHOWN_PREFIX_LENGTH = 12;

export const newApiKey = (kind: ApiKeyKind): string => `${PREFIX[kind]}${randomToken(32)}`;
export const apiKeyPrefix = (key: string): string => key.slice(0, SHOWN_PREFIX_LENGTH);
export const maskApiKey = (prefix: string): string => `${prefix}…`;

/** Stores a new live key of that kind and returns it in full (the only time it exists in clear). */
export async function insertApiKey(db: Db, orgId: string, kind: ApiKeyKind, now: number): Promise<string> {
  const key = newApiKey(kind);
  await db.insertInto('api_keys').values({
    id: newId('key'),
    org_id: orgId,
    kind,
    key_hash: hashToken(key),
    prefix: apiKeyPrefix(key),
    created_at: now,
    revoked_at: null,
    last_used_at: null,
  }).execute();
  return key;
}

/** Revokes the live key of that kind: its callers get 401 from now on. */
export async function revokeKey(db: Db, orgId: string, kind: ApiKeyKind, now: number): Promise<void> {
  await db.updateTable('api_keys').set({ revoked_at: now })
    .where('org_id', '=', orgId).where('kind', '=', kind).where('revoked_at', 'is', null).execute();
}

/** The shown prefix of the live key of that kind, or undefined when the organisation has none. */
export async function liveApiKeyPrefix(db: Db, orgId: string, kind: ApiKeyKind): Promise<string | undefined> {
  return (await db.selectFrom('api_keys').select('prefix')
    .where('org_id', '=', orgId).where('kind', '=', kind).where('revoked_at', 'is', null).executeTakeFirst())?.prefix;
}

/** The masked form of the live key of that kind, or null when the organisation has none. */
export async function maskedLiveApiKey(db: Db, orgId: string, kind: ApiKeyKind): Promise<string | null> {
  const prefix = await liveApiKeyPrefix(db, orgId, kind);
  return prefix === undefined ? null : maskApiKey(prefix);
}

/** The live (not revoked) key with this hash, or undefined. */
export async function findActiveApiKey(db: Db, keyHash: string): Promise<{ id: string; org_id: string; kind: string } | undefined> {
  return db.selectFrom('api_keys').select(['id', 'org_id', 'kind'])
    .where('key_hash', '=', keyHash).where('revoked_at', 'is', null).executeTakeFirst();
}

export async function markApiKeyUsed(db: Db, keyId: string, now: number): Promise<void> {
  await db.updateTable('api_keys').set({ last_used_at: now }).where('id', '=', keyId).execute();
}
