import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../../src/generated/engine/operations.ts';
import { AUTH_COMPONENT_CACHE } from '../../src/engine/plugins/authComponent.ts';
import { routeUrl } from '../../src/engine/app.ts';
import { startTestEngine, type TestEngine } from '../support/engineHarness.ts';

// The knit-auth component from a customer's page on another origin: its script at /knit-auth.js
// (precompressed, revalidated, loadable cross-origin), CORS for exactly the public connect calls
// it makes, and the opener policies that keep its OAuth sign-in window talking to it.
const SCRIPT = `customElements.define('knit-auth', class extends HTMLElement {});${'/* padding */'.repeat(200)}`;
const CUSTOMER = 'https://app.customer.example';
let files: string;
beforeAll(() => {
  files = mkdtempSync(join(tmpdir(), 'knit-auth-files-'));
  mkdirSync(join(files, 'component'));
  mkdirSync(join(files, 'dashboard'));
  // Marked, so the test can tell the built compressed files were sent rather than made on the fly.
  writeFileSync(join(files, 'component', 'knit-auth.js'), SCRIPT);
  writeFileSync(join(files, 'component', 'knit-auth.js.br'), brotliCompressSync(`${SCRIPT}//br`));
  writeFileSync(join(files, 'component', 'knit-auth.js.gz'), gzipSync(`${SCRIPT}//gz`));
  writeFileSync(join(files, 'dashboard', 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/app-AbCd12_-.js"></script></head><body></body></html>');
});
afterAll(() => rmSync(files, { recursive: true, force: true }));

let t: TestEngine;
afterEach(async () => t?.close());
const start = (built = true) => startTestEngine({ authComponentDir: built ? join(files, 'component') : join(files, 'none'), dashboardDir: join(files, 'dashboard') });
const inject = (method: 'GET' | 'HEAD' | 'POST' | 'OPTIONS', url: string, headers: Record<string, string> = {}, payload?: unknown) =>
  t.engine.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

describe('GET /knit-auth.js', () => {
  it('sends the built brotli or gzip file by Accept-Encoding, as JavaScript any origin may load', async () => {
    t = await start();
    const br = await inject('GET', '/knit-auth.js', { 'accept-encoding': 'gzip, deflate, br', origin: CUSTOMER });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(`${SCRIPT}//br`);
    // A module script from another origin is a CORS request; a classic one must pass CORP.
    expect(br.headers['access-control-allow-origin']).toBe('*');
    expect(br.headers['access-control-allow-credentials']).toBeUndefined();
    expect(br.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(br.headers['x-content-type-options']).toBe('nosniff');
    expect(br.headers['cache-control']).toBe(AUTH_COMPONENT_CACHE);
    expect(br.headers.vary).toMatch(/accept-encoding/i);

    const gz = await inject('GET', '/knit-auth.js', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(`${SCRIPT}//gz`);
    const plain = await inject('GET', '/knit-auth.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    const head = await inject('HEAD', '/knit-auth.js', { 'accept-encoding': 'br' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
  });

  it('answers 304 to a browser revalidating the version it has, per encoding', async () => {
    t = await start();
    const first = await inject('GET', '/knit-auth.js', { 'accept-encoding': 'br' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+-br"$/);
    const again = await inject('GET', '/knit-auth.js', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // The gzip variant is another representation: the brotli tag does not match it.
    expect((await inject('GET', '/knit-auth.js', { 'accept-encoding': 'gzip', 'if-none-match': etag })).statusCode).toBe(200);
  });

  it('answers 404 naming the build step when the component is not built, never the dashboard page', async () => {
    t = await start(false);
    const res = await inject('GET', '/knit-auth.js');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.msg).toBe('The knit-auth component is not built: run npm run build:auth-component');
  });
});

const crossOrigin = operations.filter((op) => op.crossOrigin);

describe('CORS', () => {
  it('is open for exactly the public connect calls the component makes', async () => {
    expect(crossOrigin.map((op) => op.operationId).sort()).toEqual(['connectComplete', 'connectDeactivate', 'connectGetSession', 'connectOauthStart']);
    expect(crossOrigin.every((op) => op.public && op.method === 'post')).toBe(true);
  });

  it('answers the preflight of each of them: any origin, POST, Content-Type, no credentials, cached 10 minutes', async () => {
    t = await start();
    for (const op of crossOrigin) {
      const res = await inject('OPTIONS', routeUrl(op), { origin: CUSTOMER, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' });
      expect({ op: op.operationId, status: res.statusCode }).toEqual({ op: op.operationId, status: 204 });
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['access-control-allow-methods']).toBe('POST');
      expect(res.headers['access-control-allow-headers']).toBe('content-type');
      expect(res.headers['access-control-max-age']).toBe('600');
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });

  it('lets the page read their answers, errors included', async () => {
    t = await start();
    const unknown = await inject('POST', '/api/connect.getSession', { origin: CUSTOMER, 'content-type': 'application/json' }, { authSessionToken: 'as_unknown' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['access-control-allow-origin']).toBe('*');
    expect(unknown.json().error.msg).toBe('This link is invalid or has expired');
    const invalid = await inject('POST', '/api/connect.deactivate', { origin: CUSTOMER, 'content-type': 'application/json' }, { authSessionToken: 'as_x' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.field).toBe('integrationId');
    expect(invalid.headers['access-control-allow-origin']).toBe('*');
  });

  it('stays closed everywhere else: other public calls, dashboard calls, pages', async () => {
    t = await start();
    for (const url of ['/api/auth.signIn', '/api/connect.oauth.callback', '/api/app.getApiKeys', '/dashboard/home']) {
      const preflight = await inject('OPTIONS', url, { origin: CUSTOMER, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' });
      expect({ url, status: preflight.statusCode, allow: preflight.headers['access-control-allow-origin'] }).toEqual({ url, status: 404, allow: undefined });
    }
    const signIn = await inject('POST', '/api/auth.signIn', { origin: CUSTOMER, 'content-type': 'application/json' }, { userEmail: 'x@example.test', newUser: false });
    expect(signIn.headers['access-control-allow-origin']).toBeUndefined();
    const page = await inject('GET', '/dashboard/home', { origin: CUSTOMER });
    expect(page.headers['access-control-allow-origin']).toBeUndefined();
    expect(page.headers.vary ?? '').not.toMatch(/origin/i);
  });
});

describe('opener policies of the OAuth sign-in window', () => {
  it('lets the window keep its opener on any origin, and keeps every other page isolated', async () => {
    t = await start();
    const coop = async (url: string) => (await inject('GET', url)).headers['cross-origin-opener-policy'];
    // The window's own pages: the sandbox OAuth server's redirects and pages, and /oauth.
    expect(await coop('/oauth?code=c&state=s')).toBe('unsafe-none');
    expect(await coop('/sandbox/oauth/auth?client_id=nobody')).toBe('unsafe-none');
    expect(await coop('/sandbox/oauth/interaction/unknown')).toBe('unsafe-none');
    // The pages that open it let it keep them as opener.
    for (const page of ['/magic/authorize?state=x', '/admin/authorize?state=x', '/oauth/authorize?state=x']) {
      expect({ page, coop: await coop(page) }).toEqual({ page, coop: 'same-origin-allow-popups' });
    }
    for (const page of ['/dashboard/home', '/signup', '/api/auth.getUiVersion', '/oauthx']) {
      expect({ page, coop: await coop(page) }).toEqual({ page, coop: 'same-origin' });
    }
    // Framing stays refused on the window's pages.
    expect((await inject('GET', '/oauth')).headers['x-frame-options']).toBe('DENY');
  });
});
