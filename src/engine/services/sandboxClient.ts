import { performance } from 'node:perf_hooks';
import type { EngineConfig } from '../config.ts';
import { ACCOUNT_HEADER, sandboxAppBase, setupFieldConnectionId, setupFieldHeaders } from '../sandbox/registration.ts';
import { credentialsForAccount, CredentialsUnavailable, type AccountAccessServices, type AccountCredentials } from './accountAccess.ts';

/*
 * Calls an integrated account's app, the way the unified API and the sync scheduler do: with the
 * account's usable credentials (services/accountAccess.ts), to its sandbox vendor (every catalog
 * app is backed by the sandbox provider of its category), in process (no network).
 *
 *   callAccountApi(services, integrationId, request): Promise<AccountApiResult>
 *     services: { db, config, clock, http } (EngineServices has them all)
 *     request: { method?: 'GET' (default) | 'POST' | ..., path: '/v1/employees' (the app's API, see
 *       sandbox/data/apis.ts), query?: { page: 2, updated_since: '2026-11-01T00:00:00Z' }, headers?, body?: unknown }
 *   AccountApiResult: { status, headers, body, nativeCalls }
 *     body: the parsed JSON answer (the raw text when it is not JSON)
 *     nativeCalls: NativeCall[], one per call made, in order, for the caller to log:
 *       { method, url, path, status, durationMs, startedAt (unix ms, engine clock), responseBody (text) }
 *     An OAuth account's 401 is followed by one refresh and one retry (so a revoked grant shows as
 *     the refresh refused: the account goes to Error and the 401 is answered, with `renewalFailure`
 *     saying why no retry was made); a 429 (Retry-After) or a 5xx is answered as it came, for the
 *     caller to back off and retry.
 *   throws CredentialsUnavailable (see accountAccess.ts) when the account has no usable credentials.
 *
 *   sandboxConnectionOf(services, integrationId): Promise<string>
 *     the sandbox connection an account's credentials are (the control surface and tests use it)
 *   accountApiBase(config, appId): string   the app's API base URL as a native call's url shows it
 */

export interface AccountApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  /** Extra request headers (passthrough); the credentials' headers are set after them, so they always win. */
  headers?: Record<string, string>;
  body?: unknown;
}

export interface NativeCall {
  method: string;
  url: string;
  path: string;
  status: number;
  durationMs: number;
  startedAt: number;
  responseBody: string;
}

export interface AccountApiResult {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  nativeCalls: NativeCall[];
  /** Why an OAuth account's 401 was not retried: its access could not be renewed (reason 'refused': the account is now in Error). */
  renewalFailure?: CredentialsUnavailable;
}

export const accountApiBase = (config: EngineConfig, appId: string): string => `${config.publicUrl.replace(/\/+$/, '')}${sandboxAppBase(appId)}`;

/** The request headers that present the credentials to the app's sandbox vendor. */
function authHeaders(credentials: AccountCredentials): Record<string, string> {
  if (credentials.kind === 'oauth') return { authorization: `Bearer ${credentials.accessToken}` };
  if (credentials.kind === 'fields') return setupFieldHeaders(credentials.values);
  return { [ACCOUNT_HEADER]: credentials.integrationId };
}

export async function sandboxConnectionOf(services: AccountAccessServices, integrationId: string): Promise<string> {
  const credentials = await credentialsForAccount(services, integrationId);
  // The engine signs OAuth accounts in with their integration id (login_hint).
  if (credentials.kind === 'oauth') return integrationId;
  if (credentials.kind === 'none') return `open_${integrationId}`;
  const headers = setupFieldHeaders(credentials.values);
  return setupFieldConnectionId(credentials.appId, headers.authorization ?? '', headers['x-tenant']);
}

function queryString(query: AccountApiRequest['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function callOnce(services: AccountAccessServices, credentials: AccountCredentials, request: AccountApiRequest): Promise<{ status: number; headers: Record<string, string>; text: string; call: NativeCall }> {
  const method = request.method ?? 'GET';
  const path = `${sandboxAppBase(credentials.appId)}${request.path.startsWith('/') ? request.path : `/${request.path}`}`;
  const url = `${path}${queryString(request.query)}`;
  const startedAt = services.clock.now();
  const started = performance.now();
  const response = await services.http.inject({
    method,
    url,
    headers: {
      accept: 'application/json', 'user-agent': 'integration-engine', ...request.headers, ...authHeaders(credentials),
      ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(request.body !== undefined ? { payload: JSON.stringify(request.body) } : {}),
  });
  const durationMs = Math.round((performance.now() - started) * 100) / 100;
  const headers = Object.fromEntries(Object.entries(response.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)]));
  return {
    status: response.statusCode,
    headers,
    text: response.body,
    call: { method, url: `${services.config.publicUrl.replace(/\/+$/, '')}${url}`, path: request.path, status: response.statusCode, durationMs, startedAt, responseBody: response.body },
  };
}

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

export async function callAccountApi(services: AccountAccessServices, integrationId: string, request: AccountApiRequest): Promise<AccountApiResult> {
  const credentials = await credentialsForAccount(services, integrationId);
  const first = await callOnce(services, credentials, request);
  if (first.status !== 401 || credentials.kind !== 'oauth') {
    return { status: first.status, headers: first.headers, body: parsed(first.text), nativeCalls: [first.call] };
  }
  // The token was refused before its time: renew it once (a revoked grant is refused there).
  let renewed: AccountCredentials;
  try {
    renewed = await credentialsForAccount(services, integrationId, { marginMs: Number.MAX_SAFE_INTEGER / 2 });
  } catch (error) {
    if (error instanceof CredentialsUnavailable) return { status: first.status, headers: first.headers, body: parsed(first.text), nativeCalls: [first.call], renewalFailure: error };
    throw error;
  }
  const second = await callOnce(services, renewed, request);
  return { status: second.status, headers: second.headers, body: parsed(second.text), nativeCalls: [first.call, second.call] };
}
