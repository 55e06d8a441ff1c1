import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { trimMarked, type JsonSchema } from '../shared/contractMessages.ts';
import { validationMessage } from '../shared/validationMessages.ts';
import { badRequest } from './errors.ts';

// Request and response validation straight from the bundled contract. Bodies are validated
// strictly (no coercion, nothing removed: STACK trap 7); query and path parameters are coerced
// from strings. The first failure becomes a 400 naming the field, with the contract's message or
// the shared default for the keyword (src/shared/validationMessages.ts), the dashboard forms' words too.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
type Document = { paths: Record<string, Record<string, JsonSchema>>; components?: JsonSchema };

interface OperationValidators {
  body?: ValidateFunction;
  bodySchema?: JsonSchema;
  /** Whether any part of the body schema is marked x-trim: only then is the body walked to trim. */
  bodyTrims: boolean;
  bodyRequired: boolean;
  query?: ValidateFunction;
  /** The query parameters as one object schema: where their x-messages are found. */
  querySchema?: JsonSchema;
  /** Array query parameters sent comma-separated (style form, explode false). */
  csvQuery: string[];
  params?: ValidateFunction;
  /** The path parameters as one object schema, for their names and messages. */
  paramsSchema?: JsonSchema;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

function newAjv(coerce: boolean) {
  const ajv = new Ajv2020({ strict: false, allErrors: false, coerceTypes: coerce ? 'array' : false, useDefaults: coerce, validateSchema: false });
  addFormats(ajv);
  return ajv;
}

/** `#/components/schemas/X` -> `<id>#/components/schemas/X`, so a fragment compiles against its document. */
function rebase(value: unknown, id: string): unknown {
  if (Array.isArray(value)) return value.map((v) => rebase(v, id));
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = k === '$ref' && typeof v === 'string' && v.startsWith('#') ? `${id}${v}` : rebase(v, id);
  return out;
}

export class ContractValidator {
  private readonly bodyAjv = newAjv(false);
  private readonly paramAjv = newAjv(true);
  private readonly responseAjv = newAjv(false);
  private readonly operations = new Map<string, JsonSchema>();
  // Compiled on first use: compiling every schema of a contract up front took ~2.5 s of each
  // process's start (the engine, a worker process, every restart after a crash).
  private readonly requestValidators = new Map<string, OperationValidators>();
  private readonly responseValidators = new Map<string, Map<string, ValidateFunction>>();

  constructor(private readonly id: string, private readonly document: Document) {
    for (const ajv of [this.bodyAjv, this.paramAjv, this.responseAjv]) ajv.addSchema(document as object, id);
    for (const item of Object.values(document.paths)) {
      for (const method of METHODS) {
        const op = item[method] as JsonSchema | undefined;
        if (op?.operationId) this.operations.set(op.operationId as string, op);
      }
    }
  }

  /** The contract's operation ids, in document order. */
  operationIds(): string[] {
    return [...this.operations.keys()];
  }

  /** Compiles an operation's request validators now rather than at its first request. */
  prepare(operationId: string): void {
    this.requestValidatorsOf(operationId);
  }

  private operation(operationId: string): JsonSchema {
    const op = this.operations.get(operationId);
    if (!op) throw new Error(`operation ${operationId} is not in contract ${this.id}`);
    return op;
  }

  private requestValidatorsOf(operationId: string): OperationValidators {
    let validators = this.requestValidators.get(operationId);
    if (!validators) this.requestValidators.set(operationId, validators = this.compileRequest(this.operation(operationId)));
    return validators;
  }

  private responseValidatorsOf(operationId: string): Map<string, ValidateFunction> | undefined {
    if (!this.operations.has(operationId)) return undefined;
    let validators = this.responseValidators.get(operationId);
    if (!validators) this.responseValidators.set(operationId, validators = this.compileResponses(this.operation(operationId)));
    return validators;
  }

  readonly resolve = (ref: string): JsonSchema | undefined => {
    const [, pointer = ''] = ref.split('#');
    let node: unknown = this.document;
    for (const raw of pointer.split('/').filter(Boolean)) {
      node = (node as Record<string, unknown> | undefined)?.[raw.replace(/~1/g, '/').replace(/~0/g, '~')];
    }
    return node as JsonSchema | undefined;
  };

  private deref(value: JsonSchema | undefined): JsonSchema | undefined {
    return typeof value?.$ref === 'string' ? this.deref(this.resolve(value.$ref)) : value;
  }

  /** True when the schema, or any schema it reaches through $ref, carries x-trim. Iterative. */
  private marksTrim(schema: JsonSchema): boolean {
    const seen = new Set<unknown>();
    const stack: unknown[] = [schema];
    while (stack.length > 0) {
      const node = stack.pop();
      if (!node || typeof node !== 'object' || seen.has(node)) continue;
      seen.add(node);
      const record = node as Record<string, unknown>;
      if (record['x-trim'] === true) return true;
      if (typeof record.$ref === 'string') stack.push(this.resolve(record.$ref));
      for (const value of Object.values(record)) if (value && typeof value === 'object') stack.push(value);
    }
    return false;
  }

