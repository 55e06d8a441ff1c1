import type { FastifyInstance } from 'fastify';
import { ApiFailure, badRequest } from '../errors.ts';

// Request bodies arrive raw and are parsed here, once for every operation, so Fastify neither
// coerces nor strips them (the contract validates them strictly afterwards). Before any handler,
// authentication included, a JSON body must:
// - fit in MAX_BODY_BYTES (Fastify counts the bytes while reading, before this parser runs);
// - nest objects and arrays at most MAX_NESTING deep: a linear scan of the raw text refuses a
//   deeper body before JSON.parse builds it, so nothing after the parser (trimming, ajv, handlers)
//   ever walks an unbounded tree. A 10 KB body can otherwise nest 5,000 deep;
// - hold no control or bidirectional-override characters in any string or property name: they
//   hide or reorder text where it is shown (a name reading backwards, a NUL cutting it short in
//   logs and e-mails). TAB, LF and CR stay allowed for multi-line text and code.
export const MAX_BODY_BYTES = 1024 * 1024;
export const MAX_NESTING = 64;

/**
 * C0 controls except TAB, LF and CR; DEL; C1 controls; the Arabic letter mark, LRM and RLM; the
 * bidi embeddings and overrides (U+202A-U+202E) and isolates (U+2066-U+2069).
 */
const NOT_ALLOWED = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * True when the JSON text opens more than `limit` objects/arrays inside one another. Brackets
 * inside strings (escaped quotes included) do not count; the scan stops at the first level past
 * the limit. Malformed text is left for JSON.parse to refuse.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i += 1;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * The same characters as JSON escapes (`\u202e`). A text that has none of them either raw or
 * escaped cannot parse into a string holding one, so most bodies skip the walk below.
 */
const ESCAPED_NOT_ALLOWED = /\\u(?:00[01][0-9a-f]|007f|008[0-9a-f]|009[0-9a-f]|061c|200[ef]|202[a-e]|206[6-9])/i;

function mayHoldDisallowedCharacters(text: string): boolean {
  return NOT_ALLOWED.test(text) || ESCAPED_NOT_ALLOWED.test(text);
}

const isWalked = (value: unknown): boolean => typeof value === 'string' || (value !== null && typeof value === 'object');

/**
 * The first field (in document order) whose string value or property name holds a character that
 * is not allowed, named as the contract's validation errors name fields (`orgName`,
 * `apps.0.label`, `body` for the body itself); undefined when there is none. Iterative; the
 * parser walks only bodies whose text may hold such a character.
 */
export function disallowedCharacterField(body: unknown): { field: string; inName: boolean } | undefined {
  const stack: { value: unknown; path: string }[] = [{ value: body, path: '' }];
  const child = (path: string, key: string) => (path ? `${path}.${key}` : key);
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (NOT_ALLOWED.test(value)) return { field: path || 'body', inName: false };
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i -= 1) if (isWalked(value[i])) stack.push({ value: value[i], path: child(path, String(i)) });
    } else if (value !== null && typeof value === 'object') {
      const keys = Object.keys(value);
      if (keys.some((key) => NOT_ALLOWED.test(key))) return { field: path || 'body', inName: true };
      for (let i = keys.length - 1; i >= 0; i -= 1) {
        const item: unknown = (value as Record<string, unknown>)[keys[i]!];
        if (isWalked(item)) stack.push({ value: item, path: child(path, keys[i]!) });
      }
    }
  }
  return undefined;
}

/** Parses a JSON request body under the rules above; throws the 400 ApiFailure a client sees. */
export function parseJsonBody(text: string): unknown {
  if (text === '') return undefined;
  if (nestsDeeperThan(text, MAX_NESTING)) throw new ApiFailure(400, 'VALIDATION', 'The request body is nested too deeply');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiFailure(400, 'VALIDATION', 'The request body is not valid JSON');
  }
  const refused = mayHoldDisallowedCharacters(text) ? disallowedCharacterField(body) : undefined;
  if (refused) {
    const what = refused.inName ? `${refused.field} has a property name that contains` : `${refused.field} contains`;
    throw badRequest(`${what} characters that are not allowed`, refused.field);
  }
  return body;
}

/** JSON bodies through parseJsonBody; any other content type as raw bytes (logo uploads). */
export function registerBodyParsers(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: MAX_BODY_BYTES }, (_request, text, done) => {
    try {
      done(null, parseJsonBody(text as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_BODY_BYTES }, (_request, body, done) => done(null, body));
}
