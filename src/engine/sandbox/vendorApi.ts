import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { EngineConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../handlers/types.ts';
import { vendorApps, type VendorApp } from '../repositories/appCatalog.ts';
import { countSandboxCall, sandboxConnectionState, takeForcedFailure } from '../repositories/sandboxConnections.ts';
import type { Category } from '../../shared/categories.ts';
import { buildRecord, connectionSeed, metaOf, countAt, visibleIndexes, type Connection, type RecordMeta } from './data/core.ts';
import { vendorApiOf, type Endpoint, type PageStyle } from './data/apis.ts';
import { ACCOUNT_HEADER, categoryScopes, SANDBOX_PREFIX, setupFieldConnectionId } from './registration.ts';

/*
 * The sandbox vendors' APIs: GET SANDBOX_PREFIX/apps/<appId>/<endpoint> for every app of the
 * catalog, the endpoints of its category (data/apis.ts), and GET .../v1/me (who the credentials
 * are); other methods answer 405 (read-only). A call goes through what a real vendor does, in this order:
 * 1. authentication: an OAuth app takes a Bearer access token of its own client from the sandbox
 *    OAuth server (401 invalid_token when unknown, expired or revoked; 403 insufficient_scope);
 *    an app with setup fields takes them as setup_field_headers say (401 without, or once the
 *    control surface revoked them); an app without credentials takes X-Account-Id;
 * 2. failures the control surface forced on the connection (the next N calls);
 * 3. the per-connection rate limit, SANDBOX_RATE_LIMIT calls a minute: 429 with Retry-After;
 * 4. an occasional 5xx (SANDBOX_ERROR_RATE);
 * 5. the data, generated for the connection at the engine's clock (data/core.ts).
 * Errors are JSON `{ error: { code, message } }`.
 */

/** What the OAuth server says of an access token, or undefined when it is not a valid one. */
export type AccessTokenCheck = (token: string) => Promise<{ clientId: string; accountId: string; scopes: string[] } | undefined>;

export interface VendorApiDeps {
  db: Kysely<Database>;
  config: EngineConfig;
  clock: Clock;
  checkAccessToken: AccessTokenCheck;
}

const RATE_WINDOW_MS = 60_000;
const MAX_PAGE = 100;
const DEFAULT_PAGE = 50;

class VendorError extends Error {
  constructor(readonly status: number, readonly code: string, message: string, readonly headers: Record<string, string> = {}) {
    super(message);
  }
}

const FAILURE_CODES: Record<number, string> = {
  401: 'invalid_token', 403: 'forbidden', 429: 'rate_limited', 500: 'internal_error', 502: 'bad_gateway', 503: 'service_unavailable', 504: 'gateway_timeout',
};

function failure(status: number): VendorError {
  const code = FAILURE_CODES[status] ?? 'error';
  if (status === 429) return new VendorError(429, code, 'Rate limit exceeded', { 'retry-after': '1' });
  if (status === 401) return new VendorError(401, code, 'The access token is invalid or has been revoked', { 'www-authenticate': 'Bearer error="invalid_token"' });
  if (status === 503) return new VendorError(503, code, 'The service is temporarily unavailable, try again later', { 'retry-after': '1' });
  return new VendorError(status, code, status >= 500 ? 'An internal error occurred, try again later' : 'Request refused');
}

interface Caller {
  connectionId: string;
  app: VendorApp;
}

/** Who calls, from the credentials, as the app's vendor checks them. */
async function authenticate(deps: VendorApiDeps, app: VendorApp, request: FastifyRequest): Promise<Caller> {
  const authorization = request.headers.authorization ?? '';
  if (app.oauth) {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
    const check = token ? await deps.checkAccessToken(token) : undefined;
    if (!check || check.clientId !== app.id) throw failure(401);
    const needed = categoryScopes(app.category as Category).map((s) => s.name);
    if (!needed.every((scope) => check.scopes.includes(scope))) {
      throw new VendorError(403, 'insufficient_scope', `The access token does not grant ${needed.join(' ')}`, { 'www-authenticate': `Bearer error="insufficient_scope", scope="${needed.join(' ')}"` });
    }
    return { connectionId: check.accountId, app };
  }
  if (app.steps.length === 0) {
    const account = request.headers[ACCOUNT_HEADER];
    return { connectionId: `open_${typeof account === 'string' && /^[\w-]{1,64}$/.test(account) ? account : 'public'}`, app };
  }
  if (!/^(Bearer|Basic)\s+\S+$/i.test(authorization)) {
    throw new VendorError(401, 'unauthorized', 'Missing credentials: send the API key as a Bearer token, or Basic credentials', { 'www-authenticate': 'Bearer, Basic' });
  }
  const tenant = request.headers['x-tenant'];
  const connectionId = setupFieldConnectionId(app.id, authorization, typeof tenant === 'string' ? tenant : undefined);
  const state = await sandboxConnectionState(deps.db, connectionId);
  if (state?.revokedAt != null) throw new VendorError(401, 'unauthorized', 'These credentials have been revoked');
  return { connectionId, app };
}

/** The connection's budget this minute: 429 with Retry-After once it is spent. */
async function countCall(deps: VendorApiDeps, connectionId: string, reply: FastifyReply): Promise<void> {
  const now = deps.clock.now();
  const limit = deps.config.sandboxRateLimit;
  const { count, windowStart } = await countSandboxCall(deps.db, connectionId, RATE_WINDOW_MS, now);
  const reset = Math.max(1, Math.ceil((windowStart + RATE_WINDOW_MS - now) / 1000));
  const headers = { 'x-ratelimit-limit': String(limit), 'x-ratelimit-remaining': String(Math.max(0, limit - count)), 'x-ratelimit-reset': String(reset) };
  if (count > limit) throw new VendorError(429, 'rate_limited', `Rate limit of ${limit} requests per minute exceeded`, { ...headers, 'retry-after': String(reset) });
  void reply.headers(headers);
}

function sinceOf(value: unknown): number | undefined {
  if (value === undefined || value === '') return undefined;
  const text = String(value);
  const ms = /^\d{1,15}$/.test(text) ? Number(text) : Date.parse(text);
  if (!Number.isFinite(ms)) throw new VendorError(400, 'invalid_parameter', 'updated_since must be an ISO 8601 date-time or epoch milliseconds');
  return ms;
}

function intOf(value: unknown, name: string, fallback: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new VendorError(400, 'invalid_parameter', `${name} must be a whole number from 1 to ${max}`);
  return n;
}

const encodeCursor = (index: number) => Buffer.from(`i:${index}`).toString('base64url');
function decodeCursor(value: unknown, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const match = /^i:(\d{1,9})$/.exec(Buffer.from(String(value), 'base64url').toString('utf8'));
  if (!match) throw new VendorError(400, 'invalid_parameter', `${name} is not a cursor this API gave`);
  return Number(match[1]);
}

type Query = Record<string, string | undefined>;

/** A list endpoint's answer, paged in its vendor's style. */
function listAnswer(style: PageStyle, endpoint: Endpoint, conn: Connection, query: Query, pageUrl: (changes: Query) => string, reply: FastifyReply): unknown {
  const metas = visibleIndexes(conn, endpoint.spec, sinceOf(query.updated_since));
  const build = (page: RecordMeta[]) => page.map((meta) => buildRecord(conn, endpoint.spec, meta));
  if (style === 'page' || style === 'pageLink') {
    const page = intOf(query.page, 'page', 1, 1_000_000);
    const sizeName = style === 'page' ? 'page_size' : 'per_page';
    const size = intOf(query[sizeName], sizeName, DEFAULT_PAGE, MAX_PAGE);
    const rows = build(metas.slice((page - 1) * size, page * size));
    const hasMore = page * size < metas.length;
    if (style === 'page') return { [endpoint.key]: rows, pagination: { page, page_size: size, total: metas.length, has_more: hasMore } };
    void reply.header('x-total-count', String(metas.length));
    if (hasMore) void reply.header('link', `<${pageUrl({ page: String(page + 1), per_page: String(size) })}>; rel="next"`);
    return rows;
  }
  const limit = intOf(query.limit, 'limit', DEFAULT_PAGE, MAX_PAGE);
  const cursorName = style === 'after' ? 'after' : 'cursor';
  const after = decodeCursor(query[cursorName], cursorName);
  const rest = after === undefined ? metas : metas.filter((m) => m.index > after);
  const page = rest.slice(0, limit);
  const next = rest.length > limit ? encodeCursor(page[page.length - 1].index) : null;
  if (style === 'after') {
    return { results: build(page), ...(next ? { paging: { next: { after: next, link: pageUrl({ after: next, limit: String(limit) }) } } } : {}) };
  }
  return { data: build(page), next_cursor: next, has_more: next !== null };
}

function detailAnswer(endpoint: Endpoint, conn: Connection, id: string): unknown {
  const index = endpoint.spec.ids.index(id);
  if (index === undefined || index < 0 || index >= countAt(conn, endpoint.spec, conn.now)) {
    throw new VendorError(404, 'not_found', `No ${endpoint.spec.name} record with id ${id}`);
  }
  return buildRecord(conn, endpoint.spec, metaOf(conn, endpoint.spec, index));
}

export function registerVendorApi(app: FastifyInstance, deps: VendorApiDeps): void {
  const origin = deps.config.publicUrl.replace(/\/+$/, '');
  app.get(`${SANDBOX_PREFIX}/apps/:appId/*`, async (request, reply) => {
    const { appId, '*': rest } = request.params as { appId: string; '*': string };
    try {
      const vendorApp = (await vendorApps(deps.db)).get(appId);
      if (!vendorApp) throw new VendorError(404, 'not_found', 'No such app');
      const path = `/${rest}`.replace(/\/+$/, '');
      const api = vendorApiOf(vendorApp.category as Category);
      const endpoint = api.endpoints.find((e) => path === e.path || path.startsWith(`${e.path}/`));
      if (path !== '/v1/me' && !endpoint) throw new VendorError(404, 'not_found', 'No such endpoint');
      const caller = await authenticate(deps, vendorApp, request);
      const forced = await takeForcedFailure(deps.db, caller.connectionId, deps.clock.now());
      if (forced !== undefined) throw failure(forced);
      await countCall(deps, caller.connectionId, reply);
      if (deps.config.sandboxErrorRate > 0 && Math.random() < deps.config.sandboxErrorRate) throw failure([500, 502, 503][Math.floor(Math.random() * 3)]);

      const conn: Connection = { seed: connectionSeed(appId, caller.connectionId), now: deps.clock.now() };
      if (!endpoint) {
        return { connection_id: caller.connectionId, app_id: appId, category: vendorApp.category, endpoints: api.endpoints.map((e) => e.path) };
      }
      if (path !== endpoint.path) {
        const id = decodeURIComponent(path.slice(endpoint.path.length + 1));
        if (id.includes('/')) throw new VendorError(404, 'not_found', 'No such endpoint');
        return detailAnswer(endpoint, conn, id);
      }
      const query = request.query as Query;
      const pageUrl = (changes: Query) => {
        const url = new URL(`${origin}${request.url.split('?')[0]}`);
        for (const [key, value] of Object.entries({ ...query, ...changes })) if (value !== undefined) url.searchParams.set(key, value);
        return url.toString();
      };
      return listAnswer(api.style, endpoint, conn, query, pageUrl, reply);
    } catch (error) {
      if (!(error instanceof VendorError)) throw error;
      return reply.status(error.status).headers(error.headers).send({ error: { code: error.code, message: error.message } });
    }
  });
  // The sandbox vendors only read (their data is generated, not stored): a write is refused as a
  // read-only API refuses it, so passthrough writes get a vendor's answer rather than no route.
  app.route({
    method: ['POST', 'PUT', 'PATCH', 'DELETE'],
    url: `${SANDBOX_PREFIX}/apps/:appId/*`,
    handler: async (_request, reply) => reply.status(405).header('allow', 'GET')
      .send({ error: { code: 'method_not_allowed', message: 'This API is read-only: only GET is allowed' } }),
  });
}
