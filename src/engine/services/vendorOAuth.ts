import { createHash, randomBytes } from 'node:crypto';
import type { EngineConfig } from '../config.ts';
import type { Category } from '../../shared/categories.ts';
import {
  categoryScopes, OFFLINE_ACCESS, oauthRedirectUri, SANDBOX_OAUTH_PATH, sandboxClientSecret, sandboxIssuer,
} from '../sandbox/registration.ts';
import type { InProcessHttp } from './inProcessHttp.ts';

/*
 * The engine as an OAuth 2.0 client of the apps' authorization servers. Every catalog app is
 * backed by the sandbox provider (no real vendor is reachable from the engine), so each OAuth app
 * is a client of the sandbox OAuth server (sandbox/registration.ts) and the token endpoint is
 * called in process (services/inProcessHttp.ts).
 *
 *   pkcePair(): { verifier, challenge }                       S256, 256-bit verifier
 *   authorizeUrl(config, { appId, category, state, codeChallenge, loginHint }): string
 *   exchangeCode(http, config, appId, code, verifier): Promise<TokenResult>
 *   refreshTokens(http, config, appId, refreshToken): Promise<TokenResult>
 *
 * A TokenResult is the tokens, or a failure that says whether the server refused (400/401: a bad
 * code or verifier, a revoked or reused refresh token; it will not change by retrying) or could not
 * answer (5xx, the sandbox switched off).
 */

export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  tokenType: string;
  scope: string;
  /** The access token's lifetime as the server gave it. */
  expiresInSeconds: number;
}

export type TokenResult =
  | { ok: true; tokens: TokenSet }
  | { ok: false; refused: boolean; status: number; error: string; description: string };

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The scopes the engine asks an app of the category for: its read scopes and offline access. */
export const requestedScopes = (category: Category): string => [...categoryScopes(category).map((s) => s.name), OFFLINE_ACCESS.name].join(' ');

/**
 * Where the end customer authorises: the app's authorization endpoint with the code flow, PKCE
 * (S256), the scopes, our state, the account to sign in as (login_hint) and a fresh sign-in and
 * consent every time (prompt=login consent: the connection is the hinted account, never whoever
 * used the same browser before).
 */
export function authorizeUrl(config: EngineConfig, input: { appId: string; category: Category; state: string; codeChallenge: string; loginHint: string }): string {
  const url = new URL(`${sandboxIssuer(config.publicUrl)}/auth`);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: input.appId,
    redirect_uri: oauthRedirectUri(config.publicUrl),
    scope: requestedScopes(input.category),
    state: input.state,
    code_challenge: input.codeChallenge,
    code_challenge_method: 'S256',
    prompt: 'login consent',
    login_hint: input.loginHint,
  }).toString();
  return url.toString();
}

async function tokenRequest(http: InProcessHttp, config: EngineConfig, appId: string, form: Record<string, string>): Promise<TokenResult> {
  const credentials = `${encodeURIComponent(appId)}:${encodeURIComponent(sandboxClientSecret(config.signingSecret, appId))}`;
  const response = await http.inject({
    method: 'POST',
    url: `${SANDBOX_OAUTH_PATH}/token`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(credentials).toString('base64')}`, accept: 'application/json' },
    payload: new URLSearchParams(form).toString(),
  });
  let body: Record<string, unknown> = {};
  try {
    body = response.json();
  } catch {
    // Not JSON: the status says enough.
  }
  if (response.statusCode === 200 && typeof body.access_token === 'string') {
    return {
      ok: true,
      tokens: {
        accessToken: body.access_token,
        refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : null,
        tokenType: typeof body.token_type === 'string' ? body.token_type : 'Bearer',
        scope: typeof body.scope === 'string' ? body.scope : '',
        expiresInSeconds: typeof body.expires_in === 'number' ? body.expires_in : 3600,
      },
    };
  }
  const refused = response.statusCode === 400 || response.statusCode === 401;
  return {
    ok: false,
    refused,
    status: response.statusCode,
    error: typeof body.error === 'string' ? body.error : refused ? 'invalid_request' : 'server_error',
    description: typeof body.error_description === 'string' ? body.error_description : `The authorization server answered ${response.statusCode}`,
  };
}

export function exchangeCode(http: InProcessHttp, config: EngineConfig, appId: string, code: string, verifier: string): Promise<TokenResult> {
  return tokenRequest(http, config, appId, { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: oauthRedirectUri(config.publicUrl) });
}

export function refreshTokens(http: InProcessHttp, config: EngineConfig, appId: string, refreshToken: string): Promise<TokenResult> {
  return tokenRequest(http, config, appId, { grant_type: 'refresh_token', refresh_token: refreshToken });
}
