import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TableName } from '../../src/engine/db/schema.ts';
import { credentialsForAccount, openTokens } from '../../src/engine/services/accountAccess.ts';
import { exchangeCode } from '../../src/engine/services/vendorOAuth.ts';
import { startTestEngine, type TestEngine } from '../support/engineHarness.ts';
import { newOrg, type OrgSession } from '../support/dataFixtures.ts';
import { consentAction, OAuthBrowser } from '../support/oauthBrowser.ts';

// The end customer's OAuth sign-in through the real HTTP server, on SQLite and on PostgreSQL (where
// concurrent callbacks truly race on separate connections): connect.oauth.start, the sandbox OAuth
// server's sign-in and consent pages in a browser (cookies, redirects), the /oauth callback's call
// connect.oauth.callback, and what it leaves behind: the account with its category's sync jobs and
// its tokens sealed. The state is refused when any field changes, when replayed (also at the same
// moment), when expired; the provider refuses a missing or wrong PKCE verifier.
let t: TestEngine;
let org: OrgSession;
let browser: OAuthBrowser;

beforeEach(async () => {
  t = await startTestEngine();
  await t.engine.app.listen({ port: 0, host: '127.0.0.1' });
  browser = new OAuthBrowser((t.engine.app.server.address() as AddressInfo).port);
  org = await newOrg(t, 'owner@acme.test');
  expect((await api('app.enableCategory', { category: 'CRM' }, org.token)).status).toBe(200);
  expect((await api('app.enableSyncForCategory', { category: 'CRM', syncModels: [], apiTrigger: false }, org.token)).status).toBe(200);
});
afterEach(async () => { await t.close(); });

const api = (path: string, body: unknown, token?: string) => t.call('POST', `/api/${path}`, { body, token });
const tokenOf = (link: string) => JSON.parse(Buffer.from(new URL(link).searchParams.get('state')!, 'base64url').toString('utf8')).authSessionToken as string;
const decode = (state: string) => JSON.parse(Buffer.from(state, 'base64url').toString('utf8')) as Record<string, unknown>;
const encode = (payload: Record<string, unknown>) => Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
const BAD_STATE = 'Something went wrong, please try again';

