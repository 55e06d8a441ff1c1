import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { EngineConfig } from '../config.ts';
import { SANDBOX_PREFIX } from '../sandbox/registration.ts';
import { EMBEDDABLE_PAGES, OAUTH_CALLBACK_PAGE, OAUTH_OPENER_PAGES, routeHeaders, type RouteSecurityHeaders } from './securityHeaders.ts';

// The built dashboard is served from the engine's port: files as they are, and index.html for
// every other GET outside the services (/api, /ai, /v1.0, the sandbox) so the dashboard's router owns /signup, /dashboard/*, /404 and the rest.
// The pages an embed needs get index.html from routes of their own, which carry the framing policy
// that lets the configured origins frame them; so do the pages of the OAuth sign-in window and the
// pages that open it, which carry the opener policy the window needs (securityHeaders.ts).
//
// Caching: a file under assets/ has its content's hash in its name, so a browser keeps it for a
// year without asking again; index.html and other unhashed files are revalidated on every visit
// (no-cache), so a new deployment is picked up at once. Files are sent in the compressed form the
// build wrote beside them (.br, .gz) when the browser accepts it.
export const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[\w-]{8}(\.\w+)+$/;
// The path is the file sent: the .br or .gz beside the asset when the browser accepts one.
const COMPRESSIBLE = /\.(js|css|html|svg|json)(\.br|\.gz)?$/;

/** Cache-Control of a built file, from its path on disk. */
export function cacheControlFor(path: string): string {
  return HASHED_ASSET.test(path) ? HASHED_ASSET_CACHE : REVALIDATE;
}

const sendIndex = (reply: FastifyReply) => reply.header('cache-control', REVALIDATE).type('text/html').sendFile('index.html');

type PageHeaders = Pick<RouteSecurityHeaders, 'embeddablePage' | 'oauthOpenerPage' | 'oauthWindowPage'>;

export async function serveDashboard(app: FastifyInstance, config: EngineConfig, headers: PageHeaders): Promise<void> {
  const dir = config.dashboardDir;
  const spa = Boolean(dir && existsSync(`${dir}/index.html`));
  if (spa) {
    await app.register(fastifyStatic, {
      root: dir!,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader('cache-control', cacheControlFor(path));
        if (COMPRESSIBLE.test(path)) res.setHeader('vary', 'accept-encoding');
      },
    });
    for (const page of EMBEDDABLE_PAGES) {
      app.get(page, { config: routeHeaders(headers.embeddablePage) }, (_request, reply) => sendIndex(reply));
    }
    for (const page of OAUTH_OPENER_PAGES) {
      app.get(page, { config: routeHeaders(headers.oauthOpenerPage) }, (_request, reply) => sendIndex(reply));
    }
    app.get(OAUTH_CALLBACK_PAGE, { config: routeHeaders(headers.oauthWindowPage) }, (_request, reply) => sendIndex(reply));
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (spa && (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api/') && !path.startsWith('/ai/') && !path.startsWith('/v1.0/') && !path.startsWith(`${SANDBOX_PREFIX}/`)) {
      return sendIndex(reply);
    }
    return reply.status(404).send({ success: false, error: { msg: `No such call: ${request.method} ${path}`, code: 'NOT_FOUND' } });
  });
}
