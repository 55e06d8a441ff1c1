import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../support/engineHarness.ts';
import { newOrg, type OrgSession } from '../support/dataFixtures.ts';

// What the getting-started calls change beyond the journey: a category enabled there is offered
// by Create Magic Link at once, and an end customer who connects an account in a category whose
// syncs are enabled gets that category's sync jobs, due at once with automatic start, waiting for
// v1.0/sync.start with start on API trigger. Everything goes through the API, the end customer's
// connect included.
let t: TestEngine;
let org: OrgSession;
beforeEach(async () => {
  t = await startTestEngine();
  org = await newOrg(t, 'journey@acme.test');
});
afterEach(async () => { await t.close(); });

const get = (path: string, query?: Record<string, string>) => t.call('GET', `/api/${path}`, { token: org.token, query });
const post = (path: string, body: object, token: string | undefined = org.token) => t.call('POST', `/api/${path}`, { token, body });
const tokenOf = (link: string) => JSON.parse(Buffer.from(new URL(link).searchParams.get('state')!, 'base64url').toString('utf8')).authSessionToken as string;
const magicLink = (categories: string[], originOrgId = 'globex-7') => post('app.createMagicLinkV3', {
  originOrgId, originOrgName: 'Globex Corp', originUserEmail: 'hank@globex.test', originUserName: 'Hank Scorpio', categories, language: 'en',
});

/** The end customer's side: opens the link, fills every field of the app and connects. */
async function connect(link: string, category: string, appId: string): Promise<string> {
  const authSessionToken = tokenOf(link);
  const offer = (await post('connect.getSession', { authSessionToken }, undefined)).body.msg;
  const app = offer.categories.find((c: { category: string }) => c.category === category).apps.find((a: { id: string }) => a.id === appId);
  const values = Object.fromEntries(app.steps.flatMap((s: { fields: { name: string }[] }) => s.fields).map((f: { name: string }) => [f.name, `value-${f.name}`]));
  const confirmedSteps = app.steps.filter((s: { setupType: string }) => s.setupType === 'NONE').map((s: { stepId: string }) => s.stepId);
  const done = await post('connect.complete', { authSessionToken, appId, category, values, ...(confirmedSteps.length ? { confirmedSteps } : {}) }, undefined);
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return done.body.msg.integrationId as string;
}

const jobsOf = (integrationId: string) => t.engine.db.selectFrom('sync_jobs')
  .select(['sync_data_type', 'sync_data_type_label', 'status', 'next_run_at', 'awaiting_api_trigger', 'app_id', 'category', 'origin_org_id', 'sync_frequency'])
  .where('integration_id', '=', integrationId).orderBy('sync_data_type').execute();
const accountOf = (integrationId: string) => t.engine.db.selectFrom('integrated_accounts').select(['sync_enabled', 'subscribed_models_json'])
  .where('id', '=', integrationId).executeTakeFirstOrThrow();

describe('enabling a category', () => {
  it('offers it to Create Magic Link and the end customer at once, in either flow', async () => {
    const refused = await magicLink(['HRIS']);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ msg: 'Please enable categories from Getting Started', field: 'categories' });
    const choices = async () => (await get('app.filtersMetadata', { pageId: 'accounts' })).body.msg.categories.map((c: { value: string }) => c.value);
    expect(await choices()).toEqual([]);

    expect((await post('app.enableCategory', { category: 'HRIS' })).status).toBe(200);
    const link = await magicLink(['HRIS']);
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const offer = (await post('connect.getSession', { authSessionToken: tokenOf(link.body.msg.link) }, undefined)).body.msg;
    expect(offer.categories.map((c: { category: string }) => c.category)).toEqual(['HRIS']);
    expect(await choices()).toEqual(['HRIS']);

    // Enabled for AI agents: the Embed SDK step connects accounts of it too.
    expect((await post('app.enableCategoryForAiAgent', { category: 'ATS' })).status).toBe(200);
    expect((await magicLink(['ATS', 'HRIS'])).status).toBe(200);
    expect(await choices()).toEqual(['ATS', 'HRIS']);
  });
});

