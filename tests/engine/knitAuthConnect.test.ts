import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../support/engineHarness.ts';
import { addAccount, addJob, enableCategory, HOUR, MINUTE, newOrg, type OrgSession } from '../support/dataFixtures.ts';

// What the knit-auth component reads and does with an auth session from the customer's backend:
// the organisation's Personalize branding, the end customer's integrations, and Deactivate
// (connect.deactivate), which reaches only that end customer's accounts of the session's kind.
let t: TestEngine;
let org: OrgSession;
let keys: { prod: string; sandbox: string };
beforeEach(async () => {
  t = await startTestEngine();
  org = await newOrg(t, 'owner@acme.test');
  await enableCategory(t.engine.db, org.orgId, 'HRIS', t.clock.now());
  const msg = (await t.call('GET', '/api/app.getApiKeys', { token: org.token })).body.msg;
  keys = { prod: msg.prodApiKey, sandbox: msg.sandboxApiKey };
});
afterEach(async () => { await t.close(); });

const CUSTOMER = { originOrgId: 'globex-7', originOrgName: 'Globex Corp', originUserEmail: 'hank@globex.test', originUserName: 'Hank Scorpio' };
async function authSession(key = keys.prod, customer = CUSTOMER): Promise<string> {
  const res = await t.call('POST', '/api/auth.createSession', { token: key, body: customer });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.msg.token;
}
const getSession = (token: string) => t.call('POST', '/api/connect.getSession', { body: { authSessionToken: token } });
const deactivate = (token: string, integrationId: string) => t.call('POST', '/api/connect.deactivate', { body: { authSessionToken: token, integrationId } });
const account = (values: Parameters<typeof addAccount>[2]) => addAccount(t.engine.db, org.orgId, values);
const accountRow = (id: string) => t.engine.db.selectFrom('integrated_accounts').select(['integration_state', 'deactivated_at']).where('id', '=', id).executeTakeFirstOrThrow();

