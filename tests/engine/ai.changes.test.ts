import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/engine/services/tokens.ts';
import { signingSecretOf } from '../../src/engine/services/webhookSigningSecret.ts';
import { verifies } from '../support/webhookReceiver.ts';
import { type AiEngine, ok, startAiEngine } from '../support/aiFixtures.ts';

// The AI/connectors service's changes: custom connectors, workflow code saves with their version
// guard, test-account auth sessions, webhook tests (posted to a real HTTP server started here)
// and deleting a connector.
let ai: AiEngine;
let id: AiEngine['id'];
interface Received { headers: IncomingHttpHeaders; body: string }
let server: Server;
let hookUrl: string;
let answer = 200;
const received: Received[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => { body += c; });
    req.on('end', () => { received.push({ headers: req.headers, body }); res.statusCode = answer; res.end('ok'); });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/ai`;
  // Loopback is refused unless allow-listed: the engine lists this receiver only.
  ai = await startAiEngine({ outboundAllowHosts: [new URL(hookUrl).host] });
  ({ id } = ai);
}, 60_000);
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await ai.t.close();
});

const db = () => ai.t.engine.db;
const custom = { name: 'Acme ERP invoices', appName: 'Acme ERP', baseUrl: 'https://api.acme-erp.test/v2', docsUrl: 'https://docs.acme-erp.test', authType: 'BASIC', medium: 'sync', category: 'ACCOUNTING', description: 'Sync posted invoices daily.' };

describe('connector.custom.add', () => {
  it('creates the custom app, a draft connector and its session at configure_auth', async () => {
    const msg = ok(await ai.post('connector.custom.add', custom));
    expect(msg.connector).toMatchObject({ name: 'Acme ERP invoices', status: 'draft', medium: 'sync', chatStep: 'configure_auth', description: 'Sync posted invoices daily.', createdBy: 'Dana Reyes', integrationCount: 0 });
    expect(msg.connector.apps).toEqual([{ appId: 'custom_acme_erp', label: 'Acme ERP', logo: null, category: 'ACCOUNTING' }]);
    expect(msg.session).toMatchObject({ connectorId: msg.connector.connectorId, status: 'active', chatStep: 'configure_auth', completedSteps: ['describe', 'select_apps'], connectorStatus: 'draft' });
    const messages = ok(await ai.get('session.messages', { sessionId: msg.session.sessionId })).messages;
    expect(messages.map((m: { role: string; content: string }) => [m.role, m.content])).toEqual([['user', 'Sync posted invoices daily.'], ['system', 'Custom app Acme ERP added (https://api.acme-erp.test/v2).']]);
    expect(ok(await ai.get('connector.config', { connectorId: msg.connector.connectorId })).config.auth).toEqual({ authType: 'BASIC', setupType: 'FORM', scopes: [] });
    const apps = ok(await ai.get('ai.apps.list', { search: 'acme erp' })).apps;
    expect(apps).toEqual([expect.objectContaining({ appId: 'custom_acme_erp', unifiedApiSupported: false, authType: 'BASIC', docsUrl: 'https://docs.acme-erp.test' })]);
    expect(ok(await ai.get('ai.apps.list', { search: 'acme erp' }, ai.other.token)).apps).toEqual([]);
  });

  it("refuses a name in use (any case) and a base URL that isn't https", async () => {
    const taken = await ai.post('connector.custom.add', { ...custom, name: 'WORKDAY headcount AGENT' });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ msg: 'Connector name already exists', field: 'name' });
    const http = await ai.post('connector.custom.add', { ...custom, name: 'Other', baseUrl: 'http://api.acme-erp.test' });
    expect(http.status).toBe(400);
    expect(http.body.error).toMatchObject({ msg: 'Please add a valid URL', field: 'baseUrl' });
    // The name of a deleted connector is free again; another organisation's names never clash.
    expect((await ai.post('connector.custom.add', { ...custom, name: 'Ticket triage assistant' })).status).toBe(200);
    expect((await ai.post('connector.custom.add', { ...custom, name: 'Workday headcount agent' }, ai.other.token)).status).toBe(200);
  });
});

describe('workflow steps', () => {
  it('lists steps in order with their latest run and gives one with its code', async () => {
    const msg = ok(await ai.get('workflow.steps', { connectorId: id.live }));
    expect(msg.version).toBe(3);
    expect(msg.steps.map((s: { order: number; type: string }) => [s.order, s.type])).toEqual([[1, 'trigger'], [2, 'api_call'], [3, 'transform'], [4, 'output']]);
    expect(msg.steps.every((s: { lastRunStatus: string; edited: boolean; updatedBy: string }) => s.lastRunStatus === 'passed' && !s.edited && s.updatedBy === 'assistant')).toBe(true);
    const step = ok(await ai.get('workflow.step.detail', { connectorId: id.live, stepId: msg.steps[1].stepId })).step;
    expect(step).toMatchObject({ name: 'Fetch workers', language: 'typescript', version: 1, lastRun: { status: 'passed', logs: ['13 pages fetched'] } });
    expect(step.code).toContain("ctx.http.paginate('/workers'");
    expect(ok(await ai.get('workflow.steps', { connectorId: id.draft })).steps).toEqual([]);
    expect((await ai.get('workflow.step.detail', { connectorId: id.live, stepId: 'stp_nope' })).status).toBe(404);
    expect((await ai.get('workflow.step.detail', { connectorId: id.testing, stepId: msg.steps[1].stepId })).status).toBe(404);
  });

  it('saves code over the version it started from, and 409s a stale one', async () => {
    const steps = ok(await ai.get('workflow.steps', { connectorId: id.live })).steps;
    const stepId = steps[2].stepId;
    const code = 'export default function run(ctx, workers: { department: string }[]) {\n  return workers.length;\n}\n';
    ai.t.clock.advance(1000);
    const saved = ok(await ai.post('workflow.step.code.save', { connectorId: id.live, stepId, code, baseVersion: 1 }));
    expect(saved).toEqual({ stepId, version: 2, savedAt: ai.t.clock.now(), connectorVersion: 4 });
    const stale = await ai.post('workflow.step.code.save', { connectorId: id.live, stepId, code: `${code}// mine\n`, baseVersion: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: 'CONFLICT', field: 'baseVersion' });
    const step = ok(await ai.get('workflow.step.detail', { connectorId: id.live, stepId })).step;
    expect(step).toMatchObject({ code, version: 2, edited: true, updatedBy: 'Dana Reyes', updatedAt: ai.t.clock.now() });
    expect(ok(await ai.get('workflow.steps', { connectorId: id.live })).version).toBe(4);
  });

  it('refuses code that does not parse, unknown steps and other organisations', async () => {
    const stepId = ok(await ai.get('workflow.steps', { connectorId: id.live })).steps[0].stepId;
    const broken = await ai.post('workflow.step.code.save', { connectorId: id.live, stepId, code: 'export default function run( {', baseVersion: 1 });
    expect(broken.status).toBe(400);
    expect(broken.body.error.field).toBe('code');
    expect(broken.body.error.msg).toMatch(/\(line 1, column \d+\)$/);
    expect((await ai.post('workflow.step.code.save', { connectorId: id.live, stepId: 'stp_nope', code: 'x', baseVersion: 1 })).status).toBe(404);
    expect((await ai.post('workflow.step.code.save', { connectorId: id.live, stepId, code: 'x', baseVersion: 1 }, ai.other.token)).status).toBe(404);
  });
});

