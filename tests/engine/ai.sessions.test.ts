import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AiEngine, ok, startAiEngine } from '../support/aiFixtures.ts';

// Connector-building chat sessions: starting and resuming them, their messages and history, and
// the action buttons as transitions of the chatStep machine, publish and discard included.
let ai: AiEngine;
let id: AiEngine['id'];
beforeAll(async () => {
  ai = await startAiEngine();
  ({ id } = ai);
}, 60_000);
afterAll(async () => { await ai.t.close(); });

const db = () => ai.t.engine.db;
const act = (sessionId: string, action: string, extra: object = {}) => ai.post('session.action', { sessionId, action, ...extra });
const step = async (sessionId: string, action: string, extra: object = {}) => ok(await act(sessionId, action, extra));

describe('session.initialize', () => {
  it('starts a draft connector at describe with the welcome and the prompt', async () => {
    const msg = ok(await ai.post('session.initialize', { prompt: '  Sync open Salesforce deals to my webhook  ', medium: 'webhook' }));
    expect(msg.session).toMatchObject({ connectorName: 'Untitled connector', connectorStatus: 'draft', status: 'active', chatStep: 'describe', completedSteps: [] });
    expect(msg.messages.map((m: { role: string; content: string }) => [m.role, m.content])).toEqual([
      ['assistant', 'Hi! Tell me what your connector should do.'], ['user', 'Sync open Salesforce deals to my webhook'],
    ]);
    const row = ok(await ai.get('connectors.list', { connectorId: msg.session.connectorId })).connectors[0];
    expect(row).toMatchObject({ name: 'Untitled connector', status: 'draft', medium: 'webhook', sessionId: msg.session.sessionId, chatStep: 'describe', description: 'Sync open Salesforce deals to my webhook', apps: [] });
  });

  it('takes apps up front (select_apps done) and refuses unknown ones', async () => {
    const msg = ok(await ai.post('session.initialize', { appIds: ['salesforce', 'hubspot'] }));
    expect(msg.session).toMatchObject({ chatStep: 'describe', completedSteps: ['select_apps'] });
    expect(msg.messages.map((m: { content: string }) => m.content)).toEqual(['Hi! Tell me what your connector should do.', 'Apps selected: Salesforce, HubSpot.']);
    const config = ok(await ai.get('connector.config', { connectorId: msg.session.connectorId })).config;
    expect(config).toMatchObject({ medium: 'sync', auth: { authType: 'OAUTH', setupType: 'OAUTH' } });
    expect(config.apps.map((a: { appId: string }) => a.appId)).toEqual(['salesforce', 'hubspot']);
    const unknown = await ai.post('session.initialize', { appIds: ['salesforce', 'nope'] });
    expect(unknown.body.error).toMatchObject({ msg: 'App not found', field: 'appIds.1' });
    expect((await ai.post('session.initialize', { appIds: ['sandbox-hris-form'] })).status).toBe(400);
  });

  it('resumes a draft where it stands, and opens (then resumes) an editing session on a live connector', async () => {
    const draft = await db().selectFrom('connectors').select('session_id').where('id', '=', id.draft).executeTakeFirstOrThrow();
    const resumed = ok(await ai.post('session.initialize', { connectorId: id.draft }));
    expect(resumed.session).toMatchObject({ sessionId: draft.session_id, chatStep: 'select_apps', completedSteps: ['describe'], connectorName: 'Deal summariser' });
    expect(resumed.messages.at(-1)).toMatchObject({ role: 'assistant', actions: [{ action: 'confirm_step', label: 'Looks good, continue' }] });
    for (const extra of [{ prompt: 'hi' }, { appIds: ['salesforce'] }, { medium: 'api' }]) {
      const res = await ai.post('session.initialize', { connectorId: id.draft, ...extra });
      expect(res.body.error).toMatchObject({ code: 'VALIDATION', field: Object.keys(extra)[0] });
    }
    const edit = ok(await ai.post('session.initialize', { connectorId: id.live, prompt: 'Add the cost centre' }));
    expect(edit.session).toMatchObject({ connectorStatus: 'live', chatStep: 'review', completedSteps: ['describe', 'select_apps', 'configure_auth', 'define_schema', 'build_workflow', 'test'] });
    expect(edit.messages.map((m: { role: string }) => m.role)).toEqual(['system', 'user']);
    const again = ok(await ai.post('session.initialize', { connectorId: id.live }));
    expect(again.session.sessionId).toBe(edit.session.sessionId);
    expect(ok(await ai.get('connectors.list', { connectorId: id.live })).connectors[0]).toMatchObject({ status: 'live', sessionId: edit.session.sessionId, chatStep: 'review' });
    expect((await ai.post('session.initialize', { connectorId: id.deactivated })).status).toBe(404);
    expect((await ai.post('session.initialize', { connectorId: id.draft }, ai.other.token)).status).toBe(404);
  });
});

