import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signUp, startTestEngine, type TestEngine } from '../support/engineHarness.ts';

// An auth session a customer backend opened with an API key lives no longer than that key.
let t: TestEngine;
let admin: string;
beforeEach(async () => {
  t = await startTestEngine();
  admin = await signUp(t, 'dana@acme.test');
});
afterEach(async () => { await t.close(); });

const customer = { originOrgId: 'cust-4711', originOrgName: 'Globex Corp', originUserEmail: 'it-admin@globex.com', originUserName: 'Hank Scorpio' };
const rotateProdKey = async () => (await t.call('GET', '/api/app.getNewApiKeys', { token: admin })).body.msg.newApiKey as string;
const openSession = async (apiKey: string) => (await t.call('POST', '/api/auth.createSession', { token: apiKey, body: customer })).body.msg.token as string;
const connectSession = (authSessionToken: string) => t.call('POST', '/api/connect.getSession', { body: { authSessionToken } });

describe('auth sessions and key rotation', () => {
  it('ends a session when the key that opened it is rotated, and keeps the sandbox key\'s sessions', async () => {
    const prodKey = await rotateProdKey();
    const session = await openSession(prodKey);
    expect((await connectSession(session)).status).toBe(200);
    const sandboxKey = (await t.call('GET', '/api/app.getNewApiKeys', { token: admin, query: { sandbox: 'true' } })).body.msg.newApiKey as string;
    const sandboxSession = await openSession(sandboxKey);

    await rotateProdKey();
    const ended = await connectSession(session);
    expect(ended.status).toBe(404);
    expect(ended.body.error.msg).toBe('This link is invalid or has expired');
    expect((await connectSession(sandboxSession)).status).toBe(200);
  });
});
