import { createCipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Seals a value the way the engine did before sealing keys were derived per purpose (format v1:
 * AES-256-GCM under sha256('secret-encryption:' + secret)), so tests can store values an older
 * engine wrote. Written out here rather than imported: the engine no longer seals this way.
 */
export function sealLegacyV1(plain: string, secret: string): string {
  const key = createHash('sha256').update(`secret-encryption:${secret}`).digest();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}
