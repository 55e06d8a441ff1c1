import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { EngineConfig } from '../config.ts';
import type { Mailer } from '../services/mailer.ts';
import type { InProcessHttp } from '../services/inProcessHttp.ts';
import type { UnifiedCall } from '../services/unifiedCalls.ts';
import { forbidden } from '../errors.ts';
import type { BodyOf, MsgOf, OperationId, ParamsOf, QueryOf, Role } from '../contractTypes.ts';

export type { MsgOf, Role } from '../contractTypes.ts';

/**
 * Who is calling: a dashboard session, a customer backend with an API key, or a customer backend
 * calling the unified API for one of its integrated accounts (the call being logged as it goes).
 */
export type Caller =
  | { kind: 'session'; sessionId: string; userId: string; orgId: string; role: Role; email: string }
  | { kind: 'apiKey'; orgId: string; sandbox: boolean }
  | { kind: 'integration'; orgId: string; sandbox: boolean; call: UnifiedCall }
  | { kind: 'anonymous' };

export interface Clock {
  now(): number;
}

export interface EngineServices {
  db: Kysely<Database>;
  config: EngineConfig;
  mailer: Mailer;
  clock: Clock;
  /** Calls to the engine's own routes without a socket (the sandbox provider): services/inProcessHttp.ts. */
  http: InProcessHttp;
}

export interface HandlerContext extends EngineServices {
  caller: Caller;
  request: FastifyRequest;
  reply: FastifyReply;
}

interface HandlerInput<Op extends OperationId> {
  body: BodyOf<Op>;
  query: QueryOf<Op>;
  params: ParamsOf<Op>;
}

/** A handler returns the `msg` of the success envelope, or throws an ApiFailure. */
type Handler<Op extends OperationId> = (input: HandlerInput<Op>, ctx: HandlerContext) => Promise<MsgOf<Op>>;

export type AnyHandler = (input: { body: unknown; query: unknown; params: unknown }, ctx: HandlerContext) => Promise<unknown>;

export const defineHandler = <Op extends OperationId>(operationId: Op, handler: Handler<Op>) =>
  ({ operationId, handler: handler as unknown as AnyHandler }) as const;

/** The caller of an operation that only a dashboard session may call. */
type SessionCaller = Extract<Caller, { kind: 'session' }>;
export interface SessionContext extends HandlerContext {
  caller: SessionCaller;
}
type SessionHandler<Op extends OperationId> = (input: HandlerInput<Op>, ctx: SessionContext) => Promise<MsgOf<Op>>;

/**
 * A handler of a dashboard-session operation: any other caller (an API key on an operation that
 * accepts both) gets 403 before the handler runs, so the handler gets a caller already narrowed.
 */
export const defineSessionHandler = <Op extends OperationId>(operationId: Op, handler: SessionHandler<Op>) =>
  defineHandler(operationId, (input, ctx) => {
    if (ctx.caller.kind !== 'session') throw forbidden();
    return handler(input, ctx as SessionContext);
  });

/** The caller of a unified API operation: the key's organisation and the call on its integrated account. */
export type IntegrationCaller = Extract<Caller, { kind: 'integration' }>;
export function integrationCallerOf(ctx: HandlerContext): IntegrationCaller {
  if (ctx.caller.kind !== 'integration') throw forbidden();
  return ctx.caller;
}
