import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { openSecret, sealSecret } from '../services/secrets.ts';

// Each organisation's webhook signing secret: the HMAC key of every webhook the engine sends it
// (services/webhookSender.ts). Its own random secret rather than an API key, so a receiver never
// holds a key that can call the API, and the database keeps it sealed, never in clear text.
const PURPOSE = 'webhook-signing-secrets';

export const newWebhookSigningSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

const sealedOf = async (db: Kysely<Database>, orgId: string) =>
  (await db.selectFrom('webhook_signing_secrets').select('secret_sealed').where('org_id', '=', orgId).executeTakeFirst())?.secret_sealed;

/**
 * The organisation's webhook signing secret, created on first use. A secret sealed under another
 * engine secret can no longer sign anything, so it is replaced (receivers then need the new one).
 */
export async function webhookSigningSecret(db: Kysely<Database>, engineSecret: string, orgId: string, now: number): Promise<string> {
  const stored = await sealedOf(db, orgId);
  const opened = stored === undefined ? undefined : openSecret(stored, engineSecret, PURPOSE);
  if (opened !== undefined) return opened;

  const fresh = newWebhookSigningSecret();
  const sealed = sealSecret(fresh, engineSecret, PURPOSE);
  if (stored === undefined) {
    // Concurrent first uses: one insert wins and every caller signs with the winner's secret.
    await db.insertInto('webhook_signing_secrets').values({ org_id: orgId, secret_sealed: sealed, created_at: now })
      .onConflict((oc) => oc.column('org_id').doNothing()).execute();
  } else {
    // Replace only the value read, so concurrent replacers settle on one secret.
    await db.updateTable('webhook_signing_secrets').set({ secret_sealed: sealed, created_at: now })
      .where('org_id', '=', orgId).where('secret_sealed', '=', stored).execute();
  }
  const winner = await sealedOf(db, orgId);
  const secret = winner === undefined ? undefined : openSecret(winner, engineSecret, PURPOSE);
  if (secret === undefined) throw new Error('The webhook signing secret could not be stored');
  return secret;
}
