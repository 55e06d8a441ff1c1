import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { buildApp } from '../../src/engine/app.ts';
import { servesInArrivalOrder } from '../../src/engine/arrivalOrder.ts';
import type { EngineConfig } from '../../src/engine/config.ts';
import { startTestEngine, type TestEngine } from '../support/engineHarness.ts';

// Security headers on every kind of response, the per-page framing policy, HSTS over TLS only,
// the client address taken from X-Forwarded-For only behind a configured proxy, the server's
// request order, and a request log without credentials.
const INLINE_SCRIPT = 'window.bootedAt = 1;';
let dashboardDir: string;
beforeAll(() => {
  // A built dashboard in miniature: one inline script (hashed into the policy), one asset, and the
  // service origin the build recorded.
  dashboardDir = mkdtempSync(join(tmpdir(), 'dashboard-headers-'));
  mkdirSync(join(dashboardDir, 'assets'));
  writeFileSync(join(dashboardDir, 'index.html'), `<!doctype html><html><head><script>${INLINE_SCRIPT}</script><script type="module" src="/assets/app.js"></script></head><body></body></html>`);
  writeFileSync(join(dashboardDir, 'assets', 'app.js'), 'export {};');
  writeFileSync(join(dashboardDir, 'connect-origins.json'), JSON.stringify(['https://engine.example.test']));
});
afterAll(() => rmSync(dashboardDir, { recursive: true, force: true }));

let t: TestEngine | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const start = async (overrides: Partial<EngineConfig> = {}) => {
  t = await startTestEngine({ dashboardDir, ...overrides });
  return t;
};
const get = (url: string, options: Omit<InjectOptions, 'method' | 'url'> = {}) => t!.engine.app.inject({ method: 'GET', url, ...options });
const directive = (csp: string | undefined, name: string) => csp?.split(';').map((d) => d.trim()).find((d) => d.split(' ')[0] === name);

