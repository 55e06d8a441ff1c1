import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { saveWebhookUrl } from '../../src/engine/repositories/webhooks.ts';
import { createSession } from '../../src/engine/services/sessions.ts';
import { signingSecretOf } from '../../src/engine/services/webhookSigningSecret.ts';
import type { TestEngine } from './engineHarness.ts';
import { newOrg, type OrgSession } from './dataFixtures.ts';
import { apiKeysOf, connectWithKey, unified, type ApiKeys } from './unifiedApi.ts';

// Syncs as a customer sets them up: an organisation that syncs HRIS (every data model, or the
// default ones), automatically or on API trigger; BambooHR accounts its end customers connect
// through auth sessions; a webhook receiver on 127.0.0.1 whose answers a test decides.

export const HRIS_MODELS = ['employee_profile', 'employee_orgStructure', 'employee_location', 'employee_compensation', 'employee_dependents', 'employee_bankAccounts'];

export interface SyncingOrg extends OrgSession {
  keys: ApiKeys;
}

export async function syncingOrg(t: TestEngine, options: { apiTrigger?: boolean; models?: string[]; email?: string } = {}): Promise<SyncingOrg> {
  const org = await newOrg(t, options.email ?? 'owner@acme.test');
  const enabled = await t.call('POST', '/api/app.enableCategory', { token: org.token, body: { category: 'HRIS' } });
  if (enabled.status !== 200) throw new Error(`enableCategory answered ${enabled.status}: ${JSON.stringify(enabled.body)}`);
  const syncModels = [{ subCategory: 'employee', syncModels: options.models ?? HRIS_MODELS }];
  const sync = await t.call('POST', '/api/app.enableSyncForCategory', { token: org.token, body: { category: 'HRIS', syncModels, apiTrigger: options.apiTrigger ?? false } });
  if (sync.status !== 200) throw new Error(`enableSyncForCategory answered ${sync.status}: ${JSON.stringify(sync.body)}`);
  return { ...org, keys: await apiKeysOf(t, org.token) };
}

/** A BambooHR account of the end customer `originOrgId`, connected with the production key (and credentials of its own with `credentialSuffix`). */
export const connectBamboo = (t: TestEngine, org: SyncingOrg, originOrgId = 'globex-7', credentialSuffix?: string) =>
  connectWithKey(t, org.keys.prod, { appId: 'bamboohr', category: 'HRIS', originOrgId, credentialSuffix });

/** Every employee the unified API answers for the account now, by id (what a sync must send). */
export async function unifiedEmployees(t: TestEngine, org: SyncingOrg, integrationId: string): Promise<Map<string, Record<string, unknown>>> {
  const all = new Map<string, Record<string, unknown>>();
  let cursor: string | undefined;
  do {
    const page = await unified(t, 'GET', 'hris.employees', { apiKey: org.keys.prod, integrationId, query: { pageSize: '100', ...(cursor ? { cursor } : {}) } });
    if (page.status !== 200) throw new Error(`hris.employees answered ${page.status}: ${JSON.stringify(page.body)}`);
    for (const employee of page.body.msg.employees) all.set(employee.id, employee);
    cursor = page.body.msg.nextCursor ?? undefined;
  } while (cursor);
  return all;
}

/** A fresh dashboard session of the organisation's admin: tests move the clock past a session's idle lifetime. */
export const sessionOf = (t: TestEngine, org: OrgSession): Promise<string> => createSession(t.engine.db, t.engine.config, t.clock.now(), org.userId, org.orgId);

/** An account action from the integrated accounts screen. */
export async function accountAction(t: TestEngine, org: SyncingOrg, integrationId: string, action: string, extra: Record<string, unknown> = {}) {
  const account = await t.engine.db.selectFrom('integrated_accounts').select(['origin_org_id', 'app_id', 'category', 'integration_state'])
    .where('id', '=', integrationId).executeTakeFirstOrThrow();
  const res = await t.call('POST', '/api/app.integratedAccountOptionsAction', { token: await sessionOf(t, org), body: {
    originOrgId: account.origin_org_id, appId: account.app_id, category: account.category, categoryLabel: 'HRIS', integrationId,
    ...(action === 'deactivate' ? { integrationState: account.integration_state } : {}), action, ...extra,
  } });
  if (res.status !== 200) throw new Error(`${action} answered ${res.status}: ${JSON.stringify(res.body)}`);
}

/** The organisation's webhook signing secret, in full (what its receiver verifies with). */
export async function orgSigningSecret(t: TestEngine, orgId: string): Promise<string> {
  return (await signingSecretOf(t.engine.db, t.engine.config.signingSecret, orgId, t.clock.now())).secret;
}

/** Registers the category's webhook URL, as API Keys & Webhooks saves it once tested. */
export async function registerWebhook(t: TestEngine, orgId: string, url: string, category = 'HRIS'): Promise<void> {
  await saveWebhookUrl(t.engine.db, orgId, category, url, [], t.clock.now());
}

export interface ReceivedDelivery {
  headers: IncomingHttpHeaders;
  body: string;
  /** The status the receiver answered. */
  status: number;
}

/** A webhook receiver on 127.0.0.1: `answer` decides each status (200 unless told otherwise). */
export interface Receiver {
  url: string;
  host: string;
  received: ReceivedDelivery[];
  answer: (request: { webhookId: string; body: string }) => number;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = { url: '', host: '', received: [], answer: () => 200, close: async () => {} };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => { body += chunk; });
    req.on('end', () => {
      const status = receiver.answer({ webhookId: String(req.headers['webhook-id']), body });
      receiver.received.push({ headers: req.headers, body, status });
      res.statusCode = status;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  receiver.url = `http://${receiver.host}/hooks/knit`;
  receiver.close = () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); });
  return receiver;
}
