// The customer's backend of the knit-auth examples: the one route every example page calls,
// POST /api/knit/auth-session -> { token }, which opens an auth session for the signed-in end
// customer with the organisation's API key (the embed guide's NodeJS snippet), and, when given a
// folder, that folder's files (the plain JavaScript page), with {{ENGINE_ORIGIN}} in HTML replaced
// by the engine's origin, where the page loads knit-auth.js from.
//
//   KNIT_API_KEY=sk_... ENGINE_URL=http://localhost:3000 node examples/knit-auth/backend/server.mjs [folder]
//
// Node 18+, no packages. The API key stays here, never in a page. A real backend would take the end
// customer from its own session; this one serves one end customer, set by ORIGIN_ORG_ID,
// ORIGIN_ORG_NAME, ORIGIN_USER_EMAIL and ORIGIN_USER_NAME.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const TOKEN_ROUTE = '/api/knit/auth-session';
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };

/** auth.createSession with the API key; the token is msg.token. */
async function createAuthSession(engineUrl, apiKey, customer) {
  const response = await fetch(`${engineUrl}/api/auth.createSession`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(customer),
  });
  const answer = await response.json();
  if (!response.ok || !answer.success) throw new Error(answer.error?.msg ?? `HTTP ${response.status}`);
  return answer.msg.token;
}

async function sendFile(response, folder, path, engineOrigin) {
  const file = normalize(join(folder, path === '/' ? 'index.html' : path));
  if (!file.startsWith(folder)) return send(response, 404, 'text/plain', 'Not found');
  try {
    let body = await readFile(file);
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    if (extname(file) === '.html') body = body.toString('utf8').replaceAll('{{ENGINE_ORIGIN}}', engineOrigin);
    return send(response, 200, type, body);
  } catch {
    return send(response, 404, 'text/plain', 'Not found');
  }
}

function send(response, status, type, body) {
  response.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
  response.end(body);
}

/**
 * Starts the backend; resolves with its address once it listens. `folder`: files to serve (the
 * plain JavaScript page), optional.
 */
export function startExampleBackend({ engineUrl, apiKey, customer, folder, port = 4100, host = '127.0.0.1' }) {
  const engine = new URL(engineUrl);
  const root = folder ? resolve(folder) : undefined;
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://backend').pathname;
    if (request.method === 'POST' && path === TOKEN_ROUTE) {
      try {
        const token = await createAuthSession(engine.origin, apiKey, customer);
        return send(response, 200, 'application/json', JSON.stringify({ token }));
      } catch (error) {
        return send(response, 502, 'application/json', JSON.stringify({ error: error.message }));
      }
    }
    if (root && (request.method === 'GET' || request.method === 'HEAD')) return sendFile(response, root, path, engine.origin);
    return send(response, 404, 'text/plain', 'Not found');
  });
  return new Promise((resolveStarted, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      resolveStarted({ url: `http://${host}:${address.port}`, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const apiKey = process.env.KNIT_API_KEY;
  if (!apiKey) {
    console.error('Set KNIT_API_KEY to your API key (API Keys & Webhooks; the sandbox key opens sandbox sessions).');
    process.exit(1);
  }
  const started = await startExampleBackend({
    engineUrl: process.env.ENGINE_URL ?? 'http://localhost:3000',
    apiKey,
    folder: process.argv[2],
    port: Number(process.env.PORT ?? 4100),
    customer: {
      originOrgId: process.env.ORIGIN_ORG_ID ?? 'cust-4711',
      originOrgName: process.env.ORIGIN_ORG_NAME ?? 'Globex Corp',
      originUserEmail: process.env.ORIGIN_USER_EMAIL ?? 'it-admin@globex.com',
      originUserName: process.env.ORIGIN_USER_NAME ?? 'Hank Scorpio',
    },
  });
  console.log(`knit-auth example backend on ${started.url}${process.argv[2] ? ` (serving ${process.argv[2]})` : ''}`);
}
