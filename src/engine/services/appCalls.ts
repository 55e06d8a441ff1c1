import { STATUS_CODES } from 'node:http';
import { ApiFailure, badRequest, notFound, rateLimited } from '../errors.ts';
import type { EngineServices } from '../handlers/types.ts';
import { markAccountError } from '../repositories/accountChanges.ts';
import { CredentialsUnavailable } from './accountAccess.ts';
import { callAccountApi, type AccountApiRequest, type AccountApiResult } from './sandboxClient.ts';
import type { AppFailure, UnifiedCall } from './unifiedCalls.ts';

/*
 * The unified API's calls to an integrated account's app, the way a unified API copes with a
 * vendor: every request (retries included) is recorded on the call as a native call; a 5xx is
 * retried a bounded number of times with backoff; an OAuth token refused with 401 is renewed once
 * (services/sandboxClient.ts). What is left is judged by `failOnAppAnswer` (the data reads: a
 * failure answers the caller) or `noteAppAnswer` (passthrough: the app's answer is the answer),
 * which both put a failure the call could not get past on the call, for its issue, and an
 * account whose credentials the app refuses in Error.
 */

/** Waits before the first and the second retry of a 5xx; a Retry-After may lengthen them up to MAX_WAIT_MS. */
const BACKOFF_MS = [250, 750];
const MAX_WAIT_MS = 2_000;
export const DEFAULT_RETRIES = BACKOFF_MS.length;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Seconds of a Retry-After header (delta-seconds or an HTTP date), at least 1; undefined without one. */
export function retryAfterSeconds(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = /^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : Math.ceil((Date.parse(value) - now) / 1000);
  return Number.isFinite(seconds) ? Math.max(1, seconds) : undefined;
}

/** The app's own error text, from the usual JSON error shapes. */
function appMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const { error, message } = body as { error?: unknown; message?: unknown };
  if (typeof message === 'string') return message;
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') return (error as { message: string }).message;
  return undefined;
}

const statusMessage = (status: number, body: unknown): string =>
  (status < 300 ? undefined : appMessage(body)) ?? STATUS_CODES[status] ?? `HTTP ${status}`;

function record(call: UnifiedCall, request: AccountApiRequest, result: AccountApiResult): void {
  for (const native of result.nativeCalls) {
    let body: unknown;
    try {
      body = JSON.parse(native.responseBody);
    } catch {
      body = undefined;
    }
    call.nativeCalls.push({
      method: native.method, path: native.path, status: native.status, statusMessage: statusMessage(native.status, body).slice(0, 500),
      startedAt: native.startedAt, durationMs: native.durationMs, requestBody: request.body, responseBody: native.responseBody,
    });
  }
}

const failingCalls = (call: UnifiedCall) => call.nativeCalls.filter((n) => n.status >= 400).length;

function fail(call: UnifiedCall, failure: Omit<AppFailure, 'failingCalls'>): void {
  call.failure = { ...failure, failingCalls: failingCalls(call) };
}

/** An account whose credentials cannot be used: why, as the caller is answered. */
function credentialsFailure(call: UnifiedCall, error: CredentialsUnavailable): ApiFailure {
  const app = call.account.appLabel;
  switch (error.reason) {
    case 'not_found': return notFound('The integrated account no longer exists');
    case 'inactive': return new ApiFailure(409, 'ACCOUNT_INACTIVE', `The integrated account is inactive (${error.message}): reintegrate it before calling its app`);
    case 'not_connected': return new ApiFailure(409, 'ACCOUNT_NOT_CONNECTED', `The integrated account is not connected to ${app} yet: ${error.message}`);
    case 'refused':
      fail(call, { errorType: 'AUTH_ERROR', statusCode: 401, message: `${app} refused to renew the account's access` });
      return new ApiFailure(409, 'ACCOUNT_AUTH_FAILED', `${app} refused the account's credentials: the account is in Error. Ask the end customer to reconnect it (Reintegrate magic link)`);
    default:
      fail(call, { errorType: 'APP_ERROR', statusCode: 502, message: `${app} could not renew the account's access` });
      return new ApiFailure(502, 'APP_UNAVAILABLE', `${app} could not renew the account's access: try again later`);
  }
}

/** Calls the app, retrying a 5xx up to `retries` times with backoff; every attempt is recorded on the call. */
export async function callApp(services: EngineServices, call: UnifiedCall, request: AccountApiRequest, options: { retries: number }): Promise<AccountApiResult> {
  for (let attempt = 0; ; attempt += 1) {
    let result: AccountApiResult;
    try {
      result = await callAccountApi(services, call.account.integrationId, request);
    } catch (error) {
      if (error instanceof CredentialsUnavailable) throw credentialsFailure(call, error);
      throw error;
    }
    record(call, request, result);
    if (result.status < 500 || attempt >= options.retries) return result;
    const retryAfter = retryAfterSeconds(result.headers['retry-after']);
    await sleep(Math.min(MAX_WAIT_MS, Math.max(BACKOFF_MS[attempt], (retryAfter ?? 0) * 1000)));
  }
}

