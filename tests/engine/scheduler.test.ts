import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claimDueJobs } from '../../src/engine/repositories/syncJobClaims.ts';
import { syncScheduler, type SyncScheduler } from '../../src/engine/services/syncScheduler.ts';
import { startTestEngine, type TestEngine } from '../support/engineHarness.ts';
import { DAY, HOUR, setPlanFeatures } from '../support/dataFixtures.ts';
import { accountAction, connectBamboo, sessionOf, syncingOrg, unifiedEmployees, type SyncingOrg } from '../support/syncFixtures.ts';
import { connectWithKey, unified } from '../support/unifiedApi.ts';
import { subcategoriesOf } from '../../src/engine/seed/catalogModel.ts';
import type { Category } from '../../src/shared/categories.ts';

// The sync scheduler on SQLite and PostgreSQL under the test clock: jobs run when due and again
// after their frequency, the account actions (pause, resume, restart, frequency, subscribed models,
// deactivate) and the category's start mode apply at once, a run writes what the syncs and logs
// screens show, and a failing app fails the run with its issue. Ticks are driven by hand.
let t: TestEngine;
let org: SyncingOrg;
let scheduler: SyncScheduler;
beforeEach(async () => {
  t = await startTestEngine();
  scheduler = syncScheduler(t.engine, { workerId: 'wrk_test' });
});
afterEach(async () => { await t.close(); });

const db = () => t.engine.db;
const jobOf = (integrationId: string) => db().selectFrom('sync_jobs')
  .select(['id', 'status', 'next_run_at', 'last_synced_at', 'locked_until', 'locked_by', 'awaiting_api_trigger', 'sync_frequency'])
  .where('integration_id', '=', integrationId).executeTakeFirstOrThrow();
const runsOf = (jobId: string) => db().selectFrom('sync_runs')
  .select(['id', 'sync_status', 'sync_type', 'events_triggered', 'events_processed', 'started_at', 'completed_at'])
  .where('job_id', '=', jobId).orderBy('started_at').orderBy('id').execute();
const ticked = async () => (await scheduler.tick()).map((r) => r.status);

