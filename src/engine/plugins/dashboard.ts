import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { EngineConfig } from '../config.ts';
import { EMBEDDABLE_PAGES, type RouteSecurityHeaders } from './securityHeaders.ts';

// The built dashboard is served from the engine's port: files as they are, and index.html for
// every other non-API GET so the dashboard's router owns /signup, /dashboard/*, /404 and the rest.
// The pages an embed needs get index.html from routes of their own, which carry the framing policy
// that lets the configured origins frame them.
export async function serveDashboard(app: FastifyInstance, config: EngineConfig, headers: Pick<RouteSecurityHeaders, 'embeddablePage'>): Promise<void> {
  const dir = config.dashboardDir;
  const spa = Boolean(dir && existsSync(`${dir}/index.html`));
  if (spa) {
    await app.register(fastifyStatic, { root: dir!, wildcard: false, index: false });
    for (const page of EMBEDDABLE_PAGES) {
      app.get(page, { helmet: headers.embeddablePage }, (_request, reply) => reply.type('text/html').sendFile('index.html'));
    }
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (spa && (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api/') && !path.startsWith('/ai/')) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ success: false, error: { msg: `No such call: ${request.method} ${path}`, code: 'NOT_FOUND' } });
  });
}
