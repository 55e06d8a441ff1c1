import type { Middleware } from 'openapi-fetch';
import { createAiClient, createEngineClient, type AiClient, type EngineClient } from '../../generated/api/clients.ts';
import { publicOperationKeys } from '../../generated/engine/publicOperations.ts';
import { ApiError, fromErrorBody, isSuccessStatus } from './errors.ts';

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
      // The public calls (auth.signIn, verifyOtp, ...) never sign out: a 401 there is not a lost session.
      if (response.status === 401 && withSession && !publicOperationKeys.has(`${service} ${schemaPath}`)) options.onUnauthorized(error);
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

// unwrap lives apart so code that only reads answers (the sign-up actors) needs no client.
export { unwrap } from './unwrap.ts';
