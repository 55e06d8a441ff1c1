import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { conflict } from '../errors.ts';
import { insertSigningSecret, newWebhookSigningSecret, readSigningSecret, replaceSigningSecret } from '../repositories/webhookSigningSecrets.ts';
import { openSecret, sealSecret } from './secrets.ts';

/*
 * Each organisation's webhook signing secret: the Standard Webhooks key (`whsec_<base64>`) of
 * every webhook the engine sends it (services/webhookSender.ts). Its own random secret rather
 * than an API key, so a receiver never holds a key that can call the API. Stored sealed
 * (services/secrets.ts); shown in full only by the call that rotates it, and masked otherwise.
 */
const PURPOSE = 'webhook-signing-secrets';
/** How many characters of the key follow `whsec_` in the masked form. */
const MASK_VISIBLE = 4;
const ROTATED_CONCURRENTLY = 'The webhook signing secret was just changed by another request, please try again';

interface SigningSecret {
  /** The whole `whsec_...` text: what a receiver passes to the standardwebhooks package. */
  secret: string;
  /** `whsec_AbCd…`: names the secret without letting anyone sign with it. */
  masked: string;
  /** When this secret was made (first use or last rotation), unix ms. */
  createdAt: number;
}

const maskSigningSecret = (secret: string): string => `${secret.slice(0, 'whsec_'.length + MASK_VISIBLE)}…`;

const shown = (secret: string, createdAt: number): SigningSecret => ({ secret, masked: maskSigningSecret(secret), createdAt });

/**
 * The organisation's signing secret, created on first use (concurrent first uses settle on one).
 * A secret sealed under another engine secret can no longer sign anything, so it is replaced
 * (receivers then need the new one, from a rotation).
 */
export async function signingSecretOf(db: Kysely<Database>, engineSecret: string, orgId: string, now: number): Promise<SigningSecret> {
  const stored = await readSigningSecret(db, orgId);
  const opened = stored && openSecret(stored.secretSealed, engineSecret, PURPOSE);
  if (stored && opened !== undefined) return shown(opened, stored.createdAt);

  const fresh = newWebhookSigningSecret();
  const sealed = sealSecret(fresh, engineSecret, PURPOSE);
  if (stored) await replaceSigningSecret(db, orgId, stored.secretSealed, sealed, now);
  else await insertSigningSecret(db, orgId, sealed, now);
  // Whoever won a race, every caller signs with the stored secret.
  const winner = await readSigningSecret(db, orgId);
  const secret = winner && openSecret(winner.secretSealed, engineSecret, PURPOSE);
  if (!winner || secret === undefined) throw new Error('The webhook signing secret could not be stored');
  return shown(secret, winner.createdAt);
}

/**
 * Replaces the organisation's secret with a new one, which signs every webhook sent from now on;
 * the previous secret verifies nothing sent after this. The answer is the only place the new
 * secret is shown in full. Two rotations at once: one applies, the other answers 409 (its secret
 * would never have signed anything).
 */
export async function rotateSigningSecret(db: Kysely<Database>, engineSecret: string, orgId: string, now: number): Promise<SigningSecret> {
  const stored = await readSigningSecret(db, orgId);
  const fresh = newWebhookSigningSecret();
  const sealed = sealSecret(fresh, engineSecret, PURPOSE);
  const applied = stored
    ? await replaceSigningSecret(db, orgId, stored.secretSealed, sealed, now)
    : await insertSigningSecret(db, orgId, sealed, now);
  if (!applied) throw conflict(ROTATED_CONCURRENTLY);
  return shown(fresh, now);
}