/** The app refused the account's credentials: the account goes to Error (a refused renewal put it there already). */
async function credentialsRefused(services: EngineServices, call: UnifiedCall, result: AccountApiResult): Promise<void> {
  const { account } = call;
  fail(call, { errorType: 'AUTH_ERROR', statusCode: 401, message: `${account.appLabel} refused the account's credentials (401)` });
  if (result.renewalFailure?.reason === 'refused') return;
  await markAccountError(services.db, account.orgId, account.integrationId, `${account.appLabel} refused the account's credentials (401): reconnect the account`, services.clock.now());
}

/**
 * Passthrough: the app's answer is the caller's answer, whatever its status; a refusal of the
 * credentials, a permission refusal, a rate limit or an outage still raises its issue.
 */
export async function noteAppAnswer(services: EngineServices, call: UnifiedCall, result: AccountApiResult): Promise<void> {
  const { status } = result;
  const app = call.account.appLabel;
  if (status === 401 && result.renewalFailure?.reason !== 'unavailable') await credentialsRefused(services, call, result);
  else if (status === 401) fail(call, { errorType: 'APP_ERROR', statusCode: 401, message: `${app} could not renew the account's access` });
  else if (status === 403) fail(call, { errorType: 'PERMISSION_DENIED', statusCode: 403, message: `${app}: ${appMessage(result.body) ?? 'access refused'}` });
  else if (status === 429) fail(call, { errorType: 'RATE_LIMITED', statusCode: 429, message: `${app} rate limited the account's calls` });
  else if (status >= 500) fail(call, { errorType: 'APP_ERROR', statusCode: status, message: `${app} answered ${status}: ${appMessage(result.body) ?? STATUS_CODES[status] ?? 'error'}` });
}

/**
 * A data read: anything but a 2xx of the app fails the call, with its issue. `field` is the
 * request field an app's 400 refers to (the cursor, for a list).
 */
export async function failOnAppAnswer(services: EngineServices, call: UnifiedCall, result: AccountApiResult, field?: string): Promise<void> {
  const { status } = result;
  if (status < 300) return;
  const app = call.account.appLabel;
  const said = appMessage(result.body) ?? STATUS_CODES[status] ?? `HTTP ${status}`;
  if (status === 429) {
    const wait = retryAfterSeconds(result.headers['retry-after']) ?? 1;
    fail(call, { errorType: 'RATE_LIMITED', statusCode: 429, message: `${app} rate limited the account's calls` });
    throw rateLimited(`${app} is rate limiting this account's calls: retry after ${wait} s`, wait);
  }
  if (status === 401 && result.renewalFailure?.reason === 'unavailable') {
    fail(call, { errorType: 'APP_ERROR', statusCode: 401, message: `${app} could not renew the account's access` });
    throw new ApiFailure(502, 'APP_UNAVAILABLE', `${app} could not renew the account's access: try again later`);
  }
  if (status === 401) {
    await credentialsRefused(services, call, result);
    throw new ApiFailure(409, 'ACCOUNT_AUTH_FAILED', `${app} refused the account's credentials: the account is in Error. Ask the end customer to reconnect it (Reintegrate magic link)`);
  }
  if (status === 403) {
    fail(call, { errorType: 'PERMISSION_DENIED', statusCode: 403, message: `${app}: ${said}` });
    throw new ApiFailure(409, 'APP_PERMISSION_DENIED', `${app} refused access to this data: ${said}`);
  }
  if (status === 400 || status === 422) {
    fail(call, { errorType: 'VALIDATION_ERROR', statusCode: status, message: `${app} refused the request: ${said}` });
    throw badRequest(`${app} refused the request: ${said}`, field);
  }
  if (status === 404) {
    fail(call, { errorType: 'NOT_FOUND', statusCode: 404, message: `${app}: ${said}` });
    throw notFound(`${app}: ${said}`);
  }
  const tries = call.nativeCalls.filter((n) => n.status >= 500).length;
  fail(call, { errorType: 'APP_ERROR', statusCode: status, message: `${app} answered ${status}: ${said}` });
  throw new ApiFailure(502, 'APP_UNAVAILABLE', `${app} failed (${status}: ${said})${tries > 1 ? ` on ${tries} tries` : ''}: try again later`);
}
