import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NewRow } from '../../src/engine/db/schema.ts';
import { startTestEngine, type TestEngine } from '../support/engineHarness.ts';
import { addAccount, DAY, demoAdmin, newOrg, type OrgSession, userWithRole } from '../support/dataFixtures.ts';

// The mapping tag: the Edit mapped fields modal (read and save of one account's table) and the
// app's default table of the preset wizard. bamboohr's employee table (reference data): DEFAULT
// rows employmentstatus ... workemail, UNMAPPED rows notes (STRING) and tags (ARRAY).
let t: TestEngine;
let org: OrgSession;
let account: NewRow<'integrated_accounts'>;
beforeEach(async () => {
  t = await startTestEngine();
  org = await newOrg(t, 'owner@acme.test');
  account = await addAccount(t.engine.db, org.orgId, { created_at: t.clock.now() - DAY, origin_org_id: 'acme-42', origin_org_name: 'Acme Corp' });
});
afterEach(async () => { await t.close(); });

type Row = { fieldId: string; fieldToOrg: string | null; fieldType: string; userAdded: boolean; fieldFromApp: string; dataType: string; sampleData: string | null };
const ref = (a: NewRow<'integrated_accounts'> = account) => ({ integrationId: a.id });
const read = (extra: Record<string, unknown> = {}, token = org.token) =>
  t.call('POST', '/api/app.data.customFields', { token, body: { orgId: org.orgId, organizationDetails: ref(), subCategoryId: 'employee', ...extra } });
const save = (mappings: unknown[], extra: Record<string, unknown> = {}, token = org.token) =>
  t.call('POST', '/api/app.data.customFields/save', { token, body: { orgId: org.orgId, organizationDetails: ref(), subCategoryId: 'employee', mappings, ...extra } });
const custom = (rows: Row[]) => rows.filter((r) => r.fieldType === 'CUSTOM').map((r) => [r.fieldId, r.fieldToOrg, r.userAdded]);
const typeOf = (rows: Row[], fieldId: string) => rows.find((r) => r.fieldId === fieldId)?.fieldType;
const stored = () => t.engine.db.selectFrom('mapping_fields').select(['field_id', 'field_to_org', 'field_type', 'user_added'])
  .where('integration_id', '=', account.id).orderBy('field_id').execute();

