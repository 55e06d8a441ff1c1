import { createEngineClient, type EngineClient } from '../generated/api/clients.ts';
import type {
  SchemaConnectCompleteBody,
  SchemaConnectOauthStartBody,
  SchemaConnectSession,
  SchemaIntegrationDetails,
} from '../generated/api/engine.ts';

// The engine's public connect calls, made from the customer's page to the engine's origin (the
// origin the component's script came from), through the client generated from the contract. Each
// call carries the auth session token in its body, never in a URL or a header: no cookie or
// credential of the page goes with it (CORS without credentials).

export type ConnectSession = SchemaConnectSession;
export type ConnectApp = ConnectSession['categories'][number]['apps'][number];
export type ConnectIntegration = ConnectSession['integrations'][number];
export type Category = ConnectSession['categories'][number]['category'];
export type IntegrationDetails = SchemaIntegrationDetails;

export const DEFAULT_ERROR_MESSAGE = 'Something went wrong, please try again';

/** A failed call: the engine's envelope (status, msg, field), or status 0 when no answer came. */
export class EngineError extends Error {
  override readonly name = 'EngineError';
  constructor(readonly status: number, readonly msg: string, readonly code: string, readonly field?: string) {
    super(msg);
  }

  /** The session is gone for good (unknown, expired or used token): only a new token helps. */
  get endsSession(): boolean {
    return this.status === 404 || this.status === 409;
  }
}

interface Envelope<T> {
  data?: { msg: T };
  error?: unknown;
  response: Response;
}

async function unwrap<T>(call: Promise<Envelope<T>>): Promise<T> {
  let result: Envelope<T>;
  try {
    result = await call;
  } catch {
    throw new EngineError(0, DEFAULT_ERROR_MESSAGE, 'NETWORK');
  }
  if (result.data && result.response.ok) return result.data.msg;
  const failure = (result.error as { error?: { msg?: unknown; code?: unknown; field?: unknown } } | undefined)?.error;
  const msg = typeof failure?.msg === 'string' && failure.msg.trim() ? failure.msg : DEFAULT_ERROR_MESSAGE;
  const code = typeof failure?.code === 'string' ? failure.code : `HTTP_${result.response.status}`;
  throw new EngineError(result.response.status, msg, code, typeof failure?.field === 'string' ? failure.field : undefined);
}

export interface EngineCalls {
  getSession(authSessionToken: string, signal?: AbortSignal): Promise<ConnectSession>;
  complete(body: SchemaConnectCompleteBody): Promise<{ integrationId: string; appId: string; category: Category }>;
  startOAuth(body: SchemaConnectOauthStartBody): Promise<{ authorizeUrl: string; state: string }>;
  deactivate(authSessionToken: string, integrationId: string): Promise<IntegrationDetails>;
}

/** The network call, replaceable in tests (the generated client hands it a Request). */
export type FetchRequest = (request: Request) => Promise<Response>;

/** The calls against the engine at `baseUrl` (its /api, absolute). */
export function engineCalls(baseUrl: string, fetchImpl?: FetchRequest): EngineCalls {
  const client: EngineClient = createEngineClient({
    baseUrl,
    // No cookies or HTTP auth of the engine's origin go along (they are not the credential).
    credentials: 'omit',
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
  return {
    getSession: (authSessionToken, signal) => unwrap(client.POST('/connect.getSession', { body: { authSessionToken }, ...(signal ? { signal } : {}) })),
    complete: (body) => unwrap(client.POST('/connect.complete', { body })),
    startOAuth: (body) => unwrap(client.POST('/connect.oauth.start', { body })),
    deactivate: (authSessionToken, integrationId) => unwrap(client.POST('/connect.deactivate', { body: { authSessionToken, integrationId } })),
  };
}
