// The words a user reads when a request breaks a rule of the contract. The contract's own message
// (x-messages, word for word from the spec) wins; every other limit gets a default per keyword that
// names the field in words. The engine (400 error.msg) and the dashboard forms (rjsf) both call
// validationMessage, so a long name reads the same in a form and in an API answer, and ajv's own
// text ('must NOT have more than 100 characters') never reaches a user.
import { layers, messagesOf, pickMessage, schemaAt, type JsonSchema, type RefResolver } from './contractMessages.ts';

interface ValidationFailure {
  /** Path of the failing value (property names and array indexes); for `required` and `additionalProperties` the property's. */
  path: readonly string[];
  /** The failed JSON-Schema keyword (ajv's error.keyword, rjsf's error.name). */
  keyword: string;
  /** ajv's error params; read where the schema cannot say (a missing property, a refused key). */
  params?: Readonly<Record<string, unknown>>;
}

/**
 * The message of a field left empty that must be filled: '<name> is required'. The contract's
 * default for `required`, and the connect form's rule for an app's own setup fields.
 */
export const requiredMessage = (name: string): string => `${name} is required`;

/** Written in capitals when a name is made from a property name: `tncUrl` -> 'Tnc URL'. */
const ACRONYMS: Readonly<Record<string, string>> = {
  id: 'ID', ids: 'IDs', url: 'URL', urls: 'URLs', uri: 'URI', api: 'API', apis: 'APIs', otp: 'OTP', ui: 'UI', ai: 'AI',
  svg: 'SVG', csv: 'CSV', sso: 'SSO', json: 'JSON', utc: 'UTC', vat: 'VAT',
};

/** `originOrgId` -> 'Origin org ID', `pageNo` -> 'Page number', `date[after]` -> 'Date after'. */
export function wordsOf(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word, i) => ACRONYMS[word.toLowerCase()] ?? (i > 0 && word.toLowerCase() === 'no' ? 'number' : word.toLowerCase()));
  if (words.length === 0) return 'Value';
  const [first, ...rest] = words;
  return [first.charAt(0).toUpperCase() + first.slice(1), ...rest].join(' ');
}

// A title written as a question ('When do you plan to go live?') is the form's prompt, not a name
// a sentence can start with; the property name reads better there.
const titleOf = (schema: JsonSchema | undefined, resolve: RefResolver): string | undefined =>
  layers(schema, resolve)
    .map((layer) => layer.title)
    .find((title): title is string => typeof title === 'string' && title.trim() !== '' && !title.trim().endsWith('?'));

/**
 * The field's name in words: its schema's `title`, else its property name split into words. An
 * array item without a title of its own is named after its array ('Categories').
 */
export function fieldName(root: JsonSchema, path: readonly string[], resolve: RefResolver, where = 'Request body'): string {
  const last = path.findLastIndex((segment) => !/^\d+$/.test(segment));
  if (last < path.length - 1) {
    const itemTitle = titleOf(schemaAt(root, path, resolve), resolve);
    if (itemTitle) return itemTitle;
  }
  if (last < 0) return titleOf(root, resolve) ?? where;
  return titleOf(schemaAt(root, path.slice(0, last + 1), resolve), resolve) ?? wordsOf(path[last]);
}

