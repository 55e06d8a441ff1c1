import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// Secrets handed to clients (session tokens, API keys) are 256-bit random and stored only as a
// sha-256 hash. Tokens that must carry data (invite links, upload URLs, magic-link state) are
// signed with HMAC-SHA256 under the engine's secret.
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export function sign(payload: object, secret: string): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const mac = createHmac('sha256', secret).update(body).digest('base64url');
  return `${body}.${mac}`;
}

/** The payload of a token signed by `sign`, or undefined when it is malformed or tampered with. */
export function verifySigned<T>(token: string, secret: string): T | undefined {
  const [body, mac, extra] = token.split('.');
  if (!body || !mac || extra !== undefined) return undefined;
  const expected = createHmac('sha256', secret).update(body).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T;
  } catch {
    return undefined;
  }
}
