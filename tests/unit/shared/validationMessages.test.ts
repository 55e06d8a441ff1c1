import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import type { JsonSchema, RefResolver } from '../../../src/shared/contractMessages.ts';
import { fieldName, validationMessage, wordsOf } from '../../../src/shared/validationMessages.ts';
import { aiDocument, engineDocument } from '../../../src/generated/contract/index.ts';

// Every limit a request schema of either contract sets gets a message a user can read. Each limit
// is broken on its own against ajv (so the params are ajv's own), and the message the engine and
// the forms would show is checked: the contract's x-messages, or a default naming the field, never
// ajv's text. A keyword this table does not know fails the test, so a new kind of limit in the
// contract cannot reach users as raw validator text.

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const ajv = addFormats(new Ajv2020({ strict: false, allErrors: false, validateSchema: false }));

/** ajv's wording: what must never be a message. */
const RAW = /must NOT|must match|must have required|must be equal to|must be [<>]|must pass|must be (string|number|integer|boolean|array|object|null)\b|^must /;

type Doc = { paths: Record<string, Record<string, JsonSchema>> } & JsonSchema;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

const resolverOf = (doc: Doc): RefResolver => (ref) =>
  ref
    .split('#')[1]
    .split('/')
    .filter(Boolean)
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc) as JsonSchema | undefined;

const asSchema = (value: unknown): JsonSchema | undefined => (value && typeof value === 'object' && !Array.isArray(value) ? (value as JsonSchema) : undefined);

/** A value that breaks exactly this keyword of `schema` (its other rules may pass or not). */
const breakers: Record<string, (schema: JsonSchema) => { test: JsonSchema; value: unknown } | undefined> = {
  maxLength: (s) => ({ test: { maxLength: s.maxLength }, value: 'x'.repeat((s.maxLength as number) + 1) }),
  minLength: (s) => ((s.minLength as number) > 0 ? { test: { minLength: s.minLength }, value: '' } : undefined),
  maximum: (s) => ({ test: { maximum: s.maximum }, value: (s.maximum as number) + 1 }),
  minimum: (s) => ({ test: { minimum: s.minimum }, value: (s.minimum as number) - 1 }),
  exclusiveMaximum: (s) => ({ test: { exclusiveMaximum: s.exclusiveMaximum }, value: s.exclusiveMaximum }),
  exclusiveMinimum: (s) => ({ test: { exclusiveMinimum: s.exclusiveMinimum }, value: s.exclusiveMinimum }),
  multipleOf: (s) => ({ test: { multipleOf: s.multipleOf }, value: (s.multipleOf as number) * 1.5 }),
  maxItems: (s) => ({ test: { maxItems: s.maxItems }, value: Array.from({ length: (s.maxItems as number) + 1 }, (_, i) => i) }),
  minItems: (s) => ((s.minItems as number) > 0 ? { test: { minItems: s.minItems }, value: [] } : undefined),
  uniqueItems: (s) => (s.uniqueItems === true ? { test: { uniqueItems: true }, value: [1, 1] } : undefined),
  maxProperties: (s) => ({ test: { maxProperties: s.maxProperties }, value: Object.fromEntries(Array.from({ length: (s.maxProperties as number) + 1 }, (_, i) => [`k${i}`, 1])) }),
  minProperties: (s) => ((s.minProperties as number) > 0 ? { test: { minProperties: s.minProperties }, value: {} } : undefined),
  enum: (s) => ({ test: { enum: s.enum }, value: '__not_one_of_them__' }),
  const: (s) => ({ test: { const: s.const }, value: '__not_it__' }),
  // A format ajv does not check (binary) gives no error and is skipped below.
  format: (s) => ({ test: { format: s.format }, value: ([] as unknown[]).concat(s.type).includes('integer') ? 2 ** 70 : 'not valid at all ::' }),
  pattern: (s) => {
    const value = ['', ' ', '!', 'x', '0', 'a.b', 'AAAAAAAAAA'].find((candidate) => !new RegExp(s.pattern as string, 'u').test(candidate));
    return value === undefined ? undefined : { test: { pattern: s.pattern }, value };
  },
  type: (s) => {
    const value = [12345, '12345x', true, { a: 1 }, [1], 1.5, null].find((candidate) => !ajv.validate({ type: s.type }, candidate));
    return value === undefined ? undefined : { test: { type: s.type }, value };
  },
  propertyNames: (s) => ({ test: { propertyNames: s.propertyNames }, value: { '__not allowed key__': null } }),
};
/** Keywords that hold schemas or describe; their sub-schemas are walked instead. */
const STRUCTURE = new Set([
  'type', 'properties', 'items', 'prefixItems', 'additionalProperties', 'patternProperties', 'required', '$ref', 'allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else',
  'title', 'description', 'default', 'example', 'examples', 'readOnly', 'writeOnly', 'deprecated', 'nullable', 'contentMediaType', 'contentEncoding', '$comment',
]);

