import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { operations, type OperationMeta } from '../generated/engine/operations.ts';
import { engineDocument } from '../generated/contract/engine.ts';
import { aiDocument } from '../generated/contract/ai.ts';
import { unifiedDocument } from '../generated/contract/unified.ts';
import { arrivalOrderServer } from './arrivalOrder.ts';
import { ContractValidator } from './contract.ts';
import { ApiFailure, notImplemented } from './errors.ts';
import { handlers } from './handlers/index.ts';
import { authorize } from './services/access.ts';
import type { EngineServices, HandlerContext } from './handlers/types.ts';
import type { EngineConfig } from './config.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerCrossOrigin } from './plugins/crossOrigin.ts';
import { serveAuthComponent } from './plugins/authComponent.ts';
import { serveDashboard } from './plugins/dashboard.ts';
import { MAX_BODY_BYTES, registerBodyParsers } from './plugins/jsonBody.ts';
import { requestLoggerOptions } from './plugins/requestLog.ts';
import { registerSecurityHeaders, routeHeaders } from './plugins/securityHeaders.ts';
import { registerUnifiedCallLog } from './plugins/unifiedCallLog.ts';
import { registerSandbox } from './sandbox/index.ts';
import { inProcessHttpOf } from './services/inProcessHttp.ts';

// Every operation of the three contracts becomes a route under its service's base path. A request is
// validated, authenticated and authorised from the contract, then handed to the handler bound to
// its operationId; an operation without a handler answers 501.
export const BASE_PATHS = { engine: '/api', ai: '/ai', unified: '/v1.0' } as const;

const documents = { engine: engineDocument, ai: aiDocument, unified: unifiedDocument } as const;

// One set of validators (compiled as operations are first called) serves every app in a process.
let compiled: Record<keyof typeof documents, ContractValidator> | undefined;
function contractValidators() {
  compiled ??= {
    engine: new ContractValidator('engine', documents.engine as never),
    ai: new ContractValidator('ai', documents.ai as never),
    unified: new ContractValidator('unified', documents.unified as never),
  };
  return compiled;
}

/**
 * Compiles every operation's request validators, one operation per turn of the event loop, so a
 * started engine serves requests meanwhile and later first calls do not pay for compiling. A
 * schema that does not compile is reported here and left to fail its operation's calls (a 500),
 * not the process.
 */
export async function prepareContractValidators(report: (message: string) => void = console.error): Promise<void> {
  for (const validator of Object.values(contractValidators())) {
    for (const operationId of validator.operationIds()) {
      await new Promise((next) => setImmediate(next));
      try {
        validator.prepare(operationId);
      } catch (error) {
        report(`The request schemas of ${operationId} do not compile: ${(error as Error).message}`);
      }
    }
  }
}

export function routeUrl(op: Pick<OperationMeta, 'service' | 'path'>): string {
  return BASE_PATHS[op.service] + op.path.replace(/\{(\w+)\}/g, ':$1');
}

export interface AppOptions {
  /** Where the request log goes (tests capture it); with it the log is on whatever the environment. */
  logStream?: NodeJS.WritableStream;
}

/**
 * The engine's HTTP app. The services it is given get `http`, in-process calls to this app (the
 * sandbox provider's token endpoint and vendor APIs).
 */
