import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/engine/services/tokens.ts';
import { signUp, startTestEngine, type TestEngine } from '../support/engineHarness.ts';

// API keys and the auth sessions customer backends open with them. The engine keeps a key's hash
// and prefix only: a key is shown in full by the call that creates or rotates it, masked after.
let t: TestEngine;
let token: string;
beforeEach(async () => {
  t = await startTestEngine();
  token = await signUp(t, 'keys@acme.test');
});
afterEach(async () => { await t.close(); });

interface Keys { prodApiKey: string; sandboxApiKey: string; prodApiKeyMasked: boolean; sandboxApiKeyMasked: boolean }
const keys = async (tok = token) => (await t.call('GET', '/api/app.getApiKeys', { token: tok })).body.msg as Keys;
const rotate = async (sandbox: boolean) => (await t.call('GET', '/api/app.getNewApiKeys', { token, query: sandbox ? { sandbox: 'true' } : {} })).body.msg as { newApiKey: string; sandbox: boolean };
const masked = (key: string) => `${key.slice(0, 12)}…`;
const customer = { originOrgId: 'cust-4711', originOrgName: 'Globex Corp', originUserEmail: 'it-admin@globex.com', originUserName: 'Hank Scorpio' };
const createSession = (key: string, body: object = customer) => t.call('POST', '/api/auth.createSession', { token: key, body });
/** Every column of every api_keys row, as text: no issued key may be found in it. */
const storedKeyRows = async () => JSON.stringify(await t.engine.db.selectFrom('api_keys').selectAll().execute());

describe('API keys', () => {
  it('creates both keys on first use, shows them in full only then, and stores no full key', async () => {
    const first = await keys();
    expect(first).toMatchObject({ prodApiKeyMasked: false, sandboxApiKeyMasked: false });
    expect(first.prodApiKey).toMatch(/^sk_live_[\w-]{43}$/);
    expect(first.sandboxApiKey).toMatch(/^sk_test_[\w-]{43}$/);
    expect(await keys()).toEqual({
      prodApiKey: masked(first.prodApiKey), sandboxApiKey: masked(first.sandboxApiKey), prodApiKeyMasked: true, sandboxApiKeyMasked: true,
    });
    const rows = await t.engine.db.selectFrom('api_keys').selectAll().execute();
    expect(rows).toHaveLength(2);
    const prod = rows.find((r) => r.kind === 'prod')!;
    expect(prod).toMatchObject({ key_hash: hashToken(first.prodApiKey), prefix: first.prodApiKey.slice(0, 12) });
    const stored = await storedKeyRows();
    for (const key of [first.prodApiKey, first.sandboxApiKey]) {
      expect(stored).not.toContain(key);
      expect(stored).not.toContain(key.slice(12));
    }
    // The keys shown once work.
    expect((await createSession(first.prodApiKey)).status).toBe(200);
  });

  it('gives each organisation its own keys', async () => {
    const other = await signUp(t, 'keys@globex.test', { orgName: 'Globex' });
    const mine = await keys();
    const theirs = await keys(other);
    expect(theirs.prodApiKey).not.toBe(mine.prodApiKey);
    const session = await createSession(theirs.prodApiKey);
    const row = await t.engine.db.selectFrom('auth_sessions').select('org_id').where('token_hash', '=', hashToken(session.body.msg.token)).executeTakeFirstOrThrow();
    const me = await t.call('GET', '/api/user.userDetails', { token });
    expect(row.org_id).not.toBe(me.body.msg.orgId);
  });

  it('rotates the production key: the new key is shown once, the old key gets 401 at once, the sandbox key is unchanged', async () => {
    const before = await keys();
    expect((await createSession(before.prodApiKey)).status).toBe(200);
    const rotated = await rotate(false);
    expect(rotated.sandbox).toBe(false);
    expect(rotated.newApiKey).toMatch(/^sk_live_[\w-]{43}$/);
    expect(rotated.newApiKey).not.toBe(before.prodApiKey);
    expect((await createSession(before.prodApiKey)).status).toBe(401);
    expect((await createSession(rotated.newApiKey)).status).toBe(200);
    expect((await createSession(before.sandboxApiKey)).status).toBe(200);
    expect(await keys()).toEqual({
      prodApiKey: masked(rotated.newApiKey), sandboxApiKey: masked(before.sandboxApiKey), prodApiKeyMasked: true, sandboxApiKeyMasked: true,
    });
    expect(await storedKeyRows()).not.toContain(rotated.newApiKey);
  });

  it('rotates the sandbox key with sandbox=true', async () => {
    const before = await keys();
    const rotated = await rotate(true);
    expect(rotated).toMatchObject({ sandbox: true, newApiKey: expect.stringMatching(/^sk_test_/) });
    expect((await createSession(before.sandboxApiKey)).status).toBe(401);
    expect((await createSession(rotated.newApiKey)).status).toBe(200);
    expect(await keys()).toMatchObject({ prodApiKey: masked(before.prodApiKey), sandboxApiKey: masked(rotated.newApiKey) });
  });

  it('shows a key in full to only one of two simultaneous first calls', async () => {
    const answers = await Promise.all([keys(), keys()]);
    expect(answers.map((a) => a.prodApiKeyMasked).sort()).toEqual([false, true]);
    const full = answers.find((a) => !a.prodApiKeyMasked)!;
    expect(answers.find((a) => a.prodApiKeyMasked)!.prodApiKey).toBe(masked(full.prodApiKey));
    expect(await t.engine.db.selectFrom('api_keys').select('id').where('revoked_at', 'is', null).execute()).toHaveLength(2);
  });
});

