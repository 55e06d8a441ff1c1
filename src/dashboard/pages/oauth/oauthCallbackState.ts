import { decodeStateObject } from '../magic/magicState.ts';

// The state an app sends the end customer back to /oauth with is the one connect.oauth.start
// issued (spec part 1 §2): base64url JSON with appId, isFinalStep, stepId, category, reintegrate
// and authSessionToken (and the engine's nonce). Anything else is a bad state: the screen toasts
// and goes to /404 without calling the engine. The engine checks the rest (every byte, once, in
// time).

export interface OAuthCallbackState {
  appId: string;
  isFinalStep: boolean;
  stepId: string;
  category: string;
  reintegrate: boolean;
  authSessionToken: string;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

export function decodeOAuthCallbackState(raw: string | null): OAuthCallbackState | null {
  const state = decodeStateObject(raw);
  if (!state) return null;
  const { appId, isFinalStep, stepId, category, reintegrate, authSessionToken } = state;
  if (!isText(appId) || !isText(stepId) || !isText(category) || !isText(authSessionToken)) return null;
  if (typeof isFinalStep !== 'boolean' || typeof reintegrate !== 'boolean') return null;
  return { appId, isFinalStep, stepId, category, reintegrate, authSessionToken };
}