describe('sync jobs of a newly connected account', () => {
  it('with automatic start: one job per subscribed data type the app supports, due at once', async () => {
    await post('app.enableCategory', { category: 'CRM' });
    const enabled = await post('app.enableSyncForCategory', { category: 'CRM', syncModels: [], apiTrigger: false });
    expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
    const selection = enabled.body.msg.syncModels as { subCategory: string; syncModels: string[] }[];
    const unsupported = JSON.parse((await t.engine.db.selectFrom('apps').select('not_supported_sync_types_json').where('id', '=', 'copper').executeTakeFirstOrThrow()).not_supported_sync_types_json) as string[];
    expect(unsupported.length).toBeGreaterThan(0);
    const expected = selection.filter((s) => s.syncModels.length > 0 && !unsupported.includes(s.subCategory));
    expect(expected.length).toBeGreaterThan(1);

    const link = await magicLink(['CRM']);
    const integrationId = await connect(link.body.msg.link, 'CRM', 'copper');
    const account = await accountOf(integrationId);
    expect(account.sync_enabled).toBe(1);
    expect(JSON.parse(account.subscribed_models_json)).toEqual(expected);

    const jobs = await jobsOf(integrationId);
    expect(jobs.map((j) => j.sync_data_type)).toEqual(expected.map((s) => s.subCategory).sort());
    const labels = await t.engine.db.selectFrom('data_models').select(['subcategory', 'subcategory_label']).where('category', '=', 'CRM').distinct().execute();
    for (const job of jobs) {
      expect(job).toMatchObject({ status: 'active', next_run_at: t.clock.now(), awaiting_api_trigger: 0, app_id: 'copper', category: 'CRM', origin_org_id: 'globex-7', sync_frequency: 'STANDARD' });
      expect(job.sync_data_type_label).toBe(labels.find((l) => l.subcategory === job.sync_data_type)!.subcategory_label);
    }
    // The syncs screen lists them with their first run due now.
    const listed = await post('app.dashboard/syncJobs', { integration: integrationId, pageNo: 1, limit: 10 });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.msg.items.map((r: { upcomingSync: number | null }) => r.upcomingSync)).toEqual(jobs.map(() => t.clock.now()));
  });

  it('with start on API trigger: the jobs exist and wait for v1.0/sync.start, a restart included', async () => {
    await post('app.enableCategory', { category: 'ATS' });
    await post('app.enableSyncForCategory', { category: 'ATS', syncModels: [], apiTrigger: true });
    const integrationId = await connect((await magicLink(['ATS'])).body.msg.link, 'ATS', 'greenhouse');
    const jobs = await jobsOf(integrationId);
    expect(jobs.map((j) => j.sync_data_type)).toEqual(['ats_applications', 'ats_jobs']);
    for (const job of jobs) expect(job).toMatchObject({ status: 'active', next_run_at: null, awaiting_api_trigger: 1 });
    const listed = await post('app.dashboard/syncJobs', { integration: integrationId, pageNo: 1, limit: 10 });
    expect(listed.body.msg.items.map((r: { upcomingSync: number | null }) => r.upcomingSync)).toEqual([null, null]);

    // Pausing and restarting the account from the dashboard does not start them.
    const act = (action: string, extra: object) => post('app.integratedAccountOptionsAction', {
      originOrgId: 'globex-7', appId: 'greenhouse', category: 'ATS', categoryLabel: 'ATS', originUserId: 'hank@globex.test', action, ...extra,
    });
    expect((await act('pauseSync', { syncPaused: true })).status).toBe(200);
    expect((await act('restartSync', { syncPaused: false })).status).toBe(200);
    for (const job of await jobsOf(integrationId)) expect(job).toMatchObject({ status: 'active', next_run_at: null, awaiting_api_trigger: 1 });

    // The start mode applies to accounts that connect afterwards.
    await post('app.updateSyncTriggerType', { category: 'ATS', apiTrigger: false });
    const later = await connect((await magicLink(['ATS'], 'initech-2')).body.msg.link, 'ATS', 'greenhouse');
    for (const job of await jobsOf(later)) expect(job).toMatchObject({ next_run_at: t.clock.now(), awaiting_api_trigger: 0 });
    for (const job of await jobsOf(integrationId)) expect(job.awaiting_api_trigger).toBe(1);
  });

  it('without syncs enabled: no subscription and no jobs; the models chosen later apply to later accounts', async () => {
    await post('app.enableCategory', { category: 'HRIS' });
    const first = await connect((await magicLink(['HRIS'])).body.msg.link, 'HRIS', 'bamboohr');
    expect(await accountOf(first)).toEqual({ sync_enabled: 0, subscribed_models_json: '[]' });
    expect(await jobsOf(first)).toEqual([]);

    await post('app.enableSyncForCategory', { category: 'HRIS', syncModels: [{ subCategory: 'employee', syncModels: ['employee_location'] }], apiTrigger: false });
    const second = await connect((await magicLink(['HRIS'], 'initech-2')).body.msg.link, 'HRIS', 'bamboohr');
    expect(JSON.parse((await accountOf(second)).subscribed_models_json)).toEqual([{ subCategory: 'employee', syncModels: ['employee_profile', 'employee_location'] }]);
    expect((await jobsOf(second)).map((j) => j.sync_data_type)).toEqual(['employee']);
  });
});
