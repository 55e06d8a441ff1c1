import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { EngineConfig } from '../../src/engine/config.ts';
import { startTestEngine, type TestEngine } from '../support/engineHarness.ts';
import { newOrg } from '../support/dataFixtures.ts';
import { OAuthBrowser } from '../support/oauthBrowser.ts';

// The sandbox provider's vendor APIs (/sandbox/apps/<appId>/...) on SQLite and PostgreSQL: generated
// data that is the same for one connection and different for another, that changes as the engine's
// clock moves (updated_since finds what changed), paged in each category's vendor style; 401 without
// or with bad credentials; the per-connection rate limit (429 with Retry-After, claimed atomically:
// on PostgreSQL concurrent calls over the HTTP server get exactly the limit); failures forced by the
// control surface; occasional 5xx at the configured rate; and no sandbox at all in production.
let t: TestEngine | undefined;
afterEach(async () => { await t?.close(); t = undefined; });

async function engine(overrides: Partial<EngineConfig> = {}): Promise<TestEngine> {
  t = await startTestEngine(overrides);
  return t;
}

const get = (url: string, key = 'key-one', headers: Record<string, string> = {}) =>
  t!.engine.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}`, ...headers } });
const DAY = 86_400_000;

type Employee = { id: string; displayName: string; jobTitle: string; updatedAt: string; createdAt: string };

/** Every employee of a connection, page by page (HRIS: page numbers). */
async function allEmployees(key: string, query = ''): Promise<Employee[]> {
  const out: Employee[] = [];
  for (let page = 1; page < 100; page += 1) {
    const res = await get(`/sandbox/apps/bamboohr/v1/employees?page=${page}&page_size=40${query}`, key);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { employees: Employee[]; pagination: { page: number; total: number; has_more: boolean } };
    out.push(...body.employees);
    if (!body.pagination.has_more) {
      expect(out).toHaveLength(body.pagination.total);
      return out;
    }
  }
  throw new Error('too many pages');
}

describe('generated data', () => {
  it('is the same for one connection on every call and different for another', async () => {
    await engine();
    const first = await allEmployees('key-one');
    expect(first.length).toBeGreaterThan(50);
    expect(new Set(first.map((e) => e.id)).size).toBe(first.length);
    expect(await allEmployees('key-one')).toEqual(first);
    const other = await allEmployees('key-two');
    expect(other.slice(0, 5).map((e) => e.displayName)).not.toEqual(first.slice(0, 5).map((e) => e.displayName));
    // A tenant header makes another connection too.
    const tenant = (await get('/sandbox/apps/bamboohr/v1/employees?page_size=5', 'key-one', { 'x-tenant': 'acme' })).json().employees as Employee[];
    expect(tenant.map((e) => e.displayName)).not.toEqual(first.slice(0, 5).map((e) => e.displayName));
    // Every record is also served by id.
    const detail = await get(`/sandbox/apps/bamboohr/v1/employees/${first[7].id}`, 'key-one');
    expect(detail.json()).toEqual(first[7]);
    expect((await get('/sandbox/apps/bamboohr/v1/employees/999999', 'key-one')).statusCode).toBe(404);
  });

  it('changes as the clock moves: new records appear, some change, and updated_since finds them', async () => {
    const te = await engine();
    const before = await allEmployees('key-one');
    const then = new Date(te.clock.now()).toISOString();
    te.clock.advance(45 * DAY);
    const after = await allEmployees('key-one');
    expect(after.length).toBeGreaterThan(before.length);
    const changed = after.filter((e, i) => before[i] && e.updatedAt !== before[i].updatedAt);
    expect(changed.length).toBeGreaterThan(0);
    for (const e of changed) expect(Date.parse(e.updatedAt)).toBeGreaterThan(Date.parse(then));
    const since = await allEmployees('key-one', `&updated_since=${encodeURIComponent(then)}`);
    expect(since.map((e) => e.id).sort()).toEqual(after.filter((e) => Date.parse(e.updatedAt) >= Date.parse(then)).map((e) => e.id).sort());
    expect(since.length).toBeLessThan(after.length);
    expect((await get('/sandbox/apps/bamboohr/v1/employees?updated_since=yesterday', 'key-one')).json()).toMatchObject({ error: { code: 'invalid_parameter' } });
  });

  it('pages in each category’s vendor style', async () => {
    await engine();
    // ATS: page numbers with a Link header.
    const jobs = await get('/sandbox/apps/greenhouse/v1/applications?per_page=25');
    expect(jobs.statusCode).toBe(200);
    expect(Array.isArray(jobs.json())).toBe(true);
    expect(jobs.json()).toHaveLength(25);
    expect(jobs.headers.link).toMatch(/^<http:\/\/localhost:3000\/sandbox\/apps\/greenhouse\/v1\/applications\?per_page=25&page=2>; rel="next"$/);
    expect(Number(jobs.headers['x-total-count'])).toBeGreaterThan(25);
    expect(jobs.json()[0]).toMatchObject({ id: expect.any(Number), candidate_id: expect.any(Number), job_id: expect.any(Number), current_stage: { name: expect.any(String) } });

    // CRM: `after` cursors until the last page, which has no paging.
    const seen = new Set<string>();
    let after: string | undefined;
    for (let i = 0; i < 100; i += 1) {
      const page = (await get(`/sandbox/apps/close/crm/v3/objects/deals?limit=100${after ? `&after=${after}` : ''}`)).json() as { results: { id: string; properties: { dealstage: string } }[]; paging?: { next: { after: string } } };
      for (const deal of page.results) seen.add(deal.id);
      after = page.paging?.next.after;
      if (!after) break;
    }
    expect(seen.size).toBeGreaterThan(100);

    // ACCOUNTING and most other categories: cursor and next_cursor; journal entries balance.
    const entries = (await get('/sandbox/apps/sageintacct/v1/journal-entries?limit=20')).json() as { data: { lines: { debit: number; credit: number }[] }[]; next_cursor: string | null; has_more: boolean };
    expect(entries.data).toHaveLength(20);
    expect(entries.has_more).toBe(true);
    for (const entry of entries.data) expect(entry.lines.reduce((sum, l) => sum + l.debit - l.credit, 0)).toBe(0);
    const next = (await get(`/sandbox/apps/sageintacct/v1/journal-entries?limit=20&cursor=${entries.next_cursor}`)).json() as { data: unknown[] };
    expect(next.data).toHaveLength(20);
    expect(next.data[0]).not.toEqual(entries.data[0]);
    // A helpdesk pages with page numbers, its list under its name; COMMS, which no sync reads, has a generic list.
    const tickets = (await get('/sandbox/apps/freshdesk/api/v2/tickets?page=2&page_size=3')).json() as { tickets: { id: number; comments: unknown[] }[]; pagination: { page: number; has_more: boolean } };
    expect([tickets.tickets.length, tickets.pagination.page, tickets.pagination.has_more]).toEqual([3, 2, true]);
    expect(tickets.tickets.every((ticket) => ticket.comments.length > 0)).toBe(true);
    expect((await get(`/sandbox/apps/freshdesk/api/v2/tickets/${tickets.tickets[0].id}`)).json()).toEqual(tickets.tickets[0]);
    const messages = (await get('/sandbox/apps/twilio/v1/records?limit=3')).json() as { data: { type: string }[] };
    expect(messages.data.map((r) => r.type)).toEqual(['message', 'message', 'message']);
    expect((await get('/sandbox/apps/twilio/v1/records?cursor=bogus')).json()).toMatchObject({ error: { code: 'invalid_parameter' } });
    expect((await get('/sandbox/apps/freshdesk/v1/records')).statusCode).toBe(404);
    expect((await get('/sandbox/apps/freshdesk/v1/employees')).statusCode).toBe(404);
  });
});

describe('authentication', () => {
  it('answers 401 without credentials, and to an OAuth app without a token of its own', async () => {
    await engine();
    const missing = await t!.engine.app.inject({ method: 'GET', url: '/sandbox/apps/bamboohr/v1/employees' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ error: { code: 'unauthorized' } });
    const bogus = await get('/sandbox/apps/hubspot/crm/v3/objects/contacts', 'not-a-token');
    expect(bogus.statusCode).toBe(401);
    expect(bogus.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    expect((await get('/sandbox/apps/no-such-app/v1/me')).statusCode).toBe(404);
    // An app without credentials answers anyone, per account.
    expect((await t!.engine.app.inject({ method: 'GET', url: '/sandbox/apps/icloudcalendar/v1/me', headers: { 'x-account-id': 'int_1' } })).json()).toMatchObject({ connection_id: 'open_int_1' });
  });
});

describe('limits and failures', () => {
  it('rate-limits each connection with 429 and Retry-After, exactly the limit under concurrency', async () => {
    const te = await engine({ sandboxRateLimit: 5 });
    await te.engine.app.listen({ port: 0, host: '127.0.0.1' });
    const browser = new OAuthBrowser((te.engine.app.server.address() as AddressInfo).port);
    const calls = await Promise.all(Array.from({ length: 20 }, () =>
      browser.send('GET', '/sandbox/apps/bamboohr/v1/employees?page_size=1', { headers: { authorization: 'Bearer key-limited' } })));
    expect(calls.filter((c) => c.status === 200)).toHaveLength(5);
    const limited = calls.filter((c) => c.status === 429);
    expect(limited).toHaveLength(15);
    for (const call of limited) {
      expect(Number(call.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(call.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(JSON.parse(call.body)).toMatchObject({ error: { code: 'rate_limited' } });
    }
    // Another connection has its own budget; the window ends after a minute.
    expect((await get('/sandbox/apps/bamboohr/v1/employees?page_size=1', 'key-other')).statusCode).toBe(200);
    te.clock.advance(60_000);
    const again = await get('/sandbox/apps/bamboohr/v1/employees?page_size=1', 'key-limited');
    expect(again.statusCode).toBe(200);
    expect(again.headers).toMatchObject({ 'x-ratelimit-limit': '5', 'x-ratelimit-remaining': '4' });
  });

  it('fails the next N calls of an account as the control surface asks, loopback only', async () => {
    const te = await engine();
    const org = await newOrg(te, 'owner@acme.test');
    await te.call('POST', '/api/app.enableCategory', { token: org.token, body: { category: 'HRIS' } });
    const link = await te.call('POST', '/api/app.createMagicLinkV3', { token: org.token, body: { originOrgId: 'g-1', originOrgName: 'Globex', originUserEmail: 'h@g.test', originUserName: 'H', categories: ['HRIS'], language: 'en', testAccount: true } });
    const authSessionToken = JSON.parse(Buffer.from(new URL(link.body.msg.link).searchParams.get('state')!, 'base64url').toString('utf8')).authSessionToken;
    const done = await te.call('POST', '/api/connect.complete', { body: { authSessionToken, appId: 'sandbox-hris-form', category: 'HRIS', values: { apiKey: 'sandbox-key' } } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const { integrationId } = done.body.msg;

    const control = (url: string, payload: Record<string, unknown>, remoteAddress = '127.0.0.1') => te.engine.app.inject({ method: 'POST', url, payload, remoteAddress });
    expect((await control('/sandbox/control/fail', { integrationId, count: 3, status: 503 }, '203.0.113.9')).statusCode).toBe(404);
    expect((await control('/sandbox/control/fail', { integrationId, count: 3, status: 418 })).statusCode).toBe(400);
    expect((await control('/sandbox/control/fail', { integrationId: 'int_nope', count: 3, status: 503 })).statusCode).toBe(404);
    const set = await control('/sandbox/control/fail', { integrationId, count: 3, status: 503 });
    expect(set.json()).toMatchObject({ count: 3, status: 503, connectionId: expect.stringMatching(/^key_/) });

    const calls = await Promise.all(Array.from({ length: 8 }, () => get('/sandbox/apps/sandbox-hris-form/v1/employees?page_size=1', 'sandbox-key')));
    const failed = calls.filter((c) => c.statusCode === 503);
    expect(failed).toHaveLength(3);
    for (const call of failed) expect(call.headers['retry-after']).toBe('1');
    expect(calls.filter((c) => c.statusCode === 200)).toHaveLength(5);
  });

  it('answers an occasional 5xx at the configured rate', async () => {
    await engine({ sandboxErrorRate: 1 });
    const calls = await Promise.all(Array.from({ length: 5 }, () => get('/sandbox/apps/bamboohr/v1/employees')));
    for (const call of calls) {
      expect([500, 502, 503]).toContain(call.statusCode);
      expect(call.json().error.code).toMatch(/internal_error|bad_gateway|service_unavailable/);
    }
  });
});

describe('in production', () => {
  it('has no sandbox unless turned on, and OAuth apps cannot connect without it', async () => {
    const te = await engine({ production: true, sandboxEnabled: false });
    for (const url of ['/sandbox/oauth/.well-known/openid-configuration', '/sandbox/apps/bamboohr/v1/employees', '/sandbox/oauth/auth?client_id=hubspot']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
    expect((await te.engine.app.inject({ method: 'POST', url: '/sandbox/control/revoke', payload: { integrationId: 'int_1' } })).statusCode).toBe(404);

    const org = await newOrg(te, 'owner@acme.test');
    await te.call('POST', '/api/app.enableCategory', { token: org.token, body: { category: 'CRM' } });
    const link = await te.call('POST', '/api/app.createMagicLinkV3', { token: org.token, body: { originOrgId: 'g-1', originOrgName: 'Globex', originUserEmail: 'h@g.test', originUserName: 'H', categories: ['CRM'], language: 'en' } });
    const authSessionToken = JSON.parse(Buffer.from(new URL(link.body.msg.link).searchParams.get('state')!, 'base64url').toString('utf8')).authSessionToken;
    const offer = (await te.call('POST', '/api/connect.getSession', { body: { authSessionToken } })).body.msg;
    expect(offer.categories[0].apps.find((a: { id: string }) => a.id === 'hubspot')).toMatchObject({ connectable: false });
    const started = await te.call('POST', '/api/connect.oauth.start', { body: { authSessionToken, appId: 'hubspot', category: 'CRM', stepId: 'authorize', reintegrate: false, isFinalStep: true } });
    expect(started.body.error).toMatchObject({ field: 'appId', msg: 'This app connects with an OAuth sign-in, which is not available yet' });
  });

  it('serves the sandbox when turned on, but never its control surface', async () => {
    const te = await engine({ production: true, sandboxEnabled: true });
    expect((await get('/sandbox/oauth/.well-known/openid-configuration')).statusCode).toBe(200);
    expect((await get('/sandbox/apps/bamboohr/v1/employees?page_size=1')).statusCode).toBe(200);
    expect((await te.engine.app.inject({ method: 'POST', url: '/sandbox/control/revoke', payload: { integrationId: 'int_1' } })).statusCode).toBe(404);
  });
});