describe('app.data.customFields', () => {
  it("reads the app's table until the account's mapping is saved: DEFAULT first, then by fieldId", async () => {
    const res = await read({ organizationDetails: { integrationId: account.id, appId: 'bamboohr', appIdValue: 'bamboohr', originOrgId: 'acme-42', organization: 'Acme Corp', category: 'HRIS', categoryValue: 'HRIS' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.msg).toMatchObject({ subCategoryId: 'employee', integrationId: account.id });
    const rows: Row[] = res.body.msg.data;
    expect(rows.map((r) => r.fieldId)).toEqual([
      'employmentstatus', 'employmenttype', 'firstname', 'id', 'lastname', 'startdate', 'terminationdate', 'workemail', 'notes', 'tags',
    ]);
    expect(rows[2]).toEqual({ fieldId: 'firstname', fieldFromApp: 'properties.firstname', fieldToOrg: 'firstName', dataType: 'STRING', fieldType: 'DEFAULT', sampleData: 'Ada', userAdded: false });
    expect(rows[9]).toEqual({ fieldId: 'tags', fieldFromApp: 'properties.tags', fieldToOrg: null, dataType: 'ARRAY', fieldType: 'UNMAPPED', sampleData: '["priority","q3"]', userAdded: false });
    expect(await stored()).toEqual([]);
  });

  it('finds only live accounts of the caller with an Edit mapping action', async () => {
    const other = await newOrg(t, 'other@rival.test');
    const theirs = await addAccount(t.engine.db, other.orgId, { created_at: t.clock.now() });
    expect((await read({ organizationDetails: ref(theirs) })).status).toBe(404);
    expect((await read({ orgId: other.orgId })).status).toBe(404);
    expect((await read({ organizationDetails: { integrationId: 'int_nope' } })).body.error).toMatchObject({ code: 'NOT_FOUND', msg: 'Integrated account not found' });
    for (const state of ['Deactivated', 'Expired']) {
      const gone = await addAccount(t.engine.db, org.orgId, { created_at: t.clock.now(), integration_state: state });
      expect((await read({ organizationDetails: ref(gone) })).status).toBe(404);
    }
    const hidden = await addAccount(t.engine.db, org.orgId, { created_at: t.clock.now(), show_custom_fields: 0 });
    const refused = await read({ organizationDetails: ref(hidden) });
    expect(refused.status).toBe(403);
    expect(refused.body.error.msg).toBe('Editing mapped fields is not available for this account');
    expect((await save([], { organizationDetails: ref(hidden) })).status).toBe(403);
  });

  it('refuses descriptive fields of another account and sub-categories without custom fields', async () => {
    const mismatch = await read({ organizationDetails: { integrationId: account.id, appId: 'workday' } });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error).toMatchObject({ msg: 'Does not match the integrated account', field: 'organizationDetails.appId' });
    expect((await read({ organizationDetails: { integrationId: account.id, categoryValue: 'CRM' } })).body.error.field).toBe('organizationDetails.categoryValue');
    const sub = await read({ subCategoryId: 'crm_contacts' });
    expect(sub.body.error).toMatchObject({ msg: 'Custom mapping is not available for this sub-category', field: 'subCategoryId' });
    // successfactors syncs employees but takes no custom fields there.
    const sf = await addAccount(t.engine.db, org.orgId, { created_at: t.clock.now(), app_id: 'successfactors', app_label: 'SAP SuccessFactors' });
    expect((await read({ organizationDetails: ref(sf) })).status).toBe(400);
  });

  it('is open to members (presets are the gated part) but not to billing contacts', async () => {
    const member = await userWithRole(t, org.orgId, 'member', 'mo@acme.test');
    expect((await read({}, member)).status).toBe(200);
    expect((await save([{ fieldId: 'notes', fieldToOrg: 'notes' }], {}, member)).status).toBe(200);
    const billing = await userWithRole(t, org.orgId, 'billingcontact', 'bill@acme.test');
    expect((await read({}, billing)).status).toBe(403);
    expect((await save([], {}, billing)).status).toBe(403);
  });
});

describe('app.data.customFields/save', () => {
  it('adds, edits, deletes and blanks rows: UNMAPPED -> CUSTOM -> edited -> dropped -> UNMAPPED', async () => {
    const initial: Row[] = (await read()).body.msg.data;
    // Add: an UNMAPPED app field gets a key, and a user-added field is appended.
    const added = await save([
      { fieldId: 'notes', fieldFromApp: 'ignored.path', fieldToOrg: 'notes_text', dataType: 'NUMBER', fieldType: 'CUSTOM', sampleData: 'x' },
      { fieldId: 'badgeNumber', fieldToOrg: ' badge-number ', sampleData: null },
    ]);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.msg.message).toBe('Successfully Edited');
    const afterAdd: Row[] = added.body.msg.data;
    expect(custom(afterAdd)).toEqual([['badgeNumber', 'badge-number', true], ['notes', 'notes_text', false]]);
    // An app field keeps the app's path, type and sample; a user-added one gets the defaults.
    expect(afterAdd.find((r) => r.fieldId === 'notes')).toMatchObject({ fieldFromApp: 'properties.notes', dataType: 'STRING', sampleData: 'Imported from the legacy system' });
    expect(afterAdd.find((r) => r.fieldId === 'badgeNumber')).toEqual({ fieldId: 'badgeNumber', fieldFromApp: 'badgeNumber', fieldToOrg: 'badge-number', dataType: 'STRING', fieldType: 'CUSTOM', sampleData: null, userAdded: true });
    expect((await read()).body.msg.data).toEqual(afterAdd);
    expect(await stored()).toHaveLength(initial.length + 1);

    // Edit: the edited row carries its new key, overriding the original.
    const edited = await save([{ fieldId: 'notes', fieldToOrg: 'legacy_notes' }, { fieldId: 'badgeNumber', fieldToOrg: 'badge-number' }]);
    expect(custom(edited.body.msg.data)).toEqual([['badgeNumber', 'badge-number', true], ['notes', 'legacy_notes', false]]);

    // Delete: rows not sent are dropped; a user-added row disappears, an app field is UNMAPPED again.
    const deleted = await save([{ fieldId: 'notes', fieldToOrg: 'legacy_notes' }]);
    expect(custom(deleted.body.msg.data)).toEqual([['notes', 'legacy_notes', false]]);
    expect(deleted.body.msg.data.some((r: Row) => r.fieldId === 'badgeNumber')).toBe(false);

    // Blank: nothing custom left; the table is the app's table again.
    const blank = await save([]);
    expect(blank.body.msg.data).toEqual(initial);
    expect(typeOf(blank.body.msg.data, 'notes')).toBe('UNMAPPED');
    expect((await stored()).filter((r) => r.field_type === 'CUSTOM')).toEqual([]);
  });

  it('says which field breaks which rule, word for word', async () => {
    const cases: [unknown[], string, string][] = [
      [[{ fieldToOrg: 'a' }], 'mappings.0.fieldId', 'Input missing'],
      [[{ fieldId: '', fieldToOrg: 'a' }], 'mappings.0.fieldId', 'Input missing'],
      [[{ fieldId: '   ', fieldToOrg: 'a' }], 'mappings.0.fieldId', 'Invalid Characters'],
      [[{ fieldId: 'x', fieldToOrg: 'a' }, { fieldId: 'X', fieldToOrg: 'b' }], 'mappings.1.fieldId', 'Field Value already Used'],
      [[{ fieldId: 'NOTES', fieldToOrg: 'a' }], 'mappings.0.fieldId', 'Field Value already Used'],
      [[{ fieldId: 'firstname', fieldToOrg: 'a' }], 'mappings.0.fieldId', 'Field Value already Used'],
      [[{ fieldId: 'x' }], 'mappings.0.fieldToOrg', 'Input missing'],
      [[{ fieldId: 'x', fieldToOrg: '   ' }], 'mappings.0.fieldToOrg', 'Input missing'],
      [[{ fieldId: 'x', fieldToOrg: 'has space' }], 'mappings.0.fieldToOrg', 'Invalid Characters'],
      [[{ fieldId: 'x', fieldToOrg: 'a.b' }], 'mappings.0.fieldToOrg', 'Invalid Characters'],
      [[{ fieldId: 'x', fieldToOrg: 'ünï' }], 'mappings.0.fieldToOrg', 'Invalid Characters'],
      [[{ fieldId: 'a', fieldToOrg: 'k1' }, { fieldId: 'b', fieldToOrg: 'k2' }, { fieldId: 'c', fieldToOrg: 'k3' }, { fieldId: 'd', fieldToOrg: 'K1' }], 'mappings.3.fieldToOrg', 'Field Value already Used'],
      [[{ fieldId: 'x', fieldToOrg: 'a', fieldType: 'DEFAULT' }], 'mappings.0.fieldType', 'Only CUSTOM rows can be saved'],
    ];
    await save([{ fieldId: 'notes', fieldToOrg: 'kept' }]);
    const before = await stored();
    for (const [mappings, field, msg] of cases) {
      const res = await save(mappings);
      expect([field, res.status, res.body.error]).toEqual([field, 400, { code: 'VALIDATION', field, msg }]);
    }
    // A refused list changes nothing.
    expect(await stored()).toEqual(before);
    const ok = await save([{ fieldId: 'x', fieldToOrg: 'ok-name_1' }, { fieldId: 'tags', fieldToOrg: 'Tag_List' }]);
    expect(custom(ok.body.msg.data)).toEqual([['tags', 'Tag_List', false], ['x', 'ok-name_1', true]]);
  });

  it('frees the keys of deleted and renamed rows within the same save', async () => {
    await save([{ fieldId: 'notes', fieldToOrg: 'region' }, { fieldId: 'badge', fieldToOrg: 'badge_key' }, { fieldId: 'tags', fieldToOrg: 'tag_list' }]);
    // notes takes the key of the deleted badge row; tags and a new row swap keys with a rename.
    const res = await save([{ fieldId: 'notes', fieldToOrg: 'BADGE_KEY' }, { fieldId: 'tags', fieldToOrg: 'region' }, { fieldId: 'desk', fieldToOrg: 'tag_list' }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(custom(res.body.msg.data)).toEqual([['desk', 'tag_list', true], ['notes', 'BADGE_KEY', false], ['tags', 'region', false]]);
    // Still unique among what is sent.
    expect((await save([{ fieldId: 'notes', fieldToOrg: 'region' }, { fieldId: 'tags', fieldToOrg: 'REGION' }])).body.error)
      .toMatchObject({ field: 'mappings.1.fieldToOrg', msg: 'Field Value already Used' });
  });

  it("keeps each account's and sub-category's table apart", async () => {
    const twin = await addAccount(t.engine.db, org.orgId, { created_at: t.clock.now(), origin_org_id: 'acme-43' });
    await save([{ fieldId: 'notes', fieldToOrg: 'mine' }]);
    const theirs = await read({ organizationDetails: ref(twin) });
    expect(custom(theirs.body.msg.data)).toEqual([]);
  });
});

describe('app.getDefaultMappingForApp', () => {
  const get = (query: Record<string, string>, token = org.token) => t.call('GET', '/api/app.getDefaultMappingForApp', { token, query });

  it("gives the app's rows without samples, and applies a preset's rows", async () => {
    const plain = await get({ appIdValue: 'bamboohr', subCategoryId: 'employee' });
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    expect(plain.body.msg).toMatchObject({ appId: 'bamboohr', subCategoryId: 'employee', presetId: null });
    expect(plain.body.msg.data.every((r: Row) => r.sampleData === null)).toBe(true);
    expect(custom(plain.body.msg.data)).toEqual([]);

    const created = await t.call('POST', '/api/app.saveCustomMappingPreset', { token: org.token, body: {
      presetName: 'HR keys', mode: 'app', appId: 'bamboohr',
      mappings: [{ subCategoryId: 'employee', mappings: [{ fieldId: 'notes', fieldToOrg: 'note' }, { fieldId: 'badge', fieldToOrg: 'badge', sampleData: 'B-1' }] }],
    } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const withPreset = await get({ appIdValue: 'bamboohr', subCategoryId: 'employee', presetId: created.body.msg.presetId });
    expect(withPreset.body.msg.presetId).toBe(created.body.msg.presetId);
    expect(custom(withPreset.body.msg.data)).toEqual([['badge', 'badge', true], ['notes', 'note', false]]);
    expect(withPreset.body.msg.data.find((r: Row) => r.fieldId === 'badge').sampleData).toBe('B-1');
  });

  it('answers 404 for unknown apps and presets of another organisation, 400 for a sub-category without mapping', async () => {
    expect((await get({ appIdValue: 'nope', subCategoryId: 'employee' })).status).toBe(404);
    expect((await get({ appIdValue: 'bamboohr', subCategoryId: 'ats_jobs' })).body.error).toMatchObject({ field: 'subCategoryId' });
    const other = await newOrg(t, 'other@rival.test');
    const theirs = await t.call('POST', '/api/app.saveCustomMappingPreset', { token: other.token, body: {
      presetName: 'Theirs', mode: 'app', appId: 'bamboohr', mappings: [{ subCategoryId: 'employee', mappings: [{ fieldId: 'notes', fieldToOrg: 'n' }] }],
    } });
    expect((await get({ appIdValue: 'bamboohr', subCategoryId: 'employee', presetId: theirs.body.msg.presetId })).body.error).toMatchObject({ code: 'NOT_FOUND', msg: 'Preset not found' });
  });
});

describe('mapping on the seeded demo', () => {
  it("reads and saves back a seeded account's table unchanged", async () => {
    const demo = await demoAdmin(t);
    const db = t.engine.db;
    const sample = await db.selectFrom('mapping_fields as f').innerJoin('integrated_accounts as a', 'a.id', 'f.integration_id')
      .select(['a.id', 'a.app_id', 'f.subcategory']).where('a.org_id', '=', demo.orgId).where('f.field_type', '=', 'CUSTOM')
      .where('a.integration_state', 'not in', ['Deactivated', 'Expired']).where('a.show_custom_fields', '=', 1).orderBy('a.id').limit(1).executeTakeFirstOrThrow();
    const body = { orgId: demo.orgId, organizationDetails: { integrationId: sample.id, appIdValue: sample.app_id }, subCategoryId: sample.subcategory };
    const res = await t.call('POST', '/api/app.data.customFields', { token: demo.token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows: Row[] = res.body.msg.data;
    const count = await db.selectFrom('mapping_fields').select(db.fn.countAll<number>().as('n')).where('integration_id', '=', sample.id).where('subcategory', '=', sample.subcategory).executeTakeFirstOrThrow();
    expect(rows).toHaveLength(Number(count.n));
    const mine = rows.filter((r) => r.fieldType === 'CUSTOM').map(({ userAdded: _u, ...r }) => r);
    expect(mine.length).toBeGreaterThan(0);
    const saved = await t.call('POST', '/api/app.data.customFields/save', { token: demo.token, body: { ...body, mappings: mine } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.msg.data).toEqual(rows);
    // The demo admin cannot see a fixture org's account.
    expect((await t.call('POST', '/api/app.data.customFields', { token: demo.token, body: { ...body, organizationDetails: ref() } })).status).toBe(404);
  });
});
