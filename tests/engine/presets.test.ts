import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NewRow } from '../../src/engine/db/schema.ts';
import { applyDefaultPreset } from '../../src/engine/repositories/mappingPresets.ts';
import { startTestEngine, type TestEngine } from '../support/engineHarness.ts';
import { addAccount, DAY, demoAdmin, HOUR, newOrg, type OrgSession, userWithRole } from '../support/dataFixtures.ts';

// The presets tag: the presets list, the preset wizard (app, account and category modes), edits,
// deletes and the pickers. Admin only, behind the customMapping plan feature.
let t: TestEngine;
let org: OrgSession;
let a1: NewRow<'integrated_accounts'>;
let a2: NewRow<'integrated_accounts'>;
let wd: NewRow<'integrated_accounts'>;
beforeEach(async () => {
  t = await startTestEngine();
  org = await newOrg(t, 'owner@acme.test');
  const now = t.clock.now();
  a1 = await addAccount(t.engine.db, org.orgId, { created_at: now - 3 * HOUR, origin_org_id: 'acme-42', origin_org_name: 'Acme Corp' });
  a2 = await addAccount(t.engine.db, org.orgId, { created_at: now - 2 * HOUR, origin_org_id: 'zeta-7', origin_org_name: 'Zeta Labs', test_account: 1 });
  wd = await addAccount(t.engine.db, org.orgId, { created_at: now - HOUR, origin_org_id: 'acme-42', origin_org_name: 'Acme Corp', app_id: 'workday', app_label: 'Workday' });
});
afterEach(async () => { await t.close(); });

const post = (url: string, body: unknown, token = org.token) => t.call('POST', `/api/${url}`, { token, body });
const get = (url: string, query: Record<string, string> = {}, token = org.token) => t.call('GET', `/api/${url}`, { token, query });
const rows = (mappings: [string, string][], subCategoryId = 'employee') => [{ subCategoryId, mappings: mappings.map(([fieldId, fieldToOrg]) => ({ fieldId, fieldToOrg })) }];
const appPreset = (extra: Record<string, unknown> = {}) => post('app.saveCustomMappingPreset', {
  presetName: 'HR keys', mode: 'app', appId: 'bamboohr', category: 'HRIS', mappings: rows([['notes', 'note'], ['badge', 'badge_id']]), integrationIds: [a1.id, a2.id], ...extra,
});
const categoryPreset = (extra: Record<string, unknown> = {}) => post('app.saveCategoryCustomMappingPreset', {
  presetName: 'HR regions', category: 'HRIS', mappings: rows([['customFields.region', 'region']]), appIds: ['bamboohr', 'workday'], ...extra,
});
const customOf = async (account: NewRow<'integrated_accounts'>) => {
  const res = await post('app.data.customFields', { orgId: org.orgId, organizationDetails: { integrationId: account.id }, subCategoryId: 'employee' });
  return res.body.msg.data.filter((r: { fieldType: string }) => r.fieldType === 'CUSTOM').map((r: { fieldId: string; fieldToOrg: string }) => [r.fieldId, r.fieldToOrg]);
};
const presetOf = async (id: string) => (await t.engine.db.selectFrom('integrated_accounts').select('preset_id').where('id', '=', id).executeTakeFirstOrThrow()).preset_id;
const presetCount = async () => (await t.engine.db.selectFrom('mapping_presets').select('id').execute()).length;