interface Limit {
  where: string;
  root: JsonSchema;
  path: string[];
  keyword: string;
  params: Record<string, unknown>;
  ajvText: string;
}

function ajvError(schema: JsonSchema, value: unknown, resolve: RefResolver): ErrorObject | undefined {
  // propertyNames may $ref a shared enum; inline the target so the fragment compiles alone.
  const inlined = JSON.parse(JSON.stringify(schema), (key, v) => (v && typeof v === 'object' && typeof v.$ref === 'string' ? resolve(v.$ref) : v));
  const validate = ajv.compile(inlined);
  return validate(value) ? undefined : (validate.errors ?? [])[0];
}

/** Every limit below `node` (at `path` of `root`), each with ajv's error for breaking it. */
function collect(where: string, root: JsonSchema, node: JsonSchema | undefined, path: string[], resolve: RefResolver, out: Limit[], unknown: Set<string>, refs: string[] = []): void {
  if (!node) return;
  if (typeof node.$ref === 'string') {
    if (refs.includes(node.$ref)) return;
    collect(where, root, resolve(node.$ref), path, resolve, out, unknown, [...refs, node.$ref]);
  }
  for (const keyword of Object.keys(node)) {
    if (keyword.startsWith('x-') || (STRUCTURE.has(keyword) && keyword !== 'type')) continue;
    const breaker = breakers[keyword];
    if (!breaker) {
      unknown.add(`${where} ${path.join('.') || '(root)'}: ${keyword}`);
      continue;
    }
    const broken = breaker(node);
    if (!broken) continue;
    const error = ajvError(broken.test, broken.value, resolve);
    if (!error && keyword === 'format') continue;
    if (!error) throw new Error(`${where} ${path.join('.')}: ${keyword} was not broken by ${JSON.stringify(broken.value)}`);
    const refusedKey = (error as ErrorObject & { propertyName?: string }).propertyName;
    out.push({
      where, root, path, ajvText: error.message ?? '',
      keyword: refusedKey !== undefined ? 'propertyNames' : error.keyword,
      params: refusedKey !== undefined ? { ...error.params, propertyName: refusedKey } : error.params,
    });
  }
  for (const name of (node.required as string[] | undefined) ?? []) {
    out.push({ where, root, path: [...path, name], keyword: 'required', params: { missingProperty: name }, ajvText: `must have required property '${name}'` });
  }
  if (node.additionalProperties === false) {
    out.push({ where, root, path: [...path, 'someUnknownField'], keyword: 'additionalProperties', params: { additionalProperty: 'someUnknownField' }, ajvText: 'must NOT have additional properties' });
  }
  for (const [name, child] of Object.entries(asSchema(node.properties) ?? {})) collect(where, root, asSchema(child), [...path, name], resolve, out, unknown, refs);
  if (asSchema(node.items)) collect(where, root, asSchema(node.items), [...path, '0'], resolve, out, unknown, refs);
  if (asSchema(node.additionalProperties)) collect(where, root, asSchema(node.additionalProperties), [...path, 'HRIS'], resolve, out, unknown, refs);
  for (const key of ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const) {
    for (const branch of (node[key] as unknown[] | undefined) ?? []) collect(where, root, asSchema(branch), path, resolve, out, unknown, refs);
  }
  for (const key of ['if', 'then', 'else', 'not'] as const) {
    // `if` and `not` are conditions, not limits a user breaks; `then`/`else` are.
    if (key === 'then' || key === 'else') collect(where, root, asSchema(node[key]), path, resolve, out, unknown, refs);
  }
}

