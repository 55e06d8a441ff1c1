// The contract attaches the spec's messages to property schemas as `x-messages` (keyword -> message).
// Engine (400 error.msg) and dashboard (rjsf) both find a failed keyword's message here, so a rule
// and its wording live in one place: the contract.
export type JsonSchema = Record<string, unknown>;
export type RefResolver = (ref: string) => JsonSchema | undefined;

const asSchema = (value: unknown): JsonSchema | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as JsonSchema) : undefined;

/** The schema and every schema it $refs or allOf-combines, so extensions beside a $ref are seen. */
export function layers(schema: JsonSchema | undefined, resolve: RefResolver, depth = 0): JsonSchema[] {
  if (!schema || depth > 8) return [];
  const out = [schema];
  if (typeof schema.$ref === 'string') out.push(...layers(resolve(schema.$ref), resolve, depth + 1));
  for (const part of (schema.allOf as unknown[] | undefined) ?? []) out.push(...layers(asSchema(part), resolve, depth + 1));
  return out;
}

/** The schema of the value at `path` (property names and array indexes) below `root`. */
export function schemaAt(root: JsonSchema, path: readonly string[], resolve: RefResolver): JsonSchema | undefined {
  let current: JsonSchema | undefined = root;
  for (const segment of path) {
    if (!current) return undefined;
    const options = layers(current, resolve);
    const isIndex = /^\d+$/.test(segment);
    current = undefined;
    for (const layer of options) {
      const next = isIndex ? asSchema(layer.items) : asSchema(asSchema(layer.properties)?.[segment]);
      if (next) { current = next; break; }
    }
    // A map (webhook URL per category) keeps its value rules, and their messages, in additionalProperties.
    if (!current && !isIndex) current = options.map((layer) => asSchema(layer.additionalProperties)).find(Boolean);
  }
  return current;
}

export function messagesOf(schema: JsonSchema | undefined, resolve: RefResolver): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const layer of layers(schema, resolve).reverse()) Object.assign(merged, asSchema(layer['x-messages']) ?? {});
  return merged;
}

/** The message a property's x-messages give a failed keyword, or undefined. */
export function pickMessage(messages: Readonly<Record<string, string | undefined>> | undefined, keyword: string): string | undefined {
  const direct = messages?.[keyword];
  if (direct) return direct;
  // A non-blank rule is written as pattern '\S' or minLength; its message defaults to the required one.
  return keyword === 'pattern' || keyword === 'minLength' ? messages?.required : undefined;
}

/** Trims every string the schema marks `x-trim`, in place, before validation and sending. */
export function trimMarked(root: JsonSchema, value: unknown, resolve: RefResolver, path: string[] = []): unknown {
  const schema = schemaAt(root, path, resolve);
  if (typeof value === 'string') {
    return layers(schema, resolve).some((l) => l['x-trim'] === true) ? value.trim() : value;
  }
  if (Array.isArray(value)) return value.map((item, i) => trimMarked(root, item, resolve, [...path, String(i)]));
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) record[key] = trimMarked(root, record[key], resolve, [...path, key]);
  }
  return value;
}
