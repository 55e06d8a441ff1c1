import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { credentialsForAccount, CredentialsUnavailable, openTokens } from '../../src/engine/services/accountAccess.ts';
import { callAccountApi, sandboxConnectionOf } from '../../src/engine/services/sandboxClient.ts';
import { startTestEngine, type TestEngine } from '../support/engineHarness.ts';
import { newOrg, type OrgSession } from '../support/dataFixtures.ts';
import { connectOAuthApp, OAuthBrowser } from '../support/oauthBrowser.ts';

// The credentials service (services/accountAccess.ts) and the sandbox client (services/sandboxClient.ts)
// on an account connected by OAuth through the HTTP server, on SQLite and PostgreSQL: a token that
// expires within the margin is refreshed before use (the engine's clock is moved), exactly once
// however many callers ask at the same time; a token revoked at the app answers 401, and the
// refused refresh puts the account in Error. Accounts with setup fields hand over those fields.
let t: TestEngine;
let org: OrgSession;
let browser: OAuthBrowser;
const ACCESS_TOKEN_MS = 900_000;

beforeEach(async () => {
  t = await startTestEngine();
  await t.engine.app.listen({ port: 0, host: '127.0.0.1' });
  browser = new OAuthBrowser((t.engine.app.server.address() as AddressInfo).port);
  org = await newOrg(t, 'owner@acme.test');
  for (const category of ['CRM', 'HRIS']) expect((await t.call('POST', '/api/app.enableCategory', { token: org.token, body: { category } })).status).toBe(200);
});
afterEach(async () => { await t.close(); });

const accessToken = async (integrationId: string, options?: { marginMs?: number }) => {
  const credentials = await credentialsForAccount(t.engine, integrationId, options);
  if (credentials.kind !== 'oauth') throw new Error(`not an OAuth account: ${credentials.kind}`);
  return credentials;
};

/** The sandbox OAuth server's refresh tokens of the account: how many it issued and how many were used. */
async function refreshTokensOf(integrationId: string): Promise<{ issued: number; used: number }> {
  const rows = await t.engine.db.selectFrom('sandbox_oauth_records').select('consumed_at').where('model', '=', 'RefreshToken').where('account_id', '=', integrationId).execute();
  return { issued: rows.length, used: rows.filter((r) => r.consumed_at !== null).length };
}

const contacts = (integrationId: string) => callAccountApi(t.engine, integrationId, { path: '/crm/v3/objects/contacts', query: { limit: 2 } });

