import type { FastifyRequest, FastifyServerOptions } from 'fastify';

// What the request log may record. Links carry credentials in their query: magic-link state,
// invite data, signed upload and invoice URLs, OTPs in a pasted URL. A log line outlives the
// credential's owner's control (shipped, indexed, read by operators), so the values of such
// parameters are replaced before a line is written, and headers (Authorization, cookies) are never
// part of a line at all.
const REDACTED = '[REDACTED]';

const SENSITIVE_NAMES = new Set([
  'token', 'data', 'state', 'code', 'signature', 'sig', 'key', 'otp', 'authsessiontoken', 'apikey', 'api_key',
  'access_token', 'refresh_token', 'id_token', 'client_secret', 'password',
]);
const SENSITIVE_PART = /token|secret|signature|password/;

function isSensitive(rawName: string): boolean {
  let name = rawName;
  try {
    name = decodeURIComponent(rawName.replace(/\+/g, ' '));
  } catch {
    // A malformed escape is judged as written.
  }
  name = name.toLowerCase();
  return SENSITIVE_NAMES.has(name) || SENSITIVE_PART.test(name);
}

/** The URL with the value of every sensitive query parameter replaced by [REDACTED]. */
function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const query = url.slice(queryStart + 1).split('&').map((pair) => {
    const equals = pair.indexOf('=');
    const name = equals < 0 ? pair : pair.slice(0, equals);
    return equals >= 0 && isSensitive(name) ? `${name}=${REDACTED}` : pair;
  });
  return `${url.slice(0, queryStart)}?${query.join('&')}`;
}

/**
 * Fastify logger options: info level, the request line with its URL redacted and without headers,
 * and pino's redaction of the credential headers should any line ever carry them.
 */
export function requestLoggerOptions(stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level: 'info',
    ...(stream ? { stream } : {}),
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie', 'res.headers["set-cookie"]'],
      censor: REDACTED,
    },
  };
}