describe('ai.session.token', () => {
  const origin = { originOrgId: 'test-org-1', originOrgName: 'Test Org', originUserEmail: 'Dev@Acme.io', originUserName: 'Dev' };

  it('opens a 30-minute auth session offering only this connector', async () => {
    const msg = ok(await ai.post('ai.session.token', { connectorId: id.testing, ...origin }));
    expect(msg.expiresAt).toBe(ai.t.clock.now() + 30 * 60_000);
    const row = await db().selectFrom('auth_sessions').selectAll().where('token_hash', '=', hashToken(msg.token)).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ org_id: ai.demo.orgId, kind: 'session', connector_type: 'ai-connectors', connector_ids_json: JSON.stringify([id.testing]), test_account: 1, origin_user_email: 'dev@acme.io', created_by_user_id: ai.demo.userId });
    const prod = ok(await ai.post('ai.session.token', { connectorId: id.live, ...origin, testAccount: false }));
    expect((await db().selectFrom('auth_sessions').select('test_account').where('token_hash', '=', hashToken(prod.token)).executeTakeFirstOrThrow()).test_account).toBe(0);
  });

  it('needs configure_auth done, a valid origin and a connector of the organisation', async () => {
    const draft = await ai.post('ai.session.token', { connectorId: id.draft, ...origin });
    expect(draft.status).toBe(409);
    const email = await ai.post('ai.session.token', { connectorId: id.live, ...origin, originUserEmail: 'nope' });
    expect(email.body.error).toMatchObject({ msg: 'Not a valid email!', field: 'originUserEmail' });
    expect((await ai.post('ai.session.token', { connectorId: id.live, ...origin, originOrgId: ' ' })).body.error.msg).toBe('Origin Org ID is required');
    expect((await ai.post('ai.session.token', { connectorId: id.live, ...origin }, ai.other.token)).status).toBe(404);
  });
});

