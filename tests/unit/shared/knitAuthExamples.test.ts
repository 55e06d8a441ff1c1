import { createServer, request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_COMPONENT_SCRIPT_PATH, componentSnippet, KNIT_AUTH, type ComponentFramework } from '../../../src/shared/embedSnippets.ts';
import { startExampleBackend } from '../../../examples/knit-auth/backend/server.mjs';

// The examples under examples/knit-auth are the embed guide's snippets, word for word, with what
// each framework needs to run them; the backend they share answers the guide's token route. The
// plain JavaScript one also runs in Chromium (tests/e2e/knitAuth.e2e.ts).
const EXAMPLES = join(import.meta.dirname, '../../../examples/knit-auth');
const read = (path: string) => readFileSync(join(EXAMPLES, path), 'utf8');
/** The engine `npm start` runs, which the examples' pages load the component from. */
const ENGINE = { apiKey: 'unused', baseUrl: 'http://localhost:3000/api' };
const SNIPPET_FILES: Record<Exclude<ComponentFramework, 'javascript'>, { file: string; page: string }> = {
  react: { file: 'react/src/ConnectIntegration.jsx', page: 'react/index.html' },
  angular: { file: 'angular/src/app/connect-integration.component.ts', page: 'angular/src/index.html' },
  vue: { file: 'vue/src/ConnectIntegration.vue', page: 'vue/index.html' },
};

describe('the framework examples', () => {
  it.each(Object.entries(SNIPPET_FILES))('%s is the guide snippet, on a page that loads the component from the engine', (framework, { file, page }) => {
    const code = read(file);
    expect(code).toBe(componentSnippet(framework as ComponentFramework, ENGINE).code);
    for (const name of [KNIT_AUTH.tagName, KNIT_AUTH.tokenAttribute, KNIT_AUTH.skipIntroAttribute, ...KNIT_AUTH.events, '/api/knit/auth-session']) expect(code).toContain(name);
    expect(read(page)).toContain(`<script type="module" src="http://localhost:3000${AUTH_COMPONENT_SCRIPT_PATH}"></script>`);
  });

  it('tells Vue that knit-auth is a custom element, and sends every page\'s token calls to the example backend', () => {
    expect(read('vue/vite.config.js')).toContain("isCustomElement: (tag) => tag === 'knit-auth'");
    for (const config of ['react/vite.config.js', 'vue/vite.config.js']) expect(read(config)).toContain("'/api/knit': 'http://127.0.0.1:4100'");
    expect(JSON.parse(read('angular/proxy.conf.json'))['/api/knit'].target).toBe('http://127.0.0.1:4100');
  });

  it('the plain JavaScript page holds the guide snippet, its script on the origin the backend fills in', () => {
    const snippet = componentSnippet('javascript', { ...ENGINE, componentScriptUrl: `{{ENGINE_ORIGIN}}${AUTH_COMPONENT_SCRIPT_PATH}` }).code;
    expect(read('javascript/index.html')).toContain(snippet);
  });
});

describe('the example backend', () => {
  let engine: ReturnType<typeof createServer>;
  let engineUrl: string;
  const seen: { authorization?: string; body: unknown }[] = [];
  let backend: Awaited<ReturnType<typeof startExampleBackend>>;
  beforeAll(async () => {
    // A stand-in engine: auth.createSession answers a token to the right key only.
    engine = createServer((request: IncomingMessage, response) => {
      let text = '';
      request.on('data', (chunk) => { text += chunk; });
      request.on('end', () => {
        seen.push({ authorization: request.headers.authorization, body: JSON.parse(text || 'null') });
        const ok = request.url === '/api/auth.createSession' && request.headers.authorization === 'Bearer sk_test_example';
        response.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
        response.end(JSON.stringify(ok ? { success: true, msg: { token: 'as_example' } } : { success: false, error: { msg: 'Invalid API key', code: 'UNAUTHORIZED' } }));
      });
    });
    await new Promise<void>((resolve) => engine.listen(0, '127.0.0.1', resolve));
    engineUrl = `http://127.0.0.1:${(engine.address() as AddressInfo).port}`;
    const customer = { originOrgId: 'cust-1', originOrgName: 'Globex', originUserEmail: 'it@globex.test', originUserName: 'Hank' };
    backend = await startExampleBackend({ engineUrl, apiKey: 'sk_test_example', customer, folder: join(EXAMPLES, 'javascript'), port: 0 });
  });
  afterAll(async () => {
    await backend?.close();
    await new Promise((resolve) => engine?.close(resolve));
  });

  it('answers the guide\'s token route with a session opened with the API key, which never reaches the page', async () => {
    const response = await fetch(`${backend.url}/api/knit/auth-session`, { method: 'POST' });
    expect(await response.json()).toEqual({ token: 'as_example' });
    expect(seen.at(-1)).toEqual({ authorization: 'Bearer sk_test_example', body: { originOrgId: 'cust-1', originOrgName: 'Globex', originUserEmail: 'it@globex.test', originUserName: 'Hank' } });
    const page = await (await fetch(backend.url)).text();
    expect(page).toContain(`<script type="module" src="${engineUrl}${AUTH_COMPONENT_SCRIPT_PATH}"></script>`);
    expect(page).not.toContain('{{ENGINE_ORIGIN}}');
    expect(page).not.toContain('sk_test_example');
  });

  it('serves nothing outside its folder', async () => {
    // Sent as written (fetch would resolve the dots itself).
    const status = (path: string) => new Promise<number>((resolve, reject) => {
      request(`${backend.url}${path}`, (response) => { response.resume(); resolve(response.statusCode ?? 0); }).on('error', reject).end();
    });
    expect(await status('/index.html')).toBe(200);
    for (const path of ['/../backend/server.mjs', '/%2e%2e/backend/server.mjs', '/..%2fbackend%2fserver.mjs', '/missing.html']) {
      expect({ path, status: await status(path) }).toEqual({ path, status: 404 });
    }
  });
});
