import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EngineConfig } from '../config.ts';
import { AUTH_COMPONENT_SCRIPT_PATH } from '../../shared/embedSnippets.ts';
import { crossOriginConfig } from './crossOrigin.ts';
import { routeHeaders, type RouteSecurityHeaders } from './securityHeaders.ts';

// The knit-auth web component's script at AUTH_COMPONENT_SCRIPT_PATH (/knit-auth.js), the address
// every customer's page embeds, built by scripts/build-auth-component.ts with its .br and .gz files.
//
// The name carries no hash (customers' pages keep it), so browsers may reuse it for 5 minutes and
// then revalidate it by its ETag: a new version reaches every page within minutes, and a visit
// costs a 304 meanwhile. Customers' pages load it from their own origin: as a module script it is a
// CORS request (Access-Control-Allow-Origin: *), as a classic one it must pass CORP (cross-origin).
// The three files are read once at start (a few kB) and sent in the encoding the browser accepts.
export const AUTH_COMPONENT_CACHE = 'public, max-age=300';
export const AUTH_COMPONENT_FILE = AUTH_COMPONENT_SCRIPT_PATH.slice(1);
const NOT_BUILT = 'The knit-auth component is not built: run npm run build:auth-component';

interface Variant {
  body: Buffer;
  etag: string;
  encoding?: 'br' | 'gzip';
}

/** The built script and its compressed forms, best first; empty when the component is not built. */
function readVariants(dir: string | undefined): Variant[] {
  const file = dir && join(dir, AUTH_COMPONENT_FILE);
  if (!file || !existsSync(file)) return [];
  const script = readFileSync(file);
  const version = createHash('sha256').update(script).digest('base64url').slice(0, 22);
  const variants: Variant[] = [];
  for (const [encoding, suffix] of [['br', '.br'], ['gzip', '.gz']] as const) {
    if (existsSync(`${file}${suffix}`)) variants.push({ body: readFileSync(`${file}${suffix}`), etag: `"${version}-${encoding}"`, encoding });
  }
  variants.push({ body: script, etag: `"${version}"` });
  return variants;
}

/** The encodings Accept-Encoding allows (q above 0), `*` included. */
function acceptedEncodings(header: string | undefined): (encoding: string) => boolean {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name) weights.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  return (encoding) => (weights.get(encoding) ?? weights.get('*') ?? 0) > 0;
}

const matchesEtag = (header: string | undefined, etag: string) =>
  header !== undefined && (header.trim() === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag));

export function serveAuthComponent(app: FastifyInstance, config: EngineConfig, headers: Pick<RouteSecurityHeaders, 'crossOriginScript'>): void {
  const variants = readVariants(config.authComponentDir);
  app.get(AUTH_COMPONENT_SCRIPT_PATH, { config: { ...routeHeaders(headers.crossOriginScript), ...crossOriginConfig(['GET', 'HEAD']) } }, (request: FastifyRequest, reply: FastifyReply) => {
    if (variants.length === 0) return reply.status(404).send({ success: false, error: { msg: NOT_BUILT, code: 'NOT_FOUND' } });
    const accepts = acceptedEncodings(request.headers['accept-encoding']);
    const variant = variants.find((v) => !v.encoding || accepts(v.encoding))!;
    void reply.header('cache-control', AUTH_COMPONENT_CACHE).header('vary', 'accept-encoding').header('etag', variant.etag);
    if (matchesEtag(request.headers['if-none-match'], variant.etag)) return reply.status(304).send();
    if (variant.encoding) void reply.header('content-encoding', variant.encoding);
    return reply.type('text/javascript; charset=utf-8').send(variant.body);
  });
}