describe('access', () => {
  const calls = (): [string, () => Promise<{ status: number; body: any }>][] => [
    ['list', () => get('app.listMappingPresets')],
    ['accounts', () => get('app.mappingPresets.getIntegratedAccounts')],
    ['origin orgs', () => get('app.listOriginOrgs')],
    ['details', () => get('app.getPresetDetails', { integrationId: a1.id })],
    ['save', () => appPreset()],
    ['save category', () => categoryPreset()],
    ['edit', () => post('app.editMappingPresets', { presetId: 'pre_x', presetName: 'x' })],
    ['delete', () => post('app.deleteMappingPreset', { presetId: 'pre_x' })],
  ];

  it('is for admins only', async () => {
    const member = await userWithRole(t, org.orgId, 'member', 'mo@acme.test');
    const billing = await userWithRole(t, org.orgId, 'billingcontact', 'bill@acme.test');
    for (const [name, call] of calls()) {
      const original = org.token;
      for (const token of [member, billing]) {
        org.token = token;
        const res = await call();
        expect([name, res.status, res.body.error.code]).toEqual([name, 403, 'FORBIDDEN']);
      }
      org.token = original;
    }
    expect(await presetCount()).toBe(0);
  });

  it("needs the customMapping plan feature, with the spec's message", async () => {
    await t.engine.db.updateTable('organisations').set({ feature_custom_mapping: 0 }).where('id', '=', org.orgId).execute();
    for (const [name, call] of calls()) {
      const res = await call();
      expect([name, res.status, res.body.error.msg]).toEqual([name, 403, 'Mapping presets are not available under the current plan. Please contact support to enable this feature.']);
    }
  });
});

