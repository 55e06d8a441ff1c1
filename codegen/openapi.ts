// Reading a bundled OpenAPI 3.1 document: the loose types our generators need, internal $ref
// resolution, and a walk over operations in document order (so every output is deterministic).
// The bundle keeps $refs internal (#/components/...), so nothing here touches the file system.

export type JsonObject = { [key: string]: unknown };

export interface SchemaObject {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, SchemaObject>;
  required?: string[];
  items?: SchemaObject;
  allOf?: SchemaObject[];
  oneOf?: SchemaObject[];
  anyOf?: SchemaObject[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  [key: string]: unknown;
}

export interface ParameterObject {
  $ref?: string;
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema?: SchemaObject;
  [key: string]: unknown;
}

export interface OperationObject {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: ParameterObject[];
  requestBody?: { $ref?: string; content?: Record<string, { schema?: SchemaObject }> };
  responses?: Record<string, { $ref?: string; content?: Record<string, { schema?: SchemaObject }> }>;
  [key: string]: unknown;
}

export interface BundledDocument {
  openapi: string;
  info: { title: string; version: string; [key: string]: unknown };
  servers?: { url: string }[];
  security?: Record<string, string[]>[];
  paths: Record<string, Record<string, unknown>>;
  components?: {
    schemas?: Record<string, SchemaObject>;
    parameters?: Record<string, ParameterObject>;
    responses?: Record<string, unknown>;
    [key: string]: unknown;
  };
  [key: string]: unknown;
}

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface OperationEntry {
  path: string;
  method: HttpMethod;
  operation: OperationObject;
  /** Path-item parameters merged under the operation's own (the operation wins by name + in). */
  parameters: ParameterObject[];
  /** "GET /auth.getUiVersion (authGetUiVersion)": how problems name an operation. */
  label: string;
}

/** Follows one internal JSON pointer, e.g. `#/components/schemas/Role`. */
export function resolvePointer(doc: BundledDocument, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`External $ref left after bundling: ${ref}`);
  let node: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !(key in node)) {
      throw new Error(`Unresolvable $ref: ${ref}`);
    }
    node = (node as JsonObject)[key];
  }
  return node;
}

/** Follows $ref chains; sibling keywords of a $ref (3.1 allows them) override the target's. */
export function deref<T extends { $ref?: string }>(doc: BundledDocument, node: T): T {
  let current: T = node;
  const seen = new Set<string>();
  while (current && typeof current.$ref === 'string') {
    if (seen.has(current.$ref)) throw new Error(`Circular $ref: ${current.$ref}`);
    seen.add(current.$ref);
    const { $ref, ...siblings } = current;
    current = { ...(resolvePointer(doc, $ref) as T), ...siblings } as T;
  }
  return current;
}

/**
 * The object view of a schema: $refs followed and allOf members merged, so `properties` and
 * `required` list everything a value of it has. oneOf/anyOf variants contribute their properties
 * too (a column may show a field any variant has).
 */
export function flattenSchema(doc: BundledDocument, schema: SchemaObject): SchemaObject {
  const resolved = deref(doc, schema);
  const parts = [resolved, ...(resolved.allOf ?? []).map((part) => flattenSchema(doc, part))];
  const variants = [...(resolved.oneOf ?? []), ...(resolved.anyOf ?? [])].map((part) =>
    flattenSchema(doc, part),
  );
  const properties: Record<string, SchemaObject> = {};
  const required = new Set<string>();
  for (const part of [...parts, ...variants]) {
    Object.assign(properties, part.properties ?? {});
  }
  for (const part of parts) for (const name of part.required ?? []) required.add(name);
  const { allOf: _allOf, ...rest } = resolved;
  return { ...rest, properties, required: [...required] };
}

/** Resolves a dot path (`msg.rows`) through object properties; undefined when a step is missing. */
export function schemaAtPath(
  doc: BundledDocument,
  schema: SchemaObject,
  dotPath: string,
): SchemaObject | undefined {
  let current: SchemaObject | undefined = schema;
  for (const step of dotPath.split('.').filter(Boolean)) {
    if (!current) return undefined;
    const flat = flattenSchema(doc, current);
    current = flat.properties?.[step];
  }
  return current ? deref(doc, current) : undefined;
}

/** The JSON schema of an operation's 200 response body, if it has one. */
export function successSchema(doc: BundledDocument, op: OperationObject): SchemaObject | undefined {
  const response = op.responses?.['200'];
  if (!response) return undefined;
  const resolved = deref(doc, response);
  return resolved.content?.['application/json']?.schema;
}

/** The JSON schema of an operation's request body, if it has one. */
export function requestSchema(doc: BundledDocument, op: OperationObject): SchemaObject | undefined {
  if (!op.requestBody) return undefined;
  return deref(doc, op.requestBody).content?.['application/json']?.schema;
}

/** Every operation in document order: paths as listed in the root, methods in HTTP_METHODS order. */
export function listOperations(doc: BundledDocument): OperationEntry[] {
  const entries: OperationEntry[] = [];
  for (const [path, rawItem] of Object.entries(doc.paths ?? {})) {
    const item = deref(doc, rawItem as { $ref?: string }) as Record<string, unknown>;
    const shared = ((item.parameters as ParameterObject[] | undefined) ?? []).map((p) => deref(doc, p));
    for (const method of HTTP_METHODS) {
      const operation = item[method] as OperationObject | undefined;
      if (!operation) continue;
      const own = (operation.parameters ?? []).map((p) => deref(doc, p));
      const parameters = [
        ...shared.filter((s) => !own.some((o) => o.name === s.name && o.in === s.in)),
        ...own,
      ];
      const label = `${method.toUpperCase()} ${path} (${operation.operationId ?? 'no operationId'})`;
      entries.push({ path, method, operation, parameters, label });
    }
  }
  return entries;
}

/** `app.dashboard/syncRuns` -> `AppDashboardSyncRuns`; names generated types and exports. */
export function pascalCase(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');
}

export function camelCase(name: string): string {
  const pascal = pascalCase(name);
  return pascal ? pascal[0].toLowerCase() + pascal.slice(1) : pascal;
}