describe('a sync job', () => {
  let account: string;
  beforeEach(async () => {
    org = await syncingOrg(t);
    account = await connectBamboo(t, org);
  });

  it('runs when due, writes what the screens show, and runs again after its frequency', async () => {
    const employees = await unifiedEmployees(t, org, account);
    expect(employees.size).toBeGreaterThan(50);
    const creditsBefore = (await db().selectFrom('organisations').select(['usage', 'usage_details_json']).where('id', '=', org.orgId).executeTakeFirstOrThrow());

    const [first] = await scheduler.tick();
    expect(first).toMatchObject({ status: 'completed', changes: employees.size });
    const job = await jobOf(account);
    const start = t.clock.now();
    expect(job).toMatchObject({ status: 'active', last_synced_at: start, next_run_at: start + DAY, locked_until: null, locked_by: null });
    const [run] = await runsOf(job.id);
    expect(run).toMatchObject({ sync_status: 'completed', sync_type: 'initial_sync', events_triggered: employees.size, events_processed: employees.size });

    // The initial sync sends every employee as new: a sync record, a pending webhook record and an outbox row each.
    const records = await db().selectFrom('sync_records').select(['event_type', 'models_json']).where('run_id', '=', run.id).execute();
    expect(records).toHaveLength(employees.size);
    expect(new Set(records.map((r) => r.event_type))).toEqual(new Set(['record.new']));
    expect(JSON.parse(records[0].models_json)).toEqual(expect.arrayContaining([{ label: 'Employee Profile', value: 'employee_profile' }, { label: 'Compensation', value: 'employee_compensation' }]));
    const hooks = await db().selectFrom('webhook_records').select(['dispatch_status', 'native_api_call_count']).where('sync_run_id', '=', run.id).execute();
    expect(hooks.map((h) => h.dispatch_status)).toEqual(new Array(employees.size).fill('pending'));
    const outbox = await db().selectFrom('webhook_outbox').select(['record_key', 'payload_json', 'state']).where('run_id', '=', run.id).orderBy('id').execute();
    expect(new Set(outbox.map((o) => o.record_key))).toEqual(new Set(employees.keys()));
    const event = JSON.parse(outbox[0].payload_json);
    const employee = employees.get(outbox[0].record_key)!;
    expect(event).toMatchObject({
      event: { eventType: 'record.new', triggeredAt: start }, syncType: 'initial_sync', syncDataType: 'employee', syncJobId: job.id, syncRunId: run.id, integrationId: account,
      eventData: {
        employee_profile: { id: employee.id, firstName: employee.firstName, lastName: employee.lastName, employmentStatus: employee.employmentStatus },
        employee_orgStructure: { designation: employee.designation, department: employee.department, manager: employee.manager },
        employee_compensation: { fixed: employee.fixed },
      },
    });
    // The native calls that read the pages, under each iteration's first record, and counted in the webhook logs.
    const logs = await db().selectFrom('webhook_logs').select(['native_api_call_count', 'sync_job_id']).where('sync_run_id', '=', run.id).execute();
    expect(logs.length).toBe(Math.ceil(employees.size / 100));
    expect(logs.reduce((n, l) => n + l.native_api_call_count, 0)).toBe(hooks.reduce((n, h) => n + h.native_api_call_count, 0));
    expect(logs.reduce((n, l) => n + l.native_api_call_count, 0)).toBeGreaterThanOrEqual(logs.length);

    // Credits: the records processed, on the usage meter and the usage details.
    const credits = await db().selectFrom('organisations').select(['usage', 'usage_details_json']).where('id', '=', org.orgId).executeTakeFirstOrThrow();
    expect(credits.usage - creditsBefore.usage).toBe(employees.size);
    expect((JSON.parse(credits.usage_details_json).syncCredits ?? 0) - (JSON.parse(creditsBefore.usage_details_json).syncCredits ?? 0)).toBe(employees.size);
    const meta = await t.call('GET', '/api/app.getOrgMetaData', { token: org.token });
    expect(meta.status, JSON.stringify(meta.body)).toBe(200);
    expect(meta.body.msg.orgMetaData).toMatchObject({ usage: credits.usage, parameterOrgUsageDetails: { syncCredits: employees.size } });

    // The syncs screens show the run and the job's next sync.
    const runs = await t.call('POST', '/api/app.dashboard/syncRuns', { token: await sessionOf(t, org), body: { jobId: job.id } });
    expect(runs.status, JSON.stringify(runs.body)).toBe(200);
    expect(runs.body.msg).toMatchObject({ lastSyncedAt: start, upcomingSync: start + DAY });
    expect(runs.body.msg.items[0]).toMatchObject({ syncRunId: run.id, syncStatus: 'completed', syncType: 'initial_sync', eventsTriggered: employees.size });

    // Not again before its frequency has passed.
    expect(await ticked()).toEqual([]);
    t.clock.advance(DAY - 1);
    expect(await ticked()).toEqual([]);
    t.clock.advance(1);
    const [second] = await scheduler.tick();
    expect(second.status).toBe('completed');
    const runsNow = await runsOf(job.id);
    expect(runsNow.map((r) => [r.sync_status, r.sync_type])).toEqual([['completed', 'initial_sync'], ['completed', 'delta_sync']]);
    expect(runsNow[1].events_processed).toBeGreaterThanOrEqual(employees.size);
    expect((await jobOf(account)).next_run_at).toBe(t.clock.now() + DAY);
  });

  it('sends what changed since the last run: new, modified, nothing else', async () => {
    await scheduler.tick();
    const before = await unifiedEmployees(t, org, account);
    t.clock.advance(12 * DAY);
    const after = await unifiedEmployees(t, org, account);
    const added = [...after.keys()].filter((id) => !before.has(id));
    const modified = [...after.keys()].filter((id) => before.has(id) && JSON.stringify(before.get(id)) !== JSON.stringify(after.get(id)));
    expect(added.length + modified.length).toBeGreaterThan(0);

    const [run] = await scheduler.tick();
    expect(run).toMatchObject({ status: 'completed', changes: added.length + modified.length });
    const records = await db().selectFrom('webhook_outbox').select(['record_key', 'event_type']).where('run_id', '=', run.runId!).execute();
    expect(records.filter((r) => r.event_type === 'record.new').map((r) => r.record_key).sort()).toEqual(added.sort());
    expect(records.filter((r) => r.event_type === 'record.modified').map((r) => r.record_key).sort()).toEqual(modified.sort());
    expect((await runsOf((await jobOf(account)).id)).at(-1)).toMatchObject({ sync_type: 'delta_sync', events_triggered: added.length + modified.length, events_processed: after.size });
  });

  it('stops while paused, runs at once on resume and restart, and never again once deactivated', async () => {
    await scheduler.tick();
    const { id } = await jobOf(account);
    await accountAction(t, org, account, 'pauseSync', { syncPaused: true });
    t.clock.advance(3 * DAY);
    expect(await ticked()).toEqual([]);
    expect(await jobOf(account)).toMatchObject({ status: 'paused', next_run_at: null });

    await accountAction(t, org, account, 'restartSync', { syncPaused: false });
    expect((await jobOf(account)).next_run_at).toBe(t.clock.now());
    expect(await ticked()).toEqual(['completed']);
    t.clock.advance(HOUR);
    // Restart: due now, although its next run was a day away.
    await accountAction(t, org, account, 'restartSync', { syncPaused: false });
    expect(await ticked()).toEqual(['completed']);
    expect(await runsOf(id)).toHaveLength(3);

    await accountAction(t, org, account, 'deactivate');
    t.clock.advance(3 * DAY);
    expect(await ticked()).toEqual([]);
    expect(await jobOf(account)).toMatchObject({ status: 'stopped', next_run_at: null });
    expect(await runsOf(id)).toHaveLength(3);
  });

  it('follows a changed frequency and pulls only the subscribed data models from the next run on', async () => {
    await setPlanFeatures(db(), org.orgId, { dynamicSyncFrequency: true });
    await scheduler.tick();
    const synced = t.clock.now();
    await accountAction(t, org, account, 'syncFrequency', { syncFrequency: 'HIGH' });
    expect((await jobOf(account)).next_run_at).toBe(synced + 6 * HOUR);
    t.clock.advance(6 * HOUR - 1);
    expect(await ticked()).toEqual([]);
    t.clock.advance(1);
    expect(await ticked()).toEqual(['completed']);
    await accountAction(t, org, account, 'syncFrequency', { syncFrequency: 'custom', frequencyRate: 30, frequencyUnit: 'minutes' });
    expect((await jobOf(account)).next_run_at).toBe(t.clock.now() + 30 * 60_000);

    // Only the profile (the default model) from now on: every record's data changed shape, so each is sent once more.
    await accountAction(t, org, account, 'subscribedDataModels', { syncModels: [{ subCategory: 'employee', syncModels: ['employee_profile'] }] });
    t.clock.advance(30 * 60_000);
    const [run] = await scheduler.tick();
    const sent = await db().selectFrom('webhook_outbox').select(['payload_json', 'event_type']).where('run_id', '=', run.runId!).execute();
    expect(sent.length).toBe((await unifiedEmployees(t, org, account)).size);
    for (const row of sent) expect(Object.keys(JSON.parse(row.payload_json).eventData)).toEqual(['employee_profile']);
    expect(new Set(sent.map((r) => r.event_type))).toEqual(new Set(['record.modified']));
  });

  it("is taken again by another worker once a stopped worker's lease has passed", async () => {
    const [claimed] = await claimDueJobs(db(), 'wrk_gone', t.clock.now(), t.engine.config.workerLeaseMs, 5);
    expect(claimed.integration_id).toBe(account);
    expect(await ticked()).toEqual([]);
    t.clock.advance(t.engine.config.workerLeaseMs - 1);
    expect(await ticked()).toEqual([]);
    t.clock.advance(1);
    expect(await ticked()).toEqual(['completed']);
  });

  it("fails its run when the app refuses the account's credentials: the account is in Error, with an issue", async () => {
    const revoked = await t.engine.app.inject({ method: 'POST', url: '/sandbox/control/revoke', payload: { integrationId: account } });
    expect(revoked.statusCode).toBe(200);
    expect(await ticked()).toEqual(['failed']);
    const { id } = await jobOf(account);
    expect((await runsOf(id))[0]).toMatchObject({ sync_status: 'failed', events_triggered: 0 });
    // Waiting does not mend refused credentials: no upcoming sync, no failed run every day.
    expect((await jobOf(account)).next_run_at).toBeNull();
    t.clock.advance(3 * DAY);
    expect(await ticked()).toEqual([]);
    const row = await db().selectFrom('integrated_accounts').select(['integration_state', 'error_description']).where('id', '=', account).executeTakeFirstOrThrow();
    expect(row.integration_state).toBe('Error');
    const issues = await t.call('POST', '/api/app.issue.data', { token: await sessionOf(t, org), body: {} });
    expect(issues.status, JSON.stringify(issues.body)).toBe(200);
    expect(issues.body.msg.issues).toEqual([expect.objectContaining({ errorType: 'AUTH_ERROR', logType: 'api', integrationId: account, resolved: false })]);
    expect(issues.body.msg.issues[0].errorMessage).toMatch(/^Sync of Employees failed: BambooHR refused/);
    expect(await db().selectFrom('webhook_outbox').select('id').execute()).toEqual([]);
  });
});