describe('app.saveCustomMappingPreset', () => {
  it('app mode: creates the preset and applies it to the confirmed accounts', async () => {
    const res = await appPreset({ presetName: '  HR keys  ' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.msg).toMatchObject({ presetName: 'HR keys', integrationCount: 2 });
    expect(res.body.msg.presetId).toMatch(/^pre_/);
    expect(await customOf(a1)).toEqual([['badge', 'badge_id'], ['notes', 'note']]);
    expect(await customOf(a2)).toEqual([['badge', 'badge_id'], ['notes', 'note']]);
    expect([await presetOf(a1.id), await presetOf(a2.id), await presetOf(wd.id)]).toEqual([res.body.msg.presetId, res.body.msg.presetId, null]);

    const details = await get('app.getPresetDetails', { presetId: res.body.msg.presetId });
    expect(details.status, JSON.stringify(details.body)).toBe(200);
    expect(details.body.msg.presetDetails).toMatchObject({
      presetId: res.body.msg.presetId, presetName: 'HR keys', mode: 'app', appId: 'bamboohr', appLabel: 'BambooHR', category: 'HRIS',
      appsList: [{ appId: 'bamboohr', label: 'BambooHR' }], integrationIds: [a2.id, a1.id], isDefault: false, createdBy: 'Dana Developer',
      originOrgsList: [{ originOrgId: 'acme-42', originOrgName: 'Acme Corp' }, { originOrgId: 'zeta-7', originOrgName: 'Zeta Labs' }],
      createdAt: Math.floor(t.clock.now() / 1000), integration: null,
      mappings: [{ subCategoryId: 'employee', mappings: [
        { fieldId: 'notes', fieldFromApp: 'properties.notes', fieldToOrg: 'note', dataType: 'STRING', fieldType: 'CUSTOM', sampleData: 'Imported from the legacy system' },
        { fieldId: 'badge', fieldFromApp: 'badge', fieldToOrg: 'badge_id', dataType: 'STRING', fieldType: 'CUSTOM', sampleData: null },
      ] }],
    });
  });

  it('keeps one default per app', async () => {
    const first = await appPreset({ isDefault: true, integrationIds: [] });
    const cat = await categoryPreset({ isDefault: true, appIds: ['workday'] });
    const second = await appPreset({ presetName: 'HR keys 2', isDefault: true, integrationIds: [] });
    const list = (await get('app.listMappingPresets')).body.msg.presets;
    const flags = Object.fromEntries(list.map((p: { presetId: string; isDefault: boolean }) => [p.presetId, p.isDefault]));
    expect(flags).toEqual({ [first.body.msg.presetId]: false, [cat.body.msg.presetId]: true, [second.body.msg.presetId]: true });
  });

  it('account mode: exactly one integration, never the default, and the account moves from its old preset', async () => {
    const app = await appPreset();
    expect((await post('app.saveCustomMappingPreset', { presetName: 'Acme', mode: 'account', appId: 'bamboohr', mappings: rows([['tags', 'tags']]), integrationIds: [a1.id, a2.id] })).body.error)
      .toMatchObject({ field: 'integrationIds', msg: 'Select exactly one integration' });
    expect((await post('app.saveCustomMappingPreset', { presetName: 'Acme', mode: 'account', appId: 'bamboohr', mappings: rows([['tags', 'tags']]), integrationIds: [a1.id], isDefault: true })).body.error)
      .toMatchObject({ field: 'isDefault', msg: 'An account preset cannot be the default' });
    const res = await post('app.saveCustomMappingPreset', { presetName: 'Acme', mode: 'account', appId: 'bamboohr', mappings: rows([['tags', 'tags']]), integrationIds: [a1.id] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.msg.integrationCount).toBe(1);
    expect(await presetOf(a1.id)).toBe(res.body.msg.presetId);
    // The new preset's rows replace the custom rows of the covered sub-category.
    expect(await customOf(a1)).toEqual([['tags', 'tags']]);
    const old = (await get('app.getPresetDetails', { presetId: app.body.msg.presetId })).body.msg.presetDetails;
    expect(old.integrationIds).toEqual([a2.id]);
    expect(old.originOrgsList).toEqual([{ originOrgId: 'zeta-7', originOrgName: 'Zeta Labs' }]);
  });

  it('checks everything before writing anything', async () => {
    const other = await newOrg(t, 'other@rival.test');
    const theirs = await addAccount(t.engine.db, other.orgId, { created_at: t.clock.now() });
    const gone = await addAccount(t.engine.db, org.orgId, { created_at: t.clock.now(), integration_state: 'Deactivated' });
    const hidden = await addAccount(t.engine.db, org.orgId, { created_at: t.clock.now(), show_custom_fields: 0 });
    const cases: [Record<string, unknown>, number, string, string | undefined][] = [
      [{ presetName: '   ' }, 400, 'Preset name is required', 'presetName'],
      [{ mappings: [] }, 400, 'Please map at least one field', 'mappings'],
      [{ mappings: rows([]) }, 400, 'Please map at least one field', 'mappings'],
      [{ mappings: rows([['notes', 'a'], ['x', 'bad key']]) }, 400, 'Invalid Characters', 'mappings.0.mappings.1.fieldToOrg'],
      [{ mappings: rows([['notes', 'a'], ['Notes', 'b']]) }, 400, 'Field Value already Used', 'mappings.0.mappings.1.fieldId'],
      [{ mappings: rows([['firstname', 'a']]) }, 400, 'Field Value already Used', 'mappings.0.mappings.0.fieldId'],
      [{ mappings: [...rows([['notes', 'a']]), ...rows([['tags', 'b']])] }, 400, 'This sub-category is listed twice', 'mappings.1.subCategoryId'],
      [{ mappings: rows([['notes', 'a']], 'crm_contacts') }, 400, 'Custom mapping is not available for this sub-category', 'mappings.0.subCategoryId'],
      [{ integrationIds: [a1.id, wd.id] }, 400, 'Not an integrated account of this app', 'integrationIds.1'],
      [{ integrationIds: [theirs.id] }, 400, 'Not an integrated account of this app', 'integrationIds.0'],
      [{ integrationIds: [gone.id] }, 400, 'The mapping of this account cannot be edited', 'integrationIds.0'],
      [{ integrationIds: [hidden.id] }, 400, 'The mapping of this account cannot be edited', 'integrationIds.0'],
      [{ category: 'CRM' }, 400, 'The app is not of this category', 'category'],
      [{ appId: 'nope' }, 404, 'App not found', undefined],
    ];
    for (const [extra, status, msg, field] of cases) {
      const res = await appPreset(extra);
      expect([extra, res.status, res.body.error.msg, res.body.error.field]).toEqual([extra, status, msg, field]);
    }
    expect(await presetCount()).toBe(0);
    expect(await t.engine.db.selectFrom('mapping_fields').select('id').execute()).toEqual([]);
    await appPreset({ integrationIds: [] });
    const taken = await appPreset({ presetName: 'hr KEYS' });
    expect([taken.status, taken.body.error]).toEqual([409, { code: 'CONFLICT', msg: 'Preset name already exists', field: 'presetName' }]);
    expect(await presetOf(a1.id)).toBeNull();
  });
});

describe('app.saveCategoryCustomMappingPreset', () => {
  it("creates a 'category_' preset of user-added rows and leaves existing accounts alone", async () => {
    const res = await categoryPreset();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.msg.presetId).toMatch(/^category_/);
    expect(res.body.msg).toMatchObject({ presetName: 'HR regions', integrationCount: 0 });
    expect(await customOf(a1)).toEqual([]);
    const details = (await get('app.getPresetDetails', { presetId: res.body.msg.presetId })).body.msg.presetDetails;
    expect(details).toMatchObject({ mode: 'category', appId: null, appLabel: null, category: 'HRIS', integrationIds: [], originOrgsList: [] });
    expect(details.appsList.map((a: { appId: string }) => a.appId)).toEqual(['bamboohr', 'workday']);
    const stored = await t.engine.db.selectFrom('mapping_preset_fields').select(['field_id', 'user_added']).execute();
    expect(stored).toEqual([{ field_id: 'customFields.region', user_added: 1 }]);
  });

  it('checks the apps, sub-categories and rows of the category', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ appIds: [] }, 'Please select at least one app', 'appIds'],
      [{ appIds: ['bamboohr', 'salesforce'] }, 'Not an app of this category', 'appIds.1'],
      [{ appIds: ['nope'] }, 'Not an app of this category', 'appIds.0'],
      [{ mappings: rows([['x', 'a']], 'crm_leads') }, 'Custom mapping is not available for this sub-category', 'mappings.0.subCategoryId'],
      [{ mappings: rows([['x', 'a'], ['y', 'A']]) }, 'Field Value already Used', 'mappings.0.mappings.1.fieldToOrg'],
      [{ mappings: rows([['', 'a']]) }, 'Input missing', 'mappings.0.mappings.0.fieldId'],
    ];
    for (const [extra, msg, field] of cases) {
      const res = await categoryPreset(extra);
      expect([extra, res.status, res.body.error.msg, res.body.error.field]).toEqual([extra, 400, msg, field]);
    }
    expect(await presetCount()).toBe(0);
    await appPreset({ integrationIds: [] });
    expect((await categoryPreset({ presetName: 'hr keys' })).status).toBe(409);
  });
});

