import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NewRow } from '../../src/engine/db/schema.ts';
import { startTestEngine, statementsOf, type TestEngine } from '../support/engineHarness.ts';
import { addAccount, addJob, addRows, addRun, collectPages, DAY, demoAdmin, HOUR, MINUTE, newOrg, type OrgSession, userWithRole } from '../support/dataFixtures.ts';

// The syncs tag: sync jobs, a job's runs within a date range, a run's records with the Audit ID search.
let t: TestEngine;
let org: OrgSession;
beforeEach(async () => {
  t = await startTestEngine();
  org = await newOrg(t, 'syncs@acme.test');
});
afterEach(async () => { await t.close(); });

const post = (url: string, body: unknown, token = org.token, query?: Record<string, string>) => t.call('POST', `/api/${url}`, { token, body, query });

describe('app.dashboard/syncJobs', () => {
  let live: NewRow<'integrated_accounts'>;
  let paused: NewRow<'integrated_accounts'>;
  beforeEach(async () => {
    const now = t.clock.now();
    live = await addAccount(t.engine.db, org.orgId, { created_at: now - DAY, origin_org_id: 'north', origin_org_name: 'North' });
    paused = await addAccount(t.engine.db, org.orgId, { created_at: now - DAY, origin_org_id: 'south', origin_org_name: 'South', sync_paused: 1 });
    const gone = await addAccount(t.engine.db, org.orgId, { created_at: now - DAY, origin_org_id: 'south', integration_state: 'Deactivated' });
    const expired = await addAccount(t.engine.db, org.orgId, { created_at: now - DAY, origin_org_id: 'north', integration_state: 'Expired' });
    // 12 jobs of live accounts with created_at ties in fours, and jobs of ended accounts that never show.
    for (let i = 0; i < 12; i += 1) {
      await addJob(t.engine.db, i < 8 ? live : paused, { created_at: now - Math.floor(i / 4) * HOUR, next_run_at: now + HOUR, sync_data_type: `type_${i}` });
    }
    await addJob(t.engine.db, gone, { created_at: now, status: 'stopped' });
    await addJob(t.engine.db, expired, { created_at: now, status: 'stopped' });
  });

  it('lists jobs of live accounts newest first, by cursor and by page number alike', async () => {
    const pages = await collectPages(async (cursor, pageNo) => {
      const res = await post('app.dashboard/syncJobs', { pageNo, limit: 5, ...(cursor ? { cursor } : {}) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.msg.totalActiveSyncs).toBe(12);
      const byNumber = await post('app.dashboard/syncJobs', { pageNo, limit: 5 });
      expect(byNumber.body.msg.items).toEqual(res.body.msg.items);
      return { rows: res.body.msg.items.map((r: { syncJobId: string }) => r.syncJobId), nextCursor: res.body.msg.nextCursor };
    });
    expect(pages.map((p) => p.length)).toEqual([5, 5, 2]);
    expect(new Set(pages.flat()).size).toBe(12);
  });

  it('filters by organisation and integration; paused accounts have no upcoming sync', async () => {
    const south = await post('app.dashboard/syncJobs', { organization: 'south' });
    expect(south.body.msg.totalActiveSyncs).toBe(4);
    expect(south.body.msg.items.every((r: { upcomingSync: number | null; syncPaused: boolean; orgName: string }) => r.upcomingSync === null && r.syncPaused && r.orgName === 'South')).toBe(true);
    const one = await post('app.dashboard/syncJobs', { integration: live.id, limit: 100 });
    expect(one.body.msg.totalActiveSyncs).toBe(8);
    expect(one.body.msg.items[0]).toMatchObject({ integrationId: live.id, upcomingSync: t.clock.now() + HOUR, syncFrequency: 'STANDARD', frequencyRate: null, connectorId: null });
    expect((await post('app.dashboard/syncJobs', { integration: paused.id, organization: 'north' })).body.msg.totalActiveSyncs).toBe(0);
  });

  it('reads an unfiltered page with its total in one statement, and the total alone past the last page', async () => {
    const page = await statementsOf(t, () => post('app.dashboard/syncJobs', { limit: 5 }));
    expect(page.result.body.msg.totalActiveSyncs).toBe(12);
    expect(page.statements).toHaveLength(1);
    const beyond = await statementsOf(t, () => post('app.dashboard/syncJobs', { limit: 5, pageNo: 4 }));
    expect(beyond.result.body.msg).toMatchObject({ items: [], totalActiveSyncs: 12, hasMoreRecords: false });
    expect(beyond.statements).toHaveLength(2);
  });

  it('refuses bad cursors, hides other organisations and billing contacts', async () => {
    expect((await post('app.dashboard/syncJobs', { cursor: 'bad!' })).status).toBe(400);
    const first = await post('app.dashboard/syncJobs', { limit: 1 });
    expect((await post('app.dashboard/syncJobs', { organization: 'south', cursor: first.body.msg.nextCursor })).status).toBe(400);
    const other = await newOrg(t, 'other@else.test');
    expect((await post('app.dashboard/syncJobs', {}, other.token)).body.msg).toMatchObject({ items: [], totalActiveSyncs: 0, nextCursor: null });
    const billing = await userWithRole(t, org.orgId, 'billingcontact', 'billing@acme.test');
    expect((await post('app.dashboard/syncJobs', {}, billing)).status).toBe(403);
  });
});

describe('app.dashboard/syncRuns', () => {
  let jobId: string;
  let account: NewRow<'integrated_accounts'>;
  beforeEach(async () => {
    const now = t.clock.now();
    account = await addAccount(t.engine.db, org.orgId, { created_at: now - 90 * DAY });
    jobId = await addJob(t.engine.db, account, { created_at: now - 90 * DAY, last_synced_at: now - HOUR, next_run_at: now + HOUR, integration_name: 'BambooHR sync' });
    const job = { id: jobId, orgId: org.orgId, integrationId: account.id };
    // 14 runs in the last 30 days (ties in pairs), 3 older ones, 1 in the future of the clock.
    for (let i = 0; i < 14; i += 1) await addRun(t.engine.db, job, now - Math.floor(i / 2) * DAY - HOUR, { sync_type: i === 13 ? 'initial_sync' : 'delta_sync' });
    for (let i = 0; i < 3; i += 1) await addRun(t.engine.db, job, now - (40 + i) * DAY);
    await addRun(t.engine.db, job, now + DAY, { sync_status: 'queued', completed_at: null });
  });

  it('pages the last 30 days newest first with the job header', async () => {
    const pages = await collectPages<{ syncRunId: string; startedAt: number }>(async (cursor) => {
      const res = await post('app.dashboard/syncRuns', { jobId, ...(cursor ? { cursor } : {}) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.msg).toMatchObject({ jobId, orgName: account.origin_org_name, integrationName: 'BambooHR sync', integrationId: account.id, appLabel: 'BambooHR', syncDataTypeLabel: 'Employees', lastSyncedAt: t.clock.now() - HOUR });
      return { rows: res.body.msg.items.map((r: { syncRunId: string; startedAt: number }) => r), nextCursor: res.body.msg.nextCursor };
    });
    expect(pages.map((p) => p.length)).toEqual([10, 4]);
    const runs = pages.flat();
    expect(new Set(runs.map((r) => r.syncRunId)).size).toBe(14);
    expect(runs.every((r, i) => i === 0 || r.startedAt <= runs[i - 1].startedAt)).toBe(true);
  });

  it("answers the job's frequency with a custom one's rate and unit, so a job opened by its URL shows 'Every 6 hours'", async () => {
    const standard = await post('app.dashboard/syncRuns', { jobId, limit: 1 });
    expect(standard.body.msg).toMatchObject({ syncFrequency: 'STANDARD', frequencyRate: null, frequencyUnit: null });
    const customJob = await addJob(t.engine.db, account, {
      created_at: t.clock.now() - DAY, sync_data_type: 'ats_jobs', sync_frequency: 'custom', frequency_rate: 6, frequency_unit: 'hours',
    });
    const custom = await post('app.dashboard/syncRuns', { jobId: customJob });
    expect(custom.status, JSON.stringify(custom.body)).toBe(200);
    expect(custom.body.msg).toMatchObject({ jobId: customJob, syncFrequency: 'custom', frequencyRate: 6, frequencyUnit: 'hours', items: [] });
    // The jobs list and the job page agree on every header field.
    const listed = (await post('app.dashboard/syncJobs', { integration: account.id, limit: 100 })).body.msg.items
      .find((row: { syncJobId: string }) => row.syncJobId === customJob);
    const { syncJobId: _id, originOrgId: _org, syncDataType: _type, connectorId: _connector, syncPaused: _paused, ...header } = listed;
    expect(custom.body.msg).toMatchObject(header);
  });

  it('reads start and end as a range that never goes beyond now', async () => {
    const now = t.clock.now();
    const all = await post('app.dashboard/syncRuns', { jobId, start: now - 60 * DAY, end: now + 5 * DAY, limit: 100 });
    expect(all.body.msg.items).toHaveLength(17);
    const older = await post('app.dashboard/syncRuns', { jobId, start: now - 60 * DAY, end: now - 35 * DAY });
    expect(older.body.msg.items).toHaveLength(3);
    const bad = await post('app.dashboard/syncRuns', { jobId, start: now, end: now - DAY });
    expect(bad.status).toBe(400);
    expect(bad.body.error.msg).toBe('Start date must be before end date');
  });

  it("reads a page with its job's header in one statement, and the header alone only for an empty page", async () => {
    const page = await statementsOf(t, () => post('app.dashboard/syncRuns', { jobId }));
    expect(page.result.body.msg).toMatchObject({ jobId, integrationName: 'BambooHR sync', appLabel: 'BambooHR' });
    expect(page.result.body.msg.items).toHaveLength(10);
    expect(page.statements).toHaveLength(1);
    const now = t.clock.now();
    const empty = await statementsOf(t, () => post('app.dashboard/syncRuns', { jobId, start: now - 400 * DAY, end: now - 300 * DAY }));
    expect(empty.result.body.msg).toMatchObject({ jobId, integrationName: 'BambooHR sync', items: [], nextCursor: null });
    expect(empty.statements).toHaveLength(2);
    // A job of another organisation with runs in the range: the page carries no header, so no runs are answered.
    const other = await newOrg(t, 'prying@else.test');
    const foreign = await post('app.dashboard/syncRuns', { jobId }, other.token);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ success: false, error: { msg: 'Sync details not found.', code: expect.any(String) } });
  });

  it("answers 'Sync details not found.' for unknown or foreign jobs and 400 for another range's cursor", async () => {
    const unknown = await post('app.dashboard/syncRuns', { jobId: 'job_nope' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.msg).toBe('Sync details not found.');
    const other = await newOrg(t, 'foreign@else.test');
    expect((await post('app.dashboard/syncRuns', { jobId }, other.token)).status).toBe(404);
    const page = await post('app.dashboard/syncRuns', { jobId, limit: 2 });
    const now = t.clock.now();
    expect((await post('app.dashboard/syncRuns', { jobId, start: now - 60 * DAY, end: now - 35 * DAY, cursor: page.body.msg.nextCursor })).status).toBe(400);
    expect((await post('app.dashboard/syncRuns', { jobId, cursor: 'x' })).status).toBe(400);
  });
});

describe('app.dashboard/syncRecords', () => {
  let jobId: string;
  let runId: string;
  beforeEach(async () => {
    const now = t.clock.now();
    const account = await addAccount(t.engine.db, org.orgId, { created_at: now - DAY });
    jobId = await addJob(t.engine.db, account, { created_at: now - DAY });
    runId = await addRun(t.engine.db, { id: jobId, orgId: org.orgId, integrationId: account.id }, now - HOUR, { events_triggered: 23, events_consumed: 20, events_processed: 40 });
    const records: NewRow<'sync_records'>[] = [];
    // 23 records dispatched in ties of three; audit ids in two families for the search.
    for (let i = 0; i < 23; i += 1) {
      records.push({ run_id: runId, job_id: jobId, org_id: org.orgId, audit_id: i < 12 ? `AUD_Alpha_${i}` : `aud_beta_${i}`, event_type: 'record.new',
        dispatched_at: now - HOUR + Math.floor(i / 3) * MINUTE, consumed_at: i % 2 ? null : now, models_json: '[{"label":"Employee Profile","value":"employee_profile"}]' });
    }
    await addRows(t.engine.db, 'sync_records', records);
  });

  const records = (body: Record<string, unknown> = {}, search?: string) => post('app.dashboard/syncRecords', { syncRunId: runId, jobId, ...body }, org.token, search === undefined ? undefined : { search });

  it('pages every record once, newest first, with the run header', async () => {
    const pages = await collectPages(async (cursor) => {
      const res = await records(cursor ? { cursor } : {});
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.msg).toMatchObject({ syncRunId: runId, jobId, eventsTriggered: 23, eventsConsumed: 20, eventsProcessed: 40, syncStatus: 'completed', syncType: 'delta_sync' });
      return { rows: res.body.msg.items.map((r: { auditId: string }) => r.auditId), nextCursor: res.body.msg.nextCursor };
    });
    expect(pages.map((p) => p.length)).toEqual([10, 10, 3]);
    expect(new Set(pages.flat()).size).toBe(23);
    const first = (await records({ limit: 1 })).body.msg.items[0];
    expect(first).toEqual({ auditId: 'aud_beta_22', eventType: 'record.new', dispatchedAt: t.clock.now() - HOUR + 7 * MINUTE, consumedAt: t.clock.now(), models: [{ label: 'Employee Profile', value: 'employee_profile' }] });
  });

  it("lists a record stamped up to a day before its run's start (clock skew), from the partitions the run can have records in", async () => {
    const now = t.clock.now();
    const skewed = { run_id: runId, job_id: jobId, org_id: org.orgId, audit_id: 'aud_skewed', event_type: 'record.new', dispatched_at: now - HOUR - 20 * HOUR, consumed_at: null, models_json: '[]' };
    await addRows(t.engine.db, 'sync_records', [skewed]);
    const all = (await records({ limit: 100 })).body.msg.items.map((r: { auditId: string }) => r.auditId);
    expect(all).toHaveLength(24);
    expect(all.at(-1)).toBe('aud_skewed');
  });

  it('searches audit ids by prefix, case-insensitive, from 3 characters', async () => {
    const count = async (search: string) => (await records({ limit: 100 }, search)).body.msg.items.length;
    expect(await count('aud_alpha')).toBe(12);
    expect(await count('AUD_BETA_2')).toBe(3);
    expect(await count('au')).toBe(23);
    expect(await count('')).toBe(23);
    expect(await count('aud%')).toBe(0);
    expect(await count('zzz')).toBe(0);
    const page = await records({ limit: 2 }, 'aud_alpha');
    expect((await records({ cursor: page.body.msg.nextCursor }, 'aud_beta')).status).toBe(400);
  });

  it('reads the page with the run and its job in one statement, bounded by the run\'s start; an empty page reads its header alone', async () => {
    const { result, statements } = await statementsOf(t, () => records());
    expect(result.body.msg).toMatchObject({ syncRunId: runId, jobId, appLabel: 'BambooHR', eventsTriggered: 23, startedAt: t.clock.now() - HOUR });
    expect(result.body.msg.items).toHaveLength(10);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/from "sync_jobs" as "j" inner join "integrated_accounts" as "a" .* inner join "sync_runs" as "r".* from "sync_records" where "run_id" = /);
    expect(statements[0]).toMatch(/"dispatched_at" >= \(select "started_at" - (\$\d+|\?) as "since" from "sync_runs"/);
    const empty = await statementsOf(t, () => records({}, 'zzz'));
    expect(empty.result.status).toBe(200);
    expect(empty.result.body.msg).toMatchObject({ syncRunId: runId, jobId, appLabel: 'BambooHR', eventsTriggered: 23, items: [], nextCursor: null });
    expect(empty.statements).toHaveLength(2);
  });

  it("answers 'Sync details not found.' for a run of another job or organisation", async () => {
    const other = await newOrg(t, 'foreign@else.test');
    expect((await post('app.dashboard/syncRecords', { syncRunId: runId, jobId }, other.token)).status).toBe(404);
    const res = await records({ jobId: 'job_other' });
    expect(res.status).toBe(404);
    expect(res.body.error.msg).toBe('Sync details not found.');
  });
});

describe('on the seeded demo', () => {
  it('walks from the jobs to a run and its records', async () => {
    const demo = await demoAdmin(t);
    const jobs = await post('app.dashboard/syncJobs', {}, demo.token);
    expect(jobs.status, JSON.stringify(jobs.body)).toBe(200);
    expect(jobs.body.msg.items).toHaveLength(10);
    let found = false;
    for (const job of jobs.body.msg.items) {
      const runs = await post('app.dashboard/syncRuns', { jobId: job.syncJobId }, demo.token);
      expect(runs.status, JSON.stringify(runs.body)).toBe(200);
      const run = runs.body.msg.items.find((r: { eventsTriggered: number }) => r.eventsTriggered > 0);
      if (!run) continue;
      const recs = await post('app.dashboard/syncRecords', { jobId: job.syncJobId, syncRunId: run.syncRunId }, demo.token);
      expect(recs.status, JSON.stringify(recs.body)).toBe(200);
      expect(recs.body.msg.items.length).toBeGreaterThan(0);
      found = true;
      break;
    }
    expect(found).toBe(true);
  });
});
