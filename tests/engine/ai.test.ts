import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../src/engine/migrations/index.ts';
import { createMigrator } from '../../src/engine/db/migrate.ts';
import { createSession } from '../../src/engine/services/sessions.ts';
import { type AiEngine, ok, startAiEngine } from '../support/aiFixtures.ts';
import { sampleRows } from '../support/sampleRows/index.ts';
import { createTestDatabase } from '../support/testDatabase.ts';

// The AI/connectors service's read side: connector lists, the app catalog, a connector's details,
// the feature flag, the calls left at 501, and the migration that normalises early rows. Changes:
// ai.changes.test.ts; chat sessions: ai.sessions.test.ts.
let ai: AiEngine;
let t: AiEngine['t'];
let id: AiEngine['id'];
beforeAll(async () => {
  ai = await startAiEngine();
  ({ t, id } = ai);
}, 60_000);
afterAll(async () => { await ai.t.close(); });

const get = (...args: Parameters<AiEngine['get']>) => ai.get(...args);

describe('connectors.list and connectors.list.live', () => {
  it('lists the organisation connectors latest change first, never deactivated ones', async () => {
    const msg = ok(await get('connectors.list'));
    expect(msg.connectorCount).toBe(3);
    expect(msg.connectors.map((c: { status: string }) => c.status).sort()).toEqual(['draft', 'live', 'testing']);
    const updated = msg.connectors.map((c: { updatedAt: number }) => c.updatedAt);
    expect(updated).toEqual([...updated].sort((a, b) => b - a));
    const live = msg.connectors.find((c: { connectorId: string }) => c.connectorId === id.live);
    const accounts = await t.engine.db.selectFrom('integrated_accounts').select('id').where('connector_id', '=', id.live).execute();
    expect(accounts.length).toBeGreaterThan(0);
    expect(live).toMatchObject({ name: 'Workday headcount agent', connectorName: 'Workday headcount agent', medium: 'sync', chatStep: 'live', createdBy: 'Dana Reyes', integrationCount: accounts.length });
    expect(live.apps[0]).toMatchObject({ appId: 'workday', label: 'Workday', category: 'HRIS' });
  });

  it('filters by status, connectorId, search, app, medium and creator', async () => {
    for (const status of ['live', 'testing', 'draft'] as const) {
      const msg = ok(await get('connectors.list', { status }));
      expect(msg.connectors.map((c: { connectorId: string }) => c.connectorId)).toEqual([id[status]]);
    }
    expect(ok(await get('connectors.list', { status: 'all' })).connectorCount).toBe(3);
    expect(ok(await get('connectors.list', { connectorId: id.testing })).connectors[0].connectorId).toBe(id.testing);
    expect(ok(await get('connectors.list', { connectorId: id.testing, status: 'live' })).connectors).toEqual([]);
    expect(ok(await get('connectors.list', { search: 'HUBSPOT' })).connectors[0].connectorId).toBe(id.draft);
    expect(ok(await get('connectors.list', { search: 'interview' })).connectors[0].connectorId).toBe(id.testing);
    expect(ok(await get('connectors.list', { appId: 'salesforce' })).connectorCount).toBe(1);
    expect(ok(await get('connectors.list', { medium: 'webhook' })).connectors.map((c: { connectorId: string }) => c.connectorId)).toEqual([id.draft]);
    expect(ok(await get('connectors.list', { createdBy: 'Dana Reyes' })).connectorCount).toBe(3);
    expect(ok(await get('connectors.list', { createdBy: 'nobody' })).connectorCount).toBe(0);
    expect((await get('connectors.list', { status: 'deactivated' })).status).toBe(400);
  });

  it('answers 404 for an unknown, deactivated or other organisation connectorId', async () => {
    for (const connectorId of ['con_nope', id.deactivated]) expect((await get('connectors.list', { connectorId })).status).toBe(404);
    expect((await get('connectors.list', { connectorId: id.live }, ai.other.token)).status).toBe(404);
    expect(ok(await get('connectors.list', {}, ai.other.token))).toEqual({ connectors: [], connectorCount: 0 });
  });

  it('lists live connectors by name for pickers', async () => {
    expect(ok(await get('connectors.list.live')).connectors.map((c: { connectorId: string }) => c.connectorId)).toEqual([id.live]);
    expect(ok(await get('connectors.list.live', { search: 'workday' })).connectors).toHaveLength(1);
    expect(ok(await get('connectors.list.live', { appId: 'greenhouse' })).connectors).toHaveLength(0);
  });
});