describe('ai.webhook.test', () => {
  it('posts a signed test event and stores the answer as the latest test', async () => {
    answer = 200;
    received.length = 0;
    const account = await db().selectFrom('integrated_accounts').select(['id', 'origin_org_id']).where('connector_id', '=', id.live).executeTakeFirstOrThrow();
    ai.t.clock.advance(5_000);
    const result = ok(await ai.post('ai.webhook.test', { connectorId: id.live, integrationId: account.id, eventType: 'headcount.updated', destination: hookUrl })).result;
    expect(result).toMatchObject({ connectorId: id.live, integrationId: account.id, eventType: 'headcount.updated', destination: hookUrl, status: 'passed', statusCode: 200, statusMessage: 'OK', sentAt: ai.t.clock.now() });
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0].body)).toEqual(result.payload);
    expect(result.payload).toMatchObject({ eventType: 'headcount.updated', test: true, connectorId: id.live, integration: { integrationId: account.id, originOrgId: account.origin_org_id } });
    // Signed like every webhook (Standard Webhooks) with the organisation's secret, read as the engine does.
    const { secret } = await signingSecretOf(db(), ai.t.engine.config.signingSecret, ai.demo.orgId, ai.t.clock.now());
    expect(verifies(received[0], secret, ai.t.clock.now())).toBe(true);
    expect(ok(await ai.get('connector.summary', { connectorId: id.live })).summary.lastTest).toMatchObject({ testId: result.testId, kind: 'webhook', status: 'passed' });
  });

  it('fails on any answer but 200, one test per second per connector', async () => {
    answer = 500;
    ai.t.clock.advance(5_000);
    const failed = ok(await ai.post('ai.webhook.test', { connectorId: id.live, eventType: 'headcount.updated', destination: hookUrl })).result;
    expect(failed).toMatchObject({ status: 'failed', statusCode: 500, integrationId: null, payload: { integration: null } });
    const again = await ai.post('ai.webhook.test', { connectorId: id.live, eventType: 'headcount.updated', destination: hookUrl });
    expect(again.status).toBe(429);
    expect(again.body.error.retryAfterSeconds).toBe(1);
    ai.t.clock.advance(1_000);
    answer = 200;
    expect(ok(await ai.post('ai.webhook.test', { connectorId: id.live, eventType: 'headcount.updated', destination: hookUrl })).result.status).toBe('passed');
  });

  it("refuses events and accounts that aren't the connector's, and bad destinations", async () => {
    ai.t.clock.advance(5_000);
    const event = await ai.post('ai.webhook.test', { connectorId: id.live, eventType: 'deal.synced', destination: hookUrl });
    expect(event.body.error).toMatchObject({ field: 'eventType' });
    const other = await db().selectFrom('integrated_accounts').select('id').where('org_id', '=', ai.demo.orgId).where('connector_id', 'is', null).executeTakeFirstOrThrow();
    expect((await ai.post('ai.webhook.test', { connectorId: id.live, integrationId: other.id, eventType: 'headcount.updated', destination: hookUrl })).body.error).toMatchObject({ field: 'integrationId' });
    expect((await ai.post('ai.webhook.test', { connectorId: id.live, eventType: 'headcount.updated', destination: 'not a url' })).body.error).toMatchObject({ msg: 'Please enter a valid webhook', field: 'destination' });
    expect((await ai.post('ai.webhook.test', { connectorId: id.live, eventType: 'headcount.updated', destination: hookUrl }, ai.other.token)).status).toBe(404);
  });
});