describe('app.listMappingPresets', () => {
  it('lists newest first and filters by search, mode and app', async () => {
    const app = await appPreset();
    t.clock.advance(1000);
    const cat = await categoryPreset();
    t.clock.advance(1000);
    const acc = await post('app.saveCustomMappingPreset', { presetName: 'Zeta only', mode: 'account', appId: 'workday', mappings: rows([['notes', 'n']]), integrationIds: [wd.id] });
    expect(acc.status, JSON.stringify(acc.body)).toBe(200);
    const ids = (res: { body: { msg: { presets: { presetId: string }[] } } }) => res.body.msg.presets.map((p) => p.presetId);
    const all = await get('app.listMappingPresets');
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.msg.presetCount).toBe(3);
    expect(ids(all)).toEqual([acc.body.msg.presetId, cat.body.msg.presetId, app.body.msg.presetId]);
    expect(all.body.msg.presets[2]).toMatchObject({ mode: 'app', originOrgsCount: 2, integrationCount: 2, createdBy: 'Dana Developer' });
    expect(ids(await get('app.listMappingPresets', { search: 'REGIONS' }))).toEqual([cat.body.msg.presetId]);
    expect(ids(await get('app.listMappingPresets', { search: 'workday' }))).toEqual([acc.body.msg.presetId, cat.body.msg.presetId]);
    expect(ids(await get('app.listMappingPresets', { search: 'zeta labs' }))).toEqual([app.body.msg.presetId]);
    expect(ids(await get('app.listMappingPresets', { search: '%' }))).toEqual([]);
    expect(ids(await get('app.listMappingPresets', { mode: 'category' }))).toEqual([cat.body.msg.presetId]);
    expect(ids(await get('app.listMappingPresets', { mode: 'all', appId: 'bamboohr' }))).toEqual([cat.body.msg.presetId, app.body.msg.presetId]);
    expect((await get('app.listMappingPresets', { search: 'zzz' })).body.msg).toEqual({ presets: [], presetCount: 0 });
  });
});

