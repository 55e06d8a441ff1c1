import { badRequest } from '../errors.ts';
import type { EngineServices } from '../handlers/types.ts';
import { callApp, noteAppAnswer } from './appCalls.ts';
import type { UnifiedCall } from './unifiedCalls.ts';

/*
 * v1.0/passthrough: a request to the account's app's own API, sent as the caller wrote it with the
 * account's credentials added, answered with the app's status, headers and body. The path stays on
 * the app's API: no scheme or host, no dot segments (even escaped), no backslash, query or
 * fragment. Headers that carry credentials or that the transport owns are refused, so a caller can
 * neither replace the account's credentials nor smuggle a request. Not retried: the request need
 * not be idempotent.
 */
export interface PassthroughRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface PassthroughAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: unknown;
}

const REFUSED_HEADERS = /^(authorization|proxy-authorization|cookie|host|content-length|transfer-encoding|connection|upgrade|te|trailer|keep-alive|expect|x-account-id|x-tenant|x-api-key|x-forwarded-.*|forwarded)$/i;
/** The app's answer headers that describe it; the rest (cookies, security headers of the vendor) stay behind. */
const ANSWER_HEADERS = /^(content-type|retry-after|link|x-total-count|x-ratelimit-[a-z]+|www-authenticate)$/;

function checkPath(path: string): void {
  const refuse = (why: string) => badRequest(`path ${why}`, 'path');
  if (!path.startsWith('/') || path.startsWith('//')) throw refuse("must start with a single '/' (a path on the app's API, no host)");
  if (/[?#\\]|[\u0000-\u001f\u007f]/.test(path)) throw refuse('may hold no query string, fragment, backslash or control character (send the query in query)');
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    throw refuse('holds a malformed escape');
  }
  if (decoded.split('/').some((segment) => segment === '.' || segment === '..') || /[\\]/.test(decoded)) throw refuse("may hold no '.' or '..' segment");
}

export async function sendPassthrough(services: EngineServices, call: UnifiedCall, request: PassthroughRequest): Promise<PassthroughAnswer> {
  checkPath(request.path);
  for (const name of Object.keys(request.headers ?? {})) {
    if (REFUSED_HEADERS.test(name)) throw badRequest(`The ${name} header cannot be sent through passthrough: the engine sends the account's credentials itself`, `headers.${name}`);
  }
  const result = await callApp(services, call, {
    method: request.method,
    path: request.path,
    ...(request.query ? { query: request.query } : {}),
    ...(request.headers ? { headers: request.headers } : {}),
    ...(request.body !== undefined ? { body: request.body } : {}),
  }, { retries: 0 });
  await noteAppAnswer(services, call, result);
  const headers = Object.fromEntries(Object.entries(result.headers).filter(([name]) => ANSWER_HEADERS.test(name.toLowerCase())));
  return { statusCode: result.status, headers, body: result.body ?? null };
}
