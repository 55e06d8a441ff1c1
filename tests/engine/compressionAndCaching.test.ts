import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HASHED_ASSET_CACHE, REVALIDATE } from '../../src/engine/plugins/dashboard.ts';
import { signUp, startTestEngine, type TestEngine } from '../support/engineHarness.ts';

// Compression and caching as a browser meets them: the build's precompressed files sent in the
// encoding the browser accepts, JSON answers compressed above a small size, hashed assets cached
// for a year and index.html revalidated on every visit.
const ASSET = 'assets/app-AbCd12_-.js';
const SCRIPT = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, name: `row ${i}` })))};`;
let dashboardDir: string;
beforeAll(() => {
  // A built dashboard in miniature: a hashed script with the .br and .gz files the build writes
  // beside it (marked, so the test can tell they were sent rather than compressed again).
  dashboardDir = mkdtempSync(join(tmpdir(), 'dashboard-files-'));
  mkdirSync(join(dashboardDir, 'assets'));
  const index = `<!doctype html><html><head><script type="module" src="/${ASSET}"></script></head><body>${'<!-- padding -->'.repeat(100)}</body></html>`;
  writeFileSync(join(dashboardDir, 'index.html'), index);
  writeFileSync(join(dashboardDir, 'index.html.br'), brotliCompressSync(index));
  writeFileSync(join(dashboardDir, ASSET), SCRIPT);
  writeFileSync(join(dashboardDir, `${ASSET}.br`), brotliCompressSync(`${SCRIPT}//br`));
  writeFileSync(join(dashboardDir, `${ASSET}.gz`), gzipSync(`${SCRIPT}//gz`));
  writeFileSync(join(dashboardDir, 'connect-origins.json'), '[]');
});
afterAll(() => rmSync(dashboardDir, { recursive: true, force: true }));

let t: TestEngine;
afterEach(async () => t?.close());
const get = (url: string, acceptEncoding?: string, token?: string) =>
  t.engine.app.inject({ method: 'GET', url, headers: { ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } });

describe('dashboard files', () => {
  it('sends the brotli file to a browser that accepts br, the gzip file to one that accepts only gzip, and the plain file otherwise', async () => {
    t = await startTestEngine({ dashboardDir });
    const br = await get(`/${ASSET}`, 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(`${SCRIPT}//br`);

    const gz = await get(`/${ASSET}`, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(`${SCRIPT}//gz`);

    const plain = await get(`/${ASSET}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('caches hashed assets for a year, immutable, and revalidates index.html on every visit', async () => {
    t = await startTestEngine({ dashboardDir });
    for (const encoding of [undefined, 'br']) {
      expect((await get(`/${ASSET}`, encoding)).headers['cache-control']).toBe(HASHED_ASSET_CACHE);
    }
    expect(HASHED_ASSET_CACHE).toBe('public, max-age=31536000, immutable');
    for (const page of ['/signup', '/dashboard/logs', '/magic/authorize?state=x', '/connect-origins.json']) {
      const response = await get(page, 'br');
      expect({ page, cache: response.headers['cache-control'] }).toEqual({ page, cache: REVALIDATE });
    }
    const index = await get('/dashboard/home', 'br');
    expect(index.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(index.rawPayload).toString()).toContain(`/${ASSET}`);
  });
});

describe('JSON answers', () => {
  it('are compressed above 1 kB for a client that accepts it, and left alone below it or without Accept-Encoding', async () => {
    t = await startTestEngine();
    const token = await signUp(t, 'compress@example.test');
    // The catalogue of apps is tens of kB of JSON.
    const big = await get('/api/app.appsList', 'gzip, deflate, br', token);
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers.vary).toMatch(/accept-encoding/i);
    const body = brotliDecompressSync(big.rawPayload).toString();
    expect(JSON.parse(body).success).toBe(true);
    expect(big.rawPayload.length).toBeLessThan(body.length / 3);

    const gzipOnly = await get('/api/app.appsList', 'gzip', token);
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipOnly.rawPayload).toString())).toEqual(JSON.parse(body));

    const none = await get('/api/app.appsList', undefined, token);
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(none.body)).toEqual(JSON.parse(body));

    const small = await get('/api/auth.getUiVersion', 'br');
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
