// The states the connect links carry, as base64url JSON:
// - /magic/authorize?state=<{ authSessionToken, sandbox[, reintegrate] }> (the engine's magicLinkUrl).
//   The spec: a state that cannot be decoded to an object shows the error and goes to /404. An
//   object without a token is no usable link either.
// - /admin/authorize and /oauth/authorize?state=<{ authSessionToken, appId, sandbox, reintegrate }>:
//   the same, for one app; a state without the app is no usable link.

interface MagicState {
  authSessionToken: string;
  sandbox: boolean;
  reintegrate: boolean;
}

interface AppState extends MagicState {
  appId: string;
}

/** The text of a base64url (or base64) value; throws when it is not that, or not UTF-8. */
export function base64UrlToText(value: string): string {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/** The JSON object a state encodes, or null when it is missing, not base64url JSON or not an object. */
export function decodeStateObject(raw: string | null): Record<string, unknown> | null {
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(base64UrlToText(raw));
  } catch {
    return null;
  }
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** The decoded state, or null when it is missing, not base64url JSON, not an object or has no token. */
export function decodeMagicState(raw: string | null): MagicState | null {
  const state = decodeStateObject(raw);
  if (!state || !isText(state.authSessionToken)) return null;
  return { authSessionToken: state.authSessionToken, sandbox: state.sandbox === true, reintegrate: state.reintegrate === true };
}

/** The decoded state of a link for one app, or null when it is no magic state or names no app. */
export function decodeAppState(raw: string | null): AppState | null {
  const state = decodeMagicState(raw);
  const appId = decodeStateObject(raw)?.appId;
  return state && isText(appId) ? { ...state, appId } : null;
}