/** The request roots of every operation, as the engine validates them: body, query group, path group. */
function requestLimits(doc: Doc, service: string) {
  const resolve = resolverOf(doc);
  const deref = (value: unknown): JsonSchema | undefined => {
    const schema = asSchema(value);
    return typeof schema?.$ref === 'string' ? deref(resolve(schema.$ref)) : schema;
  };
  const limits: Limit[] = [];
  const unknown = new Set<string>();
  let operations = 0;
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      operations += 1;
      const where = `${service} ${method.toUpperCase()} ${path}`;
      const parameters = ((op.parameters as unknown[] | undefined) ?? []).map(deref) as JsonSchema[];
      for (const location of ['query', 'path']) {
        const list = parameters.filter((p) => p.in === location);
        if (!list.length) continue;
        const root = { type: 'object', properties: Object.fromEntries(list.map((p) => [p.name, p.schema ?? {}])), required: list.filter((p) => p.required).map((p) => p.name) };
        collect(`${where} (${location})`, root, root, [], resolve, limits, unknown);
      }
      const body = asSchema(asSchema(asSchema(deref(op.requestBody)?.content)?.['application/json'])?.schema);
      if (body) collect(`${where} (body)`, body, body, [], resolve, limits, unknown);
    }
  }
  return { limits, unknown: [...unknown], resolve, operations };
}

describe.each([
  ['engine', engineDocument as unknown as Doc],
  ['ai', aiDocument as unknown as Doc],
])('every request limit of the %s contract', (service, doc) => {
  const { limits, unknown, resolve, operations } = requestLimits(doc, service);

  it('is a limit this test knows how to break', () => {
    expect(operations).toBeGreaterThan(10);
    expect(limits.length).toBeGreaterThan(100);
    expect(unknown).toEqual([]);
  });

  it('answers with a readable message naming the field, never ajv text', () => {
    const bad: string[] = [];
    for (const limit of limits) {
      const message = validationMessage(limit.root, { path: limit.path, keyword: limit.keyword, params: limit.params }, resolve);
      const readable = message !== limit.ajvText && !RAW.test(message) && /^[A-Z0-9'"]/.test(message) && !message.includes('undefined') && !message.includes('[object');
      if (!readable) bad.push(`${limit.where} ${limit.path.join('.')} ${limit.keyword}: '${message}' (ajv: '${limit.ajvText}')`);
    }
    expect(bad).toEqual([]);
  });
});

describe('the default message per keyword', () => {
  const resolve: RefResolver = () => undefined;
  const root: JsonSchema = {
    type: 'object',
    properties: {
      username: { type: 'string', title: 'Name', maxLength: 100 },
      search: { type: 'string', minLength: 3 },
      category: { type: 'string', enum: ['HRIS', 'ATS', 'CRM'] },
      limit: { type: 'integer', minimum: 1, maximum: 100 },
      categories: { type: 'array', title: 'Categories', maxItems: 2, items: { type: 'string', enum: ['HRIS', 'ATS'] } },
      tncUrl: { type: 'string', format: 'uri', 'x-messages': { format: 'Please add a valid URL' } },
      originOrgId: { type: 'string', pattern: '\\S' },
    },
  };
  const message = (path: string[], keyword: string, params?: Record<string, unknown>) => validationMessage(root, { path, keyword, params }, resolve);

  it('names the field by its title, else its property name in words', () => {
    expect(message(['username'], 'maxLength', { limit: 100 })).toBe('Name must be at most 100 characters');
    expect(message(['search'], 'minLength', { limit: 3 })).toBe('Search must be at least 3 characters');
    expect(message(['category'], 'enum')).toBe('Category must be one of: HRIS, ATS, CRM');
    expect(message(['limit'], 'maximum', { limit: 100, comparison: '<=' })).toBe('Limit must be at most 100');
    expect(message(['limit'], 'minimum', { limit: 1 })).toBe('Limit must be at least 1');
    expect(message(['limit'], 'type', { type: 'integer' })).toBe('Limit must be a whole number');
    expect(message(['categories'], 'maxItems', { limit: 2 })).toBe('Categories can have at most 2 items');
    expect(message(['categories', '1'], 'enum')).toBe('Categories must be one of: HRIS, ATS');
    expect(message(['originOrgId'], 'pattern')).toBe('Origin org ID is required');
    expect(message(['orgSize'], 'required', { missingProperty: 'orgSize' })).toBe('Org size is required');
  });

  it("keeps the contract's own message first", () => {
    expect(message(['tncUrl'], 'format', { format: 'uri' })).toBe('Please add a valid URL');
    expect(message(['tncUrl'], 'type')).toBe('Tnc URL must be text');
  });

  it('turns property names into words', () => {
    expect(wordsOf('originOrgId')).toBe('Origin org ID');
    expect(wordsOf('pageNo')).toBe('Page number');
    expect(wordsOf('webhookUrls')).toBe('Webhook URLs');
    expect(wordsOf('currency_code')).toBe('Currency code');
    expect(wordsOf('date[after]')).toBe('Date after');
    expect(fieldName(root, [], resolve)).toBe('Request body');
  });
});
