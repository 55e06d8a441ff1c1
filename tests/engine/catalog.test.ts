import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestEngine, type TestEngine } from '../support/engineHarness.ts';

// Catalog calls (apps list, capability matrix filters, category details, the /fcm rows), read from
// the reference data seedReferenceData loads at engine start. Read-only, so one engine per file.
let t: TestEngine;
let token: string;
let other: string;
const CATEGORY_ORDER = ['ACCOUNTING', 'HRIS', 'ATS', 'COMMS', 'ASSESSMENT', 'TICKETING', 'MEETING', 'E_SIGN', 'CRM', 'EMAIL', 'STORAGE', 'CALENDAR', 'EXPENSES', 'SUBSCRIPTION_MANAGEMENT'];
const sorted = (labels: string[]) => [...labels].sort((a, b) => a.localeCompare(b, 'en'));

beforeAll(async () => {
  t = await startTestEngine();
  token = await signUp(t, 'cat@acme.test', { apps: [{ label: 'Acme Payroll', category: 'Requested' }, { label: 'BambooHR', category: 'Requested' }] });
  other = await signUp(t, 'cat@globex.test', { orgName: 'Globex', apps: [{ label: 'Globex Ledger', category: 'Requested' }] });
});
afterAll(async () => { await t.close(); });

describe('app.appsList', () => {
  it('lists every catalog app by category then label, then the organisation\'s requested apps', async () => {
    const res = await t.call('GET', '/api/app.appsList', { token });
    expect(res.status).toBe(200);
    const list = res.body.msg as { category: string; label: string; id: string; setupSteps: unknown[] }[];
    const apps = await t.engine.db.selectFrom('apps').select(['id']).execute();
    expect(list.filter((e) => e.category !== 'Requested')).toHaveLength(apps.length);
    const catalog = list.filter((e) => e.category !== 'Requested');
    const categoryIndex = catalog.map((e) => CATEGORY_ORDER.indexOf(e.category));
    expect(categoryIndex).toEqual([...categoryIndex].sort((a, b) => a - b));
    const hris = catalog.filter((e) => e.category === 'HRIS').map((e) => e.label);
    expect(hris).toEqual(sorted(hris));
    // BambooHR is in the catalog, so only Acme Payroll is a requested entry.
    expect(list.filter((e) => e.category === 'Requested')).toEqual([
      { category: 'Requested', label: 'Acme Payroll', id: 'requested_acme-payroll', logo: null, authType: 'NONE', setupSteps: [], customFieldsSupport: {}, notSupportedSyncTypes: [], isCustomFieldsSupported: false },
    ]);
    const bamboo = list.find((e) => e.id === 'bamboohr')!;
    const steps = await t.engine.db.selectFrom('app_setup_steps').select(['step_id', 'setup_type']).where('app_id', '=', 'bamboohr').orderBy('position').execute();
    expect(bamboo.setupSteps).toEqual(steps.map((s) => ({ stepId: s.step_id, setupType: s.setup_type })));
  });

  it('narrows to one category and leaves requested apps out', async () => {
    const res = await t.call('GET', '/api/app.appsList', { token, query: { category: 'CRM' } });
    expect(res.status).toBe(200);
    expect(res.body.msg.length).toBeGreaterThan(0);
    expect(res.body.msg.every((e: { category: string }) => e.category === 'CRM')).toBe(true);
  });

  it('accepts the caller\'s own orgId and refuses another organisation\'s', async () => {
    const me = await t.call('GET', '/api/user.userDetails', { token });
    const mine = await t.call('GET', '/api/app.appsList', { token, query: { orgId: me.body.msg.orgId } });
    expect(mine.status).toBe(200);
    const theirs = await t.call('GET', '/api/app.appsList', { token: other, query: { orgId: me.body.msg.orgId } });
    expect(theirs.status).toBe(403);
  });

  it('keeps one organisation\'s requested apps from another', async () => {
    const res = await t.call('GET', '/api/app.appsList', { token: other });
    const requested = res.body.msg.filter((e: { category: string }) => e.category === 'Requested').map((e: { label: string }) => e.label);
    expect(requested).toEqual(['Globex Ledger']);
  });

  it('needs a session', async () => {
    expect((await t.call('GET', '/api/app.appsList')).status).toBe(401);
  });
});

describe('app.categoryList', () => {
  it('lists every category in enum order with its models, APIs and apps sorted by name', async () => {
    const res = await t.call('GET', '/api/app.categoryList', { token });
    expect(res.status).toBe(200);
    const list = res.body.msg as { categoryId: string; categoryLabel: string; models: { modelName: string }[]; api: { modelId: string; modelName: string }[]; apps: { label: string }[] }[];
    expect(list.map((c) => c.categoryId)).toEqual(CATEGORY_ORDER);
    expect(list.find((c) => c.categoryId === 'E_SIGN')!.categoryLabel).toBe('E-Sign');
    for (const c of list) {
      expect(c.models.map((m) => m.modelName)).toEqual(sorted(c.models.map((m) => m.modelName)));
      expect(c.api.map((m) => m.modelName)).toEqual(sorted(c.api.map((m) => m.modelName)));
      expect(c.apps.map((a) => a.label)).toEqual(sorted(c.apps.map((a) => a.label)));
    }
    const hrisApis = await t.engine.db.selectFrom('category_apis').select('api_id').where('category', '=', 'HRIS').execute();
    expect(list[1].api.map((a) => a.modelId).sort()).toEqual(hrisApis.map((a) => a.api_id).sort());
  });
});

