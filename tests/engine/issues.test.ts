import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NewRow } from '../../src/engine/db/schema.ts';
import { startTestEngine, type TestEngine } from '../support/engineHarness.ts';
import { addRows, collectPages, DAY, demoAdmin, HOUR, issue, newOrg, type OrgSession, userWithRole } from '../support/dataFixtures.ts';

// The issues tag: the issues table (type, time and status filters, cursor) and its graph.
let t: TestEngine;
let org: OrgSession;
beforeEach(async () => {
  t = await startTestEngine();
  org = await newOrg(t, 'issues@acme.test');
  const now = t.clock.now();
  const rows: NewRow<'issues'>[] = [];
  // 15 API issues in the last 2 days (ties in threes; every third resolved), 5 webhook issues 45 days old.
  for (let i = 0; i < 15; i += 1) rows.push(issue(org.orgId, now - Math.floor(i / 3) * 6 * HOUR, { resolved_at: i % 3 === 0 ? now - HOUR : null, issue_calls: i + 1 }));
  for (let i = 0; i < 5; i += 1) rows.push(issue(org.orgId, now - 45 * DAY - i * HOUR, { log_type: 'webhook', error_type: 'WEBHOOK_TIMEOUT', resolved_at: now - 44 * DAY }));
  await addRows(t.engine.db, 'issues', rows);
  const other = await newOrg(t, 'other@else.test');
  await addRows(t.engine.db, 'issues', [issue(other.orgId, now)]);
});
afterEach(async () => { await t.close(); });

const data = (body: Record<string, unknown> = {}, token = org.token) => t.call('POST', '/api/app.issue.data', { token, body });
const graph = (query: Record<string, string> = {}, token = org.token) => t.call('GET', '/api/app.issue.graph', { token, query });

describe('app.issue.data', () => {
  it('pages every issue once, newest first, 10 per page by default', async () => {
    const pages = await collectPages<{ issueId: string; date: number }>(async (cursor) => {
      const res = await data(cursor ? { cursor } : {});
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return { rows: res.body.msg.issues, nextCursor: res.body.msg.nextCursor };
    });
    expect(pages.map((p) => p.length)).toEqual([10, 10]);
    const all = pages.flat();
    expect(new Set(all.map((r) => r.issueId)).size).toBe(20);
    expect(all.every((r, i) => i === 0 || r.date <= all[i - 1].date)).toBe(true);
    expect(all[0]).toMatchObject({ errorType: 'AUTH_ERROR', logType: 'api', errorMessage: 'Invalid API Key', organization: 'Customer cust-a', appId: 'bamboohr', appLabel: 'BambooHR', integrationId: 'int_x' });
  });

  it('filters by type (default all), time and status', async () => {
    const count = async (body: Record<string, unknown>) => (await data({ limit: 100, ...body })).body.msg.issues.length;
    expect(await count({})).toBe(20);
    expect(await count({ type: 'all' })).toBe(20);
    expect(await count({ type: 'api' })).toBe(15);
    expect(await count({ type: 'webhook' })).toBe(5);
    expect(await count({ timeFilter: 'last30' })).toBe(15);
    expect(await count({ timeFilter: 'last60', type: 'webhook' })).toBe(5);
    expect(await count({ timeFilter: 'last24h' })).toBe(15);
    expect(await count({ status: 'outstanding' })).toBe(10);
    expect(await count({ status: 'resolved' })).toBe(10);
    expect(await count({ status: 'resolved', type: 'api' })).toBe(5);
    const resolved = (await data({ status: 'resolved', type: 'webhook', limit: 1 })).body.msg.issues[0];
    expect(resolved).toMatchObject({ resolved: true, logType: 'webhook', issueCalls: 2 });
  });

  it("refuses bad cursors and another filter set's cursor, and hides other organisations", async () => {
    expect((await data({ cursor: 'bad cursor' })).status).toBe(400);
    const page = await data({ status: 'resolved', limit: 2 });
    expect((await data({ status: 'outstanding', cursor: page.body.msg.nextCursor })).status).toBe(400);
    const other = await newOrg(t, 'third@else.test');
    expect((await data({}, other.token)).body.msg).toEqual({ issues: [], nextCursor: null });
  });

  it('is for admins and members only', async () => {
    const member = await userWithRole(t, org.orgId, 'member', 'member@acme.test');
    const billing = await userWithRole(t, org.orgId, 'billingcontact', 'billing@acme.test');
    expect((await data({}, member)).status).toBe(200);
    expect((await data({}, billing)).status).toBe(403);
    expect((await graph({}, billing)).status).toBe(403);
  });
});

describe('app.issue.graph', () => {
  it('counts outstanding, resolved and failing calls under the filters', async () => {
    const all = await graph();
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.msg).toMatchObject({ OutstandingIssues: 10, resolvedIssues: 10, totalIssues: 20, totalIssueCalls: 120 + 10, bucket: 'month' });
    const api = await graph({ type: 'api', timeFilter: 'last30' });
    expect(api.body.msg).toMatchObject({ OutstandingIssues: 10, resolvedIssues: 5, totalIssues: 15, totalIssueCalls: 120, bucket: 'day' });
    expect((await graph({ type: 'webhook', timeFilter: 'last30' })).body.msg.totalIssues).toBe(0);
  });

  it('has one point per bucket, oldest first, zeros included', async () => {
    const now = t.clock.now();
    const day = (await graph({ timeFilter: 'last30' })).body.msg;
    expect(day.series).toHaveLength(31);
    const today = day.series.at(-1);
    // Today (12:00): issues at 12:00, 06:00 and 00:00 (9 of them, 3 resolved an hour ago).
    expect(today).toEqual({ at: Math.floor(now / DAY) * DAY, issues: 9, resolved: 3 + 2, issueCalls: 1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 });
    expect(day.series.reduce((s: number, p: { issues: number }) => s + p.issues, 0)).toBe(15);
    const hour = (await graph({ timeFilter: 'last24h' })).body.msg;
    expect(hour.bucket).toBe('hour');
    expect(hour.series).toHaveLength(25);
    const week = (await graph({ timeFilter: 'last180' })).body.msg;
    expect(week.bucket).toBe('week');
    expect(new Date(week.series[0].at).getUTCDay()).toBe(1);
    expect(week.series.reduce((s: number, p: { issues: number }) => s + p.issues, 0)).toBe(20);
    const months = (await graph({})).body.msg.series;
    expect(months.length).toBe(2);
    expect(months.every((p: { at: number }) => new Date(p.at).getUTCDate() === 1)).toBe(true);
  });
});

describe('on the seeded demo', () => {
  it('lists and graphs the demo issues', async () => {
    const demo = await demoAdmin(t);
    const page = await data({}, demo.token);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.msg.issues.length).toBeGreaterThan(0);
    const g = await graph({ timeFilter: 'last60' }, demo.token);
    expect(g.status, JSON.stringify(g.body)).toBe(200);
    expect(g.body.msg.totalIssues).toBeGreaterThan(0);
    const home = await t.call('GET', '/api/app.dashboard', { token: demo.token });
    expect(home.body.msg.issues).toBe((await graph({}, demo.token)).body.msg.OutstandingIssues);
  });
});
