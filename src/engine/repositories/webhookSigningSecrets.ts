import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

// Each organisation's webhook signing secret (services/webhookSigningSecret.ts): one row, the
// secret sealed (never in clear text) and when it was made. Reads and conditional writes only.

/** A fresh Standard Webhooks secret: `whsec_` and the base64 of 32 random bytes (the HMAC key). */
export const newWebhookSigningSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

interface StoredSigningSecret {
  secretSealed: string;
  createdAt: number;
}

export async function readSigningSecret(db: Kysely<Database>, orgId: string): Promise<StoredSigningSecret | undefined> {
  const row = await db.selectFrom('webhook_signing_secrets').select(['secret_sealed', 'created_at'])
    .where('org_id', '=', orgId).executeTakeFirst();
  return row && { secretSealed: row.secret_sealed, createdAt: row.created_at };
}

/** Stores the organisation's first secret; false when another call stored one first. */
export async function insertSigningSecret(db: Kysely<Database>, orgId: string, secretSealed: string, now: number): Promise<boolean> {
  const result = await db.insertInto('webhook_signing_secrets').values({ org_id: orgId, secret_sealed: secretSealed, created_at: now })
    .onConflict((oc) => oc.column('org_id').doNothing()).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * Replaces the secret only while it is still `expectedSealed` (the value the caller read), in one
 * statement: of two concurrent replacements exactly one applies. false when it no longer was.
 */
export async function replaceSigningSecret(db: Kysely<Database>, orgId: string, expectedSealed: string, secretSealed: string, now: number): Promise<boolean> {
  const result = await db.updateTable('webhook_signing_secrets').set({ secret_sealed: secretSealed, created_at: now })
    .where('org_id', '=', orgId).where('secret_sealed', '=', expectedSealed).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
