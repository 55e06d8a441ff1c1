import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/*
 * Sealing: secrets the engine must use again later (end customers' credentials and OAuth tokens,
 * webhook signing secrets, the PKCE verifier and expected state of an OAuth sign-in in progress)
 * are stored encrypted with AES-256-GCM. Each purpose has its own key, derived with HKDF-SHA256
 * from the engine's secret (info = the purpose label), so the secret is never used as a key
 * directly and a value sealed for one purpose cannot be opened, or swapped in, as another.
 * Sealing protects as well as the engine's secret does: under the public development default a
 * copy of the database opens. API keys are therefore not sealed at all: the engine keeps their
 * hash only.
 *
 * Stored text: `v2.<iv>.<tag>.<ciphertext>` (base64url). `v1.` values, sealed before purposes
 * existed under sha256('secret-encryption:' + secret), still open for the purposes that used them;
 * at start the engine seals them again as v2 (services/accountCredentials.ts).
 */
type SealPurpose = 'end-customer-credentials' | 'webhook-signing-secrets' | 'oauth-tokens' | 'oauth-authorizations';

const VERSION = 'v2';
// A fixed salt is fine for HKDF when the input is a high-entropy secret; it only separates this
// derivation from any other use of the same secret.
const HKDF_SALT = 'integration-dashboard/sealed-secrets';
const LEGACY_VERSION = 'v1';
/** Purposes whose values were sealed as v1 and may still be stored that way. */
const LEGACY_PURPOSES: ReadonlySet<SealPurpose> = new Set(['end-customer-credentials']);

const sealingKey = (secret: string, purpose: SealPurpose): Buffer => Buffer.from(hkdfSync('sha256', secret, HKDF_SALT, purpose, 32));

const legacyKey = (secret: string): Buffer => createHash('sha256').update(`secret-encryption:${secret}`).digest();

function encrypt(version: string, key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [version, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

function decrypt(key: Buffer, iv: string, tag: string, data: string): string | undefined {
  try {
    // A full 16-byte tag only: GCM would otherwise accept a truncated one.
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: 16 });
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

/** Seals a value for one purpose under the engine's secret. */
export function sealSecret(plain: string, secret: string, purpose: SealPurpose): string {
  return encrypt(VERSION, sealingKey(secret, purpose), plain);
}

/**
 * The plain text, or undefined when the value is malformed, tampered with, or sealed under
 * another secret or for another purpose.
 */
export function openSecret(sealed: string, secret: string, purpose: SealPurpose): string | undefined {
  const [version, iv, tag, data, extra] = sealed.split('.');
  if (!iv || !tag || data === undefined || extra !== undefined) return undefined;
  if (version === VERSION) return decrypt(sealingKey(secret, purpose), iv, tag, data);
  if (version === LEGACY_VERSION && LEGACY_PURPOSES.has(purpose)) return decrypt(legacyKey(secret), iv, tag, data);
  return undefined;
}

/** True for a value in an older format, to be sealed again. */
export const isLegacySealed = (sealed: string): boolean => sealed.startsWith(`${LEGACY_VERSION}.`);