describe('connector.deactivate', () => {
  it('deletes the connector with its accounts, syncs, sessions and magic-link offers', async () => {
    const now = ai.t.clock.now();
    const accounts = await db().selectFrom('integrated_accounts').select(['id', 'integration_state']).where('connector_id', '=', id.live).execute();
    const active = accounts.filter((a) => a.integration_state !== 'Deactivated' && a.integration_state !== 'Expired');
    await db().insertInto('auth_sessions').values({ id: 'aus_ai', token_hash: 'h-ai', org_id: ai.demo.orgId, kind: 'magic_link', origin_org_id: 'o', origin_org_name: 'O', connector_type: 'ai-connectors', connector_ids_json: JSON.stringify([id.live, id.testing]), created_at: now, expires_at: now + 60_000 }).execute();
    const session = ok(await ai.post('session.initialize', { connectorId: id.live })).session;
    expect((await ai.post('connector.deactivate', { connectorId: id.live }, ai.other.token)).status).toBe(404);

    const msg = ok(await ai.post('connector.deactivate', { connectorId: id.live }));
    expect(msg).toEqual({ connectorId: id.live, message: 'Connector deleted successfully', deactivatedIntegrations: active.length });
    const states = await db().selectFrom('integrated_accounts').select(['integration_state', 'deactivated_at']).where('connector_id', '=', id.live).execute();
    expect(states.every((a) => a.integration_state === 'Deactivated' || a.integration_state === 'Expired')).toBe(true);
    const jobs = await db().selectFrom('sync_jobs').select('status').where('connector_id', '=', id.live).execute();
    expect(jobs.length).toBeGreaterThan(0);
    expect(jobs.every((j) => j.status === 'stopped')).toBe(true);
    expect((await db().selectFrom('ai_sessions').select('status').where('id', '=', session.sessionId).executeTakeFirstOrThrow()).status).toBe('discarded');
    expect((await db().selectFrom('auth_sessions').select('connector_ids_json').where('id', '=', 'aus_ai').executeTakeFirstOrThrow()).connector_ids_json).toBe(JSON.stringify([id.testing]));

    expect(ok(await ai.get('connectors.list')).connectors.some((c: { connectorId: string }) => c.connectorId === id.live)).toBe(false);
    expect(ok(await ai.get('connectors.list.live')).connectors).toEqual([]);
    expect((await ai.get('connector.summary', { connectorId: id.live })).status).toBe(404);
    expect((await ai.get('session.messages', { sessionId: session.sessionId })).status).toBe(404);
    expect((await ai.post('connector.deactivate', { connectorId: id.live })).status).toBe(404);
    expect((await ai.post('connector.deactivate', { connectorId: id.deactivated })).status).toBe(404);
  });
});
