/*
 * What a log may keep of a request: the request log's lines and the API logs' URLs and bodies.
 * Links carry credentials in their query (magic-link state, invite data, signed URLs, OTPs, keys)
 * and bodies carry them in fields (tokens, passwords, API keys); a log outlives the owner's control
 * of the credential (shipped, indexed, read by operators, copied with the database), so their
 * values are replaced before anything is written. Headers are never logged at all.
 */
export const REDACTED = '[REDACTED]';

const SENSITIVE_QUERY_NAMES = new Set([
  'token', 'data', 'state', 'code', 'signature', 'sig', 'key', 'otp', 'authsessiontoken', 'apikey', 'api_key',
  'access_token', 'refresh_token', 'id_token', 'client_secret', 'password',
]);
const SENSITIVE_PART = /token|secret|signature|password/;

// Body fields are named more freely than query parameters: `data`, `code` and `state` are lists,
// error codes and addresses there, so only names that say "credential" count.
const SENSITIVE_FIELD = /token|secret|signature|passw(or)?d|^pwd$|api[-_]?key|private[-_]?key|authorization|cookie|credential|^otp$/;
// A value that is a credential whatever its field is called: an Authorization header's value, an
// API key of this platform, a JWT.
const CREDENTIAL_VALUE = /^(bearer|basic)\s+\S|^sk_(live|test)_\w|^ey[\w-]{10,}\.[\w-]{10,}\.[\w-]+$/i;

function isSensitiveQueryName(rawName: string): boolean {
  let name = rawName;
  try {
    name = decodeURIComponent(rawName.replace(/\+/g, ' '));
  } catch {
    // A malformed escape is judged as written.
  }
  name = name.toLowerCase();
  return SENSITIVE_QUERY_NAMES.has(name) || SENSITIVE_PART.test(name);
}

/** The URL with the value of every sensitive query parameter replaced by [REDACTED]. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const query = url.slice(queryStart + 1).split('&').map((pair) => {
    const equals = pair.indexOf('=');
    const name = equals < 0 ? pair : pair.slice(0, equals);
    return equals >= 0 && isSensitiveQueryName(name) ? `${name}=${REDACTED}` : pair;
  });
  return `${url.slice(0, queryStart)}?${query.join('&')}`;
}

/** A JSON value with every credential field and credential-looking string replaced by [REDACTED]. */
export function redactJson(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return CREDENTIAL_VALUE.test(value.trim()) ? REDACTED : value;
  if (value === null || typeof value !== 'object') return value;
  // Bodies reach here parsed by the body limits (64 levels at most); deeper is not worth keeping.
  if (depth > 64) return REDACTED;
  if (Array.isArray(value)) return value.map((item) => redactJson(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = SENSITIVE_FIELD.test(key.toLowerCase()) && item !== null && item !== '' ? REDACTED : redactJson(item, depth + 1);
  }
  return out;
}

/**
 * A body as a log keeps it: JSON redacted and written again, other text kept only when it holds no
 * credential-looking word, and at most `maxBytes` of it (cut on a character boundary, marked).
 */
export function redactBody(body: unknown, maxBytes: number): string | null {
  if (body === undefined || body === null || body === '') return null;
  let text: string;
  if (typeof body === 'string') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      parsed = undefined;
    }
    text = parsed === undefined ? (/token|secret|password|authorization|bearer\s|sk_(live|test)_/i.test(body) ? REDACTED : body) : JSON.stringify(redactJson(parsed));
  } else {
    text = JSON.stringify(redactJson(body));
  }
  const bytes = Buffer.byteLength(text);
  if (bytes <= maxBytes) return text;
  const cut = Buffer.from(text).subarray(0, maxBytes).toString('utf8').replace(/\uFFFD$/, '');
  return `${cut}… [${bytes - Buffer.byteLength(cut)} more bytes not kept]`;
}
