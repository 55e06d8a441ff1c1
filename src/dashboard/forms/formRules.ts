import type { ErrorSchema, RJSFValidationError } from '@rjsf/utils';
import type { FormDefinition } from '../../generated/forms/types.ts';
import type { JsonSchema } from '../../shared/contractMessages.ts';
import { validationMessage } from '../../shared/validationMessages.ts';

// The contract's form rules applied in the browser: messages per failed keyword, trimming and
// disabledUnless. All of them come from the generated definition; nothing here names a field.

type Values = Record<string, unknown>;

/** rjsf's property ('.list.0.email', 'userEmail', "['a']") as path segments. */
export function pathOf(property: string | undefined): string[] {
  return (property ?? '')
    .replace(/\[['"]?([^\]'"]+)['"]?\]/g, '.$1')
    .split('.')
    .filter(Boolean);
}

/** The definition's key for a path: array indexes become `*` (`list.0.email` -> `list.*.email`). */
export const messageKey = (path: readonly string[]) => path.map((s) => (/^\d+$/.test(s) ? '*' : s)).join('.');

const noRefs = () => undefined;

/**
 * The message for one failed keyword at `path`: the contract's (x-messages, in the definition's
 * `messages`), else the shared default that names the field ('Name must be at most 100
 * characters'), the same words the engine answers with.
 */
export function contractMessageFor(form: FormDefinition, path: readonly string[], keyword: string, params?: Readonly<Record<string, unknown>>): string {
  const messages = form.messages[messageKey(path)] as Readonly<Record<string, string | undefined>> | undefined;
  return validationMessage(form.schema as JsonSchema, { path, keyword, params }, noRefs, messages ? { messages } : {});
}

/** rjsf's transformErrors: every error gets the contract's message, else the field-naming default. */
export function contractErrorTransformer(form: FormDefinition) {
  return (errors: RJSFValidationError[]): RJSFValidationError[] => {
    const out: RJSFValidationError[] = [];
    const seen = new Set<string>();
    for (const error of errors) {
      const path = pathOf(error.property);
      // oneOf/anyOf/if wrappers repeat a branch's failure in schema jargon; the branch error is enough.
      if (error.name === 'oneOf' || error.name === 'anyOf' || error.name === 'if') continue;
      const message = contractMessageFor(form, path, error.name ?? '', error.params as Record<string, unknown> | undefined);
      const key = `${path.join('.')}|${message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ ...error, message, stack: message });
    }
    return out;
  };
}

function trimAt(value: unknown, path: readonly string[], dropEmpty: boolean): unknown {
  if (!path.length) {
    if (typeof value !== 'string') return value;
    const trimmed = value.trim();
    return dropEmpty && !trimmed ? undefined : trimmed;
  }
  const [head, ...rest] = path;
  if (head === '*') return Array.isArray(value) ? value.map((item) => trimAt(item, rest, dropEmpty)) : value;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const record = value as Values;
  if (!(head in record)) return value;
  const next = trimAt(record[head], rest, dropEmpty);
  if (next === undefined) {
    const { [head]: _dropped, ...others } = record;
    return others;
  }
  return { ...record, [head]: next };
}

/**
 * A copy of the values with every x-trim path trimmed (the definition's `trim` list). With
 * `dropEmpty`, a value left empty is removed, so validation reports it as missing ('Email is
 * required') rather than as malformed ('Not a valid email!').
 */
export function trimFormData<T>(form: FormDefinition, values: T, options: { dropEmpty?: boolean } = {}): T {
  return form.trim.reduce<unknown>((acc, path) => trimAt(acc, path.split('.'), options.dropEmpty ?? false), values) as T;
}

function valueAt(data: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Values)[key] : undefined), data);
}

function setAt(data: Values, path: string, value: unknown): Values {
  const [head, ...rest] = path.split('.');
  if (!rest.length) return { ...data, [head]: value };
  const child = data[head];
  return { ...data, [head]: setAt(child && typeof child === 'object' ? (child as Values) : {}, rest.join('.'), value) };
}

/**
 * disabledUnless: a field follows its controlling boolean. It is reset to false whenever the
 * controller changes (magic link: customMappingRequired when showCustomMapping changes).
 */
export function applyDisabledUnless<T>(form: FormDefinition, previous: T | undefined, next: T): T {
  let out = next as unknown as Values;
  for (const [path, controller] of Object.entries(form.disabledUnless)) {
    if (path.includes('*')) continue;
    if (previous !== undefined && valueAt(previous, controller) !== valueAt(next, controller)) out = setAt(out, path, false);
  }
  return out as unknown as T;
}

/** Server errors (field dot path -> message) as rjsf's extraErrors. */
export function serverErrorSchema(errors: Record<string, string> | undefined): ErrorSchema | undefined {
  if (!errors || !Object.keys(errors).length) return undefined;
  let schema: Values = {};
  for (const [field, message] of Object.entries(errors)) {
    const path = pathOf(field);
    schema = path.length ? setAt(schema, [...path, '__errors'].join('.'), [message]) : { ...schema, __errors: [message] };
  }
  return schema as ErrorSchema;
}
