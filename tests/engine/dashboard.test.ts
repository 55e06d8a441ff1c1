import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isPostgres } from '../../src/engine/db/dialect.ts';
import { startTestEngine, statementsOf, type TestEngine } from '../support/engineHarness.ts';
import {
  addAccount, addRows, collectPages, DAY, demoAdmin, enableCategory, HOUR, issue, newOrg, type OrgSession, userWithRole,
} from '../support/dataFixtures.ts';

// The dashboard tag: home cards, organizations, integrations of an organization, accounts and
// filter choices, on the seeded demo and on small hand-made rows where counts must be exact.
let t: TestEngine;
beforeEach(async () => { t = await startTestEngine(); });
afterEach(async () => { await t.close(); });

const get = (url: string, token: string, query: Record<string, string | number> = {}) =>
  t.call('GET', `/api/${url}`, { token, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });

describe('on the seeded demo', () => {
  it('answers every dashboard call within the contract, with consistent totals', async () => {
    const demo = await demoAdmin(t);
    const home = await get('app.dashboard', demo.token);
    expect(home.status, JSON.stringify(home.body)).toBe(200);
    const cards = home.body.msg;
    expect(cards.integrations.integrationsCount).toBeGreaterThan(0);
    expect(Object.values(cards.integrations.categoryDetails as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(cards.integrations.integrationsCount);
    expect(cards.apiCalls).toBeGreaterThan(0);

    const orgs = await get('app.getOrganizations', demo.token);
    expect(orgs.status, JSON.stringify(orgs.body)).toBe(200);
    expect(orgs.body.msg.orgCount).toBe(cards.organizations);
    expect(orgs.body.msg.organizationDetails).toHaveLength(10);
    const first = orgs.body.msg.organizationDetails[0];
    const ofOrg = await get('app.getIntegrationsOfOrg', demo.token, { orgId: first.orgId });
    expect(ofOrg.status, JSON.stringify(ofOrg.body)).toBe(200);
    expect(ofOrg.body.msg.orgIntCount).toBe(first.integratedAccounts.length);
    expect(ofOrg.body.msg.organizationDetails.reduce((s: number, r: { apiCalls: number }) => s + r.apiCalls, 0)).toBe(first.apiCalls);

    const accounts = await get('app.getIntegrationAccounts', demo.token);
    expect(accounts.status, JSON.stringify(accounts.body)).toBe(200);
    expect(accounts.body.msg.organizationDetails).toHaveLength(10);
    expect(accounts.body.msg.categoryList.length).toBeGreaterThan(0);
    const errors = await get('app.getIntegrationAccounts', demo.token, { integrationState: 'error' });
    expect(errors.body.msg.organizationDetails.every((r: { integrationState: string }) => r.integrationState === 'Error')).toBe(true);

    for (const pageId of ['organizations', 'accounts', 'syncs', 'logs', 'issues']) {
      const choices = await get('app.filtersMetadata', demo.token, { pageId });
      expect(choices.status, JSON.stringify(choices.body)).toBe(200);
    }
  });
});

describe('app.dashboard', () => {
  it('counts active accounts per category, 30 days of usage, open issues and served organizations', async () => {
    const org = await newOrg(t, 'home@acme.test');
    const other = await newOrg(t, 'other@else.test');
    const now = t.clock.now();
    const db = t.engine.db;
    await addAccount(db, org.orgId, { created_at: now - DAY, category: 'HRIS', origin_org_id: 'c1' });
    await addAccount(db, org.orgId, { created_at: now - DAY, category: 'HRIS', integration_state: 'Error', origin_org_id: 'c1' });
    await addAccount(db, org.orgId, { created_at: now - DAY, category: 'ATS', integration_state: 'Email sent', origin_org_id: 'c2' });
    await addAccount(db, org.orgId, { created_at: now - DAY, category: 'CRM', integration_state: 'Deactivated', origin_org_id: 'c3' });
    await addAccount(db, org.orgId, { created_at: now - DAY, category: 'CRM', integration_state: 'Expired', origin_org_id: 'c3' });
    await addAccount(db, other.orgId, { created_at: now - DAY, category: 'HRIS', origin_org_id: 'c1' });
    const today = Math.floor(now / DAY) * DAY;
    await addRows(db, 'usage_daily', [
      { org_id: org.orgId, origin_org_id: 'c1', integration_id: 'i1', day: today, api_calls: 7, events_emitted: 3 },
      { org_id: org.orgId, origin_org_id: 'c2', integration_id: 'i2', day: today - 29 * DAY, api_calls: 5, events_emitted: 2 },
      { org_id: org.orgId, origin_org_id: 'c1', integration_id: 'i1', day: today - 40 * DAY, api_calls: 100, events_emitted: 100 },
      { org_id: other.orgId, origin_org_id: 'c1', integration_id: 'i9', day: today, api_calls: 1000, events_emitted: 1000 },
    ]);
    await addRows(db, 'issues', [issue(org.orgId, now - HOUR), issue(org.orgId, now - 2 * HOUR, { resolved_at: now - HOUR }), issue(other.orgId, now)]);

    const res = await get('app.dashboard', org.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.msg).toEqual({
      apiCalls: 12,
      webhooks: 5,
      integrations: { integrationsCount: 3, categoryDetails: { HRIS: 2, ATS: 1 } },
      issues: 1,
      organizations: 3,
    });
  });

  it('is for admins and members, not billing contacts', async () => {
    const org = await newOrg(t, 'roles@acme.test');
    const member = await userWithRole(t, org.orgId, 'member', 'member@acme.test');
    const billing = await userWithRole(t, org.orgId, 'billingcontact', 'billing@acme.test');
    expect((await get('app.dashboard', member)).status).toBe(200);
    const refused = await get('app.dashboard', billing);
    expect(refused.status).toBe(403);
    expect((await get('app.getOrganizations', billing)).status).toBe(403);
    expect((await get('app.getIntegrationAccounts', billing)).status).toBe(403);
  });
});

describe('app.getOrganizations', () => {
  let org: OrgSession;
  beforeEach(async () => {
    org = await newOrg(t, 'orgs@acme.test');
    const now = t.clock.now();
    // 13 organisations; created_at ties in threes so the id must break them.
    for (let i = 0; i < 13; i += 1) {
      await addAccount(t.engine.db, org.orgId, { created_at: now - Math.floor(i / 3) * HOUR, origin_org_id: `cust-${i}`, origin_org_name: `Customer ${i}` });
    }
    // An organisation without accounts is not served.
    await t.engine.db.insertInto('end_customer_orgs').values({ id: 'eco_empty', org_id: org.orgId, origin_org_id: 'empty', origin_org_name: 'Empty', created_at: now, updated_at: now }).execute();
  });

  it('pages newest first by cursor and by page number with the same rows, none skipped or repeated', async () => {
    const byCursor = await collectPages(async (cursor, pageNo) => {
      const res = await get('app.getOrganizations', org.token, { pageNo, ...(cursor ? { cursor } : {}) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.msg.orgCount).toBe(13);
      expect(res.body.msg.hasMoreRecords).toBe(res.body.msg.nextCursor !== null);
      return { rows: res.body.msg.organizationDetails.map((r: { orgId: string }) => r.orgId), nextCursor: res.body.msg.nextCursor };
    });
    expect(byCursor.map((p) => p.length)).toEqual([10, 3]);
    const flat = byCursor.flat();
    expect(new Set(flat).size).toBe(13);
    expect(flat).not.toContain('empty');
    const page2 = await get('app.getOrganizations', org.token, { pageNo: 2 });
    expect(page2.body.msg.organizationDetails.map((r: { orgId: string }) => r.orgId)).toEqual(byCursor[1]);
    expect(page2.body.msg.hasMoreRecords).toBe(false);
    // The total comes with the page's rows; past the last page it is read on its own.
    const past = await get('app.getOrganizations', org.token, { pageNo: 3 });
    expect(past.body.msg).toMatchObject({ orgCount: 13, organizationDetails: [] });
  });

  it('sums the period of the time filter per organisation', async () => {
    const now = t.clock.now();
    const today = Math.floor(now / DAY) * DAY;
    await addRows(t.engine.db, 'usage_daily', [
      { org_id: org.orgId, origin_org_id: 'cust-0', integration_id: 'a', day: today, api_calls: 4, events_emitted: 3, events_consumed: 2, issues: 1 },
      { org_id: org.orgId, origin_org_id: 'cust-0', integration_id: 'a', day: today - 100 * DAY, api_calls: 40, events_emitted: 30, events_consumed: 20, issues: 10 },
    ]);
    const row = async (timeFilter: string) => (await get('app.getOrganizations', org.token, { timeFilter })).body.msg.organizationDetails
      .find((r: { orgId: string }) => r.orgId === 'cust-0');
    expect(await row('last30')).toMatchObject({ apiCalls: 4, eventsEmitted: 3, eventsConsumed: 2, issues: 1 });
    expect(await row('all')).toMatchObject({ apiCalls: 44, eventsEmitted: 33, eventsConsumed: 22, issues: 11 });
    expect((await row('all')).integratedAccounts).toEqual([expect.objectContaining({ appId: 'bamboohr', appLabel: 'BambooHR', category: 'HRIS', integrationState: 'Success' })]);
  });

  it("lists each organisation's accounts newest first with their app, logo, category and state", async () => {
    const now = t.clock.now();
    const older = await addAccount(t.engine.db, org.orgId, { created_at: now - 3 * HOUR, origin_org_id: 'cust-0', app_id: 'greenhouse', app_label: 'Greenhouse', category: 'ATS', integration_state: 'Error' });
    const newer = await addAccount(t.engine.db, org.orgId, { created_at: now + HOUR, origin_org_id: 'cust-0', app_id: 'hubspot', app_label: 'HubSpot', category: 'CRM', integration_state: 'Deactivated' });
    const listed = (await get('app.getOrganizations', org.token, { timeFilter: 'all' })).body.msg.organizationDetails
      .find((r: { orgId: string }) => r.orgId === 'cust-0').integratedAccounts;
    expect(listed.map((a: { integrationId: string }) => a.integrationId)).toEqual([newer.id, expect.any(String), older.id]);
    const logoUrl = `${t.engine.config.publicUrl}/api/app.uploads/app-hubspot.svg`;
    expect(listed[0]).toEqual({ integrationId: newer.id, appId: 'hubspot', appLabel: 'HubSpot', appLogo: logoUrl, category: 'CRM', integrationState: 'Deactivated' });
    expect(listed[2]).toMatchObject({ appId: 'greenhouse', category: 'ATS', integrationState: 'Error' });
  });

  it('reads a page with its accounts in one statement on PostgreSQL (a round trip each), in two on SQLite', async () => {
    await get('app.getOrganizations', org.token);
    const statements = vi.spyOn(t.engine.db.getExecutor(), 'executeQuery');
    try {
      const res = await get('app.getOrganizations', org.token);
      expect(res.body.msg.organizationDetails.every((r: { integratedAccounts: unknown[] }) => r.integratedAccounts.length === 1)).toBe(true);
      expect(statements).toHaveBeenCalledTimes(isPostgres(t.engine.db) ? 1 : 2);
    } finally {
      statements.mockRestore();
    }
  });

  it("links each app's logo, served by the engine as the catalog holds it, instead of embedding it on every row", async () => {
    const accounts = (await get('app.getIntegrationAccounts', org.token, {})).body.msg.organizationDetails as { appId: string; appLogo: string }[];
    expect(accounts.length).toBeGreaterThan(0);
    for (const a of accounts) expect(a.appLogo).toBe(`${t.engine.config.publicUrl}/api/app.uploads/app-${a.appId}.svg`);
    const catalog = await t.engine.db.selectFrom('apps').select('logo').where('id', '=', accounts[0]!.appId).executeTakeFirstOrThrow();
    const served = await t.engine.app.inject({ method: 'GET', url: `/api/app.uploads/app-${accounts[0]!.appId}.svg` });
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({ 'content-type': 'image/svg+xml', 'x-content-type-options': 'nosniff', 'cache-control': 'public, max-age=86400' });
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    expect(`data:image/svg+xml;base64,${served.rawPayload.toString('base64')}`).toBe(catalog.logo);
    expect((await t.engine.app.inject({ method: 'GET', url: '/api/app.uploads/app-no-such-app.svg' })).statusCode).toBe(404);
  });

  it('answers 400 to a cursor that does not decode or belongs to another list', async () => {
    expect((await get('app.getOrganizations', org.token, { cursor: 'not a cursor' })).status).toBe(400);
    const accounts = await get('app.getIntegrationAccounts', org.token);
    const foreign = await get('app.getOrganizations', org.token, { cursor: accounts.body.msg.nextCursor });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error).toMatchObject({ code: 'VALIDATION', field: 'cursor' });
  });

  it("never shows another organisation's end customers", async () => {
    const other = await newOrg(t, 'someone@else.test');
    const res = await get('app.getOrganizations', other.token);
    expect(res.body.msg).toMatchObject({ orgCount: 0, organizationDetails: [], nextCursor: null, hasMoreRecords: false });
  });
});

describe('app.getIntegrationsOfOrg', () => {
  it('lists every account of one organisation, most API calls first, and 404 for unknown ones', async () => {
    const org = await newOrg(t, 'oforg@acme.test');
    const now = t.clock.now();
    const a = await addAccount(t.engine.db, org.orgId, { created_at: now - DAY, origin_org_id: 'acme-1', app_id: 'bamboohr', app_label: 'BambooHR' });
    const b = await addAccount(t.engine.db, org.orgId, { created_at: now - HOUR, origin_org_id: 'acme-1', app_id: 'greenhouse', app_label: 'Greenhouse', category: 'ATS', integration_state: 'Error' });
    await addAccount(t.engine.db, org.orgId, { created_at: now, origin_org_id: 'acme-2' });
    const today = Math.floor(now / DAY) * DAY;
    await addRows(t.engine.db, 'usage_daily', [
      { org_id: org.orgId, origin_org_id: 'acme-1', integration_id: a.id, day: today, api_calls: 9, events_emitted: 1, events_consumed: 1 },
      { org_id: org.orgId, origin_org_id: 'acme-1', integration_id: b.id, day: today, api_calls: 2 },
      { org_id: org.orgId, origin_org_id: 'acme-1', integration_id: b.id, day: today - 90 * DAY, api_calls: 50 },
    ]);
    const last30 = await get('app.getIntegrationsOfOrg', org.token, { orgId: 'acme-1', timeFilter: 'last30' });
    expect(last30.status, JSON.stringify(last30.body)).toBe(200);
    expect(last30.body.msg.orgIntCount).toBe(2);
    expect(last30.body.msg.organizationDetails.map((r: { integrationId: string; apiCalls: number }) => [r.integrationId, r.apiCalls])).toEqual([[a.id, 9], [b.id, 2]]);
    const all = await get('app.getIntegrationsOfOrg', org.token, { orgId: 'acme-1' });
    expect(all.body.msg.organizationDetails.map((r: { integrationId: string; apiCalls: number; eventsEmitted: number; eventsConsumed: number }) =>
      [r.integrationId, r.apiCalls, r.eventsEmitted, r.eventsConsumed])).toEqual([[b.id, 52, 0, 0], [a.id, 9, 1, 1]]);
    // On PostgreSQL the counters come with the accounts (one round trip); on SQLite two statements.
    for (const timeFilter of ['last30', 'all']) {
      const { result, statements } = await statementsOf(t, () => get('app.getIntegrationsOfOrg', org.token, { orgId: 'acme-1', timeFilter }));
      expect(result.status).toBe(200);
      expect(statements).toHaveLength(isPostgres(t.engine.db) ? 1 : 2);
    }

    expect((await get('app.getIntegrationsOfOrg', org.token, { orgId: 'nobody' })).status).toBe(404);
    const other = await newOrg(t, 'x@else.test');
    expect((await get('app.getIntegrationsOfOrg', other.token, { orgId: 'acme-1' })).status).toBe(404);
  });
});

describe('app.getIntegrationAccounts', () => {
  let org: OrgSession;
  const states = ['Success', 'Error', 'Email sent', 'Under validation', 'Deactivated', 'Expired'] as const;
  beforeEach(async () => {
    org = await newOrg(t, 'accounts@acme.test');
    const now = t.clock.now();
    await enableCategory(t.engine.db, org.orgId, 'HRIS', now);
    await enableCategory(t.engine.db, org.orgId, 'ATS', now);
    // 24 accounts: every state four times, two categories, two apps, two organisations, ties in pairs.
    for (let i = 0; i < 24; i += 1) {
      const ats = i % 2 === 1;
      await addAccount(t.engine.db, org.orgId, {
        created_at: now - Math.floor(i / 2) * DAY,
        integration_state: states[i % 6],
        category: ats ? 'ATS' : 'HRIS',
        app_id: ats ? 'greenhouse' : 'bamboohr',
        app_label: ats ? 'Greenhouse' : 'BambooHR',
        origin_org_id: i < 12 ? 'north' : 'south',
        error_description: states[i % 6] === 'Error' ? 'Invalid API Key' : null,
        test_account: i % 4 === 0 ? 1 : 0,
      });
    }
  });

  const list = (query: Record<string, string | number> = {}) => get('app.getIntegrationAccounts', org.token, query);

  it('maps every state filter value to its state', async () => {
    const filters = { all: 24, success: 4, error: 4, email_sent: 4, in_validation: 4, deactivated: 4, expired: 4 } as const;
    const byFilter: Record<string, string> = { success: 'Success', error: 'Error', email_sent: 'Email sent', in_validation: 'Under validation', deactivated: 'Deactivated', expired: 'Expired' };
    for (const [filter, count] of Object.entries(filters)) {
      const res = await list({ integrationState: filter, limit: 100 });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.msg.integrationCount).toBe(count);
      if (filter !== 'all') expect(new Set(res.body.msg.organizationDetails.map((r: { integrationState: string }) => r.integrationState))).toEqual(new Set([byFilter[filter]]));
    }
  });

  it('filters by category, app, organisation and creation range; the pie chart ignores only the category', async () => {
    const now = t.clock.now();
    const ats = await list({ category: 'ATS' });
    expect(ats.body.msg.integrationCount).toBe(12);
    expect(ats.body.msg.categoryDetails).toEqual({ HRIS: 12, ATS: 12 });
    expect((await list({ appId: 'bamboohr' })).body.msg.integrationCount).toBe(12);
    expect((await list({ originOrgId: 'south', category: 'HRIS' })).body.msg.integrationCount).toBe(6);
    const south = await list({ originOrgId: 'south' });
    expect(south.body.msg.categoryDetails).toEqual({ HRIS: 6, ATS: 6 });
    // Days 0..2 hold accounts 0..5; an end beyond now reads as now.
    expect((await list({ start: now - 2 * DAY, end: now + 10 * DAY })).body.msg.integrationCount).toBe(6);
    expect((await list({ start: now - 2 * DAY, end: now - DAY })).body.msg.integrationCount).toBe(4);
    const bad = await list({ start: now, end: now - DAY });
    expect(bad.status).toBe(400);
    expect(bad.body.error.msg).toBe('Start date must be before end date');
  });

  it('shows the row as the table needs it', async () => {
    const res = await list({ integrationState: 'error', limit: 1 });
    const row = res.body.msg.organizationDetails[0];
    expect(row).toMatchObject({ integrationState: 'Error', errorDescription: 'Invalid API Key', appIdValue: row.appId, categoryValue: row.categoryValue, syncEnabled: 'true', showCustomFields: 'true', syncPaused: false });
    expect(row.createdAt).toBe(Math.floor(row.createdAt));
    expect(row.createdAt).toBeLessThan(t.clock.now() / 1000 + 1);
    const test = (await list({ integrationState: 'success', limit: 100 })).body.msg.organizationDetails.find((r: { testAccount: string }) => r.testAccount === 'true');
    expect(test.expiresAt).toBe(4082423548);
    expect(res.body.msg.categoryList).toEqual([{ value: 'HRIS', label: 'HRIS' }, { value: 'ATS', label: 'ATS' }]);
    expect(res.body.msg.syncTypes.map((s: { category: string }) => s.category).sort()[0]).toBe('ATS');
  });

  it('pages newest first with equal timestamps, by cursor and by page number alike', async () => {
    const pages = await collectPages<string>(async (cursor, pageNo) => {
      const res = await list({ pageNo, limit: 5, ...(cursor ? { cursor } : {}) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const byNumber = await list({ pageNo, limit: 5 });
      expect(byNumber.body.msg.organizationDetails).toEqual(res.body.msg.organizationDetails);
      return { rows: res.body.msg.organizationDetails.map((r: { integrationId: string; createdAt: number }) => `${r.createdAt}:${r.integrationId}`), nextCursor: res.body.msg.nextCursor };
    });
    expect(pages.map((p) => p.length)).toEqual([5, 5, 5, 5, 4]);
    const flat = pages.flat();
    expect(new Set(flat).size).toBe(24);
    const sorted = [...flat].sort((x, y) => Number(y.split(':')[0]) - Number(x.split(':')[0]) || (y.split(':')[1] < x.split(':')[1] ? -1 : 1));
    expect(flat).toEqual(sorted);
  });

  it('refuses bad cursors and hides other organisations', async () => {
    expect((await list({ cursor: '%%%' })).status).toBe(400);
    const page = await list({ integrationState: 'error', limit: 1 });
    expect((await list({ integrationState: 'success', cursor: page.body.msg.nextCursor })).status).toBe(400);
    const other = await newOrg(t, 'nobody@else.test');
    const theirs = await get('app.getIntegrationAccounts', other.token);
    expect(theirs.body.msg).toMatchObject({ integrationCount: 0, organizationDetails: [], categoryDetails: {}, categoryList: [] });
  });
});

describe('app.filtersMetadata', () => {
  it("lists a page's choices from the organisation's data, narrowed by the current filters", async () => {
    const org = await newOrg(t, 'filters@acme.test');
    const now = t.clock.now();
    await enableCategory(t.engine.db, org.orgId, 'HRIS', now);
    await addAccount(t.engine.db, org.orgId, { created_at: now, origin_org_id: 'zeta', origin_org_name: 'Zeta' });
    await addAccount(t.engine.db, org.orgId, { created_at: now, origin_org_id: 'alpha', origin_org_name: 'Alpha', app_id: 'greenhouse', app_label: 'Greenhouse', category: 'ATS' });
    await addAccount(t.engine.db, org.orgId, { created_at: now, origin_org_id: 'alpha', origin_org_name: 'Alpha' });
    const other = await newOrg(t, 'hidden@else.test');
    await addAccount(t.engine.db, other.orgId, { created_at: now, origin_org_id: 'secret', app_id: 'workday', app_label: 'Workday' });

    const accounts = await get('app.filtersMetadata', org.token, { pageId: 'accounts' });
    expect(accounts.status, JSON.stringify(accounts.body)).toBe(200);
    expect(accounts.body.msg.categories).toEqual([{ value: 'HRIS', label: 'HRIS' }]);
    expect(accounts.body.msg.apps.map((a: { value: string; count: number }) => [a.value, a.count])).toEqual([['bamboohr', 2], ['greenhouse', 1]]);
    expect(accounts.body.msg.organizations).toEqual([{ value: 'alpha', label: 'Alpha' }, { value: 'zeta', label: 'Zeta' }]);
    expect(accounts.body.msg.integrationStates[0]).toEqual({ value: 'all', label: 'All' });
    expect(accounts.body.msg.integrations).toEqual([]);
    const ats = await get('app.filtersMetadata', org.token, { pageId: 'accounts', category: 'ATS' });
    expect(ats.body.msg.apps.map((a: { value: string }) => a.value)).toEqual(['greenhouse']);
    const syncs = await get('app.filtersMetadata', org.token, { pageId: 'syncs', originOrgId: 'alpha' });
    expect(syncs.body.msg.integrations.map((i: { label: string }) => i.label)).toEqual(['Alpha - BambooHR', 'Alpha - Greenhouse']);
    expect(syncs.body.msg.syncTypes.length).toBeGreaterThan(0);
    expect(syncs.body.msg.categories).toEqual([]);
  });

  it('gives billing contacts the logs page only', async () => {
    const org = await newOrg(t, 'bill@acme.test');
    const billing = await userWithRole(t, org.orgId, 'billingcontact', 'billing@acme.test');
    expect((await get('app.filtersMetadata', billing, { pageId: 'logs' })).status).toBe(200);
    for (const pageId of ['accounts', 'syncs', 'issues', 'organizations']) {
      expect((await get('app.filtersMetadata', billing, { pageId })).status).toBe(403);
    }
  });
});