  private compileResponses(op: JsonSchema): Map<string, ValidateFunction> {
    const responses = new Map<string, ValidateFunction>();
    for (const [status, response] of Object.entries((op.responses as Record<string, JsonSchema>) ?? {})) {
      const schema = (this.deref(response)?.content as Record<string, JsonSchema> | undefined)?.['application/json']?.schema;
      if (schema) responses.set(status, this.responseAjv.compile(rebase(schema, this.id) as object));
    }
    return responses;
  }

  private compileRequest(op: JsonSchema): OperationValidators {
    const requestBody = this.deref(op.requestBody as JsonSchema | undefined);
    const content = requestBody?.content as Record<string, JsonSchema> | undefined;
    const bodySchema = content?.['application/json']?.schema as JsonSchema | undefined;
    const parameters = ((op.parameters as JsonSchema[] | undefined) ?? []).map((p) => this.deref(p)!);
    const groupSchema = (where: string): JsonSchema | undefined => {
      const list = parameters.filter((p) => p.in === where);
      if (list.length === 0) return undefined;
      return {
        type: 'object',
        properties: Object.fromEntries(list.map((p) => [p.name, p.schema ?? {}])),
        required: list.filter((p) => p.required).map((p) => p.name),
      };
    };
    const group = (where: string) => {
      const schema = groupSchema(where);
      return schema ? this.paramAjv.compile(rebase(schema, this.id) as object) : undefined;
    };
    const csvQuery = parameters
      .filter((p) => p.in === 'query' && p.explode === false && this.deref(p.schema as JsonSchema | undefined)?.type === 'array')
      .map((p) => p.name as string);
    return {
      body: bodySchema ? this.bodyAjv.compile(rebase(bodySchema, this.id) as object) : undefined,
      bodySchema,
      bodyTrims: bodySchema ? this.marksTrim(bodySchema) : false,
      bodyRequired: requestBody?.required === true,
      query: group('query'),
      querySchema: groupSchema('query'),
      csvQuery,
      params: group('path'),
      paramsSchema: groupSchema('path'),
    };
  }

  /** Validates (and trims, coerces, defaults) a request in place; throws a 400 ApiFailure. */
  validateRequest(operationId: string, request: { body?: unknown; query?: unknown; params?: unknown }): { body: unknown } {
    const v = this.requestValidatorsOf(operationId);
    if (v.params && !v.params(request.params ?? {})) throw this.failure(v.params.errors, v.paramsSchema ?? {}, 'params');
    // `a,b,c` of an explode:false array becomes ['a', 'b', 'c'] (an empty value, no items).
    const query = (request.query ?? {}) as Record<string, unknown>;
    for (const name of v.csvQuery) {
      const raw = query[name];
      if (raw === undefined) continue;
      query[name] = (Array.isArray(raw) ? raw : [raw]).flatMap((item) => String(item).split(',')).filter((item) => item !== '');
    }
    if (v.query && !v.query(query)) throw this.failure(v.query.errors, v.querySchema ?? {}, 'query');
    let body = request.body;
    if (v.body && v.bodySchema) {
      if (body === undefined || body === null) {
        if (v.bodyRequired) throw badRequest('A JSON request body is required', 'body');
      } else {
        // The walk follows the body's shape, which the body parser bounded (depth and size).
        if (v.bodyTrims) body = trimMarked(v.bodySchema, body, this.resolve);
        if (!v.body(body)) throw this.failure(v.body.errors, v.bodySchema);
      }
    }
    return { body };
  }

  /** Contract violations of a response, as readable strings (empty when it conforms). */
  checkResponse(operationId: string, status: number, payload: unknown): string[] {
    const responses = this.responseValidatorsOf(operationId);
    const validate = responses?.get(String(status)) ?? responses?.get('default');
    if (!validate) return [`status ${status} is not a documented response of ${operationId}`];
    if (validate(payload)) return [];
    return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`);
  }

  private failure(errors: ErrorObject[] | null | undefined, root: JsonSchema, where?: string) {
    const error = errors?.find((e) => e.keyword !== 'if') ?? errors?.[0];
    if (!error) return badRequest('Invalid request');
    const path = error.instancePath.split('/').filter(Boolean).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
    const params = error.params as Record<string, unknown>;
    // A key refused by propertyNames fails its inner rule (enum, pattern) on the object; it is the key that is wrong.
    const refusedKey = (error as ErrorObject & { propertyName?: string }).propertyName;
    const keyword = refusedKey !== undefined ? 'propertyNames' : error.keyword;
    if (keyword === 'required') path.push(params.missingProperty as string);
    if (keyword === 'additionalProperties') path.push(params.additionalProperty as string);
    const field = path.join('.') || where || 'body';
    // Never ajv's own text: the contract's message, else the default that names the field in words.
    const message = validationMessage(root, { path, keyword, params: refusedKey !== undefined ? { ...params, propertyName: refusedKey } : params }, this.resolve, {
      where: where === 'query' ? 'Query' : where === 'params' ? 'Path' : 'Request body',
    });
    return badRequest(message, field);
  }
}