describe('app.categoryDetails', () => {
  it('gives apps, APIs, models with fields and the feasibility map of the stored capabilities', async () => {
    const res = await t.call('GET', '/api/app.categoryDetails', { token, query: { category: 'HRIS' } });
    expect(res.status).toBe(200);
    const { apps, models, apis, feasibility } = res.body.msg;
    expect(apps.map((a: { label: string }) => a.label)).toEqual(sorted(apps.map((a: { label: string }) => a.label)));
    const profile = models.find((m: { modelId: string }) => m.modelId === 'employee_profile');
    expect(profile.fieldsList.map((f: { fieldId: string }) => f.fieldId)).toContain('firstName');
    expect(apis.length).toBeGreaterThan(0);
    const cell = await t.engine.db.selectFrom('capabilities').selectAll()
      .where('app_id', '=', 'bamboohr').where('kind', '=', 'field').where('target_id', '=', 'employee_profile').where('field_name', '=', 'firstName').executeTakeFirstOrThrow();
    expect(feasibility.bamboohr.employee_profile.fieldDetails.firstName).toEqual({ status: cell.status, notes: cell.notes });
    const api = await t.engine.db.selectFrom('capabilities').selectAll().where('app_id', '=', 'bamboohr').where('kind', '=', 'api').executeTakeFirstOrThrow();
    expect(feasibility.bamboohr[api.target_id]).toEqual({ status: api.status, notes: api.notes });
  });

  it('refuses a category outside the enum', async () => {
    const res = await t.call('GET', '/api/app.categoryDetails', { token, query: { category: 'NOPE' } });
    expect(res.status).toBe(400);
  });
});

describe('app.feasibility', () => {
  it('defaults to HRIS models: one row per field, one cell per app in label order', async () => {
    const res = await t.call('GET', '/api/app.feasibility', { token });
    expect(res.status).toBe(200);
    const msg = res.body.msg;
    expect(msg).toMatchObject({ category: 'HRIS', modelsOrApis: 'models' });
    expect(msg.totalRows).toBe(msg.rows.length);
    const fields = await t.engine.db.selectFrom('capabilities').select(['target_id', 'field_name']).distinct()
      .where('category', '=', 'HRIS').where('kind', '=', 'field').where('app_id', '=', 'bamboohr').execute();
    expect(msg.rows.length).toBe(fields.length);
    const row = msg.rows.find((r: { rowId: string }) => r.rowId === 'employee_profile.firstName');
    expect(row).toMatchObject({ kind: 'model', modelId: 'employee_profile', fieldId: 'firstName', fieldName: 'firstName' });
    expect(row.apps.map((c: { appId: string }) => c.appId)).toEqual(msg.apps.map((a: { id: string }) => a.id));
  });

  it('filters models and apps, ignores unknown ids, and falls back to the model cell', async () => {
    // A field without its own cell takes its model's.
    await t.engine.db.deleteFrom('capabilities').where('app_id', '=', 'workday').where('kind', '=', 'field')
      .where('target_id', '=', 'employee_profile').where('field_name', '=', 'lastName').execute();
    const model = await t.engine.db.selectFrom('capabilities').select(['status', 'notes']).where('app_id', '=', 'workday').where('kind', '=', 'model')
      .where('target_id', '=', 'employee_profile').executeTakeFirstOrThrow();
    const res = await t.call('GET', '/api/app.feasibility', { token, query: { category: 'HRIS', models: 'employee_profile,nope', apps: 'workday,bamboohr,ghost' } });
    expect(res.status).toBe(200);
    expect(res.body.msg.apps.map((a: { id: string }) => a.id)).toEqual(['bamboohr', 'workday']);
    expect(new Set(res.body.msg.rows.map((r: { modelId: string }) => r.modelId))).toEqual(new Set(['employee_profile']));
    const lastName = res.body.msg.rows.find((r: { fieldId: string }) => r.fieldId === 'lastName');
    expect(lastName.apps[1]).toEqual({ appId: 'workday', status: model.status, notes: model.notes });
  });

  it('lists APIs with null field columns, and falls back to APIs for a category without models', async () => {
    const apis = await t.call('GET', '/api/app.feasibility', { token, query: { category: 'HRIS', modelsOrApis: 'apis', apis: 'hris.employees.list' } });
    expect(apis.status).toBe(200);
    expect(apis.body.msg.rows).toHaveLength(1);
    expect(apis.body.msg.rows[0]).toMatchObject({ rowId: 'hris.employees.list', kind: 'api', fieldId: null, fieldName: null });
    const comms = await t.call('GET', '/api/app.feasibility', { token, query: { category: 'COMMS' } });
    expect(comms.status).toBe(200);
    expect(comms.body.msg.modelsOrApis).toBe('apis');
    const count = await t.engine.db.selectFrom('category_apis').select('api_id').where('category', '=', 'COMMS').execute();
    expect(comms.body.msg.totalRows).toBe(count.length);
  });

  it('answers null for a cell without any capability data', async () => {
    await t.engine.db.deleteFrom('capabilities').where('app_id', '=', 'gusto').where('kind', '=', 'api').where('target_id', '=', 'hris.employee.get').execute();
    const res = await t.call('GET', '/api/app.feasibility', { token, query: { modelsOrApis: 'apis', apis: 'hris.employee.get', apps: 'gusto' } });
    expect(res.body.msg.rows[0].apps).toEqual([{ appId: 'gusto', status: null, notes: null }]);
  });
});
