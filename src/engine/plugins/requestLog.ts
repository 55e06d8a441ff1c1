import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { REDACTED, redactUrl } from '../services/redaction.ts';

// What the request log may record: the request line with credentials in its query replaced
// (services/redaction.ts), and never a header (Authorization, cookies).

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
