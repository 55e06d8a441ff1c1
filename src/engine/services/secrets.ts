import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

// Secrets the engine must show again later (API keys on the API Keys page) are kept encrypted with
// AES-256-GCM under a key derived from the engine's signing secret. The stored text is
// `v1.<iv>.<tag>.<ciphertext>` (base64url), so a later key scheme can sit beside this one.
const VERSION = 'v1';

const keyOf = (secret: string): Buffer => createHash('sha256').update(`secret-encryption:${secret}`).digest();

export function encryptSecret(plain: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

/** The plain text, or undefined when the value is malformed, tampered with or sealed under another secret. */
export function decryptSecret(sealed: string, secret: string): string | undefined {
  const [version, iv, tag, data, extra] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined || extra !== undefined) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
