import type { Middleware } from 'openapi-fetch';
import { createAiClient, createEngineClient, type AiClient, type EngineClient } from '../../generated/api/clients.ts';
import { operations } from '../../generated/engine/operations.ts';
import { ApiError, fromErrorBody, isSuccessStatus, toApiError } from './errors.ts';

/** What the clients need from the session: the token, read synchronously on every request. */
export interface TokenSource {
  getToken(): string | null;
}

export interface ApiClients {
  engine: EngineClient;
  ai: AiClient;
}

export interface ApiClientsOptions {
  session: TokenSource;
  /** Called once per 401 of a call made with a session (the spec: sign out and reload). */
  onUnauthorized: (error: ApiError) => void;
  /** Defaults to the contract's /api and /ai; tests pass absolute URLs (STACK.md trap 5). */
  engineBaseUrl?: string;
  aiBaseUrl?: string;
  fetch?: (request: Request) => Promise<Response>;
}

// The public calls (auth.signIn, verifyOtp, ...) never sign out: a 401 there is not a lost session.
const publicPaths = new Set(operations.filter((op) => op.public).map((op) => `${op.service} ${op.path}`));

async function readBody(response: Response): Promise<unknown> {
  const text = await response.clone().text();
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

/**
 * The middleware every client carries: the bearer token from the session, the 401 rule, and the
 * error policy (any status above 299 or a network failure throws one ApiError), so callers only see
 * data or an ApiError.
 */
export function sessionMiddleware(service: 'engine' | 'ai', options: Pick<ApiClientsOptions, 'session' | 'onUnauthorized'>): Middleware {
  return {
    onRequest({ request }) {
      const token = options.session.getToken();
      if (token && !request.headers.has('Authorization')) request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    },
    async onResponse({ request, response, schemaPath }) {
      if (isSuccessStatus(response.status)) return undefined;
      const error = fromErrorBody(response.status, await readBody(response));
      const withSession = request.headers.has('Authorization');
      if (response.status === 401 && withSession && !publicPaths.has(`${service} ${schemaPath}`)) options.onUnauthorized(error);
      throw error;
    },
    onError({ error }) {
      if (error instanceof ApiError) return error;
      const message = error instanceof Error ? error.message : undefined;
      return new ApiError({ status: 0, code: 'NETWORK', ...(message ? { msg: message } : {}), cause: error });
    },
  };
}

export function createApiClients(options: ApiClientsOptions): ApiClients {
  const fetchOption = options.fetch ? { fetch: options.fetch } : {};
  const engine = createEngineClient({ ...(options.engineBaseUrl ? { baseUrl: options.engineBaseUrl } : {}), ...fetchOption });
  const ai = createAiClient({ ...(options.aiBaseUrl ? { baseUrl: options.aiBaseUrl } : {}), ...fetchOption });
  engine.use(sessionMiddleware('engine', options));
  ai.use(sessionMiddleware('ai', options));
  return { engine, ai };
}

type CallResult = { data?: unknown; error?: unknown; response: Response };

/**
 * Awaits an openapi-fetch call and returns its data, or throws an ApiError. Every screen and actor
 * calls through this, so a body that cannot be read ('Unexpected response from server') and an
 * empty success body are handled once.
 */
export async function unwrap<R extends CallResult>(call: Promise<R>): Promise<Exclude<R['data'], undefined>> {
  let result: R;
  try {
    result = await call;
  } catch (error) {
    throw toApiError(error);
  }
  if (result.error !== undefined || !isSuccessStatus(result.response.status)) {
    throw fromErrorBody(result.response.status, result.error);
  }
  if (result.data === undefined) throw toApiError(new SyntaxError('empty response body'));
  return result.data as Exclude<R['data'], undefined>;
}