describe('a job whose account was never connected (no credentials, as the seeded demo\'s)', () => {
  it('is parked without a run: no upcoming sync until a restart', async () => {
    org = await syncingOrg(t);
    const account = await connectBamboo(t, org);
    await db().updateTable('integrated_accounts').set({ auth_data_json: null }).where('id', '=', account).execute();
    const { id } = await jobOf(account);
    expect(await ticked()).toEqual(['skipped']);
    expect(await runsOf(id)).toEqual([]);
    expect(await jobOf(account)).toMatchObject({ status: 'active', next_run_at: null, locked_by: null });
    t.clock.advance(3 * DAY);
    expect(await ticked()).toEqual([]);
  });
});

describe('a job of a category that starts syncs on API trigger', () => {
  it('waits for v1.0/sync.start, then runs on its frequency', async () => {
    org = await syncingOrg(t, { apiTrigger: true });
    const account = await connectBamboo(t, org);
    expect(await ticked()).toEqual([]);
    t.clock.advance(5 * DAY);
    expect(await ticked()).toEqual([]);
    // A restart does not start it either: only the API trigger does.
    await accountAction(t, org, account, 'restartSync', { syncPaused: false });
    expect(await ticked()).toEqual([]);

    const started = await unified(t, 'POST', 'sync.start', { apiKey: org.keys.prod, integrationId: account });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(await ticked()).toEqual(['completed']);
    expect(await jobOf(account)).toMatchObject({ awaiting_api_trigger: 0, next_run_at: t.clock.now() + DAY });
  });
});

