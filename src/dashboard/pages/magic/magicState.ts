// The /magic/authorize link carries ?state=<base64url JSON { authSessionToken, sandbox[, reintegrate] }>
// (the engine's magicLinkUrl). The spec: a state that cannot be decoded to an object shows the
// error and goes to /404. An object without a token is no usable link either.

interface MagicState {
  authSessionToken: string;
  sandbox: boolean;
  reintegrate: boolean;
}

function base64UrlToText(value: string): string {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/** The decoded state, or null when it is missing, not base64url JSON, not an object or has no token. */
export function decodeMagicState(raw: string | null): MagicState | null {
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(base64UrlToText(raw));
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const state = parsed as Record<string, unknown>;
  if (typeof state.authSessionToken !== 'string' || !state.authSessionToken.trim()) return null;
  return { authSessionToken: state.authSessionToken, sandbox: state.sandbox === true, reintegrate: state.reintegrate === true };
}