describe('session.messages and session.history', () => {
  it('pages messages newest first with a cursor', async () => {
    const sessionId = (await db().selectFrom('connectors').select('session_id').where('id', '=', id.testing).executeTakeFirstOrThrow()).session_id!;
    const all = ok(await ai.get('session.messages', { sessionId }));
    expect(all.nextCursor).toBeNull();
    expect(all.messages[all.messages.length - 1]).toMatchObject({ role: 'user', content: 'Pull interview scorecards into candidate profiles', chatStep: 'describe' });
    const pages: string[][] = [];
    let cursor: string | undefined;
    do {
      const page = ok(await ai.get('session.messages', { sessionId, limit: 2, ...(cursor ? { cursor } : {}) }));
      pages.push(page.messages.map((m: { messageId: string }) => m.messageId));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(pages.flat()).toEqual(all.messages.map((m: { messageId: string }) => m.messageId));
    expect((await ai.get('session.messages', { sessionId, cursor: 'bad!' })).status).toBe(400);
    expect((await ai.get('session.messages', { sessionId }, ai.other.token)).status).toBe(404);
  });

  it('lists sessions by latest activity with connector, status and search filters', async () => {
    const all = ok(await ai.get('session.history', { limit: 100 }));
    const updated = all.sessions.map((s: { updatedAt: number }) => s.updatedAt);
    expect(updated).toEqual([...updated].sort((a, b) => b - a));
    expect(all.sessions.some((s: { connectorId: string }) => s.connectorId === id.deactivated)).toBe(false);
    const testing = ok(await ai.get('session.history', { connectorId: id.testing })).sessions;
    expect(testing).toEqual([expect.objectContaining({ connectorName: 'Greenhouse interview notes', title: 'Pull interview scorecards into candidate profiles', status: 'active', chatStep: 'test', messageCount: 4, createdBy: 'Dana Reyes' })]);
    expect(testing[0].lastMessagePreview).toMatch(/^The sync test failed/);
    expect(ok(await ai.get('session.history', { search: 'GREENHOUSE' })).sessions.map((s: { connectorId: string }) => s.connectorId)).toEqual([id.testing]);
    expect(ok(await ai.get('session.history', { status: 'completed' })).sessions.every((s: { status: string }) => s.status === 'completed')).toBe(true);
    const first = ok(await ai.get('session.history', { limit: 1 }));
    const second = ok(await ai.get('session.history', { limit: 1, cursor: first.nextCursor }));
    expect(second.sessions[0].sessionId).toBe(all.sessions[1].sessionId);
    expect(ok(await ai.get('session.history', {}, ai.other.token)).sessions).toEqual([]);
  });
});

describe('session.action', () => {
  it('walks a new connector from describe to live', async () => {
    const { session } = ok(await ai.post('session.initialize', { prompt: 'Headcount to our warehouse', medium: 'sync' }));
    const s = session.sessionId;
    expect((await act(s, 'go_back')).status).toBe(409);
    let msg = await step(s, 'confirm_step');
    expect(msg.session).toMatchObject({ chatStep: 'select_apps', completedSteps: ['describe'] });
    expect(msg.messages).toEqual([expect.objectContaining({ role: 'system', content: 'Step describe confirmed.', chatStep: 'select_apps', actions: [] })]);
    expect((await act(s, 'confirm_step')).body.error).toMatchObject({ code: 'CONFLICT', msg: 'Please select at least one app' });
    expect((await act(s, 'select_apps')).body.error).toMatchObject({ msg: 'Please select at least one app', field: 'appIds' });
    expect((await act(s, 'select_apps', { appIds: [] })).body.error).toMatchObject({ msg: 'Please select at least one app', field: 'appIds' });
    expect((await act(s, 'select_apps', { appIds: ['nope'] })).body.error).toMatchObject({ field: 'appIds.0' });
    msg = await step(s, 'select_apps', { appIds: ['bamboohr'] });
    expect(msg.session).toMatchObject({ chatStep: 'configure_auth', completedSteps: ['describe', 'select_apps'] });
    expect(msg.messages[0].content).toBe('Apps selected: BambooHR.');
    expect((await act(s, 'select_apps', { appIds: ['workday'] })).status).toBe(409);
    expect((await act(s, 'skip_step')).status).toBe(409);
    msg = await step(s, 'confirm_step');
    expect(msg.session.chatStep).toBe('define_schema');
    msg = await step(s, 'go_back');
    expect(msg.session).toMatchObject({ chatStep: 'configure_auth', completedSteps: ['describe', 'select_apps'] });
    await step(s, 'confirm_step');
    msg = await step(s, 'skip_step');
    expect(msg.session).toMatchObject({ chatStep: 'build_workflow', completedSteps: ['describe', 'select_apps', 'configure_auth', 'define_schema'] });
    expect(msg.messages[0].content).toBe('Step define_schema skipped.');

    // The workflow is the assistant's work (session.chat): here it is written as the assistant would.
    const connectorId = session.connectorId;
    expect((await act(s, 'confirm_step')).body.error.msg).toBe('The workflow has no steps yet');
    const now = ai.t.clock.now();
    await db().insertInto('connector_workflow_steps').values({ id: 'stp_ai_1', org_id: ai.demo.orgId, connector_id: connectorId, position: 1, name: 'Fetch', type: 'api_call', language: 'javascript', code: 'export default 1;', updated_by: 'assistant', created_at: now, updated_at: now }).execute();
    msg = await step(s, 'confirm_step');
    expect(msg.session).toMatchObject({ chatStep: 'test', connectorStatus: 'testing' });
    msg = await step(s, 'confirm_step');
    expect(msg.session.chatStep).toBe('review');
    expect((await act(s, 'confirm_step')).status).toBe(409);

    const version = ok(await ai.get('connector.config', { connectorId })).config.version;
    const publish = await act(s, 'publish');
    expect(publish.body.error).toMatchObject({ code: 'CONFLICT', msg: `Publishing needs a passed sync or API test of the current version (${version})` });
    await db().insertInto('connector_tests').values({ id: 'tst_ai_old', org_id: ai.demo.orgId, connector_id: connectorId, kind: 'sync', status: 'passed', connector_version: version - 1, started_at: now }).execute();
    expect((await act(s, 'publish')).status).toBe(409);
    await db().insertInto('connector_tests').values({ id: 'tst_ai_1', org_id: ai.demo.orgId, connector_id: connectorId, kind: 'sync', status: 'passed', connector_version: version, started_at: now }).execute();
    msg = await step(s, 'publish');
    expect(msg.session).toMatchObject({ status: 'completed', chatStep: 'live', connectorStatus: 'live', completedSteps: ['describe', 'select_apps', 'configure_auth', 'define_schema', 'build_workflow', 'test', 'review'] });
    expect(ok(await ai.get('connector.config', { connectorId })).config).toMatchObject({ status: 'live', chatStep: 'live', publishedAt: ai.t.clock.now() });
    const inactive = await act(s, 'go_back');
    expect(inactive.body.error).toMatchObject({ code: 'CONFLICT', msg: 'This session is no longer active' });
  });

  it('discards: a never-published connector is deleted, a live one keeps serving', async () => {
    const { session } = ok(await ai.post('session.initialize', { prompt: 'Throwaway' }));
    const discarded = await step(session.sessionId, 'discard');
    expect(discarded).toMatchObject({ session: { status: 'discarded', connectorStatus: 'draft' }, messages: [] });
    expect((await ai.get('connector.config', { connectorId: session.connectorId })).status).toBe(404);

    const edit = ok(await ai.post('session.initialize', { connectorId: id.live })).session;
    await step(edit.sessionId, 'discard');
    const live = ok(await ai.get('connectors.list', { connectorId: id.live })).connectors[0];
    expect(live).toMatchObject({ status: 'live', chatStep: 'live' });
    expect(live.sessionId).not.toBe(edit.sessionId);
  });

  it('answers 501 to regenerate and 404 to unknown or foreign sessions', async () => {
    const sessionId = (await db().selectFrom('connectors').select('session_id').where('id', '=', id.testing).executeTakeFirstOrThrow()).session_id!;
    const regenerate = await act(sessionId, 'regenerate');
    expect(regenerate.status).toBe(501);
    expect(regenerate.body.error).toEqual({ code: 'NOT_IMPLEMENTED', msg: 'Not implemented: sessionAction regenerate' });
    expect((await act('ais_nope', 'confirm_step')).status).toBe(404);
    expect((await ai.post('session.action', { sessionId, action: 'confirm_step' }, ai.other.token)).status).toBe(404);
  });
});