describe('ai.apps.list', () => {
  it('pages the catalog by label without sandbox apps, by number or by cursor', async () => {
    const first = ok(await get('ai.apps.list', { limit: 10 }));
    expect(first.apps).toHaveLength(10);
    expect(first.hasMoreRecords).toBe(true);
    const labels = first.apps.map((a: { label: string }) => a.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(first.apps.every((a: { appId: string; unifiedApiSupported: boolean }) => !a.appId.startsWith('sandbox-') && a.unifiedApiSupported)).toBe(true);
    const byNumber = ok(await get('ai.apps.list', { limit: 10, pageNo: 2 }));
    const byCursor = ok(await get('ai.apps.list', { limit: 10, pageNo: 2, cursor: first.nextCursor }));
    expect(byCursor.apps).toEqual(byNumber.apps);
    expect((await get('ai.apps.list', { limit: 10, search: 'sales', cursor: first.nextCursor })).status).toBe(400);
    const crm = ok(await get('ai.apps.list', { category: 'CRM', search: 'SALESF' }));
    expect(crm.apps.map((a: { appId: string }) => a.appId)).toEqual(['salesforce']);
    expect(crm.apps[0]).toMatchObject({ authType: 'OAUTH', category: 'CRM', docsUrl: 'https://salesforce.com' });
    expect(crm).toMatchObject({ hasMoreRecords: false, nextCursor: null });
  });
});

describe('connector details', () => {
  it('gives the configuration, empty where a draft has not got yet', async () => {
    const live = ok(await get('connector.config', { connectorId: id.live })).config;
    expect(live).toMatchObject({ status: 'live', medium: 'sync', version: 3, auth: { authType: 'OTHER', setupType: 'FORM', scopes: [] }, webhookEvents: ['headcount.updated'] });
    expect(live.sync.models).toEqual(['workers', 'departments']);
    expect(live.apis).toEqual([{ apiId: 'api_headcount', name: 'Headcount by department', method: 'GET', path: '/headcount' }]);
    expect(live.publishedAt).toBeGreaterThan(0);
    const draft = ok(await get('connector.config', { connectorId: id.draft })).config;
    expect(draft).toMatchObject({ status: 'draft', medium: 'webhook', sync: null, webhookEvents: [], apis: [], publishedAt: null, chatStep: 'select_apps' });
  });

  it('summarises capabilities, 30-day usage and the latest test', async () => {
    const s = ok(await get('connector.summary', { connectorId: id.live })).summary;
    const db = t.engine.db;
    const accounts = await db.selectFrom('integrated_accounts').select(['id', 'integration_state']).where('connector_id', '=', id.live).execute();
    const runs = await db.selectFrom('sync_runs').innerJoin('sync_jobs', 'sync_jobs.id', 'sync_runs.job_id').select('sync_runs.id')
      .where('sync_jobs.connector_id', '=', id.live).where('sync_runs.started_at', '>=', t.clock.now() - 30 * 86_400_000).execute();
    expect(runs.length).toBeGreaterThan(0);
    expect(s.stats).toMatchObject({ integrationCount: accounts.length, activeIntegrationCount: accounts.filter((a) => a.integration_state === 'Success').length, syncRuns: runs.length });
    expect(s.capabilities).toEqual({ models: ['workers', 'departments'], apis: ['Headcount by department'], events: ['headcount.updated'] });
    expect(s.lastTest).toMatchObject({ kind: 'sync', status: 'passed', connectorId: id.live });
    expect(s.workflowStepCount).toBe(4);
    expect(ok(await get('connector.summary', { connectorId: id.draft })).summary).toMatchObject({ lastTest: null, workflowStepCount: 0, stats: { integrationCount: 0, syncRuns: 0 } });
  });

  it('gives API schemas, narrowed by apiId', async () => {
    const all = ok(await get('connector.api.schema', { connectorId: id.live }));
    expect(all.apis[0]).toMatchObject({ apiId: 'api_headcount', requestSchema: { type: 'object' }, sampleInput: { query: { department: 'Engineering' } } });
    expect(ok(await get('connector.api.schema', { connectorId: id.live, apiId: 'api_headcount' })).apis).toHaveLength(1);
    expect((await get('connector.api.schema', { connectorId: id.live, apiId: 'api_nope' })).status).toBe(404);
    expect(ok(await get('connector.api.schema', { connectorId: id.draft })).apis).toEqual([]);
  });

  it('gives the connect screens once configure_auth is done', async () => {
    const live = ok(await get('setup.ui.metadata', { connectorId: id.live })).setup;
    expect(live).toMatchObject({ authType: 'OTHER', steps: [{ setupType: 'FORM', title: 'Connect Workday' }] });
    expect(live.steps[0].fields.map((f: { name: string }) => f.name)).toEqual(['tenant', 'username', 'password']);
    expect(ok(await get('setup.ui.metadata', { connectorId: id.draft })).setup.steps).toEqual([]);
  });

  it('gives the filter choices of both connectors screens from data', async () => {
    const list = ok(await get('connector.filtersMetaData')).filters;
    expect(list.map((f: { key: string }) => f.key)).toEqual(['status', 'appId', 'medium', 'createdBy', 'search']);
    expect(list[0]).toMatchObject({ kind: 'select', default: 'all', options: [{ value: 'all' }, { value: 'draft' }, { value: 'testing' }, { value: 'live' }] });
    expect(list[1].options.map((o: { value: string }) => o.value).sort()).toEqual(['greenhouse', 'hubspot', 'salesforce', 'workday']);
    expect(list[3].options).toEqual([{ value: 'Dana Reyes', label: 'Dana Reyes' }]);
    const one = ok(await get('connector.filtersMetaData', { connectorId: id.live })).filters;
    expect(one.map((f: { key: string }) => f.key)).toEqual(['integrationState', 'appId', 'originOrgId', 'search']);
    expect(one[0].options.map((o: { value: string }) => o.value)).toEqual(['all', 'success', 'error', 'email_sent', 'in_validation', 'deactivated', 'expired']);
    expect(one[2].options.length).toBeGreaterThan(0);
  });

  it('pages the integrations of a connector with filters and a total', async () => {
    const accounts = await t.engine.db.selectFrom('integrated_accounts').select(['id', 'origin_org_id', 'created_at']).where('connector_id', '=', id.live)
      .orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    const first = ok(await get('connector.integrations', { connectorId: id.live, limit: 1 }));
    expect(first).toMatchObject({ integrationCount: accounts.length, hasMoreRecords: accounts.length > 1 });
    expect(first.integrations[0].integrationId).toBe(accounts[0].id);
    expect(first.integrations[0].lastSyncedAt).not.toBeNull();
    if (accounts.length > 1) {
      const second = ok(await get('connector.integrations', { connectorId: id.live, limit: 1, pageNo: 2, cursor: first.nextCursor }));
      expect(second.integrations[0].integrationId).toBe(accounts[1].id);
      expect(ok(await get('connector.integrations', { connectorId: id.live, limit: 1, pageNo: 2 })).integrations).toEqual(second.integrations);
    }
    const org = ok(await get('connector.integrations', { connectorId: id.live, originOrgId: accounts[0].origin_org_id }));
    expect(org.integrations.every((a: { originOrgId: string }) => a.originOrgId === accounts[0].origin_org_id)).toBe(true);
    expect(ok(await get('connector.integrations', { connectorId: id.live, search: accounts[0].id.toUpperCase() })).integrationCount).toBe(1);
    expect(ok(await get('connector.integrations', { connectorId: id.live, integrationState: 'expired' })).integrationCount).toBe(0);
    expect(ok(await get('connector.integrations', { connectorId: id.draft }))).toEqual({ integrations: [], integrationCount: 0, hasMoreRecords: false, nextCursor: null });
  });

  it("answers 404 for another organisation's connector on every detail call", async () => {
    for (const call of ['connector.config', 'connector.summary', 'connector.api.schema', 'setup.ui.metadata', 'connector.filtersMetaData', 'connector.integrations', 'workflow.steps']) {
      const res = await get(call, { connectorId: id.live }, ai.other.token);
      expect({ call, status: res.status }).toEqual({ call, status: 404 });
    }
    expect((await get('connector.config', { connectorId: id.deactivated })).status).toBe(404);
  });
});

describe('access', () => {
  it('refuses a user without the ai_connectors flag (the demo member has it off)', async () => {
    const member = await t.engine.db.selectFrom('users').select('id').where('org_id', '=', ai.demo.orgId).where('role', '=', 'member').where('is_verified', '=', 1)
      .executeTakeFirstOrThrow();
    const token = await createSession(t.engine.db, t.engine.config, t.clock.now(), member.id, ai.demo.orgId);
    for (const res of [await get('connectors.list', {}, token), await ai.post('session.initialize', {}, token), await ai.post('connector.deactivate', { connectorId: id.draft }, token)]) {
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({ code: 'FORBIDDEN', msg: 'This feature (ai_connectors) is not enabled for your account' });
    }
    expect(ok(await get('connectors.list', { connectorId: id.draft })).connectorCount).toBe(1);
  });

  it('leaves the calls that need a language model or live app APIs at 501', async () => {
    const calls: [string, 'GET' | 'POST', string, unknown][] = [
      ['session.chat', 'POST', 'sessionChat', { sessionId: 'ais_x', message: 'hi' }],
      ['session.test', 'POST', 'sessionTest', { sessionId: 'ais_x', integrationId: 'int_x', kinds: ['sync'] }],
      ['ai.sync.test.results', 'GET', 'aiSyncTestResults', { connectorId: id.live }],
      ['ai.sync.test.replay', 'POST', 'aiSyncTestReplay', { connectorId: id.live, testId: 'tst_x' }],
      ['ai.api.test', 'POST', 'aiApiTest', { connectorId: id.live, integrationId: 'int_x', apiId: 'api_headcount', input: {} }],
      ['ai.api.test.results', 'GET', 'aiApiTestResults', { connectorId: id.live }],
      ['workflow.step.code.edit', 'POST', 'workflowStepCodeEdit', { connectorId: id.live, stepId: 'stp_x', instruction: 'Faster' }],
    ];
    for (const [call, method, operationId, input] of calls) {
      const res = method === 'GET' ? await get(call, input as Record<string, string>) : await ai.post(call, input);
      expect({ call, status: res.status, error: res.body.error }).toEqual({ call, status: 501, error: { code: 'NOT_IMPLEMENTED', msg: `Not implemented: ${operationId}` } });
    }
  });
});

describe('migration 20261125120000_ai_connector_building', () => {
  it('normalises connectors written before it and gives them their session rows', async () => {
    const db = await createTestDatabase({ migrate: false });
    const migrator = await createMigrator(db.db);
    const names = Object.keys(migrations);
    await migrator.migrateTo(names[names.indexOf('20261125120000_ai_connector_building') - 1]);
    const raw = db.db as any;
    for (const table of ['clusters', 'plans', 'organisations'] as const) await raw.insertInto(table).values(sampleRows[table]).execute();
    await raw.insertInto('connectors').values({ id: 'con_a', org_id: 'org_1', name: 'A', created_by: 'Ada', medium: 'chat', apps_json: '[{"id":"workday","label":"Workday"}]', status: 'live', session_id: 'ais_a', chat_step: 'completed', config_json: '{"goal":"Count people"}', created_at: 1000, updated_at: 2000 }).execute();
    await raw.insertInto('connectors').values({ id: 'con_b', org_id: 'org_1', name: 'B', created_by: null, medium: null, status: 'testing', session_id: 'ais_b', chat_step: 'test_sync', created_at: 1000, updated_at: 2000 }).execute();
    for (const [role, text, at] of [['user', 'Count people daily', 3000], ['assistant', 'Done', 4000]] as const) {
      await raw.insertInto('ai_session_messages').values({ org_id: 'org_1', session_id: 'ais_a', connector_id: 'con_a', role, content_json: JSON.stringify({ text }), created_at: at }).execute();
    }
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await raw.selectFrom('connectors').select(['id', 'medium', 'chat_step', 'description']).orderBy('id').execute()).toEqual([
      { id: 'con_a', medium: 'sync', chat_step: 'live', description: 'Count people' },
      { id: 'con_b', medium: 'sync', chat_step: 'test', description: '' },
    ]);
    expect(await raw.selectFrom('ai_sessions').select(['id', 'status', 'chat_step', 'completed_steps_json', 'message_count', 'title', 'last_message_preview', 'updated_at']).orderBy('id').execute()).toEqual([
      { id: 'ais_a', status: 'completed', chat_step: 'live', completed_steps_json: '["describe","select_apps","configure_auth","define_schema","build_workflow","test","review"]', message_count: 2, title: 'Count people daily', last_message_preview: 'Done', updated_at: 4000 },
      { id: 'ais_b', status: 'active', chat_step: 'test', completed_steps_json: '["describe","select_apps","configure_auth","define_schema","build_workflow"]', message_count: 0, title: 'B', last_message_preview: '', updated_at: 2000 },
    ]);
    expect((await raw.selectFrom('ai_session_messages').select('chat_step').execute()).map((r: { chat_step: string }) => r.chat_step)).toEqual(['live', 'live']);
    await db.cleanup();
  });
});