describe('auth.createSession', () => {
  it('opens an auth session for the end customer with the production key', async () => {
    const { prodApiKey } = await keys();
    const res = await createSession(prodApiKey, { ...customer, originOrgName: '  Globex Corp  ' });
    expect(res.status).toBe(200);
    expect(res.body.msg).toMatchObject({ sandbox: false, expiresAt: Math.floor(t.clock.now() / 1000) + 30 * 60 });
    expect(res.body.msg.token).toMatch(/^as_/);
    const row = await t.engine.db.selectFrom('auth_sessions').selectAll().where('token_hash', '=', hashToken(res.body.msg.token)).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'session', origin_org_id: 'cust-4711', origin_org_name: 'Globex Corp', origin_user_email: 'it-admin@globex.com', origin_user_name: 'Hank Scorpio', sandbox: 0, state: 'active' });
  });

  it('opens a sandbox session with the sandbox key', async () => {
    const { sandboxApiKey } = await keys();
    const res = await createSession(sandboxApiKey);
    expect(res.body.msg.sandbox).toBe(true);
  });

  it('refuses a bad key, a dashboard session token, and an API key on dashboard calls', async () => {
    expect((await createSession('sk_live_not-a-key')).status).toBe(401);
    expect((await createSession(token)).status).toBe(401);
    const { prodApiKey } = await keys();
    expect((await t.call('GET', '/api/app.getApiKeys', { token: prodApiKey })).status).toBe(401);
    expect((await t.call('POST', '/api/auth.createSession', { body: customer })).status).toBe(401);
  });

  it('answers the spec messages for missing or invalid fields', async () => {
    const { prodApiKey } = await keys();
    const cases: [object, string, string][] = [
      [{ ...customer, originOrgId: '   ' }, 'originOrgId', 'Origin Org ID is required'],
      [{ ...customer, originOrgName: undefined }, 'originOrgName', 'Origin Org Name is required'],
      [{ ...customer, originUserEmail: undefined }, 'originUserEmail', 'Origin User Email is required'],
      [{ ...customer, originUserName: '' }, 'originUserName', 'Origin User Name is required'],
      [{ ...customer, originUserEmail: 'not-an-email' }, 'originUserEmail', 'Not a valid email!'],
    ];
    for (const [body, field, msg] of cases) {
      const res = await createSession(prodApiKey, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ field, msg });
    }
  });
});