export async function buildApp(base: Omit<EngineServices, 'http'>, options: AppOptions = {}): Promise<FastifyInstance> {
  const { config } = base;
  const app = Fastify({
    logger: config.production || options.logStream ? requestLoggerOptions(options.logStream) : false,
    bodyLimit: MAX_BODY_BYTES,
    // The client address (request.ip: sessions, OTP limits) comes from X-Forwarded-For only when
    // the engine is told it runs behind a proxy; otherwise any client could name its own address.
    trustProxy: trustProxyOption(config.trustProxy),
    // A path the router cannot decode (a bad percent-escape) is taken literally, so it is answered
    // like any unknown address: the dashboard's 404 page for a page, the envelope for a call.
    rewriteUrl: (request) => literalPercents(request.url ?? '/'),
    // Under load, requests are handled in the order they arrived (see arrivalOrder.ts).
    serverFactory: arrivalOrderServer,
  });
  const validators = contractValidators();
  const services: EngineServices = { ...base, http: inProcessHttpOf(() => app) };

  // External plugins first: the headers apply to every route, the 404 and error answers included.
  const securityHeaders = await registerSecurityHeaders(app, config);
  // Before compression: it logs each unified API call with the answer as it was serialised.
  registerUnifiedCallLog(app, services);
  await registerCompression(app);
  // Before the routes: it opens the operations the knit-auth component calls from other origins.
  await registerCrossOrigin(app, operations.filter((op) => op.crossOrigin).map((op) => ({ url: routeUrl(op), method: op.method })));
  registerBodyParsers(app);

  app.setErrorHandler((error, request, reply) => {
    const failure = error instanceof ApiFailure ? error : toFailure(error);
    if (failure.status >= 500 && failure.code !== 'NOT_IMPLEMENTED') request.log.error(error);
    if (failure.extra.retryAfterSeconds !== undefined) void reply.header('retry-after', String(failure.extra.retryAfterSeconds));
    void reply.status(failure.status).send({ success: false, error: failure.body });
  });
  for (const op of operations) {
    // Development helpers do not exist in production: their paths answer 404 like any unknown one.
    if (op.tag === 'dev' && config.production) continue;
    const validator = validators[op.service];
    const headers = securityHeaders.ofOperation(op.operationId);
    app.route({
      method: op.method.toUpperCase() as 'GET',
      url: routeUrl(op),
      ...(headers ? { config: routeHeaders(headers) } : {}),
      handler: async (request, reply) => {
        const caller = await authorize(op, request, services);
        const handler = handlers[op.operationId];
        const { body } = validator.validateRequest(op.operationId, request as never);
        if (!handler) throw notImplemented(op.operationId);
        const ctx: HandlerContext = { ...services, caller, request, reply };
        const msg = await handler({ body, query: request.query, params: request.params }, ctx);
        if (reply.sent) return reply;
        return { success: true, msg };
      },
    });
  }

  if (config.validateResponses) {
    // Tests run with this on: a response that breaks the contract becomes a 500 naming the break.
    app.addHook('preSerialization', async (request: FastifyRequest, reply, payload) => {
      const op = operationOf(request);
      // 501 (not built) and 413 (the body limit, met before the operation is reached) are the
      // engine's answers, not the operation's.
      if (!op || reply.statusCode === 501 || reply.statusCode === 413) return payload;
      const problems = validators[op.service].checkResponse(op.operationId, reply.statusCode, payload);
      if (problems.length === 0) return payload;
      reply.status(500);
      return { success: false, error: { msg: `Response of ${op.operationId} (${reply.statusCode}) breaks the contract: ${problems.join('; ')}`, code: 'CONTRACT_VIOLATION' } };
    });
  }

  await registerSandbox(app, services, securityHeaders);
  serveAuthComponent(app, config, securityHeaders);
  await serveDashboard(app, config, securityHeaders);
  return app;
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count trusts that many proxies nearest the engine, as
 * Express does (Fastify's types leave numbers out, and at run time it trusts nothing for one): it
 * is only right when no client can reach the engine without passing through them.
 */
function trustProxyOption(value: EngineConfig['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

/** The URL with its path's percent signs escaped when the path does not decode; else unchanged. */
export function literalPercents(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  try {
    decodeURIComponent(path);
    return url;
  } catch {
    return path.replace(/%/g, '%25') + (queryAt === -1 ? '' : url.slice(queryAt));
  }
}

const byRoute = new Map(operations.map((op) => [`${op.method.toUpperCase()} ${routeUrl(op)}`, op]));
function operationOf(request: FastifyRequest): OperationMeta | undefined {
  return byRoute.get(`${request.method} ${request.routeOptions.url}`);
}

function toFailure(error: unknown): ApiFailure {
  const e = error as { statusCode?: number; message?: string; code?: string };
  if (e.statusCode === 413) return new ApiFailure(413 as never, 'VALIDATION', 'The request body is too large');
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) return new ApiFailure(e.statusCode, 'VALIDATION', e.message ?? 'Bad request');
  return new ApiFailure(500, 'INTERNAL', 'Something went wrong, please try again');
}
