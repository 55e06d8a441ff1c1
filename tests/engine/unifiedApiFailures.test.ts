import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../support/engineHarness.ts';
import { newOrg, type OrgSession } from '../support/dataFixtures.ts';
import { connectOAuthApp, OAuthBrowser } from '../support/oauthBrowser.ts';
import { apiKeysOf, connectWithKey, failNextAppCalls, unified, type ApiKeys } from '../support/unifiedApi.ts';

// How the unified API copes with the app's failures (the sandbox's control surface forces them), on
// SQLite and PostgreSQL: a 429 surfaces with the app's Retry-After; a 5xx is retried twice with
// backoff, then answered 502; credentials the app refuses (a revoked OAuth grant, revoked setup
// fields) put the account in Error. Each failure the call could not get past raises the issue the
// issues screen lists: one outstanding issue per account and type, counting its failing calls.
let t: TestEngine;
let org: OrgSession;
let keys: ApiKeys;
let bamboo: string;

beforeEach(async () => {
  t = await startTestEngine();
  org = await newOrg(t, 'owner@acme.test');
  for (const category of ['HRIS', 'CRM']) expect((await t.call('POST', '/api/app.enableCategory', { token: org.token, body: { category } })).status).toBe(200);
  keys = await apiKeysOf(t, org.token);
  bamboo = await connectWithKey(t, keys.prod, { appId: 'bamboohr', category: 'HRIS' });
});
afterEach(async () => { await t.close(); });

const db = () => t.engine.db;
const employees = (integrationId = bamboo) => unified(t, 'GET', 'hris.employees', { apiKey: keys.prod, integrationId, query: { pageSize: '5' } });
const issuesOf = (integrationId: string) => db().selectFrom('issues')
  .select(['error_type', 'log_type', 'error_message', 'error_data_str', 'issue_calls', 'resolved_at', 'execution_id', 'organization', 'app_id'])
  .where('integration_id', '=', integrationId).orderBy('id').execute();
const logOf = (executionId: string) => db().selectFrom('api_logs').select(['status_code', 'status_message', 'native_api_call_count'])
  .where('execution_id', '=', executionId).executeTakeFirstOrThrow();
const nativeStatuses = async (executionId: string) => (await db().selectFrom('native_calls').select('status_code')
  .where('execution_id', '=', executionId).orderBy('ts').orderBy('id').execute()).map((n) => n.status_code);
const accountState = (id: string) => db().selectFrom('integrated_accounts').select(['integration_state', 'error_description']).where('id', '=', id).executeTakeFirstOrThrow();
const usage = async (integrationId: string) => {
  const rows = await db().selectFrom('usage_daily').select(['api_calls', 'native_api_calls', 'api_call_errors', 'issues']).where('integration_id', '=', integrationId).execute();
  return rows.map((r) => [Number(r.api_calls), Number(r.native_api_calls), Number(r.api_call_errors), Number(r.issues)]);
};

describe("the app's rate limit", () => {
  it("surfaces as 429 with the app's Retry-After, not retried, and raises a RATE_LIMITED issue", async () => {
    await failNextAppCalls(t, bamboo, 1, 429);
    const res = await employees();
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.body.error).toEqual({ code: 'RATE_LIMITED', msg: "BambooHR is rate limiting this account's calls: retry after 1 s", retryAfterSeconds: 1 });
    const executionId = res.headers['x-knit-execution-id'] as string;
    expect(await logOf(executionId)).toEqual({ status_code: 429, status_message: res.body.error.msg, native_api_call_count: 1 });
    expect(await issuesOf(bamboo)).toEqual([expect.objectContaining({ error_type: 'RATE_LIMITED', log_type: 'api', issue_calls: 1, resolved_at: null, execution_id: executionId, organization: 'Globex Corp', app_id: 'bamboohr' })]);
    expect(JSON.parse((await issuesOf(bamboo))[0].error_data_str!)).toMatchObject({ code: 'E005', statusCode: 429 });
    // The next call is not limited any more.
    expect((await employees()).status).toBe(200);
    expect(await usage(bamboo)).toEqual([[2, 2, 1, 1]]);
  });
});

