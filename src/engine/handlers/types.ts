import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { EngineConfig } from '../config.ts';
import type { Mailer } from '../services/mailer.ts';
import type { operations as EngineOperations } from '../../generated/api/engine.ts';
import type { operations as AiOperations } from '../../generated/api/ai.ts';

export type Role = 'admin' | 'member' | 'billingcontact';

/** Who is calling: a dashboard session, or a customer backend with an API key. */
export type Caller =
  | { kind: 'session'; sessionId: string; userId: string; orgId: string; role: Role; email: string }
  | { kind: 'apiKey'; orgId: string; sandbox: boolean }
  | { kind: 'anonymous' };

export interface Clock {
  now(): number;
}

export interface EngineServices {
  db: Kysely<Database>;
  config: EngineConfig;
  mailer: Mailer;
  clock: Clock;
}

export interface HandlerContext extends EngineServices {
  caller: Caller;
  request: FastifyRequest;
  reply: FastifyReply;
}

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type AllOperations = EngineOperations & AiOperations;
export type OperationId = keyof AllOperations & string;

export type BodyOf<Op extends OperationId> = AllOperations[Op] extends { requestBody?: infer R } ? Json<NonNullable<R>> : never;
export type QueryOf<Op extends OperationId> = AllOperations[Op] extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;
export type ParamsOf<Op extends OperationId> = AllOperations[Op] extends { parameters: { path?: infer P } } ? NonNullable<P> : never;
export type MsgOf<Op extends OperationId> = AllOperations[Op] extends { responses: { 200: infer R } }
  ? Json<R> extends { msg: infer M } ? M : never
  : never;

export interface HandlerInput<Op extends OperationId> {
  body: BodyOf<Op>;
  query: QueryOf<Op>;
  params: ParamsOf<Op>;
}

/** A handler returns the `msg` of the success envelope, or throws an ApiFailure. */
export type Handler<Op extends OperationId> = (input: HandlerInput<Op>, ctx: HandlerContext) => Promise<MsgOf<Op>>;

export type AnyHandler = (input: { body: unknown; query: unknown; params: unknown }, ctx: HandlerContext) => Promise<unknown>;

export const defineHandler = <Op extends OperationId>(operationId: Op, handler: Handler<Op>) =>
  ({ operationId, handler: handler as unknown as AnyHandler }) as const;