describe('app.editMappingPresets', () => {
  it('renames, re-applies changed rows to followers and replaces the account list', async () => {
    const created = (await appPreset()).body.msg;
    await appPreset({ presetName: 'Other', integrationIds: [] });
    const presetId = created.presetId;
    expect((await post('app.editMappingPresets', { presetId, presetName: 'OTHER' })).body.error.msg).toBe('Preset name already exists');
    const renamed = await post('app.editMappingPresets', { presetId, presetName: 'hr keys' });
    expect(renamed.body.msg).toEqual({ presetId, presetName: 'hr keys', integrationCount: 2 });

    const remapped = await post('app.editMappingPresets', { presetId, mappings: rows([['notes', 'memo']]) });
    expect(remapped.status, JSON.stringify(remapped.body)).toBe(200);
    expect(await customOf(a1)).toEqual([['notes', 'memo']]);
    expect(await customOf(a2)).toEqual([['notes', 'memo']]);

    const a3 = await addAccount(t.engine.db, org.orgId, { created_at: t.clock.now(), origin_org_id: 'new-1', origin_org_name: 'Newco' });
    const moved = await post('app.editMappingPresets', { presetId, integrationIds: [a1.id, a3.id] });
    expect(moved.body.msg.integrationCount).toBe(2);
    expect([await presetOf(a1.id), await presetOf(a2.id), await presetOf(a3.id)]).toEqual([presetId, null, presetId]);
    expect(await customOf(a2)).toEqual([['notes', 'memo']]);
    expect(await customOf(a3)).toEqual([['notes', 'memo']]);
    const details = (await get('app.getPresetDetails', { presetId })).body.msg.presetDetails;
    expect(details.originOrgsList).toEqual([{ originOrgId: 'acme-42', originOrgName: 'Acme Corp' }, { originOrgId: 'new-1', originOrgName: 'Newco' }]);
    expect(details.updatedAt).toBe(Math.floor(t.clock.now() / 1000));
  });

  it('keeps each kind to its own properties', async () => {
    const app = (await appPreset()).body.msg.presetId;
    const cat = (await categoryPreset()).body.msg.presetId;
    const acc = (await post('app.saveCustomMappingPreset', { presetName: 'One', mode: 'account', appId: 'workday', mappings: rows([['notes', 'n']]), integrationIds: [wd.id] })).body.msg.presetId;
    const cases: [Record<string, unknown>, number, string, string | undefined][] = [
      [{ presetId: cat, integrationIds: [a1.id] }, 400, 'Category presets are applied by app, not by account', 'integrationIds'],
      [{ presetId: app, appIds: ['bamboohr'] }, 400, 'Only category presets are applied by app', 'appIds'],
      [{ presetId: acc, isDefault: true }, 400, 'An account preset cannot be the default', 'isDefault'],
      [{ presetId: acc, integrationIds: [] }, 400, 'Select exactly one integration', 'integrationIds'],
      [{ presetId: cat, appIds: [] }, 400, 'Please select at least one app', 'appIds'],
      [{ presetId: app, mappings: rows([]) }, 400, 'Please map at least one field', 'mappings'],
      [{ presetId: app, integrationIds: [wd.id] }, 400, 'Not an integrated account of this app', 'integrationIds.0'],
      [{ presetId: 'pre_nope', presetName: 'x' }, 404, 'Preset not found', undefined],
    ];
    for (const [body, status, msg, field] of cases) {
      const res = await post('app.editMappingPresets', body);
      expect([body, res.status, res.body.error.msg, res.body.error.field]).toEqual([body, status, msg, field]);
    }
    expect((await post('app.editMappingPresets', { presetId: app })).status).toBe(400);
    // A category preset's new app list and default flag.
    const edited = await post('app.editMappingPresets', { presetId: cat, appIds: ['hibob'], isDefault: true });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const row = (await get('app.listMappingPresets', { mode: 'category' })).body.msg.presets[0];
    expect([row.appsList.map((a: { appId: string }) => a.appId), row.isDefault]).toEqual([['hibob'], true]);
  });
});

