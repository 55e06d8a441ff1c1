import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../../src/engine/db/ids.ts';
import { signUp, startTestEngine, type TestEngine } from '../support/engineHarness.ts';

// The getting-started journeys held by the engine (both flows, driven through the API), the
// Fetch Data step's sync settings and the model-exceptions modal.
let server: Server;
let hookUrl: string;
beforeAll(async () => {
  server = createServer((req, res) => { req.resume(); req.on('end', () => res.end('ok')); });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => { await new Promise((r) => server.close(r)); });

let t: TestEngine;
let token: string;
let orgId: string;
beforeEach(async () => {
  // The webhook receiver is on loopback, which only an allow-listed host:port may reach.
  t = await startTestEngine({ outboundAllowHosts: [new URL(hookUrl).host] });
  token = await signUp(t, 'onboard@acme.test');
  orgId = (await t.call('GET', '/api/user.userDetails', { token })).body.msg.orgId;
});
afterEach(async () => { await t.close(); });

const get = (path: string, query?: Record<string, string>, tok = token) => t.call('GET', `/api/${path}`, { token: tok, query });
const post = (path: string, body: object, tok = token) => t.call('POST', `/api/${path}`, { token: tok, body });
type Step = { stepId: string; label: string; stepStatus: boolean; locked: boolean; current: boolean; isFinalStep: boolean; subSteps: { subStepId: string; subStepStatus: boolean }[]; stepInitialData: Record<string, unknown> };
const step = (steps: Step[], id: string) => steps.find((s) => s.stepId === id)!;
const statuses = (steps: Step[]) => Object.fromEntries(steps.map((s) => [s.stepId, [s.stepStatus, s.locked]]));
/** The current step: the first incomplete one (none once every step is done). */
const currentOf = (steps: Step[]) => steps.filter((s) => s.current).map((s) => s.stepId);
const webJourney = async (category = 'HRIS', reset = false) => (await get('app.gettingStartedJourneyV3', { category, ...(reset ? { reset: 'true' } : {}) })).body.msg as Step[];
const aiJourney = async (category = 'HRIS') => (await get('app.gettingStartedJourneyAiAgentFlow', { category })).body.msg as Step[];

async function connectAccount(category: string, appId: string) {
  const now = t.clock.now();
  await t.engine.db.insertInto('integrated_accounts').values({
    id: newId('int'), org_id: orgId, origin_org_id: 'cust-1', origin_org_name: 'Customer One', app_id: appId, app_label: appId, category,
    integration_state: 'Success', subscribed_models_json: JSON.stringify([{ subCategory: 'employee', syncModels: ['employee_profile', 'employee_location'] }]),
    created_at: now, updated_at: now,
  }).execute();
}

async function createMagicLink(categories: string[]) {
  const now = t.clock.now();
  await t.engine.db.insertInto('auth_sessions').values({
    id: newId('aus'), token_hash: newId('hash'), org_id: orgId, kind: 'magic_link', origin_org_id: 'cust-2', origin_org_name: 'Customer Two',
    origin_user_email: 'it@two.test', origin_user_name: 'IT', categories_json: JSON.stringify(categories), created_at: now, expires_at: now + 86_400_000,
  }).execute();
}

describe('getting-started status and categories', () => {
  it('starts with nothing started, every category listed in enum order', async () => {
    const status = await get('app.gettingStartedStatus');
    expect(status.body.msg).toEqual({ aiAgentFlowCompleted: false, webappFlowCompleted: false, gettingStartedFlowCompleted: false, ongoingFlow: null, anyCategoryStarted: false });
    const categories = (await get('app.getCategories')).body.msg;
    expect(categories).toHaveLength(14);
    expect(categories[0]).toEqual({
      value: 'ACCOUNTING', label: 'Accounting', enabled: false, onBoardingCompleted: false, inProgress: false, lastModified: null,
      steps: [{ stepId: 'selectCategory', stepStatus: false }, { stepId: 'registerWebhook', stepStatus: false }, { stepId: 'embedSdk', stepStatus: false }, { stepId: 'fetchData', stepStatus: false }],
    });
    // A category without sync data models has no webhook step.
    expect(categories.find((c: { value: string }) => c.value === 'COMMS').steps.map((s: { stepId: string }) => s.stepId)).toEqual(['selectCategory', 'embedSdk', 'fetchData']);
    const ai = (await get('app.getCategoriesAiAgentFlow')).body.msg;
    expect(ai[1].steps.map((s: { stepId: string }) => s.stepId)).toEqual(['selectCategory', 'useToolkit', 'embedSdk']);
  });

  it('keeps one organisation\'s journey from another', async () => {
    await post('app.enableCategory', { category: 'HRIS' });
    const other = await signUp(t, 'onboard@globex.test', { orgName: 'Globex' });
    const theirs = (await get('app.getCategories', undefined, other)).body.msg;
    expect(theirs.find((c: { value: string }) => c.value === 'HRIS')).toMatchObject({ enabled: false, inProgress: false, lastModified: null });
    expect((await get('app.gettingStartedStatus', undefined, other)).body.msg.anyCategoryStarted).toBe(false);
  });
});

describe('web journey', () => {
  it('locks every step until the earlier ones are complete, then completes onboarding through the API', async () => {
    let steps = await webJourney();
    expect(statuses(steps)).toEqual({ selectCategory: [true, false], registerWebhook: [false, false], embedSdk: [false, true], fetchData: [false, true] });
    expect(currentOf(steps)).toEqual(['registerWebhook']);
    expect(steps.map((s) => s.label)).toEqual(['Select Category', 'Register webhook URL', 'Embed UI SDK', 'Fetch data']);
    expect(step(steps, 'fetchData').isFinalStep).toBe(true);
    expect(step(steps, 'registerWebhook').stepInitialData).toEqual({ webhook: null, categoryEnabled: false });
    expect((await get('app.gettingStartedStatus')).body.msg).toMatchObject({ ongoingFlow: 'webapp', anyCategoryStarted: true });
    const locked = await post('app.completeGettingStarted', { category: 'HRIS' });
    expect(locked.status).toBe(409);
    expect(locked.body.error).toMatchObject({ code: 'STEP_LOCKED', msg: 'This step is locked until all earlier steps are complete' });

    const enabled = await post('app.enableCategory', { category: 'HRIS' });
    expect(enabled.status).toBe(200);
    expect(enabled.body.msg.message).toBe('HRIS enabled successfully');
    expect(enabled.body.msg.category).toMatchObject({ value: 'HRIS', enabled: true, inProgress: true, onBoardingCompleted: false });
    const again = await post('app.enableCategory', { category: 'HRIS' });
    expect(again.body.msg.category).toEqual(enabled.body.msg.category);

    // Register webhook URL: saving the webhook completes it.
    expect((await post('app.postWebhookUrls', { webhookUrls: { HRIS: hookUrl } })).status).toBe(200);
    steps = await webJourney();
    expect(statuses(steps)).toMatchObject({ registerWebhook: [true, false], embedSdk: [false, false], fetchData: [false, true] });
    // Get your API key: viewing the journey creates no key (it could not show it in full);
    // app.getApiKeys creates it, shows it once, and the step then names it by its masked form.
    // The embed guide's backend snippets call auth.createSession under the engine's public base URL.
    expect(step(steps, 'embedSdk').stepInitialData).toEqual({ apiKey: null, apiBaseUrl: `${t.engine.config.publicUrl}/api` });
    expect(step(steps, 'embedSdk').subSteps.map((s) => [s.subStepId, s.subStepStatus])).toEqual([['apiKey', false], ['authSessionToken', false], ['embedSdk', false], ['magicLink', false]]);
    const { prodApiKey, prodApiKeyMasked } = (await get('app.getApiKeys')).body.msg;
    expect(prodApiKeyMasked).toBe(false);
    steps = await webJourney();
    expect(step(steps, 'embedSdk').stepInitialData).toEqual({ apiKey: `${prodApiKey.slice(0, 12)}…`, apiBaseUrl: `${t.engine.config.publicUrl}/api` });
    expect(step(steps, 'embedSdk').subSteps.map((s) => [s.subStepId, s.subStepStatus])).toEqual([['apiKey', true], ['authSessionToken', false], ['embedSdk', false], ['magicLink', false]]);

    // Embed UI SDK: an auth session with the API key, then an account of the category connects.
    await t.call('POST', '/api/auth.createSession', { token: prodApiKey, body: { originOrgId: 'c1', originOrgName: 'C One', originUserEmail: 'it@c1.test', originUserName: 'IT' } });
    steps = await webJourney();
    expect(step(steps, 'embedSdk')).toMatchObject({ stepStatus: false });
    expect(step(steps, 'embedSdk').subSteps[1]).toMatchObject({ subStepId: 'authSessionToken', subStepStatus: true });
    await connectAccount('ATS', 'greenhouse');
    expect(step(await webJourney(), 'embedSdk').stepStatus).toBe(false);
    await connectAccount('HRIS', 'bamboohr');
    steps = await webJourney();
    expect(statuses(steps)).toMatchObject({ embedSdk: [true, false], fetchData: [false, false] });
    expect(currentOf(steps)).toEqual(['fetchData']);
    // The confirm dialog of 'start on API trigger' shows the sync-start URL before syncs are enabled.
    expect(step(steps, 'fetchData').stepInitialData).toEqual({ categoryEnabled: true, syncEnabled: false, syncOnAPI: false, skipSyncs: false, syncStartUrl: `${t.engine.config.publicUrl}/v1.0/sync.start` });

    // Fetch data: syncs are optional; Finish Onboarding completes the category and the flow.
    await post('app.enableSyncForCategory', { category: 'HRIS', syncModels: [], apiTrigger: true });
    expect(step(await webJourney(), 'fetchData').stepInitialData).toMatchObject({ syncEnabled: true, syncOnAPI: true });
    const done = await post('app.completeGettingStarted', { category: 'HRIS', flow: 'webapp' });
    expect(done.status).toBe(200);
    expect(done.body.msg).toMatchObject({
      message: 'Onboarding completed successfully !', flow: 'webapp', defaultIntegrationType: 'test',
      category: { value: 'HRIS', onBoardingCompleted: true, inProgress: false },
      status: { webappFlowCompleted: true, aiAgentFlowCompleted: false, gettingStartedFlowCompleted: true, ongoingFlow: null },
    });
    expect((await post('app.completeGettingStarted', { category: 'HRIS' })).body.msg.category).toEqual(done.body.msg.category);
    expect(statuses(await webJourney())).toEqual({ selectCategory: [true, false], registerWebhook: [true, false], embedSdk: [true, false], fetchData: [true, false] });
    expect(currentOf(await webJourney())).toEqual([]);
    const org = await t.engine.db.selectFrom('organisations').selectAll().where('id', '=', orgId).executeTakeFirstOrThrow();
    expect(org).toMatchObject({ webapp_flow_completed: 1, getting_started_completed: 1, ai_agent_flow_completed: 0 });

    // The next login reports onboarding as completed.
    t.clock.advance(61_000);
    await t.call('POST', '/api/auth.signIn', { body: { userEmail: 'onboard@acme.test', newUser: false } });
    const login = await t.call('POST', '/api/auth.verifyOtp', { body: { userEmail: 'onboard@acme.test', newUser: false, otp: await t.lastCode('onboard@acme.test') } });
    expect(login.body.msg.onBoardingCompleted).toBe(true);
  });

  it('completes the embed step through a magic link for the category', async () => {
    await post('app.enableCategory', { category: 'COMMS' });
    let steps = await webJourney('COMMS');
    expect(steps.map((s) => s.stepId)).toEqual(['selectCategory', 'embedSdk', 'fetchData']);
    expect(step(steps, 'fetchData').stepInitialData).toMatchObject({ skipSyncs: true });
    await createMagicLink(['HRIS']);
    expect(step(await webJourney('COMMS'), 'embedSdk').stepStatus).toBe(false);
    await createMagicLink(['COMMS']);
    steps = await webJourney('COMMS');
    expect(step(steps, 'embedSdk').stepStatus).toBe(true);
    expect(step(steps, 'embedSdk').subSteps.find((s) => s.subStepId === 'magicLink')!.subStepStatus).toBe(true);
    expect((await post('app.completeGettingStarted', { category: 'COMMS' })).status).toBe(200);
  });

  it('selects a category without a webhook step only once it is enabled (Enable Catgory)', async () => {
    let steps = await webJourney('COMMS');
    expect(statuses(steps)).toEqual({ selectCategory: [false, false], embedSdk: [false, true], fetchData: [false, true] });
    expect(currentOf(steps)).toEqual(['selectCategory']);
    expect(step(steps, 'selectCategory').stepInitialData).toEqual({ categoryEnabled: false });
    // Nothing after Select Category can complete before that: a magic link cannot offer the
    // category yet, and Finish Onboarding is locked.
    expect((await post('app.createMagicLinkV3', { originOrgId: 'c1', originOrgName: 'C One', originUserEmail: 'it@c1.test', originUserName: 'IT', categories: ['COMMS'], language: 'en' })).status).toBe(400);
    expect((await post('app.completeGettingStarted', { category: 'COMMS' })).body.error.code).toBe('STEP_LOCKED');

    const enabled = await post('app.enableCategory', { category: 'COMMS' });
    expect(enabled.body.msg.message).toBe(`${enabled.body.msg.category.label} enabled successfully`);
    steps = enabled.body.msg.journey;
    expect(statuses(steps)).toMatchObject({ selectCategory: [true, false], embedSdk: [false, false], fetchData: [false, true] });
    expect(currentOf(steps)).toEqual(['embedSdk']);
    expect(enabled.body.msg.category.steps[0]).toEqual({ stepId: 'selectCategory', stepStatus: true });
  });

  it('completes the webhook step on Next: saving the webhook, or enabling once one is saved', async () => {
    // Next with no webhook saved yet enables the category (so the webhook can be saved) and no more.
    let enabled = await post('app.enableCategory', { category: 'HRIS' });
    expect(statuses(enabled.body.msg.journey)).toMatchObject({ registerWebhook: [false, false], embedSdk: [false, true] });
    expect(currentOf(enabled.body.msg.journey)).toEqual(['registerWebhook']);
    expect((await post('app.postWebhookUrls', { webhookUrls: { HRIS: hookUrl } })).status).toBe(200);
    expect(statuses(await webJourney())).toMatchObject({ registerWebhook: [true, false], embedSdk: [false, false] });

    // After a reset the saved webhook prefills the step, and Next completes it again.
    t.clock.advance(1000);
    let steps = await webJourney('HRIS', true);
    expect(step(steps, 'registerWebhook')).toMatchObject({ stepStatus: false, current: true, stepInitialData: { webhook: hookUrl, categoryEnabled: true } });
    enabled = await post('app.enableCategory', { category: 'HRIS' });
    expect(statuses(enabled.body.msg.journey)).toMatchObject({ registerWebhook: [true, false], embedSdk: [false, false] });
    expect(currentOf(enabled.body.msg.journey)).toEqual(['embedSdk']);
    steps = await webJourney();
    expect(currentOf(steps)).toEqual(['embedSdk']);
  });

  it('resets a journey: later steps start again, saved settings prefill them', async () => {
    await post('app.enableCategory', { category: 'HRIS' });
    await post('app.postWebhookUrls', { webhookUrls: { HRIS: hookUrl } });
    await createMagicLink(['HRIS']);
    expect(step(await webJourney(), 'embedSdk').stepStatus).toBe(true);
    await post('app.completeGettingStarted', { category: 'HRIS' });
    t.clock.advance(1000);
    const steps = await webJourney('HRIS', true);
    expect(statuses(steps)).toEqual({ selectCategory: [true, false], registerWebhook: [false, false], embedSdk: [false, true], fetchData: [false, true] });
    expect(step(steps, 'registerWebhook').stepInitialData).toEqual({ webhook: hookUrl, categoryEnabled: true });
    const hris = (await get('app.getCategories')).body.msg.find((c: { value: string }) => c.value === 'HRIS');
    expect(hris).toMatchObject({ enabled: true, onBoardingCompleted: false, inProgress: true, lastModified: t.clock.now() });
    // Events before the reset no longer count; the flow once completed stays completed.
    await post('app.postWebhookUrls', { webhookUrls: { HRIS: `${hookUrl}/v2` } });
    expect(step(await webJourney(), 'embedSdk').stepStatus).toBe(false);
    expect((await get('app.gettingStartedStatus')).body.msg).toMatchObject({ webappFlowCompleted: true, ongoingFlow: 'webapp' });
  });
});

describe('AI journey', () => {
  it('enables the category, the toolkit, and completes from the embed events', async () => {
    const locked = await post('app.enableAiToolKit', { category: 'HRIS', framework: 'langgraph' });
    expect(locked.status).toBe(409);
    expect(locked.body.error.code).toBe('STEP_LOCKED');
    // The AI flow has no webhook step: Select Category enables the category, and until it is
    // enabled the category is not selected.
    let steps = await aiJourney();
    expect(statuses(steps)).toEqual({ selectCategory: [false, false], useToolkit: [false, true], embedSdk: [false, true] });
    expect(currentOf(steps)).toEqual(['selectCategory']);
    expect(steps.map((s) => s.label)).toEqual(['Select Category', 'Use toolkit with LLMs', 'Embed SDK']);

    const enabled = await post('app.enableCategoryForAiAgent', { category: 'HRIS' });
    expect(enabled.body.msg).toMatchObject({ message: 'HRIS enabled successfully', category: { enabled: true, inProgress: true } });
    expect(statuses(enabled.body.msg.journey)).toEqual({ selectCategory: [true, false], useToolkit: [false, false], embedSdk: [false, true] });
    expect(currentOf(enabled.body.msg.journey)).toEqual(['useToolkit']);
    const toolkit = await post('app.enableAiToolKit', { category: 'HRIS', framework: 'langgraph' });
    expect(toolkit.status).toBe(200);
    expect(toolkit.body.msg.framework).toBe('langgraph');
    const useToolkit = step(toolkit.body.msg.journey, 'useToolkit');
    expect(useToolkit.stepStatus).toBe(true);
    expect(Object.keys(useToolkit.stepInitialData.llmDataMap as object)).toEqual(['langgraph', 'langchain', 'openai']);
    const codes = (data: Step['stepInitialData']) => Object.values(data.llmDataMap as Record<string, { code: string }>).map((c) => c.code);
    // No key yet: the snippets carry the placeholder and say where the key comes from.
    expect(useToolkit.stepInitialData.apiKey).toBeNull();
    for (const code of codes(useToolkit.stepInitialData)) {
      expect(code).toContain('Toolkit(api_key="<YOUR_API_KEY>", base_url="http://');
      expect(code).toContain('# <YOUR_API_KEY>: your production API key, from the API Keys page');
      expect(code).toContain('category="HRIS"');
    }
    // With a key: still the placeholder (the engine keeps no full key), with the key's masked form in the comment.
    const { prodApiKey } = (await get('app.getApiKeys')).body.msg;
    const withKey = step(await aiJourney(), 'useToolkit').stepInitialData;
    expect(withKey.apiKey).toBe(`${prodApiKey.slice(0, 12)}…`);
    for (const code of codes(withKey)) {
      expect(code).toContain(`# <YOUR_API_KEY>: your production API key (${prodApiKey.slice(0, 12)}…)`);
      expect(code).toContain('api_key="<YOUR_API_KEY>"');
      expect(code).not.toContain(prodApiKey);
    }
    expect((await post('app.enableAiToolKit', { category: 'HRIS', framework: 'openai' })).body.msg.framework).toBe('openai');
    const settings = await t.engine.db.selectFrom('org_category_settings').select('ai_toolkit_enabled').where('org_id', '=', orgId).where('category', '=', 'HRIS').executeTakeFirstOrThrow();
    expect(settings.ai_toolkit_enabled).toBe(1);

    expect((await post('app.completeGettingStarted', { category: 'HRIS', flow: 'aiAgent' })).status).toBe(409);
    expect((await get('app.gettingStartedStatus')).body.msg).toMatchObject({ ongoingFlow: 'aiAgent', aiAgentFlowCompleted: false });
    await createMagicLink([]);
    // The status call notices the completed embed step on its own.
    expect((await get('app.gettingStartedStatus')).body.msg).toMatchObject({ aiAgentFlowCompleted: true, gettingStartedFlowCompleted: true, webappFlowCompleted: false, ongoingFlow: null });
    steps = await aiJourney();
    expect(statuses(steps)).toEqual({ selectCategory: [true, false], useToolkit: [true, false], embedSdk: [true, false] });
    const done = await post('app.completeGettingStarted', { category: 'HRIS', flow: 'aiAgent' });
    expect(done.status).toBe(200);
    expect(done.body.msg).toMatchObject({ flow: 'aiAgent', category: { onBoardingCompleted: true, inProgress: false }, status: { aiAgentFlowCompleted: true } });
    const list = (await get('app.getCategoriesAiAgentFlow')).body.msg;
    expect(list.find((c: { value: string }) => c.value === 'HRIS')).toMatchObject({ enabled: true, onBoardingCompleted: true, inProgress: false });
    expect((await get('app.getCategories')).body.msg.find((c: { value: string }) => c.value === 'HRIS').enabled).toBe(false);
  });
});

describe('Fetch Data: sync settings and data models', () => {
  const models = async (query: Record<string, string> = { category: 'HRIS' }) => get('app.getModelsOfCategory', query);

  it('lists the models per subcategory with the default models selected', async () => {
    const res = await models();
    expect(res.status).toBe(200);
    const employee = res.body.msg.employee;
    expect(employee).toMatchObject({ value: 'employee', label: 'Employees' });
    const profile = employee.modelDetails.find((m: { modelId: string }) => m.modelId === 'employee_profile');
    expect(profile).toMatchObject({ defaultModel: true, modelEnabled: true, modelName: 'Employee Profile' });
    expect(profile.modelAttributes[0]).toMatchObject({ name: 'id', type: 'string' });
    const location = employee.modelDetails.find((m: { modelId: string }) => m.modelId === 'employee_location');
    expect(location).toMatchObject({ defaultModel: false, modelEnabled: false });
    expect(location.subModels[0].name).toBe('workAddress');
  });

  it('enables syncs with defaults added, then edits models and start mode', async () => {
    const body = { category: 'HRIS', syncModels: [{ subCategory: 'employee', syncModels: ['employee_location'] }], apiTrigger: false };
    expect((await post('app.enableSyncForCategory', body)).body.error.msg).toBe('Please enable categories from Getting Started');
    expect((await post('app.updateSyncTriggerType', { category: 'HRIS', apiTrigger: true })).body.error.msg).toBe('Syncs are not enabled for this category');
    expect((await post('app.updateSyncModels', { category: 'HRIS', syncModels: [{ subCategory: 'employee', syncModels: [] }] })).status).toBe(409);
    await post('app.enableCategory', { category: 'HRIS' });
    const unknownSub = await post('app.enableSyncForCategory', { ...body, syncModels: [{ subCategory: 'nope', syncModels: [] }] });
    expect(unknownSub.body.error).toMatchObject({ field: 'syncModels.0.subCategory' });
    const unknownModel = await post('app.enableSyncForCategory', { ...body, syncModels: [{ subCategory: 'employee', syncModels: ['employee_location', 'nope'] }] });
    expect(unknownModel.body.error).toMatchObject({ field: 'syncModels.0.syncModels.1' });

    const enabled = await post('app.enableSyncForCategory', body);
    expect(enabled.status).toBe(200);
    expect(enabled.body.msg).toMatchObject({ category: 'HRIS', syncEnabled: true, syncOnAPI: false, updatedAt: t.clock.now() });
    expect(enabled.body.msg.syncModels).toEqual([{ subCategory: 'employee', syncModels: ['employee_profile', 'employee_location'] }]);
    expect(enabled.body.msg.syncStartUrl).toMatch(/\/v1\.0\/sync\.start$/);
    const selected = (await models()).body.msg.employee.modelDetails.filter((m: { modelEnabled: boolean }) => m.modelEnabled).map((m: { modelId: string }) => m.modelId);
    expect(selected).toEqual(['employee_profile', 'employee_location']);

    t.clock.advance(1000);
    const same = await post('app.updateSyncTriggerType', { category: 'HRIS', apiTrigger: false });
    expect(same.body.msg.updatedAt).toBe(enabled.body.msg.updatedAt);
    const toggled = await post('app.updateSyncTriggerType', { category: 'HRIS', apiTrigger: true });
    expect(toggled.body.msg).toMatchObject({ syncOnAPI: true, updatedAt: t.clock.now() });
    const edited = await post('app.updateSyncModels', { category: 'HRIS', syncModels: [{ subCategory: 'employee', syncModels: ['employee_compensation'] }] });
    expect(edited.body.msg.syncModels).toEqual([{ subCategory: 'employee', syncModels: ['employee_profile', 'employee_compensation'] }]);
    expect(edited.body.msg.syncOnAPI).toBe(true);

    // Another organisation sees only defaults.
    const other = await signUp(t, 'sync@globex.test', { orgName: 'Globex' });
    const theirs = (await get('app.getModelsOfCategory', { category: 'HRIS' }, other)).body.msg.employee.modelDetails.filter((m: { modelEnabled: boolean }) => m.modelEnabled);
    expect(theirs.map((m: { modelId: string }) => m.modelId)).toEqual(['employee_profile']);
  });

  it('refuses syncs for a category without data models', async () => {
    await post('app.enableCategory', { category: 'COMMS' });
    const res = await post('app.enableSyncForCategory', { category: 'COMMS', syncModels: [], apiTrigger: false });
    expect(res.status).toBe(409);
    expect(res.body.error.msg).toBe('This category has no data models to sync');
  });

  it('narrows to an app\'s supported models and reads one account\'s subscription', async () => {
    const na = await t.engine.db.selectFrom('capabilities').select(['app_id', 'target_id']).where('category', '=', 'HRIS').where('kind', '=', 'model').where('status', '=', 'NA').executeTakeFirst();
    if (na) {
      const res = await models({ category: 'HRIS', appId: na.app_id });
      const ids = Object.values(res.body.msg as Record<string, { modelDetails: { modelId: string }[] }>).flatMap((s) => s.modelDetails.map((m) => m.modelId));
      expect(ids).not.toContain(na.target_id);
    }
    expect((await models({ category: 'HRIS', originOrgId: 'cust-1' })).body.error.field).toBe('appId');
    expect((await models({ category: 'HRIS', appId: 'bamboohr', originOrgId: 'cust-1' })).status).toBe(404);
    await connectAccount('HRIS', 'bamboohr');
    const account = await models({ category: 'HRIS', appId: 'bamboohr', originOrgId: 'cust-1' });
    const enabled = account.body.msg.employee.modelDetails.filter((m: { modelEnabled: boolean }) => m.modelEnabled).map((m: { modelId: string }) => m.modelId);
    expect(enabled).toEqual(expect.arrayContaining(['employee_profile', 'employee_location']));
    const other = await signUp(t, 'models@globex.test', { orgName: 'Globex' });
    expect((await get('app.getModelsOfCategory', { category: 'HRIS', appId: 'bamboohr', originOrgId: 'cust-1' }, other)).status).toBe(404);
  });

  it('lists the unified API calls per subcategory with full URLs', async () => {
    const res = await get('app.apiCallsDataForCategory', { category: 'HRIS' });
    expect(res.status).toBe(200);
    const { apiCalls } = res.body.msg;
    expect(Object.keys(apiCalls)).toEqual(['employee', 'general']);
    expect(apiCalls.employee.calls[0]).toMatchObject({ type: 'GET', name: 'List employees', url: `${t.engine.config.publicUrl}/v1.0/hris.employees` });
    const rows = await t.engine.db.selectFrom('category_apis').select('api_id').where('category', '=', 'HRIS').execute();
    expect(apiCalls.employee.calls.length + apiCalls.general.calls.length).toBe(rows.length);
    const comms = (await get('app.apiCallsDataForCategory', { category: 'COMMS' })).body.msg.apiCalls;
    expect(Object.keys(comms)).toEqual(['general']);
  });
});

describe('app.models.exceptions', () => {
  const INVALID = 'Atleast 1 model needs to be selected for a valid category';

  it('refuses a missing category, no model or a model of another category', async () => {
    const queries: Record<string, string>[] = [{ modelIds: 'employee_profile' }, { category: 'HRIS' }, { category: 'HRIS', modelIds: '' }, { category: 'HRIS', modelIds: 'employee_profile,ats_job' }, { category: 'NOPE', modelIds: 'employee_profile' }];
    for (const query of queries) {
      const res = await get('app.models.exceptions', query);
      expect(res.status).toBe(400);
      expect(res.body.error.msg).toBe(INVALID);
    }
  });

  it('lists per app the WIP, NA and annotated cells of the selected models', async () => {
    const res = await get('app.models.exceptions', { category: 'HRIS', modelIds: 'employee_profile,employee_compensation' });
    expect(res.status).toBe(200);
    const apps = await t.engine.db.selectFrom('apps').select('id').where('category', '=', 'HRIS').execute();
    expect(res.body.msg.apps).toHaveLength(apps.length);
    expect(Object.keys(res.body.msg.appDetails).sort()).toEqual(apps.map((a) => a.id).sort());
    const cells = await t.engine.db.selectFrom('capabilities').selectAll().where('category', '=', 'HRIS').where('app_id', '=', 'workday')
      .where('target_id', 'in', ['employee_profile', 'employee_compensation']).where((eb) => eb.or([eb('status', '!=', 'A'), eb('notes', 'is not', null)])).execute();
    const workday = res.body.msg.apps.find((a: { appId: string }) => a.appId === 'workday');
    expect(workday.exceptions).toHaveLength(cells.length);
    for (const e of workday.exceptions) expect(e.status === 'A' ? e.notes : e.status).toBeTruthy();
    expect(workday.exceptions.map((e: { modelId: string }) => e.modelId)).toEqual([...workday.exceptions.map((e: { modelId: string }) => e.modelId)].sort((a: string, b: string) => (a === b ? 0 : a === 'employee_profile' ? -1 : 1)));
  });
});

describe('the seeded demo organisation', () => {
  it('reads its keys, journeys and status', async () => {
    const { seedDemo } = await import('../../src/engine/seed/index.ts');
    const { createSession } = await import('../../src/engine/services/sessions.ts');
    const demo = await seedDemo(t.engine.db, { scale: 'small', seed: 7, now: t.clock.now(), signingSecret: t.engine.config.signingSecret });
    const admin = await t.engine.db.selectFrom('users').select('id').where('email', '=', demo.adminEmail).executeTakeFirstOrThrow();
    const demoToken = await createSession(t.engine.db, t.engine.config, t.clock.now(), admin.id, demo.orgId);
    // The seed showed the demo's keys once (the CLI prints them); the dashboard shows them masked.
    const keys = await get('app.getApiKeys', undefined, demoToken);
    expect(keys.body.msg).toEqual({
      prodApiKey: `${demo.apiKeys!.prod.slice(0, 12)}…`, sandboxApiKey: `${demo.apiKeys!.sandbox.slice(0, 12)}…`, prodApiKeyMasked: true, sandboxApiKeyMasked: true,
    });
    expect((await t.call('POST', '/api/auth.createSession', { token: demo.apiKeys!.prod, body: { originOrgId: 'c1', originOrgName: 'C One', originUserEmail: 'it@c1.test', originUserName: 'IT' } })).status).toBe(200);
    const categories = await get('app.getCategories', undefined, demoToken);
    expect(categories.status).toBe(200);
    expect(categories.body.msg.some((c: { onBoardingCompleted: boolean }) => c.onBoardingCompleted)).toBe(true);
    const status = await get('app.gettingStartedStatus', undefined, demoToken);
    expect(status.body.msg).toMatchObject({ webappFlowCompleted: true, gettingStartedFlowCompleted: true, anyCategoryStarted: true });
    const hooks = await get('app.getWebhookUrlsV3', undefined, demoToken);
    expect(Object.keys(hooks.body.msg)).toHaveLength(14);
    expect((await get('app.gettingStartedJourneyAiAgentFlow', { category: 'HRIS' }, demoToken)).status).toBe(200);
    // The demo is invisible to the organisation of this file.
    expect((await get('app.getWebhookUrlsV3')).body.msg).toEqual({});
  });
});
