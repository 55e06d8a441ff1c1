import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NewRow } from '../../src/engine/db/schema.ts';
import { hashToken } from '../../src/engine/services/tokens.ts';
import { startTestEngine, type TestEngine } from '../support/engineHarness.ts';
import { addAccount, addJob, DAY, demoAdmin, enableCategory, HOUR, newOrg, type OrgSession, setPlanFeatures, userWithRole } from '../support/dataFixtures.ts';

// The accounts tag: the account actions with the actions menu's rules, magic links and
// reintegration links.
let t: TestEngine;
let org: OrgSession;
beforeEach(async () => {
  t = await startTestEngine();
  org = await newOrg(t, 'owner@acme.test');
});
afterEach(async () => { await t.close(); });

const post = (url: string, body: unknown, token = org.token) => t.call('POST', `/api/${url}`, { token, body });
const accountRow = (id: string) => t.engine.db.selectFrom('integrated_accounts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const jobsOf = (id: string) => t.engine.db.selectFrom('sync_jobs').selectAll().where('integration_id', '=', id).execute();

describe('app.integratedAccountOptionsAction', () => {
  let account: NewRow<'integrated_accounts'>;
  beforeEach(async () => {
    const now = t.clock.now();
    account = await addAccount(t.engine.db, org.orgId, { created_at: now - DAY, origin_org_id: 'korg_1', origin_org_name: 'Acme Corp' });
    await addJob(t.engine.db, account, { created_at: now - DAY, status: 'active', next_run_at: now + HOUR, last_synced_at: now - HOUR });
    await addJob(t.engine.db, account, { created_at: now - DAY, status: 'active', next_run_at: now + 2 * HOUR, last_synced_at: now - HOUR, sync_data_type: 'employee_2' });
  });
  const act = (action: string, extra: Record<string, unknown> = {}, target: Partial<NewRow<'integrated_accounts'>> = account) =>
    post('app.integratedAccountOptionsAction', { originOrgId: target.origin_org_id, appId: target.app_id, category: target.category, categoryLabel: 'HRIS', originUserId: 'jane@acme.com', action, ...extra });

  it('pauses and restarts the sync, with its jobs', async () => {
    const paused = await act('pauseSync', { syncPaused: true });
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    expect(paused.body.msg).toBe('Sync paused successfully');
    expect((await accountRow(account.id)).sync_paused).toBe(1);
    expect((await jobsOf(account.id)).map((j) => [j.status, j.next_run_at])).toEqual([['paused', null], ['paused', null]]);
    for (const action of ['pauseSync', 'subscribedDataModels', 'syncFrequency']) {
      const res = await act(action, { syncFrequency: 'HIGH', syncModels: [{ subCategory: 'employee', syncModels: [] }] });
      expect([action, res.status, res.body.error?.msg]).toEqual([action, 409, 'Not available while the sync is paused']);
    }
    const restarted = await act('restartSync', { syncPaused: false });
    expect(restarted.body.msg).toBe('Sync restarted successfully');
    expect((await accountRow(account.id)).sync_paused).toBe(0);
    expect((await jobsOf(account.id)).map((j) => [j.status, j.next_run_at])).toEqual([['active', t.clock.now()], ['active', t.clock.now()]]);
  });

  it('marks the account as test (with the default expiry) and as production, once each', async () => {
    const test = await act('markTestAccount');
    expect(test.body.msg).toBe('Account marked as test account');
    expect(await accountRow(account.id)).toMatchObject({ test_account: 1, expires_at: 4_082_423_548_000 });
    expect((await act('markTestAccount')).body.error).toMatchObject({ code: 'CONFLICT', msg: 'The account is already a test account' });
    const prod = await act('markProdAccount');
    expect(prod.body.msg).toBe('Account marked as production account');
    expect(await accountRow(account.id)).toMatchObject({ test_account: 0, expires_at: null });
    expect((await act('markProdAccount')).body.error.msg).toBe('The account is already a production account');
  });

  it('replaces subscribed models per subcategory and always keeps the default ones', async () => {
    const res = await act('subscribedDataModels', { syncModels: [{ subCategory: 'employee', syncModels: ['employee_compensation'] }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.msg).toBe('Subscribed data models updated successfully');
    const stored = JSON.parse((await accountRow(account.id)).subscribed_models_json);
    expect(stored).toEqual([{ subCategory: 'employee', syncModels: ['employee_profile', 'employee_compensation'] }]);
    const unknown = await act('subscribedDataModels', { syncModels: [{ subCategory: 'employee', syncModels: ['employee_profile', 'nope'] }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.field).toBe('syncModels.0.syncModels.1');
    expect((await act('subscribedDataModels', { syncModels: [{ subCategory: 'ats_jobs', syncModels: [] }] })).status).toBe(400);
  });

  it('changes the sync frequency only under a plan with dynamicSyncFrequency', async () => {
    await setPlanFeatures(t.engine.db, org.orgId, { dynamicSyncFrequency: false });
    const refused = await act('syncFrequency', { syncFrequency: 'HIGH' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.msg).toBe("Sync Frequency change isn't available under the current plan. Please contact support to enable this feature.");
    await setPlanFeatures(t.engine.db, org.orgId, { dynamicSyncFrequency: true });
    const high = await act('syncFrequency', { syncFrequency: 'HIGH' });
    expect(high.body.msg).toBe('Sync frequency updated successfully');
    expect(await accountRow(account.id)).toMatchObject({ sync_frequency: 'HIGH', frequency_rate: null, frequency_unit: null });
    // Active jobs are rescheduled one new interval (6 h) after their last run.
    expect((await jobsOf(account.id)).map((j) => [j.sync_frequency, j.next_run_at])).toEqual([['HIGH', t.clock.now() + 5 * HOUR], ['HIGH', t.clock.now() + 5 * HOUR]]);
    expect((await act('syncFrequency', { syncFrequency: 'custom' })).status).toBe(400);
    await act('syncFrequency', { syncFrequency: 'custom', frequencyRate: 2, frequencyUnit: 'hours' });
    expect(await accountRow(account.id)).toMatchObject({ sync_frequency: 'custom', frequency_rate: 2, frequency_unit: 'hours' });
  });

  it('deactivates only from the state the dashboard showed, then allows nothing', async () => {
    const stale = await act('deactivate', { integrationId: account.id, integrationState: 'Error' });
    expect(stale.status).toBe(409);
    expect(stale.body.error.msg).toBe('The account has changed, please reload and try again');
    expect((await act('deactivate', {})).status).toBe(400);
    const done = await act('deactivate', { integrationId: account.id, integrationState: 'Success' });
    expect(done.body.msg).toBe('Integration deactivated successfully');
    expect(await accountRow(account.id)).toMatchObject({ integration_state: 'Deactivated', deactivated_at: t.clock.now() });
    expect((await jobsOf(account.id)).every((j) => j.status === 'stopped' && j.next_run_at === null)).toBe(true);
    for (const action of ['restartSync', 'markTestAccount', 'pauseSync']) {
      expect((await act(action, { integrationId: account.id })).body.error.msg).toBe('No actions are available for this account');
    }
  });

  it('has no actions for expired accounts and no sync actions while syncs are not enabled', async () => {
    const now = t.clock.now();
    const expired = await addAccount(t.engine.db, org.orgId, { created_at: now, origin_org_id: 'korg_2', integration_state: 'Expired', expired_at: now });
    expect((await act('markTestAccount', {}, expired)).body.error.msg).toBe('No actions are available for this account');
    const noSync = await addAccount(t.engine.db, org.orgId, { created_at: now, origin_org_id: 'korg_3', sync_enabled: 0 });
    for (const action of ['restartSync', 'pauseSync', 'subscribedDataModels']) {
      const res = await act(action, { syncModels: [{ subCategory: 'employee', syncModels: [] }] }, noSync);
      expect([action, res.status, res.body.error?.msg]).toEqual([action, 409, 'Syncs are not enabled for this account']);
    }
    expect((await act('markTestAccount', {}, noSync)).status).toBe(200);
  });

  it("finds accounts only in the caller's organisation, and by integrationId when sent", async () => {
    expect((await act('pauseSync', { integrationId: 'int_other' })).body.error).toMatchObject({ code: 'NOT_FOUND', msg: 'Integrated account not found' });
    const other = await newOrg(t, 'other@else.test');
    const res = await post('app.integratedAccountOptionsAction', { originOrgId: 'korg_1', appId: 'bamboohr', category: 'HRIS', action: 'pauseSync' }, other.token);
    expect(res.status).toBe(404);
    expect((await accountRow(account.id)).sync_paused).toBe(0);
    const billing = await userWithRole(t, org.orgId, 'billingcontact', 'billing@acme.test');
    expect((await post('app.integratedAccountOptionsAction', { originOrgId: 'korg_1', appId: 'bamboohr', category: 'HRIS', action: 'pauseSync' }, billing)).status).toBe(403);
  });
});

const decodeState = (link: string) => JSON.parse(Buffer.from(new URL(link).searchParams.get('state')!, 'base64url').toString('utf8'));
const form = (extra: Record<string, unknown> = {}) => ({
  originOrgId: 'acme-42', originOrgName: 'Acme Corp', originUserEmail: 'jane@acme.com', originUserName: 'Jane Doe', categories: ['HRIS'], language: 'en', ...extra,
});

describe('app.createMagicLinkV3', () => {
  beforeEach(async () => { await enableCategory(t.engine.db, org.orgId, 'HRIS', t.clock.now()); });

  it('creates an auth session with a hashed random token and answers the link and integration id', async () => {
    const res = await post('app.createMagicLinkV3', form({ showCustomMapping: false, customMappingRequired: true, testAccount: true }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { link, integrationId } = res.body.msg;
    expect(link.startsWith(`${t.engine.config.publicUrl}/magic/authorize?state=`)).toBe(true);
    const state = decodeState(link);
    expect(state).toEqual({ authSessionToken: expect.any(String), sandbox: false });
    expect(state.authSessionToken.length).toBeGreaterThanOrEqual(43);
    const row = await t.engine.db.selectFrom('auth_sessions').selectAll().where('token_hash', '=', hashToken(state.authSessionToken)).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      org_id: org.orgId, kind: 'magic_link', origin_org_id: 'acme-42', origin_org_name: 'Acme Corp', origin_user_email: 'jane@acme.com',
      integration_id: integrationId, categories_json: '["HRIS"]', test_account: 1, show_custom_mapping: 0, custom_mapping_required: 0,
      connector_type: 'unified-api-sync', language: 'en', created_by_user_id: org.userId, state: 'active',
    });
    expect(integrationId).toMatch(/^int_/);
    const second = await post('app.createMagicLinkV3', form());
    expect(decodeState(second.body.msg.link).authSessionToken).not.toBe(state.authSessionToken);
  });

  it("answers the form's messages", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ originOrgId: undefined }, 'originOrgId', 'Origin Org ID is required'],
      [{ originOrgId: '   ' }, 'originOrgId', 'Origin Org ID is required'],
      [{ originOrgName: '' }, 'originOrgName', 'Origin Org Name is required'],
      [{ originUserEmail: undefined }, 'originUserEmail', 'Origin User Email is required'],
      [{ originUserEmail: 'not-an-email' }, 'originUserEmail', 'Not a valid email!'],
      [{ originUserName: ' ' }, 'originUserName', 'Origin User Name is required'],
      [{ categories: [] }, 'categories', 'Atleast one category is required'],
      [{ categories: undefined }, 'categories', 'Atleast one category is required'],
      [{ language: undefined }, 'language', 'Language is required'],
    ];
    for (const [change, field, msg] of cases) {
      const res = await post('app.createMagicLinkV3', form(change));
      expect([field, res.status, res.body.error]).toEqual([field, 400, expect.objectContaining({ field, msg })]);
    }
    const notEnabled = await post('app.createMagicLinkV3', form({ categories: ['ATS'] }));
    expect(notEnabled.body.error).toMatchObject({ msg: 'Please enable categories from Getting Started', field: 'categories' });
  });

  it('needs the ai_connectors flag and live connectors for AI links', async () => {
    expect((await post('app.createMagicLinkV3', form({ connectorType: 'ai-connectors', connectorIds: ['con_1'] }))).status).toBe(403);
    await t.engine.db.insertInto('user_feature_flags').values({ user_id: org.userId, flag: 'ai_connectors', enabled: 1, updated_at: t.clock.now() }).execute();
    const missing = await post('app.createMagicLinkV3', form({ connectorType: 'ai-connectors', categories: undefined }));
    expect(missing.body.error).toMatchObject({ field: 'connectorIds', msg: 'Atleast one connector is required' });
    expect((await post('app.createMagicLinkV3', form({ connectorType: 'both-unified-ai', connectorIds: ['con_live'] }))).body.error.msg).toBe('Connector not found');
    const now = t.clock.now();
    await t.engine.db.insertInto('connectors').values({ id: 'con_live', org_id: org.orgId, name: 'Agent', status: 'live', created_at: now, updated_at: now }).execute();
    const ok = await post('app.createMagicLinkV3', form({ connectorType: 'both-unified-ai', connectorIds: ['con_live'] }));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it('offers languages other than en only under a plan with languageOptions', async () => {
    await setPlanFeatures(t.engine.db, org.orgId, { languageOptions: false });
    const refused = await post('app.createMagicLinkV3', form({ language: 'de' }));
    expect(refused.status).toBe(403);
    expect(refused.body.error.msg).toBe("Language options aren't available under the current plan. Please contact support to enable this feature.");
    await setPlanFeatures(t.engine.db, org.orgId, { languageOptions: true });
    expect((await post('app.createMagicLinkV3', form({ language: 'de' }))).status).toBe(200);
    expect((await post('app.createMagicLinkV3', form({ language: 'xx' }))).status).toBe(400);
  });
});

describe('app.createReIntegrateMagicLink', () => {
  const body = (account: NewRow<'integrated_accounts'>) => ({
    appId: account.app_id, categories: [account.category], originOrgId: account.user_passed_origin_org_id, knitOriginOrgId: account.origin_org_id,
    originOrgName: account.origin_org_name, originUserName: 'Jane Doe', originUserEmail: 'jane@acme.com', filters: [{ category: account.category, apps: [account.app_id] }],
  });

  it('reintegrates Success accounts only, into the same integration', async () => {
    const now = t.clock.now();
    const ok = await addAccount(t.engine.db, org.orgId, { created_at: now, origin_org_id: 'korg_ok', test_account: 1 });
    const res = await post('app.createReIntegrateMagicLink', body(ok));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.msg.integrationId).toBe(ok.id);
    const state = decodeState(res.body.msg.link);
    expect(state).toEqual({ authSessionToken: expect.any(String), sandbox: false, reintegrate: true });
    const row = await t.engine.db.selectFrom('auth_sessions').selectAll().where('token_hash', '=', hashToken(state.authSessionToken)).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'reintegrate', integration_id: ok.id, app_id: 'bamboohr', filters_json: '[{"category":"HRIS","apps":["bamboohr"]}]', test_account: 1 });

    const broken = await addAccount(t.engine.db, org.orgId, { created_at: now, origin_org_id: 'korg_err', integration_state: 'Error' });
    const refused = await post('app.createReIntegrateMagicLink', body(broken));
    expect(refused.status).toBe(409);
    expect(refused.body.error.msg).toBe('Only Success accounts can be reintegrated');
    expect((await post('app.createReIntegrateMagicLink', { ...body(ok), knitOriginOrgId: 'korg_none' })).body.error).toMatchObject({ code: 'NOT_FOUND', msg: 'Integrated account not found' });
    const other = await newOrg(t, 'other@else.test');
    expect((await post('app.createReIntegrateMagicLink', body(ok), other.token)).status).toBe(404);
  });
});

describe('on the seeded demo', () => {
  it('runs actions on demo accounts as their menus allow', async () => {
    const demo = await demoAdmin(t);
    const list = await t.call('GET', '/api/app.getIntegrationAccounts', { token: demo.token, query: { integrationState: 'success', limit: '50' } });
    const rows = list.body.msg.organizationDetails as { originOrgId: string; appIdValue: string; categoryValue: string; integrationId: string; testAccount: string; syncPaused: boolean; syncEnabled: string }[];
    const row = rows.find((r) => r.syncEnabled === 'true' && !r.syncPaused)!;
    const key = { originOrgId: row.originOrgId, appId: row.appIdValue, category: row.categoryValue, integrationId: row.integrationId };
    const mark = await post('app.integratedAccountOptionsAction', { ...key, action: row.testAccount === 'true' ? 'markProdAccount' : 'markTestAccount' }, demo.token);
    expect(mark.status, JSON.stringify(mark.body)).toBe(200);
    expect((await post('app.integratedAccountOptionsAction', { ...key, action: 'pauseSync' }, demo.token)).status).toBe(200);
    const after = await t.call('GET', '/api/app.getIntegrationAccounts', { token: demo.token, query: { originOrgId: row.originOrgId, appId: row.appIdValue, limit: '50' } });
    const changed = after.body.msg.organizationDetails.find((r: { integrationId: string }) => r.integrationId === row.integrationId);
    expect(changed).toMatchObject({ syncPaused: true, testAccount: row.testAccount === 'true' ? 'false' : 'true' });
    const link = await post('app.createReIntegrateMagicLink', {
      appId: row.appIdValue, categories: [row.categoryValue], originOrgId: row.originOrgId, knitOriginOrgId: row.originOrgId,
      originOrgName: 'Demo', originUserName: 'Jane', originUserEmail: 'jane@demo.test',
    }, demo.token);
    expect(link.status, JSON.stringify(link.body)).toBe(200);
  });
});