describe("the app's outages", () => {
  it('are retried with backoff: a call that gets through answers 200 and raises nothing', async () => {
    await failNextAppCalls(t, bamboo, 1, 502);
    const res = await employees();
    expect(res.status).toBe(200);
    expect(await nativeStatuses(res.headers['x-knit-execution-id'] as string)).toEqual([502, 200]);
    expect(await issuesOf(bamboo)).toEqual([]);
  });

  it('answer 502 after two retries, with an APP_ERROR issue that counts every failing call', async () => {
    await failNextAppCalls(t, bamboo, 6, 500);
    const first = await employees();
    expect(first.status).toBe(502);
    expect(first.body.error).toEqual({ code: 'APP_UNAVAILABLE', msg: 'BambooHR failed (500: An internal error occurred, try again later) on 3 tries: try again later' });
    expect(await nativeStatuses(first.headers['x-knit-execution-id'] as string)).toEqual([500, 500, 500]);
    const second = await employees();
    expect(second.status).toBe(502);
    // One outstanding issue of the account and type, with every failing call in it.
    expect(await issuesOf(bamboo)).toEqual([expect.objectContaining({ error_type: 'APP_ERROR', issue_calls: 6, execution_id: second.headers['x-knit-execution-id'] })]);
    expect(await usage(bamboo)).toEqual([[2, 6, 2, 1]]);
    expect((await t.call('POST', '/api/app.issue.data', { token: org.token, body: { limit: 10 } })).body.msg.issues)
      .toEqual([expect.objectContaining({ errorType: 'APP_ERROR', logType: 'api', integrationId: bamboo, issueCalls: 6, resolved: false })]);
  });
});

describe('credentials the app refuses', () => {
  it('revoked setup fields: the account goes to Error with its description and an AUTH_ERROR issue', async () => {
    const revoked = await t.engine.app.inject({ method: 'POST', url: '/sandbox/control/revoke', payload: { integrationId: bamboo } });
    expect(revoked.statusCode).toBe(200);
    const res = await employees();
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({ code: 'ACCOUNT_AUTH_FAILED', msg: "BambooHR refused the account's credentials: the account is in Error. Ask the end customer to reconnect it (Reintegrate magic link)" });
    expect(await accountState(bamboo)).toEqual({ integration_state: 'Error', error_description: "BambooHR refused the account's credentials (401): reconnect the account" });
    expect(await issuesOf(bamboo)).toEqual([expect.objectContaining({ error_type: 'AUTH_ERROR', issue_calls: 1, resolved_at: null })]);
    expect(JSON.parse((await issuesOf(bamboo))[0].error_data_str!)).toMatchObject({ code: 'E002', statusCode: 401 });
  });

  it('a revoked OAuth grant: the refresh is refused, the account goes to Error, and the issue counts every later call', async () => {
    await t.engine.app.listen({ port: 0, host: '127.0.0.1' });
    const browser = new OAuthBrowser((t.engine.app.server.address() as AddressInfo).port);
    const hubspot = await connectOAuthApp(t, browser, org.token, { appId: 'hubspot', category: 'CRM' });
    const contacts = () => unified(t, 'GET', 'crm.contacts', { apiKey: keys.prod, integrationId: hubspot, query: { pageSize: '3' } });
    const ok = await contacts();
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.msg.contacts).toHaveLength(3);

    expect((await t.engine.app.inject({ method: 'POST', url: '/sandbox/control/revoke', payload: { integrationId: hubspot } })).statusCode).toBe(200);
    const refused = await contacts();
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('ACCOUNT_AUTH_FAILED');
    const account = await accountState(hubspot);
    expect(account.integration_state).toBe('Error');
    expect(account.error_description).toMatch(/refused to renew access \(invalid_grant\): reconnect the account/);
    expect(await nativeStatuses(refused.headers['x-knit-execution-id'] as string)).toEqual([401]);
    expect((await contacts()).status).toBe(409);
    expect(await issuesOf(hubspot)).toEqual([expect.objectContaining({ error_type: 'AUTH_ERROR', issue_calls: 2, resolved_at: null })]);
    const accounts = await t.call('GET', '/api/app.getIntegrationAccounts', { token: org.token, query: { integrationState: 'error' } });
    expect(accounts.body.msg.organizationDetails.map((a: { integrationId: string; errorDescription: string }) => a.integrationId)).toEqual([hubspot]);
  });

  it('passthrough answers the app\'s 401 as it came, and still puts the account in Error with its issue', async () => {
    await t.engine.app.inject({ method: 'POST', url: '/sandbox/control/revoke', payload: { integrationId: bamboo } });
    const res = await unified(t, 'POST', 'passthrough', { apiKey: keys.prod, integrationId: bamboo, body: { method: 'GET', path: '/v1/employees' } });
    expect(res.status).toBe(200);
    expect(res.body.msg).toMatchObject({ statusCode: 401, body: { error: { code: 'unauthorized', message: 'These credentials have been revoked' } } });
    expect((await accountState(bamboo)).integration_state).toBe('Error');
    expect((await issuesOf(bamboo)).map((i) => i.error_type)).toEqual(['AUTH_ERROR']);
  });
});