describe('app.deleteMappingPreset', () => {
  it('releases the followers, who keep their rows', async () => {
    const presetId = (await appPreset()).body.msg.presetId;
    const res = await post('app.deleteMappingPreset', { presetId });
    expect(res.body.msg).toEqual({ presetId, integrationCount: 2 });
    expect([await presetOf(a1.id), await presetOf(a2.id)]).toEqual([null, null]);
    expect(await customOf(a1)).toEqual([['badge', 'badge_id'], ['notes', 'note']]);
    expect((await get('app.listMappingPresets')).body.msg.presetCount).toBe(0);
    for (const table of ['mapping_preset_fields', 'mapping_preset_apps', 'mapping_preset_orgs'] as const) {
      expect(await t.engine.db.selectFrom(table).select('preset_id').execute()).toEqual([]);
    }
    expect((await post('app.deleteMappingPreset', { presetId })).body.error).toMatchObject({ code: 'NOT_FOUND', msg: 'Preset not found' });
  });
});

describe('app.getPresetDetails', () => {
  it('finds the preset an account follows, or says it follows none', async () => {
    const presetId = (await appPreset({ integrationIds: [a1.id] })).body.msg.presetId;
    const follows = (await get('app.getPresetDetails', { integrationId: a1.id })).body.msg.presetDetails;
    expect(follows).toMatchObject({ presetId, presetName: 'HR keys', integration: { integrationId: a1.id, presetId, presetName: 'HR keys', testAccount: false } });
    const none = await get('app.getPresetDetails', { integrationId: a2.id });
    expect(none.body.msg.presetDetails).toEqual({ presetId: null, integration: {
      integrationId: a2.id, originOrgId: 'zeta-7', originOrgName: 'Zeta Labs', appId: 'bamboohr', appLabel: 'BambooHR', category: 'HRIS',
      integrationState: 'Success', testAccount: true, createdAt: Math.floor(Number(a2.created_at) / 1000), presetId: null, presetName: null,
    } });
    expect((await get('app.getPresetDetails')).body.error).toMatchObject({ msg: 'Send either presetId or integrationId', field: 'presetId' });
    expect((await get('app.getPresetDetails', { presetId, integrationId: a1.id })).status).toBe(400);
    expect((await get('app.getPresetDetails', { integrationId: 'int_nope' })).status).toBe(404);
    expect((await get('app.getPresetDetails', { presetId: 'pre_nope' })).status).toBe(404);
  });
});