/** The keyword's value in the failing schema (or a schema it $refs / allOf-combines). */
function ruleOf(schema: JsonSchema | undefined, keyword: string, resolve: RefResolver): unknown {
  return layers(schema, resolve).find((layer) => layer[keyword] !== undefined)?.[keyword];
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const list = (values: readonly unknown[]) => values.map((value) => (value === null ? 'none' : String(value))).join(', ');

const FORMATS: Readonly<Record<string, string>> = {
  email: 'a valid email address',
  uri: 'a valid URL',
  url: 'a valid URL',
  'date-time': 'a valid date and time',
  date: 'a valid date',
  time: 'a valid time',
  uuid: 'a valid UUID',
  hostname: 'a valid host name',
  ipv4: 'a valid IPv4 address',
  ipv6: 'a valid IPv6 address',
};

const TYPES: Readonly<Record<string, string>> = {
  string: 'text',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  null: 'empty',
};

function numberOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** The default message of a failed keyword, naming the field; the contract's x-messages come first. */
function defaultValidationMessage(root: JsonSchema, failure: ValidationFailure, resolve: RefResolver, where?: string): string {
  const { keyword, params = {} } = failure;
  const schema = schemaAt(root, failure.path, resolve);
  const name = fieldName(root, failure.path, resolve, where);
  const rule = ruleOf(schema, keyword, resolve);
  const limit = numberOf(params.limit) ?? numberOf(rule) ?? 0;
  switch (keyword) {
    case 'required':
      return requiredMessage(name);
    case 'maxLength':
      return `${name} must be at most ${plural(limit, 'character')}`;
    case 'minLength':
      // minLength 1 is the spec's "required and not empty".
      return limit <= 1 ? requiredMessage(name) : `${name} must be at least ${plural(limit, 'character')}`;
    case 'maximum':
      return `${name} must be at most ${limit}`;
    case 'minimum':
      return `${name} must be at least ${limit}`;
    case 'exclusiveMaximum':
      return `${name} must be less than ${limit}`;
    case 'exclusiveMinimum':
      return `${name} must be more than ${limit}`;
    case 'multipleOf':
      return `${name} must be a multiple of ${limit}`;
    case 'maxItems':
      return `${name} can have at most ${plural(limit, 'item')}`;
    case 'minItems':
      return limit <= 1 ? `${name} needs at least one item` : `${name} needs at least ${plural(limit, 'item')}`;
    case 'uniqueItems':
      return `${name} cannot list the same value twice`;
    case 'maxProperties':
      return `${name} can have at most ${plural(limit, 'entry', 'entries')}`;
    case 'minProperties':
      return limit <= 1 ? `${name} needs at least one entry` : `${name} needs at least ${plural(limit, 'entry', 'entries')}`;
    case 'enum': {
      const allowed = Array.isArray(rule) ? rule : Array.isArray(params.allowedValues) ? params.allowedValues : [];
      return allowed.length ? `${name} must be one of: ${list(allowed)}` : `${name} is not one of the allowed values`;
    }
    case 'const': {
      const value = rule !== undefined ? rule : params.allowedValue;
      return `${name} can only be ${value === null ? 'empty' : String(value)}`;
    }
    case 'format': {
      const format = String(rule ?? params.format ?? '');
      return `${name} must be ${FORMATS[format] ?? `a valid ${wordsOf(format).toLowerCase()}`}`;
    }
    case 'pattern':
      // pattern '\S' is the contract's non-blank rule.
      return rule === '\\S' ? requiredMessage(name) : `${name} is not in a valid format`;
    case 'type': {
      const types = ([] as unknown[]).concat(rule ?? params.type ?? []).map(String);
      const words = types.map((type) => TYPES[type] ?? type);
      return words.length ? `${name} must be ${words.join(' or ')}` : `${name} has the wrong type`;
    }
    case 'additionalProperties':
      return `${name} is not a known field`;
    case 'propertyNames': {
      const key = typeof params.propertyName === 'string' ? `'${params.propertyName}'` : 'a key';
      const names = ruleOf(asObject(rule), 'enum', resolve);
      return Array.isArray(names) ? `${name} has ${key}, which is not one of: ${list(names)}` : `${name} has ${key}, which is not allowed`;
    }
    default:
      // oneOf, anyOf, not, if/then and whatever a later contract adds: no rule to quote, still words.
      return `${name} is not valid`;
  }
}

function asObject(value: unknown): JsonSchema | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as JsonSchema) : undefined;
}

/**
 * The message for a failed keyword: the contract's (x-messages at the path, or `messages` when the
 * caller has them already, as the generated forms do), else the default naming the field.
 */
export function validationMessage(
  root: JsonSchema,
  failure: ValidationFailure,
  resolve: RefResolver,
  options: { messages?: Readonly<Record<string, string | undefined>>; where?: string } = {},
): string {
  const messages = options.messages ?? messagesOf(schemaAt(root, failure.path, resolve), resolve);
  return pickMessage(messages, failure.keyword) ?? defaultValidationMessage(root, failure, resolve, options.where);
}
