import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

// Calls to the engine's own routes without a socket (fastify's inject): how the engine reaches the
// sandbox provider it serves, as the OAuth client (token endpoint) and as the unified API's native
// calls. No network, so no outbound address check and no loopback exception are involved; the
// request still runs every hook a real one does (security headers, request log, rate limits).
export interface InProcessHttp {
  inject(request: InjectOptions): Promise<LightMyRequestResponse>;
}

/** In-process HTTP to the app; usable once the app is built. */
export function inProcessHttpOf(app: () => FastifyInstance): InProcessHttp {
  return { inject: (request) => app().inject(request) };
}
