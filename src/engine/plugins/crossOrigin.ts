import fastifyCors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

// CORS, for exactly the routes a page on another origin must reach from the browser: the knit-auth
// component's calls (operations marked x-cross-origin in the contract) and its script. Every other
// route answers no CORS header and no preflight, so a foreign page can neither read a dashboard
// call's answer nor send it a JSON body.
//
// What is allowed: any origin ('*': the component runs on every customer's site, and nothing is
// gained by naming them, since a server can call these operations without a browser anyway), the
// route's own methods, the Content-Type header (JSON bodies), no credentials: these calls carry
// their credential (the auth session token) in the body, never in a cookie or an Authorization
// header, so the browser sends nothing ambient and the answer exposes nothing a caller without
// the token could read. A preflight is cached by the browser for 10 minutes.

/** The route option that opens a route to every origin for `methods`. */
export function crossOriginConfig(methods: string[]): { cors: FastifyCorsOptions } {
  return { cors: { origin: '*', methods, allowedHeaders: ['content-type'], credentials: false, maxAge: 600 } };
}

/**
 * Registers CORS (closed by default) and opens `routes`: their own route and an OPTIONS route for
 * the preflight. Call it before the routes are added: it marks them as they are created.
 */
export async function registerCrossOrigin(app: FastifyInstance, routes: { url: string; method: string }[]): Promise<void> {
  await app.register(fastifyCors, { origin: false, hook: 'onRequest' });
  const methodsOf = new Map<string, string[]>();
  for (const { url, method } of routes) methodsOf.set(url, [...(methodsOf.get(url) ?? []), method.toUpperCase()]);
  app.addHook('onRoute', (route) => {
    const methods = methodsOf.get(route.url ?? route.path);
    const routeMethods = [route.method].flat();
    if (methods && routeMethods.some((method) => methods.includes(method))) route.config = { ...route.config, ...crossOriginConfig(methods) };
  });
  for (const [url, methods] of methodsOf) {
    // Answered by the CORS hook before the handler; a request that is no preflight gets a 400 there.
    app.options(url, { config: crossOriginConfig(methods) }, async (_request, reply) => reply.status(204).send());
  }
}