async function magicLink(): Promise<{ token: string; integrationId: string }> {
  const res = await api('app.createMagicLinkV3', {
    originOrgId: 'globex-7', originOrgName: 'Globex Corp', originUserEmail: 'hank@globex.test', originUserName: 'Hank Scorpio', categories: ['CRM'], language: 'en',
  }, org.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { token: tokenOf(res.body.msg.link), integrationId: res.body.msg.integrationId };
}

/** connect.oauth.start for HubSpot (a real-named OAuth app, played by the sandbox), with its earlier steps' values. */
async function start(token: string, extra: Record<string, unknown> = {}) {
  const offer = (await api('connect.getSession', { authSessionToken: token })).body.msg;
  const app = offer?.categories[0].apps.find((a: { id: string }) => a.id === 'hubspot');
  const values = Object.fromEntries((app?.steps ?? []).flatMap((s: { fields: { name: string }[] }) => s.fields).map((f: { name: string }) => [f.name, 'globex']));
  return api('connect.oauth.start', { authSessionToken: token, appId: 'hubspot', category: 'CRM', stepId: 'authorize', reintegrate: false, isFinalStep: true, values, ...extra });
}

/** The browser's part: open the authorize URL, answer the consent page, land on /oauth. */
async function authorize(authorizeUrl: string, decision: 'allow' | 'deny' = 'allow'): Promise<URLSearchParams> {
  const opened = new URL(authorizeUrl);
  const consent = await browser.follow(opened.pathname + opened.search, (to) => to.pathname === '/oauth');
  expect(consent.last.status, consent.last.body.slice(0, 500)).toBe(200);
  const answered = await browser.send('POST', consentAction(consent.last.body), { form: { decision } });
  expect(answered.status).toBe(303);
  const back = await browser.follow(answered.headers.location as string, (to) => to.pathname === '/oauth');
  const callback = new URL(back.url);
  expect(callback.origin + callback.pathname).toBe(`${t.engine.config.publicUrl}/oauth`);
  return callback.searchParams;
}

const callback = (body: Record<string, unknown>) => api('connect.oauth.callback', body);

/** Every row of every table as text: what a copy of the database would show. */
async function databaseDump(): Promise<string> {
  const tables = (await t.engine.db.introspection.getTables()).map((table) => table.name).filter((name) => !name.startsWith('kysely_') && !/_(default|p\d{6})$/.test(name));
  const rows = await Promise.all(tables.map((name) => t.engine.db.selectFrom(name as TableName).selectAll().execute()));
  return JSON.stringify(rows);
}

describe('the OAuth sign-in of an app, end to end', () => {
  it('starts, authorises with consent, and connects the account with its sync jobs, tokens sealed', async () => {
    const link = await magicLink();
    const offer = (await api('connect.getSession', { authSessionToken: link.token })).body.msg;
    expect(offer.categories[0].apps.find((a: { id: string }) => a.id === 'hubspot')).toMatchObject({ authType: 'OAUTH', connectable: true });

    const started = await start(link.token);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const { authorizeUrl, state, expiresAt } = started.body.msg;
    expect(expiresAt).toBe(Math.floor(t.clock.now() / 1000) + 600);
    const payload = decode(state);
    expect(payload).toEqual({ appId: 'hubspot', isFinalStep: true, stepId: 'authorize', category: 'CRM', reintegrate: false, authSessionToken: link.token, nonce: expect.any(String) });
    expect((payload.nonce as string).length).toBeGreaterThanOrEqual(43);
    const url = new URL(authorizeUrl);
    expect(url.origin + url.pathname).toBe(`${t.engine.config.publicUrl}/sandbox/oauth/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code', client_id: 'hubspot', redirect_uri: `${t.engine.config.publicUrl}/oauth`, state, code_challenge_method: 'S256',
      scope: 'contacts.read accounts.read deals.read offline_access', login_hint: link.integrationId,
    });
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);

    // The consent page: the app, what it grants, Allow and Deny, and the security headers.
    const consent = await browser.follow(url.pathname + url.search, (to) => to.pathname === '/oauth');
    expect(consent.last.status).toBe(200);
    expect(consent.last.body).toContain('Allow access to your HubSpot account?');
    expect(consent.last.body).toContain('Read your deals, their stages and amounts');
    expect(consent.last.body).toContain('<button type="submit" name="decision" value="allow">Allow</button>');
    expect(consent.last.body).toContain('<button type="submit" name="decision" value="deny">Deny</button>');
    expect(consent.last.body).not.toMatch(/<script/i);
    expect(consent.last.headers).toMatchObject({ 'x-frame-options': 'DENY', 'x-content-type-options': 'nosniff', 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' });
    expect(consent.last.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(consent.last.headers['content-security-policy']).toContain(`form-action 'self' ${t.engine.config.publicUrl}`);

    const answered = await browser.send('POST', consentAction(consent.last.body), { form: { decision: 'allow' } });
    expect(answered.headers['x-frame-options']).toBe('DENY');
    const back = new URL((await browser.follow(answered.headers.location as string, (to) => to.pathname === '/oauth')).url).searchParams;
    expect(back.get('state')).toBe(state);

    const done = await callback({ code: back.get('code'), state: back.get('state') });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.msg).toEqual({ integrationId: link.integrationId, appId: 'hubspot', categoryId: 'CRM', originOrgId: 'globex-7', success: true, errors: [], isDeactivated: false });

    // Created as the form connect creates accounts: same organisation, Success, the link used up, sync jobs due now.
    const account = await t.engine.db.selectFrom('integrated_accounts').selectAll().where('id', '=', link.integrationId).executeTakeFirstOrThrow();
    expect(account).toMatchObject({ org_id: org.orgId, app_id: 'hubspot', category: 'CRM', integration_state: 'Success', origin_org_name: 'Globex Corp', sync_enabled: 1 });
    const jobs = await t.engine.db.selectFrom('sync_jobs').select(['sync_data_type', 'next_run_at', 'status']).where('integration_id', '=', link.integrationId).execute();
    expect(jobs.length).toBeGreaterThan(0);
    for (const job of jobs) expect(job).toMatchObject({ status: 'active', next_run_at: t.clock.now() });
    expect((await api('connect.getSession', { authSessionToken: link.token })).status).toBe(409);

    // The tokens work, and no copy of the database shows them.
    const credentials = await credentialsForAccount(t.engine, link.integrationId);
    expect(credentials).toMatchObject({ kind: 'oauth', appId: 'hubspot', category: 'CRM', scope: 'contacts.read accounts.read deals.read offline_access' });
    if (credentials.kind !== 'oauth') throw new Error('not oauth');
    const stored = await t.engine.db.selectFrom('account_oauth_tokens').select('tokens_sealed').where('integration_id', '=', link.integrationId).executeTakeFirstOrThrow();
    const tokens = openTokens(stored.tokens_sealed, t.engine.config.signingSecret)!;
    expect(tokens.refreshToken).toBeTruthy();
    const dump = await databaseDump();
    for (const secret of [tokens.accessToken, tokens.refreshToken!, back.get('code')!, decode(state).nonce as string, link.token]) {
      expect(dump.includes(secret), 'a token, code, nonce or session token in the database').toBe(false);
    }
    const me = await t.engine.app.inject({ method: 'GET', url: '/sandbox/apps/hubspot/v1/me', headers: { authorization: `Bearer ${credentials.accessToken}` } });
    expect(me.json()).toMatchObject({ connection_id: link.integrationId, app_id: 'hubspot', category: 'CRM' });
  });

  it('answers success false when the end customer denies access, and the link stays usable', async () => {
    const link = await magicLink();
    const started = (await start(link.token)).body.msg;
    const back = await authorize(started.authorizeUrl, 'deny');
    expect(back.get('error')).toBe('access_denied');
    expect(back.get('code')).toBeNull();
    const done = await callback({ state: back.get('state'), error: back.get('error'), errorDescription: back.get('error_description') ?? undefined });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.msg).toMatchObject({ integrationId: link.integrationId, appId: 'hubspot', categoryId: 'CRM', originOrgId: 'globex-7', success: false, isDeactivated: false });
    expect(done.body.msg.errors).toEqual([{ code: 'access_denied', description: expect.any(String), resolution: 'Connect the app again and choose Allow' }]);
    expect(await t.engine.db.selectFrom('integrated_accounts').select('id').where('id', '=', link.integrationId).executeTakeFirst()).toBeUndefined();

    // Another try with a new state connects.
    const again = (await start(link.token)).body.msg;
    const ok = await authorize(again.authorizeUrl);
    expect((await callback({ code: ok.get('code'), state: ok.get('state') })).body.msg.success).toBe(true);
  });

  it('reconnects a reintegration link’s account with new tokens', async () => {
    const link = await magicLink();
    const first = await authorize((await start(link.token)).body.msg.authorizeUrl);
    expect((await callback({ code: first.get('code'), state: first.get('state') })).body.msg.success).toBe(true);
    const before = await t.engine.db.selectFrom('account_oauth_tokens').select('tokens_sealed').where('integration_id', '=', link.integrationId).executeTakeFirstOrThrow();

    const relink = await api('app.createReIntegrateMagicLink', {
      appId: 'hubspot', categories: ['CRM'], originOrgId: 'globex-7', knitOriginOrgId: 'globex-7', originOrgName: 'Globex Corp',
      originUserName: 'Hank Scorpio', originUserEmail: 'hank@globex.test',
    }, org.token);
    expect(relink.status, JSON.stringify(relink.body)).toBe(200);
    // The account broke after the link was made.
    await t.engine.db.updateTable('integrated_accounts').set({ integration_state: 'Error', error_description: 'Token revoked' }).where('id', '=', link.integrationId).execute();
    const token = tokenOf(relink.body.msg.link);
    expect((await start(token)).body.error).toMatchObject({ field: 'reintegrate' });
    const again = await authorize((await start(token, { reintegrate: true })).body.msg.authorizeUrl);
    const done = await callback({ code: again.get('code'), state: again.get('state') });
    expect(done.body.msg).toMatchObject({ integrationId: link.integrationId, success: true });
    expect(await t.engine.db.selectFrom('integrated_accounts').select(['integration_state', 'error_description']).where('id', '=', link.integrationId).executeTakeFirstOrThrow())
      .toEqual({ integration_state: 'Success', error_description: null });
    const after = await t.engine.db.selectFrom('account_oauth_tokens').select('tokens_sealed').where('integration_id', '=', link.integrationId).executeTakeFirstOrThrow();
    expect(after.tokens_sealed).not.toBe(before.tokens_sealed);
    expect(await t.engine.db.selectFrom('integrated_accounts').select('id').where('org_id', '=', org.orgId).execute()).toHaveLength(1);
  });

  it('connects a sandbox OAuth app for the knit-auth component’s session (the admin mode uses the same calls)', async () => {
    const sandboxKey = (await t.call('GET', '/api/app.getNewApiKeys', { token: org.token, query: { sandbox: 'true' } })).body.msg.newApiKey as string;
    const opened = await t.call('POST', '/api/auth.createSession', {
      token: sandboxKey, body: { originOrgId: 'cust-4711', originOrgName: 'Initech', originUserEmail: 'bill@initech.test', originUserName: 'Bill Lumbergh' },
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const authSessionToken = opened.body.msg.token as string;
    const offer = (await api('connect.getSession', { authSessionToken })).body.msg;
    expect(offer.categories[0].apps.map((a: { id: string; connectable: boolean }) => [a.id, a.connectable]))
      .toEqual(expect.arrayContaining([['sandbox-crm-oauth', true]]));
    const started = await api('connect.oauth.start', { authSessionToken, appId: 'sandbox-crm-oauth', category: 'CRM', stepId: 'authorize', reintegrate: false, isFinalStep: true });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const back = await authorize(started.body.msg.authorizeUrl);
    const done = await callback({ code: back.get('code'), state: back.get('state') });
    expect(done.body.msg).toMatchObject({ appId: 'sandbox-crm-oauth', categoryId: 'CRM', originOrgId: 'cust-4711', success: true, integrationId: expect.stringMatching(/^int_/) });
    const credentials = await credentialsForAccount(t.engine, done.body.msg.integrationId);
    expect(credentials).toMatchObject({ kind: 'oauth', appId: 'sandbox-crm-oauth', orgId: org.orgId });
  });

  it('checks the choice as the form connect does', async () => {
    const link = await magicLink();
    expect((await start(link.token, { appId: 'gusto' })).body.error).toMatchObject({ field: 'appId', msg: 'This app is not offered by this link' });
    expect((await start(link.token, { appId: 'close' })).body.error).toMatchObject({ field: 'appId', msg: 'Close does not connect with an OAuth sign-in' });
    expect((await start(link.token, { stepId: 'credentials' })).body.error).toMatchObject({ field: 'stepId' });
    expect((await start(link.token, { isFinalStep: false })).body.error).toMatchObject({ field: 'isFinalStep' });
    expect((await start(link.token, { values: { password: 'x' } })).body.error).toMatchObject({ field: 'values.password', msg: 'Unknown field' });
    expect((await start('no-such-token')).status).toBe(404);
    // A form connect of an OAuth app is refused: it signs in with OAuth.
    expect((await api('connect.complete', { authSessionToken: link.token, appId: 'hubspot', category: 'CRM', values: {} })).body.error)
      .toMatchObject({ field: 'appId', msg: 'This app connects with an OAuth sign-in' });
  });
});

describe('the state', () => {
  it('is refused with any field changed, and the one issued still works afterwards', async () => {
    const link = await magicLink();
    const started = (await start(link.token)).body.msg;
    const back = await authorize(started.authorizeUrl);
    const code = back.get('code')!;
    const original = decode(back.get('state')!);
    const changes: Record<string, unknown> = {
      appId: 'salesforce', isFinalStep: false, stepId: 'instance', category: 'HRIS', reintegrate: true, authSessionToken: `${link.token}x`, nonce: `${original.nonce as string}x`,
    };
    for (const [field, value] of Object.entries(changes)) {
      const res = await callback({ code, state: encode({ ...original, [field]: value }) });
      expect({ field, status: res.status, error: res.body.error }).toEqual({ field, status: 400, error: { code: 'VALIDATION', field: 'state', msg: BAD_STATE } });
    }
    // Re-encoded with the same fields in another order, padded, or not base64 JSON at all.
    const { nonce, ...rest } = original;
    for (const state of [encode({ nonce, ...rest }), `${back.get('state')}=`, 'not-a-state', encode({ nonce })]) {
      expect((await callback({ code, state })).body.error).toMatchObject({ field: 'state', msg: BAD_STATE });
    }
    expect(await t.engine.db.selectFrom('integrated_accounts').select('id').where('org_id', '=', org.orgId).execute()).toEqual([]);

    const done = await callback({ code, state: back.get('state') });
    expect(done.body.msg).toMatchObject({ success: true, integrationId: link.integrationId });
  });

  it('is used once: the same state again is refused', async () => {
    const link = await magicLink();
    const back = await authorize((await start(link.token)).body.msg.authorizeUrl);
    expect((await callback({ code: back.get('code'), state: back.get('state') })).body.msg.success).toBe(true);
    const replay = await callback({ code: back.get('code'), state: back.get('state') });
    expect(replay.status).toBe(400);
    expect(replay.body.error).toMatchObject({ field: 'state', msg: BAD_STATE });
  });

  it('is used once when the same callback arrives many times at once: exactly one connects', async () => {
    const link = await magicLink();
    const back = await authorize((await start(link.token)).body.msg.authorizeUrl);
    const body = { code: back.get('code'), state: back.get('state') };
    const answers = await Promise.all(Array.from({ length: 12 }, () => browser.send('POST', '/api/connect.oauth.callback', { json: body })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(11);
    const winner = JSON.parse(answers.find((a) => a.status === 200)!.body);
    expect(winner.msg).toMatchObject({ success: true, integrationId: link.integrationId });
    for (const loser of answers.filter((a) => a.status === 400)) expect(JSON.parse(loser.body).error).toMatchObject({ field: 'state', msg: BAD_STATE });
    expect(await t.engine.db.selectFrom('integrated_accounts').select('id').where('org_id', '=', org.orgId).execute()).toHaveLength(1);
  });

  it('expires after 10 minutes', async () => {
    const link = await magicLink();
    const back = await authorize((await start(link.token)).body.msg.authorizeUrl);
    t.clock.advance(10 * 60_000);
    expect((await callback({ code: back.get('code'), state: back.get('state') })).body.error).toMatchObject({ field: 'state', msg: BAD_STATE });
  });
});

describe('PKCE', () => {
  it('is required at the authorization endpoint, and the token endpoint refuses a missing or wrong verifier', async () => {
    const link = await magicLink();
    const started = (await start(link.token)).body.msg;
    const url = new URL(started.authorizeUrl);
    url.searchParams.delete('code_challenge');
    url.searchParams.delete('code_challenge_method');
    const refused = await browser.send('GET', url.pathname + url.search);
    expect(refused.status).toBe(303);
    const location = new URL(refused.headers.location as string);
    expect(location.pathname).toBe('/oauth');
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('error_description')).toMatch(/PKCE/);

    const back = await authorize(started.authorizeUrl);
    const code = back.get('code')!;
    const wrong = await exchangeCode(t.engine.http, t.engine.config, 'hubspot', code, 'x'.repeat(43));
    expect(wrong).toMatchObject({ ok: false, refused: true, error: 'invalid_grant' });
    const secret = (await import('../../src/engine/sandbox/registration.ts')).sandboxClientSecret(t.engine.config.signingSecret, 'hubspot');
    const missing = await t.engine.app.inject({
      method: 'POST', url: '/sandbox/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`hubspot:${secret}`).toString('base64')}` },
      payload: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: `${t.engine.config.publicUrl}/oauth` }).toString(),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'invalid_grant' });
    // The verifier the engine kept is the right one.
    expect((await callback({ code, state: back.get('state') })).body.msg.success).toBe(true);
  });
});
