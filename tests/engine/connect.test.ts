import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLinkSession } from '../../src/engine/repositories/authSessions.ts';
import { openCredentials, resealLegacyCredentials } from '../../src/engine/services/accountCredentials.ts';
import { sealLegacyV1 } from '../support/legacySealing.ts';
import { startTestEngine, type TestEngine } from '../support/engineHarness.ts';
import { addAccount, DAY, enableCategory, newOrg, type OrgSession } from '../support/dataFixtures.ts';

// The connect tag: the end customer's side of a magic link. connect.getSession shows what a link
// offers, connect.complete turns it into an integrated account in one transaction.
let t: TestEngine;
let org: OrgSession;
beforeEach(async () => {
  t = await startTestEngine();
  org = await newOrg(t, 'owner@acme.test');
  await enableCategory(t.engine.db, org.orgId, 'HRIS', t.clock.now());
});
afterEach(async () => { await t.close(); });

const post = (url: string, body: unknown, token?: string) => t.call('POST', `/api/${url}`, { token, body });
const tokenOf = (link: string) => JSON.parse(Buffer.from(new URL(link).searchParams.get('state')!, 'base64url').toString('utf8')).authSessionToken as string;
const magicLink = async (extra: Record<string, unknown> = {}) => {
  const res = await post('app.createMagicLinkV3', {
    originOrgId: 'globex-7', originOrgName: 'Globex Corp', originUserEmail: 'hank@globex.test', originUserName: 'Hank Scorpio', categories: ['HRIS'], language: 'en', ...extra,
  }, org.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { token: tokenOf(res.body.msg.link), integrationId: res.body.msg.integrationId as string };
};
const session = (token: string) => post('connect.getSession', { authSessionToken: token });
const complete = (token: string, values: Record<string, string>, extra: Record<string, unknown> = {}) =>
  post('connect.complete', { authSessionToken: token, appId: 'bamboohr', category: 'HRIS', values, ...extra });
const db = () => t.engine.db;
const sessionRow = (id: string) => db().selectFrom('auth_sessions').selectAll().where('integration_id', '=', id).executeTakeFirstOrThrow();
const accountCount = async () => (await db().selectFrom('integrated_accounts').select('id').where('org_id', '=', org.orgId).execute()).length;
const endCustomer = () => db().selectFrom('end_customer_orgs').selectAll().where('org_id', '=', org.orgId).where('origin_org_id', '=', 'globex-7').executeTakeFirst();

/** Values for every field of an app as connect.getSession describes it. */
async function valuesFor(token: string, appId = 'bamboohr'): Promise<Record<string, string>> {
  const msg = (await session(token)).body.msg;
  const app = msg.categories.flatMap((c: { apps: { id: string }[] }) => c.apps).find((a: { id: string }) => a.id === appId);
  return Object.fromEntries(app.steps.flatMap((s: { fields: { name: string }[] }) => s.fields).map((f: { name: string }) => [f.name, `  secret-${f.name}  `]));
}

describe('connect.getSession', () => {
  it('shows the link: who asks, for whom, and the apps of its categories with their setup fields', async () => {
    const link = await magicLink();
    const res = await session(link.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const msg = res.body.msg;
    expect(msg).toMatchObject({
      integrationId: link.integrationId, companyName: 'Acme', originOrgId: 'globex-7', originOrgName: 'Globex Corp', originUserName: 'Hank Scorpio',
      originUserEmail: 'hank@globex.test', language: 'en', testAccount: false, sandbox: false, reintegrate: false, expiresAt: Math.floor((t.clock.now() + 7 * DAY) / 1000),
    });
    expect(msg.categories.map((c: { category: string }) => c.category)).toEqual(['HRIS']);
    const apps = msg.categories[0].apps as { id: string; label: string; sandbox: boolean; connectable: boolean; authType: string; steps: { setupType: string; fields: { name: string; type: string; required: boolean; label: string }[] }[] }[];
    // A production link offers the real apps only, by label.
    expect(apps.some((a) => a.sandbox)).toBe(false);
    expect(apps.map((a) => a.label)).toEqual([...apps.map((a) => a.label)].sort((a, b) => a.localeCompare(b, 'en')));
    const bamboo = apps.find((a) => a.id === 'bamboohr')!;
    expect(bamboo).toMatchObject({ authType: 'BASIC', connectable: true });
    expect(bamboo.steps[0].fields).toContainEqual({ name: 'apiKey', label: 'API key', type: 'password', required: true });
    // OAuth apps sign in against the sandbox provider that plays their vendor (tests/engine/oauthConnect.test.ts).
    expect(apps.find((a) => a.id === 'gusto')).toMatchObject({ authType: 'OAUTH', connectable: true });
  });

  it('offers the sandbox apps to test links and narrows categories to their filters', async () => {
    const test = await magicLink({ testAccount: true });
    const apps = (await session(test.token)).body.msg.categories[0].apps as { id: string; sandbox: boolean }[];
    expect(apps.filter((a) => a.sandbox).map((a) => a.id).sort()).toEqual(['sandbox-hris-form', 'sandbox-hris-none', 'sandbox-hris-oauth']);
    expect(apps.some((a) => !a.sandbox)).toBe(true);

    const filtered = await createLinkSession(db(), t.engine.config.publicUrl, {
      org_id: org.orgId, kind: 'magic_link', origin_org_id: 'globex-7', origin_org_name: 'Globex Corp', integration_id: 'int_filtered',
      categories_json: JSON.stringify(['HRIS']), filters_json: JSON.stringify([{ category: 'HRIS', apps: ['workday', 'bamboohr'] }]),
    }, t.clock.now());
    const only = (await session(tokenOf(filtered.link))).body.msg.categories[0].apps.map((a: { id: string }) => a.id);
    expect(only).toEqual(['bamboohr', 'workday']);
  });

  it('offers the apps of live AI connectors with their connector', async () => {
    const now = t.clock.now();
    await db().insertInto('connectors').values([
      { id: 'con_live', org_id: org.orgId, name: 'Payroll bridge', status: 'live', apps_json: JSON.stringify([{ id: 'personio', label: 'Personio', category: 'HRIS' }]), created_at: now, updated_at: now },
      { id: 'con_draft', org_id: org.orgId, name: 'Draft', status: 'draft', apps_json: JSON.stringify([{ id: 'hibob', label: 'HiBob', category: 'HRIS' }]), created_at: now, updated_at: now },
    ]).execute();
    const link = await createLinkSession(db(), t.engine.config.publicUrl, {
      org_id: org.orgId, kind: 'magic_link', origin_org_id: 'globex-7', origin_org_name: 'Globex Corp', integration_id: 'int_ai',
      connector_type: 'ai-connectors', connector_ids_json: JSON.stringify(['con_live', 'con_draft']),
    }, now);
    const token = tokenOf(link.link);
    const msg = (await session(token)).body.msg;
    expect(msg.categories.map((c: { category: string; apps: { id: string; connectorId: string | null }[] }) => [c.category, c.apps.map((a) => [a.id, a.connectorId])]))
      .toEqual([['HRIS', [['personio', 'con_live']]]]);
    expect((await complete(token, await valuesFor(token, 'personio'), { appId: 'personio', connectorId: 'con_other' })).body.error)
      .toMatchObject({ field: 'connectorId', msg: 'This connector is not offered by this link' });
    const done = await complete(token, await valuesFor(token, 'personio'), { appId: 'personio' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(await db().selectFrom('integrated_accounts').select(['connector_id', 'app_id']).where('id', '=', 'int_ai').executeTakeFirstOrThrow())
      .toEqual({ connector_id: 'con_live', app_id: 'personio' });
  });

  it('answers 404 for unknown and expired links and 400 for a blank token', async () => {
    expect((await session('no-such-token')).body.error).toMatchObject({ code: 'NOT_FOUND', msg: 'This link is invalid or has expired' });
    const link = await magicLink();
    t.clock.advance(7 * DAY);
    expect((await session(link.token)).status).toBe(404);
    expect((await complete(link.token, { apiKey: 'k' })).body.error.msg).toBe('This link is invalid or has expired');
    expect((await session(' ')).body.error).toMatchObject({ code: 'VALIDATION', field: 'authSessionToken', msg: 'This link is invalid or has expired' });
  });
});

describe('connect.complete', () => {
  it('refuses an app with a manual step until the end customer confirms it, writing nothing', async () => {
    const link = await magicLink();
    const values = await valuesFor(link.token, 'workday');
    const workday = (extra: Record<string, unknown>) => post('connect.complete', { authSessionToken: link.token, appId: 'workday', category: 'HRIS', values, ...extra });
    const unconfirmed = await workday({});
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.error).toMatchObject({ field: 'confirmedSteps', msg: 'I have given the integration user access to our data in Workday: please confirm this step first' });
    expect((await workday({ confirmedSteps: ['credentials'] })).body.error).toMatchObject({ field: 'confirmedSteps', msg: 'credentials is not a manual step of Workday' });
    expect(await accountCount()).toBe(0);
    expect((await sessionRow(link.integrationId)).state).toBe('active');

    const confirmed = await workday({ confirmedSteps: ['grantAccess'] });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.msg).toMatchObject({ integrationId: link.integrationId, appId: 'workday' });
  });

  it('creates the account with the reserved id, its default preset, and uses the link up', async () => {
    const preset = await post('app.saveCustomMappingPreset', {
      presetName: 'HR keys', mode: 'app', appId: 'bamboohr', category: 'HRIS', isDefault: true, integrationIds: [],
      mappings: [{ subCategoryId: 'employee', mappings: [{ fieldId: 'notes', fieldToOrg: 'note' }] }],
    }, org.token);
    expect(preset.status, JSON.stringify(preset.body)).toBe(200);
    const link = await magicLink();
    const values = await valuesFor(link.token);

    const res = await complete(link.token, values);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.msg).toEqual({ integrationId: link.integrationId, appId: 'bamboohr', appLabel: 'BambooHR', category: 'HRIS', integrationState: 'Success', originOrgName: 'Globex Corp' });

    const list = await t.call('GET', '/api/app.getIntegrationAccounts', { token: org.token, query: { limit: '50' } });
    expect(list.status).toBe(200);
    const row = list.body.msg.organizationDetails.find((r: { integrationId: string }) => r.integrationId === link.integrationId);
    expect(row).toMatchObject({ organization: 'Globex Corp', originOrgId: 'globex-7', appIdValue: 'bamboohr', categoryValue: 'HRIS', integrationState: 'Success', testAccount: 'false', doneBy: 'hank@globex.test' });

    const account = await db().selectFrom('integrated_accounts').selectAll().where('id', '=', link.integrationId).executeTakeFirstOrThrow();
    expect(account.preset_id).toBe(preset.body.msg.presetId);
    const custom = await db().selectFrom('mapping_fields').select(['field_id', 'field_to_org']).where('integration_id', '=', link.integrationId).where('field_type', '=', 'CUSTOM').execute();
    expect(custom).toEqual([{ field_id: 'notes', field_to_org: 'note' }]);
    // The credentials are stored sealed (current format): no plain value in the row, and they open with the engine's secret only.
    expect(account.auth_data_json).not.toContain('secret-apiKey');
    expect(JSON.parse(account.auth_data_json!).sealed).toMatch(/^v2\./);
    expect(openCredentials(account.auth_data_json, t.engine.config.signingSecret)).toMatchObject({ apiKey: 'secret-apiKey' });
    expect(openCredentials(account.auth_data_json, 'another secret')).toBeUndefined();
    expect(await endCustomer()).toMatchObject({ origin_org_name: 'Globex Corp', integrated_accounts_count: 1 });
    expect(await sessionRow(link.integrationId)).toMatchObject({ state: 'used', used_at: t.clock.now() });

    // Used up: a second complete changes nothing, and the link no longer reads.
    const again = await complete(link.token, values);
    expect(again.body.error).toMatchObject({ code: 'CONFLICT', msg: 'This link has already been used' });
    expect((await session(link.token)).status).toBe(409);
    expect(await accountCount()).toBe(1);
  });

  it('seals credentials stored in the old format again, leaving values of another secret alone', async () => {
    const secret = t.engine.config.signingSecret;
    const legacy = (values: object, under: string) => JSON.stringify({ appId: 'bamboohr', sealed: sealLegacyV1(JSON.stringify(values), under) });
    await addAccount(db(), org.orgId, { id: 'int_v1', created_at: t.clock.now(), auth_data_json: legacy({ apiKey: 'old-key' }, secret) });
    const foreign = legacy({ apiKey: 'foreign' }, 'another secret');
    await addAccount(db(), org.orgId, { id: 'int_v1_foreign', created_at: t.clock.now(), origin_org_id: 'other-1', auth_data_json: foreign });
    // The v1 value still opens, so nothing is lost before the engine seals it again.
    const before = await db().selectFrom('integrated_accounts').select('auth_data_json').where('id', '=', 'int_v1').executeTakeFirstOrThrow();
    expect(openCredentials(before.auth_data_json, secret)).toEqual({ apiKey: 'old-key' });

    expect(await resealLegacyCredentials(db(), secret)).toBe(1);
    const rows = await db().selectFrom('integrated_accounts').select(['id', 'auth_data_json']).where('id', 'in', ['int_v1', 'int_v1_foreign']).orderBy('id').execute();
    expect(JSON.parse(rows[0].auth_data_json!)).toMatchObject({ appId: 'bamboohr', sealed: expect.stringMatching(/^v2\./) });
    expect(openCredentials(rows[0].auth_data_json, secret)).toEqual({ apiKey: 'old-key' });
    expect(rows[1].auth_data_json).toBe(foreign);
    expect(await resealLegacyCredentials(db(), secret)).toBe(0);
  });

  it('lets only one of two simultaneous completes through', async () => {
    const link = await magicLink();
    const values = await valuesFor(link.token);
    const results = await Promise.all([complete(link.token, values), complete(link.token, values)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await accountCount()).toBe(1);
    expect(await endCustomer()).toMatchObject({ integrated_accounts_count: 1 });
  });

  it('names the missing or unknown field and the app that is not offered, writing nothing', async () => {
    const link = await magicLink();
    const values = await valuesFor(link.token);
    const missing = await complete(link.token, { ...values, apiKey: '   ' });
    expect(missing.body.error).toMatchObject({ code: 'VALIDATION', field: 'values.apiKey', msg: 'API key is required' });
    expect((await complete(link.token, { ...values, password: 'x' })).body.error).toMatchObject({ field: 'values.password', msg: 'Unknown field' });
    expect((await complete(link.token, values, { appId: 'greenhouse' })).body.error).toMatchObject({ field: 'appId', msg: 'This app is not offered by this link' });
    expect((await complete(link.token, values, { appId: 'bamboohr', category: 'ATS' })).body.error.field).toBe('appId');
    expect((await complete(link.token, {}, { appId: 'gusto' })).body.error)
      .toMatchObject({ field: 'appId', msg: 'This app connects with an OAuth sign-in' });
    expect((await post('connect.complete', { authSessionToken: link.token, category: 'HRIS', values })).body.error).toMatchObject({ field: 'appId', msg: 'Please select an app' });
    expect(await accountCount()).toBe(0);
    expect(await endCustomer()).toBeUndefined();
    expect(await sessionRow(link.integrationId)).toMatchObject({ state: 'active', used_at: null });
  });

  it('rolls everything back when writing the account fails', async () => {
    const link = await magicLink();
    // An account already holds the reserved id, so the insert fails after the session was claimed
    // and the end customer upserted: none of it may stay.
    await addAccount(db(), org.orgId, { id: link.integrationId, created_at: t.clock.now(), origin_org_id: 'other-1' });
    const res = await complete(link.token, await valuesFor(link.token));
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(await sessionRow(link.integrationId)).toMatchObject({ state: 'active', used_at: null });
    expect(await endCustomer()).toBeUndefined();
    expect(await accountCount()).toBe(1);
  });

  it('reintegrates: the same account back to Success with its error cleared', async () => {
    const now = t.clock.now();
    const account = await addAccount(db(), org.orgId, { created_at: now - DAY, origin_org_id: 'globex-7', origin_org_name: 'Globex Corp' });
    const made = await post('app.createReIntegrateMagicLink', {
      appId: account.app_id, categories: [account.category], originOrgId: 'globex-7', knitOriginOrgId: 'globex-7',
      originOrgName: 'Globex Corp', originUserName: 'Hank Scorpio', originUserEmail: 'hank@globex.test',
    }, org.token);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const token = tokenOf(made.body.msg.link);
    // The account broke after the link was made.
    await db().updateTable('integrated_accounts').set({ integration_state: 'Error', error_description: 'Token revoked' }).where('id', '=', account.id).execute();

    const msg = (await session(token)).body.msg;
    expect(msg).toMatchObject({ reintegrate: true, integrationId: account.id });
    expect(msg.categories.map((c: { apps: { id: string }[] }) => c.apps.map((a) => a.id))).toEqual([[account.app_id]]);
    expect((await complete(token, await valuesFor(token), { appId: 'workday' })).body.error.field).toBe('appId');

    const res = await complete(token, await valuesFor(token, account.app_id), { appId: account.app_id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.msg.integrationId).toBe(account.id);
    expect(await db().selectFrom('integrated_accounts').select(['integration_state', 'error_description']).where('id', '=', account.id).executeTakeFirstOrThrow())
      .toEqual({ integration_state: 'Success', error_description: null });
    expect(await accountCount()).toBe(1);
  });

  it('does not reconnect a reintegration account deactivated since, and keeps the link usable', async () => {
    const account = await addAccount(db(), org.orgId, { created_at: t.clock.now() - DAY, origin_org_id: 'globex-7', origin_org_name: 'Globex Corp' });
    const made = await post('app.createReIntegrateMagicLink', {
      appId: account.app_id, categories: [account.category], originOrgId: 'globex-7', knitOriginOrgId: 'globex-7',
      originOrgName: 'Globex Corp', originUserName: 'Hank Scorpio', originUserEmail: 'hank@globex.test',
    }, org.token);
    const token = tokenOf(made.body.msg.link);
    await db().updateTable('integrated_accounts').set({ integration_state: 'Deactivated', deactivated_at: t.clock.now() }).where('id', '=', account.id).execute();
    const res = await complete(token, await valuesFor(token, account.app_id), { appId: account.app_id });
    expect(res.body.error).toMatchObject({ code: 'CONFLICT', msg: 'This account was deactivated and cannot be reconnected' });
    expect(await sessionRow(account.id)).toMatchObject({ state: 'active' });
  });
});
