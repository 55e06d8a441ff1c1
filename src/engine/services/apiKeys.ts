import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { type ApiKeyKind, insertApiKey, liveApiKeyPrefix, maskApiKey, revokeKey } from '../repositories/apiKeys.ts';

// Showing and rotating an organisation's API keys. The engine keeps only a key's hash and prefix,
// so a key is in full only in the answer of the call that creates it (repositories/apiKeys.ts).

/** A key as a call may show it: in full only in the answer that created it. */
interface ShownApiKey {
  key: string;
  masked: boolean;
}

/** Revokes the live key of that kind (its callers get 401 from now on) and issues a new one, returned in full. */
export async function rotateApiKey(db: Kysely<Database>, orgId: string, kind: ApiKeyKind, now: number): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await revokeKey(trx, orgId, kind, now);
    return insertApiKey(trx, orgId, kind, now);
  });
}

/** The live key of that kind: created, and then shown in full, when there is none; else masked. */
export async function showApiKey(db: Kysely<Database>, orgId: string, kind: ApiKeyKind, now: number): Promise<ShownApiKey> {
  const prefix = await liveApiKeyPrefix(db, orgId, kind);
  if (prefix !== undefined) return { key: maskApiKey(prefix), masked: true };
  try {
    return { key: await insertApiKey(db, orgId, kind, now), masked: false };
  } catch (error) {
    // Two first calls raced and the other one won the unique (org, kind) live key: that answer
    // showed it in full, this one shows it masked.
    const winner = await liveApiKeyPrefix(db, orgId, kind);
    if (winner === undefined) throw error;
    return { key: maskApiKey(winner), masked: true };
  }
}