describe('pickers', () => {
  it('app.mappingPresets.getIntegratedAccounts lists accounts with an Edit mapping action', async () => {
    await addAccount(t.engine.db, org.orgId, { created_at: t.clock.now(), integration_state: 'Expired' });
    await addAccount(t.engine.db, org.orgId, { created_at: t.clock.now(), show_custom_fields: 0 });
    const presetId = (await appPreset({ integrationIds: [a1.id] })).body.msg.presetId;
    const all = await get('app.mappingPresets.getIntegratedAccounts');
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.msg).toMatchObject({ accountCount: 3, hasMoreRecords: false, nextCursor: null });
    expect(all.body.msg.accounts.map((a: { integrationId: string }) => a.integrationId)).toEqual([wd.id, a2.id, a1.id]);
    expect(all.body.msg.accounts[2]).toMatchObject({ presetId, presetName: 'HR keys', originOrgName: 'Acme Corp', appLabel: 'BambooHR' });
    const ids = async (query: Record<string, string>) => (await get('app.mappingPresets.getIntegratedAccounts', query)).body.msg.accounts.map((a: { integrationId: string }) => a.integrationId);
    expect(await ids({ appId: 'bamboohr' })).toEqual([a2.id, a1.id]);
    expect(await ids({ originOrgId: 'acme-42', category: 'HRIS' })).toEqual([wd.id, a1.id]);
    expect(await ids({ search: 'ZETA' })).toEqual([a2.id]);
    expect(await ids({ search: a1.id.toUpperCase() })).toEqual([a1.id]);
    const page1 = await get('app.mappingPresets.getIntegratedAccounts', { limit: '2' });
    expect(page1.body.msg).toMatchObject({ accountCount: 3, hasMoreRecords: true });
    const page2 = await get('app.mappingPresets.getIntegratedAccounts', { limit: '2', pageNo: '2', cursor: page1.body.msg.nextCursor });
    expect(page2.body.msg.accounts.map((a: { integrationId: string }) => a.integrationId)).toEqual([a1.id]);
    expect((await get('app.mappingPresets.getIntegratedAccounts', { limit: '2', pageNo: '2' })).body.msg.accounts).toEqual(page2.body.msg.accounts);
  });

  it('app.listOriginOrgs lists end-customer organisations by name, with counts', async () => {
    await addAccount(t.engine.db, org.orgId, { created_at: t.clock.now(), origin_org_id: 'mid-1', origin_org_name: 'Midway', app_id: 'salesforce', app_label: 'Salesforce', category: 'CRM' });
    const res = await get('app.listOriginOrgs');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.msg).toEqual({ hasMoreRecords: false, nextCursor: null, originOrgs: [
      { originOrgId: 'acme-42', originOrgName: 'Acme Corp', integrationCount: 2 },
      { originOrgId: 'mid-1', originOrgName: 'Midway', integrationCount: 1 },
      { originOrgId: 'zeta-7', originOrgName: 'Zeta Labs', integrationCount: 1 },
    ] });
    const names = async (query: Record<string, string>) => (await get('app.listOriginOrgs', query)).body.msg.originOrgs.map((o: { originOrgId: string; integrationCount: number }) => `${o.originOrgId}:${o.integrationCount}`);
    expect(await names({ appId: 'workday' })).toEqual(['acme-42:1']);
    expect(await names({ category: 'CRM' })).toEqual(['mid-1:1']);
    expect(await names({ search: 'ZET' })).toEqual(['zeta-7:1']);
    expect(await names({ search: 'mid-' })).toEqual(['mid-1:1']);
    const first = await get('app.listOriginOrgs', { limit: '2' });
    expect(first.body.msg.hasMoreRecords).toBe(true);
    expect(await names({ limit: '2', pageNo: '2', cursor: first.body.msg.nextCursor })).toEqual(['zeta-7:1']);
    expect(await names({ limit: '2', pageNo: '2' })).toEqual(['zeta-7:1']);
    expect((await get('app.listOriginOrgs', { cursor: 'not*a*cursor' })).body.error).toMatchObject({ field: 'cursor', msg: 'Invalid cursor' });
  });
});

describe('another organisation', () => {
  it("sees none of this organisation's presets, accounts or organisations", async () => {
    const presetId = (await appPreset()).body.msg.presetId;
    const other = await newOrg(t, 'other@rival.test');
    expect((await get('app.listMappingPresets', {}, other.token)).body.msg.presetCount).toBe(0);
    expect((await get('app.mappingPresets.getIntegratedAccounts', {}, other.token)).body.msg.accountCount).toBe(0);
    expect((await get('app.listOriginOrgs', {}, other.token)).body.msg.originOrgs).toEqual([]);
    expect((await get('app.getPresetDetails', { presetId }, other.token)).status).toBe(404);
    expect((await get('app.getPresetDetails', { integrationId: a1.id }, other.token)).status).toBe(404);
    expect((await post('app.editMappingPresets', { presetId, presetName: 'Mine' }, other.token)).status).toBe(404);
    expect((await post('app.deleteMappingPreset', { presetId }, other.token)).status).toBe(404);
    // Names are unique per organisation only.
    expect((await post('app.saveCustomMappingPreset', { presetName: 'HR keys', mode: 'app', appId: 'bamboohr', mappings: rows([['notes', 'n']]) }, other.token)).status).toBe(200);
    expect(await presetOf(a1.id)).toBe(presetId);
  });
});

