import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../support/engineHarness.ts';

// Code guesses sent at once through the real HTTP server (on PostgreSQL in the second engine run,
// where requests truly run in parallel on separate connections): each try is claimed before the
// code is compared, so 200 concurrent wrong guesses get at most 5 comparisons and the right code
// sent after them fails. The guesses come from 10 loopback source addresses, 20 each, so the
// per-source budget lets every one of them reach the code.
let t: TestEngine;
let port: number;
beforeAll(async () => {
  t = await startTestEngine();
  await t.engine.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.engine.app.server.address() as AddressInfo).port;
});
afterAll(async () => { await t.close(); });

function post(path: string, body: unknown, localAddress: string): Promise<{ status: number; body: any }> {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'POST', localAddress, agent: false,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) } }, (res) => {
      let data = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => { data += chunk; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data ? JSON.parse(data) : undefined }));
    });
    req.on('error', reject);
    req.end(text);
  });
}

describe('code guesses under concurrency', () => {
  it('evaluates at most 5 of 200 concurrent wrong guesses, and the right code sent after them fails', async () => {
    const email = 'race@acme.test';
    expect((await post('/api/auth.signIn', { userEmail: email, newUser: true }, '127.0.0.1')).status).toBe(200);
    const code = (await t.lastCode(email))!;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    const guesses = await Promise.all(Array.from({ length: 200 }, (_, i) =>
      post('/api/auth.verifyOtp', { userEmail: email, newUser: true, otp: wrong }, `127.0.10.${i % 10}`)));
    const statuses = guesses.map((g) => g.status);
    const compared = statuses.filter((s) => s === 400).length;
    expect(statuses.every((s) => s === 400 || s === 489)).toBe(true);
    expect(compared).toBeLessThanOrEqual(4);
    expect(statuses.filter((s) => s === 489).length).toBeGreaterThanOrEqual(196);

    const challenge = await t.engine.db.selectFrom('otp_challenges').select(['attempts', 'dead']).where('email', '=', email).executeTakeFirstOrThrow();
    expect(Number(challenge.attempts)).toBe(5);
    expect(challenge.dead).toBe(1);

    const right = await post('/api/auth.verifyOtp', { userEmail: email, newUser: true, otp: code }, '127.0.20.1');
    expect(right.status).toBe(489);
    expect(right.body.error.code).toBe('OTP_DEAD');
  });
});
