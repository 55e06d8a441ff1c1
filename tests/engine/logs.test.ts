import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NewRow } from '../../src/engine/db/schema.ts';
import { startTestEngine, statementsOf, type TestEngine } from '../support/engineHarness.ts';
import { addAccount, addJob, addRows, addRun, apiLog, collectPages, DAY, demoAdmin, HOUR, MINUTE, newOrg, type OrgSession, userWithRole, webhookLog } from '../support/dataFixtures.ts';

// The logs tag: the logs table (both views), its graph, webhook records and native calls. Billing
// contacts may call all of them.
let t: TestEngine;
let org: OrgSession;
beforeEach(async () => {
  t = await startTestEngine();
  org = await newOrg(t, 'logs@acme.test');
});
afterEach(async () => { await t.close(); });

const post = (url: string, body: unknown, token = org.token) => t.call('POST', `/api/${url}`, { token, body });
const ids = (logs: { logId: string }[]) => logs.map((l) => l.logId);

describe('app.getLogsDataV2', () => {
  beforeEach(async () => {
    const now = t.clock.now();
    const rows: NewRow<'api_logs'>[] = [];
    // 25 HRIS calls of north in the last day, in ties of five; 4 ATS calls of south; 3 calls 40 days old.
    for (let i = 0; i < 25; i += 1) rows.push(apiLog(org.orgId, now - Math.floor(i / 5) * MINUTE, { origin_org_id: 'north', execution_id: `exe_n${i}` }));
    for (let i = 0; i < 4; i += 1) rows.push(apiLog(org.orgId, now - 2 * DAY - i * MINUTE, { origin_org_id: 'south', category: 'ATS', status_code: 500, status_message: 'App error' }));
    for (let i = 0; i < 3; i += 1) rows.push(apiLog(org.orgId, now - 40 * DAY, { origin_org_id: 'north' }));
    await addRows(t.engine.db, 'api_logs', rows);
    const other = await newOrg(t, 'other@else.test');
    await addRows(t.engine.db, 'api_logs', [apiLog(other.orgId, now, { execution_id: 'exe_secret' })]);
    await addRows(t.engine.db, 'webhook_logs', Array.from({ length: 12 }, (_, i) => webhookLog(org.orgId, now - i * HOUR - 7_000, { category: i % 3 ? 'HRIS' : 'CRM' })));
  });

  it('pages the API calls of the last 30 days by page number and by cursor, with hasMoreRecords', async () => {
    const pages = await collectPages<{ logId: string; requestTimestamp: number }>(async (cursor, pageNo) => {
      const res = await post('app.getLogsDataV2', { isApiLogs: true, pageNo, ...(cursor ? { cursor } : {}) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.msg.hasMoreRecords).toBe(res.body.msg.nextCursor !== null);
      const byNumber = await post('app.getLogsDataV2', { isApiLogs: true, pageNo });
      expect(ids(byNumber.body.msg.logs)).toEqual(ids(res.body.msg.logs));
      expect(byNumber.body.msg.hasMoreRecords).toBe(res.body.msg.hasMoreRecords);
      return { rows: res.body.msg.logs, nextCursor: res.body.msg.nextCursor };
    });
    expect(pages.map((p) => p.length)).toEqual([10, 10, 9]);
    const all = pages.flat();
    expect(new Set(ids(all)).size).toBe(29);
    expect(ids(all)).not.toContain('exe_secret');
    expect(all.every((r, i) => i === 0 || r.requestTimestamp <= all[i - 1].requestTimestamp)).toBe(true);
    expect(all[0]).toMatchObject({ logType: 'api', method: 'GET', statusCode: 200, statusMessage: 'OK', appId: 'bamboohr', originOrgName: 'Customer cust-a', url: expect.stringContaining('https://'), executionId: all[0].logId });
  });

  it('narrows by period, category and organisation', async () => {
    const count = async (body: Record<string, unknown>) => (await post('app.getLogsDataV2', { isApiLogs: true, limit: 100, ...body })).body.msg.logs.length;
    expect(await count({ timestamp: 86400000 })).toBe(25);
    expect(await count({ timestamp: 5184000000 })).toBe(32);
    expect(await count({ category: 'ATS' })).toBe(4);
    expect(await count({ originOrgId: 'north' })).toBe(25);
    expect(await count({ originOrgId: 'north', category: 'ATS' })).toBe(0);
    expect(await count({ originOrgId: 'south', category: 'ATS', timestamp: 86400000 })).toBe(0);
    expect((await post('app.getLogsDataV2', { isApiLogs: true, timestamp: 12345 })).status).toBe(400);
  });

  it('lists the webhook view with its own rows', async () => {
    const res = await post('app.getLogsDataV2', { isApiLogs: false, category: 'HRIS' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.msg.logs).toHaveLength(8);
    expect(res.body.msg.logs[0]).toMatchObject({ logType: 'webhook', syncRunId: 'run_x', syncJobId: 'job_x', syncDataTypeLabel: 'Employees', nativeApiCallCount: 2 });
    expect(res.body.msg.hasMoreRecords).toBe(false);
  });

  it('refuses a cursor that does not decode or comes from the other view or filters', async () => {
    expect((await post('app.getLogsDataV2', { isApiLogs: true, cursor: '!!' })).status).toBe(400);
    const api = await post('app.getLogsDataV2', { isApiLogs: true, limit: 2 });
    const crossed = await post('app.getLogsDataV2', { isApiLogs: false, cursor: api.body.msg.nextCursor, pageNo: 2 });
    expect(crossed.status).toBe(400);
    expect(crossed.body.error.field).toBe('cursor');
    expect((await post('app.getLogsDataV2', { isApiLogs: true, category: 'ATS', cursor: api.body.msg.nextCursor })).status).toBe(400);
  });

  it('serves billing contacts', async () => {
    const billing = await userWithRole(t, org.orgId, 'billingcontact', 'billing@acme.test');
    expect((await post('app.getLogsDataV2', { isApiLogs: true }, billing)).status).toBe(200);
    expect((await t.call('GET', '/api/app.getLogsGraphData', { token: billing })).status).toBe(200);
  });
});

describe('app.getLogsGraphData', () => {
  it('counts the last 24 hours per hour from the logs', async () => {
    const now = t.clock.now(); // 12:00 UTC
    const account = await addAccount(t.engine.db, org.orgId, { created_at: now - DAY, origin_org_id: 'north' });
    const jobId = await addJob(t.engine.db, account, { created_at: now - DAY });
    const runId = await addRun(t.engine.db, { id: jobId, orgId: org.orgId, integrationId: account.id }, now - 3 * HOUR);
    await addRows(t.engine.db, 'api_logs', [
      apiLog(org.orgId, now - 30 * MINUTE, { native_api_call_count: 3 }), apiLog(org.orgId, now - 40 * MINUTE, { status_code: 404 }),
      apiLog(org.orgId, now - 5 * HOUR), apiLog(org.orgId, now - 30 * HOUR), apiLog(org.orgId, now - 10 * MINUTE, { category: 'ATS' }),
    ]);
    const record = (ts: number, status: string): NewRow<'webhook_records'> => ({ org_id: org.orgId, sync_run_id: runId, record_id: `rec_${ts}_${status}`, request_ts: ts, dispatch_status: status, native_api_call_count: 1 });
    await addRows(t.engine.db, 'webhook_records', [record(now - 20 * MINUTE, 'dispatched'), record(now - 21 * MINUTE, 'failed'), record(now - 3 * HOUR, 'stale')]);

    const res = await t.call('GET', '/api/app.getLogsGraphData', { token: org.token, query: { timestamp: '86400000' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const msg = res.body.msg;
    expect(msg.bucket).toBe('hour');
    expect(msg.series).toHaveLength(25);
    expect(msg.totals).toEqual({ apiCalls: 4, apiCallErrors: 1, webhooks: 3, webhookErrors: 2, nativeApiCalls: 3 + 1 + 1 + 1 + 3 });
    expect(msg.series.at(-1)).toEqual({ at: now, apiCalls: 0, apiCallErrors: 0, webhooks: 0, webhookErrors: 0 });
    expect(msg.series.at(-2)).toEqual({ at: now - HOUR, apiCalls: 3, apiCallErrors: 1, webhooks: 2, webhookErrors: 1 });
    const hris = await t.call('GET', '/api/app.getLogsGraphData', { token: org.token, query: { timestamp: '86400000', category: 'HRIS', originOrgId: 'north' } });
    expect(hris.body.msg.totals).toMatchObject({ apiCalls: 0, webhooks: 3 });
  });

  it('sums usage_daily per UTC day for longer periods, every day present', async () => {
    const now = t.clock.now();
    const today = Math.floor(now / DAY) * DAY;
    const hris = await addAccount(t.engine.db, org.orgId, { created_at: now - DAY, origin_org_id: 'north' });
    const ats = await addAccount(t.engine.db, org.orgId, { created_at: now - DAY, origin_org_id: 'south', category: 'ATS', app_id: 'greenhouse' });
    await addRows(t.engine.db, 'usage_daily', [
      { org_id: org.orgId, origin_org_id: 'north', integration_id: hris.id, day: today, api_calls: 10, api_call_errors: 2, native_api_calls: 30, events_emitted: 5, webhook_errors: 1 },
      { org_id: org.orgId, origin_org_id: 'south', integration_id: ats.id, day: today - 3 * DAY, api_calls: 7, native_api_calls: 7, events_emitted: 1 },
      { org_id: org.orgId, origin_org_id: 'south', integration_id: ats.id, day: today - 45 * DAY, api_calls: 99 },
    ]);
    const graph = async (query: Record<string, string>) => (await t.call('GET', '/api/app.getLogsGraphData', { token: org.token, query })).body.msg;
    const month = await graph({});
    expect(month.bucket).toBe('day');
    expect(month.timestamp).toBe(2592000000);
    expect(month.series).toHaveLength(31);
    expect(month.totals).toEqual({ apiCalls: 17, apiCallErrors: 2, webhooks: 6, webhookErrors: 1, nativeApiCalls: 37 });
    expect(month.series.at(-1)).toEqual({ at: today, apiCalls: 10, apiCallErrors: 2, webhooks: 5, webhookErrors: 1 });
    expect((await graph({ timestamp: '5184000000' })).totals.apiCalls).toBe(116);
    expect((await graph({ category: 'ATS' })).totals.apiCalls).toBe(7);
    expect((await graph({ originOrgId: 'north' })).totals.apiCalls).toBe(10);
    const other = await newOrg(t, 'other@else.test');
    expect((await t.call('GET', '/api/app.getLogsGraphData', { token: other.token })).body.msg.totals.apiCalls).toBe(0);
  });
});

describe('webhook records and native calls', () => {
  let runId: string;
  beforeEach(async () => {
    const now = t.clock.now();
    const account = await addAccount(t.engine.db, org.orgId, { created_at: now - DAY, origin_org_id: 'north', origin_org_name: 'North' });
    const jobId = await addJob(t.engine.db, account, { created_at: now - DAY });
    runId = await addRun(t.engine.db, { id: jobId, orgId: org.orgId, integrationId: account.id }, now - HOUR);
    await addRows(t.engine.db, 'webhook_logs', [webhookLog(org.orgId, now - HOUR, { sync_run_id: runId, sync_job_id: jobId, sync_iteration_id: 'itr_1', integration_id: account.id, origin_org_name: 'North' })]);
    const records: NewRow<'webhook_records'>[] = [];
    for (let i = 0; i < 13; i += 1) {
      records.push({ org_id: org.orgId, sync_run_id: runId, sync_iteration_id: i < 8 ? 'itr_1' : 'itr_2', record_id: `rec_${i}`, trace_id: `trc_${i}`,
        request_ts: now - HOUR + Math.floor(i / 4) * MINUTE, path: '/hooks', status_code: i === 3 ? 500 : 200, status_message: 'OK', dispatch_status: i === 5 ? 'stale' : 'dispatched' });
    }
    await addRows(t.engine.db, 'webhook_records', records);
    const calls: NewRow<'native_calls'>[] = [];
    for (let i = 0; i < 12; i += 1) calls.push({ org_id: org.orgId, record_id: 'rec_0', ts: now - HOUR + Math.floor(i / 3) * 1000, method: 'GET', path: `/api/employees/${i}`, status_code: 200, status_message: 'OK', app_id: 'bamboohr', app_label: 'BambooHR', duration_ms: 100 + i });
    for (let i = 0; i < 3; i += 1) calls.push({ org_id: org.orgId, execution_id: 'exe_api', ts: now - MINUTE + i, method: 'POST', path: '/api/x', status_code: 201, status_message: 'Created', app_id: 'bamboohr', app_label: 'BambooHR', duration_ms: null });
    await addRows(t.engine.db, 'native_calls', calls);
    await addRows(t.engine.db, 'api_logs', [apiLog(org.orgId, now - MINUTE, { execution_id: 'exe_api', native_api_call_count: 3 })]);
  });

  it('pages the records of a run (or one iteration) newest first with the run header', async () => {
    const pages = await collectPages(async (cursor, pageNo) => {
      const res = await post('app.getWebhookRecords', { syncRunId: runId, pageNo, ...(cursor ? { cursor } : {}) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.msg).toMatchObject({ syncRunId: runId, originOrgName: 'North', appLabel: 'BambooHR', syncDataTypeLabel: 'Employees' });
      return { rows: res.body.msg.logs.map((r: { recordId: string }) => r.recordId), nextCursor: res.body.msg.nextCursor };
    });
    expect(pages.map((p) => p.length)).toEqual([10, 3]);
    expect(new Set(pages.flat()).size).toBe(13);
    const second = await post('app.getWebhookRecords', { syncRunId: runId, pageNo: 2 });
    expect(second.body.msg.logs.map((r: { recordId: string }) => r.recordId)).toEqual(pages[1]);
    const iteration = await post('app.getWebhookRecords', { syncRunId: runId, syncIterationId: 'itr_2' });
    expect(iteration.body.msg.logs).toHaveLength(5);
    expect(iteration.body.msg.hasMoreRecords).toBe(false);
    const other = await newOrg(t, 'other@else.test');
    expect((await post('app.getWebhookRecords', { syncRunId: runId }, other.token)).status).toBe(404);
    expect((await post('app.getWebhookRecords', { syncRunId: 'run_none' })).status).toBe(404);
    expect((await post('app.getWebhookRecords', { syncRunId: runId, cursor: 'nope!' })).status).toBe(400);
    const firstOfOne = await post('app.getWebhookRecords', { syncRunId: runId, syncIterationId: 'itr_1', limit: 2 });
    expect((await post('app.getWebhookRecords', { syncRunId: runId, syncIterationId: 'itr_2', cursor: firstOfOne.body.msg.nextCursor })).status).toBe(400);
  });

  it("reads a page of records with the run's webhook log in one statement; without a log the header comes from the job", async () => {
    const page = await statementsOf(t, () => post('app.getWebhookRecords', { syncRunId: runId }));
    expect(page.result.body.msg).toMatchObject({ syncRunId: runId, originOrgName: 'North', appLabel: 'BambooHR' });
    expect(page.result.body.msg.logs).toHaveLength(10);
    expect(page.statements).toHaveLength(1);

    const now = t.clock.now();
    const account = await addAccount(t.engine.db, org.orgId, { created_at: now - DAY, origin_org_id: 'east', origin_org_name: 'East' });
    const jobId = await addJob(t.engine.db, account, { created_at: now - DAY });
    const unlogged = await addRun(t.engine.db, { id: jobId, orgId: org.orgId, integrationId: account.id }, now - HOUR);
    await addRows(t.engine.db, 'webhook_records', [{ org_id: org.orgId, sync_run_id: unlogged, sync_iteration_id: 'itr_9', record_id: 'rec_east', trace_id: 'trc_east',
      request_ts: now - MINUTE, path: '/hooks', status_code: 200, status_message: 'OK', dispatch_status: 'dispatched' }]);
    const fromJob = await post('app.getWebhookRecords', { syncRunId: unlogged });
    expect(fromJob.status, JSON.stringify(fromJob.body)).toBe(200);
    expect(fromJob.body.msg).toMatchObject({ syncRunId: unlogged, syncJobId: jobId, originOrgName: 'East', integrationId: account.id, logs: [{ recordId: 'rec_east' }] });
  });

  it('lists the native calls of a record in the order they were made, found by record or trace id', async () => {
    const pages = await collectPages(async (cursor, pageNo) => {
      const res = await post('app.getWebhookNativeCalls', { syncRunId: runId, recordId: 'rec_0', isApiLogs: false, pageNo, ...(cursor ? { cursor } : {}) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.msg.record).toMatchObject({ recordId: 'rec_0', traceId: 'trc_0', syncIterationId: 'itr_1' });
      return { rows: res.body.msg.logs.map((r: { path: string }) => r.path), nextCursor: res.body.msg.nextCursor };
    });
    expect(pages.flat()).toEqual(Array.from({ length: 12 }, (_, i) => `/api/employees/${i}`));
    const byTrace = await post('app.getWebhookNativeCalls', { syncRunId: runId, traceId: 'trc_0', pageNo: 2 });
    expect(byTrace.body.msg.logs.map((r: { path: string }) => r.path)).toEqual(['/api/employees/10', '/api/employees/11']);
    expect((await post('app.getWebhookNativeCalls', { syncRunId: runId })).status).toBe(400);
    expect((await post('app.getWebhookNativeCalls', { syncRunId: runId, recordId: 'rec_0', syncIterationId: 'itr_2' })).status).toBe(404);
    expect((await post('app.getWebhookNativeCalls', { syncRunId: runId, recordId: 'rec_0', cursor: 'abc' })).status).toBe(400);
  });

  it('lists the native calls of an API call with the API log', async () => {
    const res = await post('app.getApiNativeCalls', { executionId: 'exe_api' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.msg.apiLog).toMatchObject({ logType: 'api', executionId: 'exe_api', nativeApiCallCount: 3 });
    expect(res.body.msg.logs.map((r: { timestamp: number }) => r.timestamp)).toEqual([0, 1, 2].map((i) => t.clock.now() - MINUTE + i));
    expect(res.body.msg.logs[0]).not.toHaveProperty('durationMs');
    expect((await post('app.getApiNativeCalls', { executionId: 'exe_none' })).status).toBe(404);
    const paged = await post('app.getApiNativeCalls', { executionId: 'exe_api', limit: 2 });
    expect(paged.body.msg).toMatchObject({ hasMoreRecords: true });
    const rest = await post('app.getApiNativeCalls', { executionId: 'exe_api', limit: 2, pageNo: 2, cursor: paged.body.msg.nextCursor });
    expect(rest.body.msg.logs.map((r: { timestamp: number }) => r.timestamp)).toEqual([t.clock.now() - MINUTE + 2]);
    expect(rest.body.msg).toMatchObject({ hasMoreRecords: false, nextCursor: null });
    expect((await post('app.getApiNativeCalls', { executionId: 'exe_api', cursor: 'e30' })).status).toBe(400);
    const other = await newOrg(t, 'other2@else.test');
    expect((await post('app.getApiNativeCalls', { executionId: 'exe_api' }, other.token)).status).toBe(404);
  });
});

describe('on the seeded demo', () => {
  it('opens logs, graphs, records and native calls of the demo', async () => {
    const demo = await demoAdmin(t);
    const api = await post('app.getLogsDataV2', { isApiLogs: true }, demo.token);
    expect(api.status, JSON.stringify(api.body)).toBe(200);
    expect(api.body.msg.logs).toHaveLength(10);
    const deep = await post('app.getLogsDataV2', { isApiLogs: true, pageNo: 2, cursor: api.body.msg.nextCursor }, demo.token);
    expect(deep.body.msg.logs.map((l: { logId: string }) => l.logId)).toEqual((await post('app.getLogsDataV2', { isApiLogs: true, pageNo: 2 }, demo.token)).body.msg.logs.map((l: { logId: string }) => l.logId));
    const withCalls = api.body.msg.logs.find((l: { nativeApiCallCount: number }) => l.nativeApiCallCount > 0);
    const native = await post('app.getApiNativeCalls', { executionId: withCalls.executionId }, demo.token);
    expect(native.status, JSON.stringify(native.body)).toBe(200);
    const hooks = await post('app.getLogsDataV2', { isApiLogs: false }, demo.token);
    expect(hooks.status, JSON.stringify(hooks.body)).toBe(200);
    const run = hooks.body.msg.logs[0];
    const records = await post('app.getWebhookRecords', { syncRunId: run.syncRunId, syncIterationId: run.syncIterationId }, demo.token);
    expect(records.status, JSON.stringify(records.body)).toBe(200);
    if (records.body.msg.logs.length > 0) {
      const calls = await post('app.getWebhookNativeCalls', { syncRunId: run.syncRunId, recordId: records.body.msg.logs[0].recordId }, demo.token);
      expect(calls.status, JSON.stringify(calls.body)).toBe(200);
    }
    for (const timestamp of ['86400000', '2592000000', '31536000000']) {
      const graph = await t.call('GET', '/api/app.getLogsGraphData', { token: demo.token, query: { timestamp } });
      expect(graph.status, JSON.stringify(graph.body)).toBe(200);
      expect(graph.body.msg.totals.apiCalls).toBeGreaterThan(0);
    }
  });
});