describe('jobs of every category', () => {
  it('sync each data type a unified model reads; a data type none reads fails its run, with no issue', async () => {
    org = await syncingOrg(t);
    const categories = ['ATS', 'CRM', 'ACCOUNTING', 'ASSESSMENT', 'EXPENSES', 'TICKETING', 'MEETING', 'E_SIGN', 'EMAIL', 'STORAGE', 'CALENDAR', 'SUBSCRIPTION_MANAGEMENT'];
    for (const category of categories) {
      expect((await t.call('POST', '/api/app.enableCategory', { token: org.token, body: { category } })).status).toBe(200);
      expect((await t.call('POST', '/api/app.enableSyncForCategory', { token: org.token, body: { category, syncModels: [], apiTrigger: false } })).status).toBe(200);
    }
    // Apps that sync every data type of their category, connected with setup fields.
    const apps: [appId: string, category: string][] = [
      ['greenhouse', 'ATS'], ['close', 'CRM'], ['sageintacct', 'ACCOUNTING'], ['codility', 'ASSESSMENT'], ['pleo', 'EXPENSES'], ['freshdesk', 'TICKETING'],
      ['gong', 'MEETING'], ['signnow', 'E_SIGN'], ['sendgrid', 'EMAIL'], ['amazons3', 'STORAGE'], ['calcom', 'CALENDAR'], ['chargebee', 'SUBSCRIPTION_MANAGEMENT'],
    ];
    const accounts: string[] = [];
    for (const [appId, category] of apps) accounts.push(await connectWithKey(t, org.keys.prod, { appId, category }));
    // A job of a data type no unified model reads (one the catalog does not have: a helpdesk's
    // comments), on an account of its own.
    const other = await connectWithKey(t, org.keys.prod, { appId: 'freshdesk', category: 'TICKETING', originOrgId: 'globex-8' });
    await db().updateTable('sync_jobs').set({ sync_data_type: 'ticketing_comments', sync_data_type_label: 'Comments' })
      .where('integration_id', '=', other).where('sync_data_type', '=', 'ticketing_users').execute();
    accounts.push(other);

    const batch = syncScheduler(t.engine, { workerId: 'wrk_all', batch: 50 });
    const results = await batch.tick();
    const jobs = await db().selectFrom('sync_jobs').select(['id', 'integration_id', 'sync_data_type']).where('integration_id', 'in', accounts).execute();
    expect(results).toHaveLength(jobs.length);
    const outcome = new Map<string, string>();
    for (const job of jobs) outcome.set(`${job.integration_id} ${job.sync_data_type}`, (await runsOf(job.id))[0].sync_status);
    const read = [
      'ats_jobs', 'ats_applications', 'crm_contacts', 'crm_deals', 'crm_accounts', 'crm_leads', 'crm_engagements',
      'accounting_journalEntries', 'accounting_expenses', 'accounting_employees', 'assessment_orders', 'assessment_packages',
      'expenses_reports', 'expenses_cardTransactions', 'ticketing_tickets', 'ticketing_users', 'meeting_meetings', 'esign_documents',
      'email_messages', 'storage_files', 'calendar_events', 'subscription_subscriptions', 'subscription_customers',
    ];
    const statusOf = (type: string) => [...new Set(jobs.filter((j) => j.sync_data_type === type).map((j) => outcome.get(`${j.integration_id} ${type}`)))];
    expect(Object.fromEntries([...read, 'ticketing_comments'].map((type) => [type, statusOf(type)]))).toEqual({
      ...Object.fromEntries(read.map((type) => [type, ['completed']])), ticketing_comments: ['failed'],
    });
    expect(jobs).toHaveLength(read.length + 2);
    // A record's event data: the default model of its sync type, with the catalog's attributes.
    const eventDataOf = async (type: string) => JSON.parse((await db().selectFrom('webhook_outbox').select('payload_json')
      .where('job_id', '=', jobs.find((j) => j.sync_data_type === type)!.id).limit(1).executeTakeFirstOrThrow()).payload_json).eventData;
    expect(Object.keys(await eventDataOf('crm_deals'))).toEqual(['deal_info']);
    expect(Object.keys((await eventDataOf('crm_leads')).lead_info)).toEqual(['id', 'firstName', 'lastName', 'email', 'company', 'status', 'source', 'ownerId']);
    expect(Object.keys((await eventDataOf('crm_engagements')).engagement_info)).toEqual(['id', 'type', 'subject', 'body', 'occurredAt', 'ownerId']);
    expect(Object.keys((await eventDataOf('accounting_expenses')).expense_info))
      .toEqual(['id', 'amount', 'currency', 'transactionDate', 'memo', 'paymentAccountId', 'vendorId']);
    expect((await eventDataOf('accounting_employees')).acc_employee_profile.status).toMatch(/^(ACTIVE|INACTIVE)$/);
    // Every data type's default model has each of its attributes in the unified model.
    for (const category of categories) {
      for (const sub of subcategoriesOf(category as Category)) {
        const model = sub.models.find((m) => m.default)!;
        expect([sub.value, Object.keys((await eventDataOf(sub.value))[model.id])]).toEqual([sub.value, model.attrs.map((attr) => attr.split(':')[0])]);
      }
    }
    // Not the app's fault: no issue for the data type the engine cannot read, and no retry every
    // period (it waits for a restart), while the jobs that ran are scheduled.
    expect(await db().selectFrom('issues').select('id').where('org_id', '=', org.orgId).execute()).toEqual([]);
    for (const job of jobs) {
      const { next_run_at: next } = await db().selectFrom('sync_jobs').select('next_run_at').where('id', '=', job.id).executeTakeFirstOrThrow();
      expect([job.sync_data_type, next === null]).toEqual([job.sync_data_type, job.sync_data_type === 'ticketing_comments']);
    }
  });
});

describe('jobs claimed by several workers at once', () => {
  it('go to one worker each', async () => {
    org = await syncingOrg(t);
    const accounts = await Promise.all(['a', 'b', 'c', 'd', 'e', 'f'].map((suffix) => connectBamboo(t, org, `globex-${suffix}`)));
    const now = t.clock.now();
    const claims = await Promise.all(Array.from({ length: 6 }, (_, i) => claimDueJobs(db(), `wrk_${i}`, now, t.engine.config.workerLeaseMs, 2)));
    const claimed = claims.flat().map((job) => job.integration_id);
    expect(new Set(claimed).size).toBe(claimed.length);
    // Whatever a racing claim skipped is still there for the next one.
    const rest = (await claimDueJobs(db(), 'wrk_last', now, t.engine.config.workerLeaseMs, 10)).map((job) => job.integration_id);
    expect([...claimed, ...rest].sort()).toEqual([...accounts].sort());
    const holders = await db().selectFrom('sync_jobs').select(['integration_id', 'locked_by']).execute();
    for (const [i, jobs] of claims.entries()) for (const job of jobs) expect(holders.find((h) => h.integration_id === job.integration_id)?.locked_by).toBe(`wrk_${i}`);
  });
});
