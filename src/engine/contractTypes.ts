import type { operations as EngineOperations } from '../generated/api/engine.ts';
import type { operations as AiOperations } from '../generated/api/ai.ts';
import type { operations as UnifiedOperations } from '../generated/api/unified.ts';

// The contract's request and response types, over the generated ones, for every engine layer:
// handlers map them, services and repositories return rows already shaped as the contract's.
export type { Role } from '../generated/engine/types.ts';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type AllOperations = EngineOperations & AiOperations & UnifiedOperations;
export type OperationId = keyof AllOperations & string;

export type BodyOf<Op extends OperationId> = AllOperations[Op] extends { requestBody?: infer R } ? Json<NonNullable<R>> : never;
export type QueryOf<Op extends OperationId> = AllOperations[Op] extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;
export type ParamsOf<Op extends OperationId> = AllOperations[Op] extends { parameters: { path?: infer P } } ? NonNullable<P> : never;
export type MsgOf<Op extends OperationId> = AllOperations[Op] extends { responses: { 200: infer R } }
  ? Json<R> extends { msg: infer M } ? M : never
  : never;