describe('security headers', () => {
  it('are on API answers, errors, unknown calls, index.html, static files and the embeddable page', async () => {
    await start();
    const responses = {
      api: await get('/api/auth.getUiVersion'),
      unauthorized: await get('/api/user.userDetails'),
      invalid: await t!.engine.app.inject({ method: 'POST', url: '/api/auth.signIn', payload: '{"userEmail":' , headers: { 'content-type': 'application/json' } }),
      unknownCall: await get('/api/no.such.call'),
      indexHtml: await get('/signup'),
      asset: await get('/assets/app.js'),
      magic: await get('/magic/authorize?state=abc'),
    };
    expect(Object.values(responses).map((r) => r.statusCode)).toEqual([200, 401, 400, 404, 200, 200, 200]);
    for (const [kind, response] of Object.entries(responses)) {
      const headers = response.headers;
      expect({ kind, csp: typeof headers['content-security-policy'] }).toEqual({ kind, csp: 'string' });
      // The magic-link page opens the OAuth sign-in window, which keeps it as opener (knitAuthServing.test.ts).
      const opener = kind === 'magic' ? 'same-origin-allow-popups' : 'same-origin';
      expect({ kind, ...pick(headers, ['x-content-type-options', 'referrer-policy', 'cross-origin-opener-policy']) }).toEqual({
        kind, 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'cross-origin-opener-policy': opener,
      });
      expect(headers['strict-transport-security']).toBeUndefined();
      expect(headers['x-powered-by']).toBeUndefined();
    }
    expect(responses.indexHtml.headers['x-frame-options']).toBe('DENY');
    expect(responses.api.headers['x-frame-options']).toBe('DENY');
  });

  it("allow scripts from the engine's origin and the index's inline script by hash, never inline script as such", async () => {
    await start();
    const csp = (await get('/signup')).headers['content-security-policy'] as string;
    const hash = createHash('sha256').update(INLINE_SCRIPT).digest('base64');
    const scripts = directive(csp, 'script-src')!;
    expect(scripts.split(' ')).toContain(`'sha256-${hash}'`);
    expect(scripts.split(' ')[1]).toBe("'self'");
    expect(scripts).not.toContain("'unsafe-inline'");
    // Forms validate with validators compiled at codegen: nothing builds code from strings.
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(directive(csp, 'style-src')).toBe("style-src 'self' 'unsafe-inline'");
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self' https://engine.example.test");
    expect(directive(csp, 'object-src')).toBe("object-src 'none'");
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(csp, 'upgrade-insecure-requests')).toBeUndefined();
  });

  it('let the configured origins frame the magic-link page only, without X-Frame-Options there', async () => {
    await start({ frameAncestors: ['https://app.customer.test', 'https://*.partner.test'] });
    const magic = await get('/magic/authorize?state=abc');
    expect(magic.headers['content-type']).toMatch(/^text\/html/);
    expect(directive(magic.headers['content-security-policy'] as string, 'frame-ancestors')).toBe('frame-ancestors https://app.customer.test https://*.partner.test');
    expect(magic.headers['x-frame-options']).toBeUndefined();
    for (const url of ['/signup', '/dashboard/home', '/api/auth.getUiVersion', '/assets/app.js']) {
      const response = await get(url);
      expect({ url, frame: directive(response.headers['content-security-policy'] as string, 'frame-ancestors'), xfo: response.headers['x-frame-options'] })
        .toEqual({ url, frame: "frame-ancestors 'none'", xfo: 'DENY' });
    }
  });

  it('refuse framing of the magic-link page too while no origin is configured', async () => {
    await start();
    const magic = await get('/magic/authorize');
    expect(directive(magic.headers['content-security-policy'] as string, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(magic.headers['x-frame-options']).toBe('DENY');
  });

  it('answer a page whose address does not decode with the dashboard, and a call with the envelope', async () => {
    await start();
    for (const url of ['/dashboard/%zz', '/dashboard/%E0%A4%A']) {
      const page = await get(url);
      expect({ url, status: page.statusCode, type: page.headers['content-type'] }).toEqual({ url, status: 200, type: 'text/html; charset=utf-8' });
      expect(page.headers['x-frame-options']).toBe('DENY');
    }
    const call = await get('/api/app.us%zzers');
    expect(call.statusCode).toBe(404);
    expect(call.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
  });

  it('serve dashboard pages to HEAD requests as to GET', async () => {
    await start();
    const head = await t!.engine.app.inject({ method: 'HEAD', url: '/signup' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toContain('text/html');
  });

  it("let the dashboard show logos linked on the public URL when the page was opened on another address", async () => {
    await start({ publicUrl: 'http://localhost:3999' });
    const csp = (await get('/dashboard/home')).headers['content-security-policy'] as string;
    expect(directive(csp, 'img-src')).toBe("img-src 'self' http://localhost:3999 data:");
    const logo = await get('/api/app.uploads/app-bamboohr.svg');
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(directive(logo.headers['content-security-policy'] as string, 'default-src')).toBe("default-src 'none'");
    expect((await get('/api/auth.getUiVersion')).headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('leave uploaded files their own stricter policy, on success and on 404', async () => {
    await start();
    for (const url of ['/api/app.uploads/default-logo.svg', '/api/app.uploads/upl_missing.svg']) {
      const csp = (await get(url)).headers['content-security-policy'] as string;
      expect(csp.replace(/;\s*/g, ';')).toBe("default-src 'none';style-src 'unsafe-inline';sandbox");
    }
    expect((await get('/api/app.uploads/default-logo.svg')).headers).toMatchObject({ 'content-type': 'image/svg+xml', 'x-content-type-options': 'nosniff' });
  });

  it('send HSTS only over TLS: an https public URL, or https from a trusted proxy', async () => {
    await start();
    expect((await get('/api/auth.getUiVersion', { headers: { 'x-forwarded-proto': 'https' } })).headers['strict-transport-security']).toBeUndefined();
    await t!.close();
    await start({ trustProxy: true });
    expect((await get('/api/auth.getUiVersion')).headers['strict-transport-security']).toBeUndefined();
    const behindTls = await get('/signup', { headers: { 'x-forwarded-proto': 'https' } });
    expect(behindTls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(behindTls.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    await t!.close();
    await start({ publicUrl: 'https://dashboard.example.test' });
    const tls = await get('/api/auth.getUiVersion');
    expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(directive(tls.headers['content-security-policy'] as string, 'upgrade-insecure-requests')).toBe('upgrade-insecure-requests');
  });
});

describe('client address', () => {
  /** Signs a new user in from 127.0.0.1 with the given headers; answers the session's stored address. */
  async function sessionAddress(email: string, headers: Record<string, string>): Promise<string | null> {
    const post = (url: string, payload: object) => t!.engine.app.inject({ method: 'POST', url, payload, headers, remoteAddress: '127.0.0.1' });
    expect((await post('/api/auth.signIn', { userEmail: email, newUser: true })).statusCode).toBe(200);
    const verified = await post('/api/auth.verifyOtp', { userEmail: email, newUser: true, otp: await t!.lastCode(email) });
    expect(verified.statusCode).toBe(200);
    const row = await t!.engine.db.selectFrom('sessions').innerJoin('users', 'users.id', 'sessions.user_id')
      .select('sessions.ip').where('users.email', '=', email).executeTakeFirstOrThrow();
    return row.ip;
  }

  it('is the socket address by default, whatever X-Forwarded-For says', async () => {
    await start();
    expect(await sessionAddress('direct@acme.test', { 'x-forwarded-for': '203.0.113.9' })).toBe('127.0.0.1');
  });

  it('comes from X-Forwarded-For when TRUST_PROXY is set', async () => {
    await start({ trustProxy: true });
    expect(await sessionAddress('proxied@acme.test', { 'x-forwarded-for': '203.0.113.9' })).toBe('203.0.113.9');
  });

  it('trusts as many proxies as a hop count says, and no more', async () => {
    await start({ trustProxy: 1 });
    expect(await sessionAddress('hop@acme.test', { 'x-forwarded-for': '198.51.100.7, 203.0.113.9' })).toBe('203.0.113.9');
  });
});

describe('the HTTP server', () => {
  it('handles requests in arrival order, with the timeouts Fastify would give it', async () => {
    await start();
    const { app } = t!.engine;
    expect(servesInArrivalOrder(app.server)).toBe(true);
    expect(app.server.keepAliveTimeout).toBe(72_000);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const answers = await Promise.all([1, 2, 3].map(() => fetch(`http://127.0.0.1:${port}/api/auth.getUiVersion`)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
  });
});

describe('request log', () => {
  it('redacts credentials in query strings and never writes Authorization or cookies', async () => {
    await start();
    const lines: string[] = [];
    const stream = new Writable({ write(chunk, _encoding, done) { lines.push(String(chunk)); done(); } });
    const { db, config, mailer, clock } = t!.engine;
    const app = await buildApp({ db, config, mailer, clock }, { logStream: stream });
    try {
      const secrets = ['s3cr3t-state', 'tok-123', 'sig-456', 'otp-789', 'ast-000', 'key-abc', 'pw-def', 'csec-ghi', 'data-jkl', 'code-mno'];
      const query = [
        `state=${secrets[0]}`, `token=${secrets[1]}`, `signature=${secrets[2]}`, `otp=${secrets[3]}`, `authSessionToken=${secrets[4]}`,
        `apiKey=${secrets[5]}`, `userPassword=${secrets[6]}`, `client_secret=${secrets[7]}`, `data=${secrets[8]}`, `code=${secrets[9]}`, 'pageNo=2', 'search=acme',
      ].join('&');
      await app.inject({ method: 'GET', url: `/magic/authorize?${query}`, headers: { authorization: 'Bearer bearer-secret', cookie: 'sid=cookie-secret' } });
      await app.inject({ method: 'GET', url: '/api/user.userDetails?x_refresh_TOKEN=rt-secret', headers: { authorization: 'Bearer bearer-secret' } });
      const log = lines.join('');
      expect(log).toContain('"url":"/magic/authorize?state=[REDACTED]&token=[REDACTED]');
      expect(log).toContain('pageNo=2&search=acme');
      expect(log).toContain('x_refresh_TOKEN=[REDACTED]');
      for (const secret of [...secrets, 'rt-secret', 'bearer-secret', 'cookie-secret']) expect({ secret, logged: log.includes(secret) }).toEqual({ secret, logged: false });
    } finally {
      await app.close();
    }
  });
});

function pick(headers: Record<string, unknown>, names: string[]): Record<string, unknown> {
  return Object.fromEntries(names.map((name) => [name, headers[name]]));
}
