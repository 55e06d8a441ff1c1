import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { operations, type OperationMeta } from '../generated/engine/operations.ts';
import { engineDocument } from '../generated/contract/engine.ts';
import { aiDocument } from '../generated/contract/ai.ts';
import { ContractValidator } from './contract.ts';
import { ApiFailure, notImplemented } from './errors.ts';
import { handlers } from './handlers/index.ts';
import { authorize } from './services/access.ts';
import type { EngineServices, HandlerContext } from './handlers/types.ts';
import { serveDashboard } from './plugins/dashboard.ts';

// Every operation of both contracts becomes a route under its service's base path. A request is
// validated, authenticated and authorised from the contract, then handed to the handler bound to
// its operationId; an operation without a handler answers 501.
export const BASE_PATHS = { engine: '/api', ai: '/ai' } as const;

const documents = { engine: engineDocument, ai: aiDocument } as const;

// Compiling every schema of both contracts takes a while; one set serves every app in a process.
let compiled: { engine: ContractValidator; ai: ContractValidator } | undefined;
function contractValidators() {
  compiled ??= {
    engine: new ContractValidator('engine', documents.engine as never),
    ai: new ContractValidator('ai', documents.ai as never),
  };
  return compiled;
}

export function routeUrl(op: Pick<OperationMeta, 'service' | 'path'>): string {
  return BASE_PATHS[op.service] + op.path.replace(/\{(\w+)\}/g, ':$1');
}

export async function buildApp(services: EngineServices): Promise<FastifyInstance> {
  const app = Fastify({ logger: services.config.production ? { level: 'info' } : false, bodyLimit: 1024 * 1024, trustProxy: true });
  const validators = contractValidators();

  // Bodies arrive raw and are parsed here, so Fastify neither coerces nor strips them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, text, done) => {
    if (text === '' ) return done(null, undefined);
    try { done(null, JSON.parse(text as string)); } catch { done(new ApiFailure(400, 'VALIDATION', 'The request body is not valid JSON'), undefined); }
  });
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_req, body, done) => done(null, body));

  app.setErrorHandler((error, request, reply) => {
    const failure = error instanceof ApiFailure ? error : toFailure(error);
    if (failure.status >= 500 && failure.code !== 'NOT_IMPLEMENTED') request.log.error(error);
    void reply.status(failure.status).send({ success: false, error: failure.body });
  });
  for (const op of operations) {
    // Development helpers do not exist in production: their paths answer 404 like any unknown one.
    if (op.tag === 'dev' && services.config.production) continue;
    const validator = validators[op.service];
    app.route({
      method: op.method.toUpperCase() as 'GET',
      url: routeUrl(op),
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

  if (services.config.validateResponses) {
    // Tests run with this on: a response that breaks the contract becomes a 500 naming the break.
    app.addHook('preSerialization', async (request: FastifyRequest, reply, payload) => {
      const op = operationOf(request);
      if (!op || reply.statusCode === 501) return payload;
      const problems = validators[op.service].checkResponse(op.operationId, reply.statusCode, payload);
      if (problems.length === 0) return payload;
      reply.status(500);
      return { success: false, error: { msg: `Response of ${op.operationId} (${reply.statusCode}) breaks the contract: ${problems.join('; ')}`, code: 'CONTRACT_VIOLATION' } };
    });
  }

  await serveDashboard(app, services.config);
  return app;
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