describe('default presets for new accounts', () => {
  it('applyDefaultPreset gives a new account the default preset covering its app', async () => {
    const presetId = (await categoryPreset({ isDefault: true })).body.msg.presetId;
    const fresh = await addAccount(t.engine.db, org.orgId, { created_at: t.clock.now() + DAY, origin_org_id: 'fresh', origin_org_name: 'Fresh Inc' });
    const applied = await t.engine.db.transaction().execute((trx) => applyDefaultPreset(trx, { id: fresh.id, org_id: org.orgId, app_id: 'bamboohr', preset_id: null }, t.clock.now()));
    expect(applied).toBe(presetId);
    expect(await customOf(fresh)).toEqual([['customFields.region', 'region']]);
    const row = (await get('app.listMappingPresets')).body.msg.presets[0];
    expect(row).toMatchObject({ integrationCount: 1, originOrgsList: [{ originOrgId: 'fresh', originOrgName: 'Fresh Inc' }] });
    const none = await t.engine.db.transaction().execute((trx) => applyDefaultPreset(trx, { id: 'x', org_id: org.orgId, app_id: 'salesforce', preset_id: null }, t.clock.now()));
    expect(none).toBeNull();
  });
});

describe('presets on the seeded demo', () => {
  it('lists the seeded presets with counts that match the accounts, and edits one for its followers', async () => {
    const demo = await demoAdmin(t);
    const db = t.engine.db;
    const list = await get('app.listMappingPresets', {}, demo.token);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const stored = await db.selectFrom('mapping_presets').select(['id', 'mode']).where('org_id', '=', demo.orgId).execute();
    expect(list.body.msg.presetCount).toBe(stored.length);
    expect(new Set(stored.map((p) => p.mode))).toEqual(new Set(['app', 'account', 'category']));
    for (const p of list.body.msg.presets) {
      const followers = await db.selectFrom('integrated_accounts').select('id').where('preset_id', '=', p.presetId).execute();
      expect([p.presetId, p.integrationCount]).toEqual([p.presetId, followers.length]);
      expect(p.presetId.startsWith('category_')).toBe(p.mode === 'category');
    }
    expect(list.body.msg.presets.filter((p: { isDefault: boolean }) => p.isDefault).length).toBeLessThanOrEqual(1);

    const eligible = await db.selectFrom('integrated_accounts').select(db.fn.countAll<number>().as('n')).where('org_id', '=', demo.orgId)
      .where('integration_state', 'not in', ['Deactivated', 'Expired']).where('show_custom_fields', '=', 1).executeTakeFirstOrThrow();
    const accounts = await get('app.mappingPresets.getIntegratedAccounts', {}, demo.token);
    expect(accounts.status, JSON.stringify(accounts.body)).toBe(200);
    expect(accounts.body.msg.accountCount).toBe(Number(eligible.n));
    expect(accounts.body.msg.accounts).toHaveLength(Math.min(50, Number(eligible.n)));
    const orgs = await get('app.listOriginOrgs', { limit: '100' }, demo.token);
    expect(orgs.status, JSON.stringify(orgs.body)).toBe(200);
    const names = orgs.body.msg.originOrgs.map((o: { originOrgName: string }) => o.originOrgName);
    expect(names.length).toBeGreaterThan(10);

    // An app preset with followers: its details, then an edit re-applied to every follower.
    const app = list.body.msg.presets.find((p: { mode: string; integrationCount: number }) => p.mode === 'app' && p.integrationCount > 0);
    const details = (await get('app.getPresetDetails', { presetId: app.presetId }, demo.token)).body.msg.presetDetails;
    expect(details.integrationIds).toHaveLength(app.integrationCount);
    const sub = details.mappings[0].subCategoryId;
    const edited = await post('app.editMappingPresets', { presetId: app.presetId, mappings: [{ subCategoryId: sub, mappings: [{ fieldId: 'customFields.demoKey', fieldToOrg: 'demo_key' }] }] }, demo.token);
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    for (const integrationId of details.integrationIds) {
      const custom = await db.selectFrom('mapping_fields').select(['field_id', 'field_to_org']).where('integration_id', '=', integrationId)
        .where('subcategory', '=', sub).where('field_type', '=', 'CUSTOM').execute();
      expect(custom).toEqual([{ field_id: 'customFields.demoKey', field_to_org: 'demo_key' }]);
    }
  });
});