describe('an OAuth account’s access token', () => {
  it('is handed over as it is while it is fresh, and works at the app', async () => {
    const integrationId = await connectOAuthApp(t, browser, org.token, { appId: 'hubspot', category: 'CRM' });
    const first = await accessToken(integrationId);
    expect(first).toMatchObject({ kind: 'oauth', integrationId, orgId: org.orgId, appId: 'hubspot', category: 'CRM', tokenType: 'Bearer', expiresAt: t.clock.now() + ACCESS_TOKEN_MS });
    expect((await accessToken(integrationId)).accessToken).toBe(first.accessToken);
    expect(await refreshTokensOf(integrationId)).toEqual({ issued: 1, used: 0 });

    const answer = await contacts(integrationId);
    expect(answer.status).toBe(200);
    expect((answer.body as { results: unknown[] }).results).toHaveLength(2);
    expect(answer.nativeCalls).toEqual([{
      method: 'GET', url: `${t.engine.config.publicUrl}/sandbox/apps/hubspot/crm/v3/objects/contacts?limit=2`, path: '/crm/v3/objects/contacts',
      status: 200, durationMs: expect.any(Number), startedAt: t.clock.now(), responseBody: expect.stringContaining('"results"'),
    }]);
    expect(await sandboxConnectionOf(t.engine, integrationId)).toBe(integrationId);
  });

  it('is refreshed before use when it expires within the margin, once for many callers at the same time', async () => {
    const integrationId = await connectOAuthApp(t, browser, org.token, { appId: 'hubspot', category: 'CRM' });
    const original = await accessToken(integrationId);

    // 30 s before expiry, inside the 60 s margin: one caller refreshes, the others may use the still-valid token.
    t.clock.advance(ACCESS_TOKEN_MS - 30_000);
    const near = await Promise.all(Array.from({ length: 10 }, () => accessToken(integrationId)));
    expect(await refreshTokensOf(integrationId)).toEqual({ issued: 2, used: 1 });
    const renewed = near.find((c) => c.accessToken !== original.accessToken)!;
    expect(renewed.expiresAt).toBe(t.clock.now() + ACCESS_TOKEN_MS);
    for (const c of near) expect([original.accessToken, renewed.accessToken]).toContain(c.accessToken);
    expect((await accessToken(integrationId)).accessToken).toBe(renewed.accessToken);

    // Past expiry: nobody may use the old token, so every caller waits for the one refresh.
    t.clock.advance(ACCESS_TOKEN_MS + 1000);
    const expired = await Promise.all(Array.from({ length: 10 }, () => accessToken(integrationId)));
    expect(new Set(expired.map((c) => c.accessToken)).size).toBe(1);
    expect(expired[0].accessToken).not.toBe(renewed.accessToken);
    expect(await refreshTokensOf(integrationId)).toEqual({ issued: 3, used: 2 });
    // Refreshing twice with one refresh token would have revoked the grant: the app still answers.
    expect((await contacts(integrationId)).status).toBe(200);
    const stored = await t.engine.db.selectFrom('account_oauth_tokens').select(['tokens_sealed', 'refresh_claim_id']).where('integration_id', '=', integrationId).executeTakeFirstOrThrow();
    expect(stored.refresh_claim_id).toBeNull();
    expect(openTokens(stored.tokens_sealed, t.engine.config.signingSecret)!.accessToken).toBe(expired[0].accessToken);
  });

  it('answers 401 once revoked at the app; the refused refresh puts the account in Error', async () => {
    const integrationId = await connectOAuthApp(t, browser, org.token, { appId: 'hubspot', category: 'CRM' });
    const { accessToken: token } = await accessToken(integrationId);
    const revoked = await t.engine.app.inject({ method: 'POST', url: '/sandbox/control/revoke', payload: { integrationId } });
    expect(revoked.json()).toEqual({ connectionId: integrationId, revokedGrants: 1 });

    const direct = await t.engine.app.inject({ method: 'GET', url: '/sandbox/apps/hubspot/crm/v3/objects/contacts', headers: { authorization: `Bearer ${token}` } });
    expect(direct.statusCode).toBe(401);
    expect(direct.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    expect(direct.json()).toEqual({ error: { code: 'invalid_token', message: 'The access token is invalid or has been revoked' } });

    // The client tries one refresh on a 401; the app refuses it, so the account needs reconnecting.
    const answer = await contacts(integrationId);
    expect(answer.status).toBe(401);
    expect(answer.nativeCalls.map((c) => c.status)).toEqual([401]);
    const account = await t.engine.db.selectFrom('integrated_accounts').select(['integration_state', 'error_description']).where('id', '=', integrationId).executeTakeFirstOrThrow();
    expect(account.integration_state).toBe('Error');
    expect(account.error_description).toMatch(/refused to renew access \(invalid_grant\): reconnect the account/);
    t.clock.advance(ACCESS_TOKEN_MS);
    await expect(accessToken(integrationId)).rejects.toMatchObject({ reason: 'refused' });
  });

  it('is not handed over for an account that is deactivated, unknown or holds none', async () => {
    const integrationId = await connectOAuthApp(t, browser, org.token, { appId: 'hubspot', category: 'CRM' });
    await t.engine.db.updateTable('integrated_accounts').set({ integration_state: 'Deactivated', deactivated_at: t.clock.now() }).where('id', '=', integrationId).execute();
    await expect(credentialsForAccount(t.engine, integrationId)).rejects.toMatchObject({ reason: 'inactive' });
    await expect(credentialsForAccount(t.engine, 'int_unknown')).rejects.toBeInstanceOf(CredentialsUnavailable);
    await t.engine.db.updateTable('integrated_accounts').set({ integration_state: 'Success' }).where('id', '=', integrationId).execute();
    await t.engine.db.deleteFrom('account_oauth_tokens').where('integration_id', '=', integrationId).execute();
    await expect(credentialsForAccount(t.engine, integrationId)).rejects.toMatchObject({ reason: 'not_connected' });
  });
});

describe('an account with setup fields', () => {
  it('hands over its sealed fields, and its app answers with them', async () => {
    const link = await t.call('POST', '/api/app.createMagicLinkV3', {
      token: org.token, body: { originOrgId: 'initech-2', originOrgName: 'Initech', originUserEmail: 'bill@initech.test', originUserName: 'Bill', categories: ['HRIS'], language: 'en' },
    });
    const authSessionToken = JSON.parse(Buffer.from(new URL(link.body.msg.link).searchParams.get('state')!, 'base64url').toString('utf8')).authSessionToken;
    const offer = (await t.call('POST', '/api/connect.getSession', { body: { authSessionToken } })).body.msg;
    const fields = offer.categories[0].apps.find((a: { id: string }) => a.id === 'bamboohr').steps.flatMap((s: { fields: { name: string }[] }) => s.fields);
    const values = Object.fromEntries(fields.map((f: { name: string }) => [f.name, `initech-${f.name}`]));
    const done = await t.call('POST', '/api/connect.complete', { body: { authSessionToken, appId: 'bamboohr', category: 'HRIS', values } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const integrationId = done.body.msg.integrationId;

    expect(await credentialsForAccount(t.engine, integrationId)).toEqual({ kind: 'fields', integrationId, orgId: org.orgId, appId: 'bamboohr', category: 'HRIS', values });
    const answer = await callAccountApi(t.engine, integrationId, { path: '/v1/employees', query: { page_size: 3 } });
    expect(answer.status).toBe(200);
    expect((answer.body as { employees: unknown[] }).employees).toHaveLength(3);
    // The same credentials are the same connection at the sandbox: the same people on every call.
    expect((await callAccountApi(t.engine, integrationId, { path: '/v1/employees', query: { page_size: 3 } })).body).toEqual(answer.body);
    expect(await sandboxConnectionOf(t.engine, integrationId)).toMatch(/^key_[0-9a-f]{32}$/);

    // Revoked at the app: 401, and the account is not touched (the client cannot renew setup fields).
    expect((await t.engine.app.inject({ method: 'POST', url: '/sandbox/control/revoke', payload: { integrationId } })).json()).toMatchObject({ revokedGrants: 0 });
    expect((await callAccountApi(t.engine, integrationId, { path: '/v1/employees' })).status).toBe(401);
  });
});