describe('branding', () => {
  it('is the platform default before Personalize is saved', async () => {
    const { branding } = (await getSession(await authSession())).body.msg;
    expect(branding).toMatchObject({ orgName: 'Acme', logoUrl: `${t.engine.config.publicUrl}/api/app.uploads/default-logo.svg`, tncUrl: null });
    expect(branding.customPoints.length).toBeGreaterThan(0);
  });

  it("is the organisation's saved Personalize settings while its plan has whiteLabelling, and the default without it", async () => {
    const saved = await t.call('POST', '/api/app.customUiDetails', {
      token: org.token, body: { tncUrl: 'https://acme.test/terms', customPoints: ['Connect in a minute', 'Encrypted credentials'], orgName: 'Acme Widgets' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const token = await authSession();
    expect((await getSession(token)).body.msg.branding).toEqual({
      orgName: 'Acme Widgets', logoUrl: `${t.engine.config.publicUrl}/api/app.uploads/default-logo.svg`, tncUrl: 'https://acme.test/terms',
      customPoints: ['Connect in a minute', 'Encrypted credentials'],
    });
    await t.engine.db.updateTable('organisations').set({ feature_white_labelling: 0 }).where('id', '=', org.orgId).execute();
    expect((await getSession(token)).body.msg.branding).toMatchObject({ orgName: 'Acme', tncUrl: null });
  });
});

describe('integrations', () => {
  it("lists the end customer's active accounts of the session's kind, newest first", async () => {
    const now = t.clock.now();
    const older = await account({ origin_org_id: 'globex-7', created_at: now - 2 * HOUR });
    const newer = await account({ origin_org_id: 'globex-7', app_id: 'workday', app_label: 'Workday', created_at: now - HOUR });
    await account({ origin_org_id: 'globex-7', integration_state: 'Deactivated', created_at: now - MINUTE });
    await account({ origin_org_id: 'globex-7', integration_state: 'Expired', created_at: now - MINUTE });
    await account({ origin_org_id: 'initech', created_at: now - MINUTE });
    const test = await account({ origin_org_id: 'globex-7', test_account: 1, created_at: now - MINUTE });
    const other = await newOrg(t, 'other@initrode.test');
    await addAccount(t.engine.db, other.orgId, { origin_org_id: 'globex-7', created_at: now });

    const production = (await getSession(await authSession())).body.msg.integrations;
    expect(production.map((i: { integrationId: string }) => i.integrationId)).toEqual([newer.id, older.id]);
    expect(production[0]).toMatchObject({ appId: 'workday', appLabel: 'Workday', category: 'HRIS', integrationState: 'Success', createdAt: now - HOUR });
    // The sandbox key's session is a test session: it sees the test accounts only.
    const sandbox = (await getSession(await authSession(keys.sandbox))).body.msg.integrations;
    expect(sandbox.map((i: { integrationId: string }) => i.integrationId)).toEqual([test.id]);
  });
});

describe('connect.deactivate', () => {
  it("deactivates the end customer's integration and stops its syncs, then lists it no more", async () => {
    const target = await account({ origin_org_id: 'globex-7', created_at: t.clock.now() - HOUR });
    const job = await addJob(t.engine.db, target, { created_at: t.clock.now() - HOUR, status: 'active', next_run_at: t.clock.now() + HOUR });
    const token = await authSession();
    const res = await deactivate(token, target.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.msg).toEqual({ integrationId: target.id, appId: 'bamboohr', categoryId: 'HRIS', originOrgId: 'globex-7', success: true, errors: [], isDeactivated: true });
    expect(await accountRow(target.id)).toEqual({ integration_state: 'Deactivated', deactivated_at: t.clock.now() });
    const jobRow = await t.engine.db.selectFrom('sync_jobs').select(['status', 'next_run_at']).where('id', '=', job).executeTakeFirstOrThrow();
    expect(jobRow).toEqual({ status: 'stopped', next_run_at: null });
    // The session is not used up; the integration is gone from its list, and a second try says why.
    expect((await getSession(token)).body.msg.integrations).toEqual([]);
    const again = await deactivate(token, target.id);
    expect(again.status).toBe(409);
    expect(again.body.error.msg).toBe('This integration is no longer active');
  });

  it("answers 404 for anyone else's account, the same as for an unknown id, and changes nothing", async () => {
    const now = t.clock.now();
    const otherCustomer = await account({ origin_org_id: 'initech', created_at: now });
    const testAccount = await account({ origin_org_id: 'globex-7', test_account: 1, created_at: now });
    const other = await newOrg(t, 'other@initrode.test');
    const otherOrgs = await addAccount(t.engine.db, other.orgId, { origin_org_id: 'globex-7', created_at: now });
    const token = await authSession();
    for (const id of [otherCustomer.id, testAccount.id, otherOrgs.id, 'int_unknown']) {
      const res = await deactivate(token, id);
      expect({ id, status: res.status, msg: res.body.error.msg }).toEqual({ id, status: 404, msg: 'Integrated account not found' });
    }
    for (const id of [otherCustomer.id, testAccount.id, otherOrgs.id]) expect((await accountRow(id)).integration_state).toBe('Success');
  });

  it('needs a usable session and an integration id', async () => {
    const target = await account({ origin_org_id: 'globex-7', created_at: t.clock.now() });
    const token = await authSession();
    expect((await deactivate('as_unknown', target.id)).body.error).toMatchObject({ msg: 'This link is invalid or has expired' });
    const missing = await t.call('POST', '/api/connect.deactivate', { body: { authSessionToken: token } });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ field: 'integrationId', msg: 'Integrated account not found' });
    t.clock.advance(31 * MINUTE);
    const expired = await deactivate(token, target.id);
    expect(expired.status).toBe(404);
    expect(expired.body.error.msg).toBe('This link is invalid or has expired');
    expect((await accountRow(target.id)).integration_state).toBe('Success');
  });
});
