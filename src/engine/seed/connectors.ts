import { hashToken } from '../services/tokens.ts';
import type { DemoAccount, DemoContext } from './context.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../shared/timeWindows.ts';
import type { ConnectorJob } from './syncs.ts';
import { allApps, appLogo } from './catalogApps.ts';
import { DEMO_CONNECTORS } from './connectorCatalog.ts';

/*
 * AI connectors (beta) with their chat sessions, and the magic links behind accounts: the
 * 'Email sent' accounts are waiting on an active (or lapsed) link, some connected accounts came
 * through a used one, and a few Error accounts have a reintegration link out.
 */

export const CONNECTOR_COLUMNS = ['id', 'org_id', 'name', 'created_by', 'medium', 'apps_json', 'status', 'session_id', 'chat_step',
  'config_json', 'description', 'version', 'published_at', 'created_at', 'updated_at', 'deactivated_at'] as const;
export const AI_MESSAGE_COLUMNS = ['org_id', 'session_id', 'connector_id', 'role', 'content_json', 'chat_step', 'created_at'] as const;
export const AI_SESSION_COLUMNS = ['id', 'org_id', 'connector_id', 'created_by_user_id', 'created_by', 'title', 'kind', 'status', 'chat_step',
  'completed_steps_json', 'message_count', 'last_message_preview', 'created_at', 'updated_at'] as const;
export const WORKFLOW_STEP_COLUMNS = ['id', 'org_id', 'connector_id', 'position', 'name', 'type', 'description', 'language', 'code', 'version',
  'edited', 'updated_by', 'input_schema_json', 'output_schema_json', 'last_run_json', 'created_at', 'updated_at'] as const;
export const CONNECTOR_TEST_COLUMNS = ['id', 'org_id', 'connector_id', 'session_id', 'integration_id', 'replay_of', 'kind', 'status',
  'connector_version', 'summary', 'result_json', 'started_at', 'completed_at'] as const;
export const AUTH_SESSION_COLUMNS = ['id', 'token_hash', 'org_id', 'kind', 'origin_org_id', 'origin_org_name', 'origin_user_email',
  'origin_user_name', 'test_account', 'sandbox', 'show_scope_control', 'show_custom_mapping', 'custom_mapping_required', 'connector_type',
  'categories_json', 'connector_ids_json', 'filters_json', 'language', 'app_id', 'integration_id', 'state', 'created_by_user_id',
  'api_key_id', 'created_at', 'expires_at', 'used_at'] as const;

interface ConnectorSeed {
  /** Sync jobs the live connector runs. */
  jobs: ConnectorJob[];
  /** Accounts connected through a connector (integrated_accounts.connector_id, set after the accounts are written). */
  links: { accountId: string; connectorId: string }[];
}

const CATALOG = new Map(allApps().map((a) => [a.id, a]));
const title = (text: string) => text.trim().replace(/\s+/g, ' ');

/**
 * Writes the connectors with their sessions, chats, workflows and tests. Ids of child rows derive
 * from the connector's id, so the seed's random stream (and every later row) is unchanged.
 */
export function writeConnectors(ctx: DemoContext): ConnectorSeed {
  const { rng, loader, orgId, now } = ctx;
  const jobs: ConnectorJob[] = [];
  const links: ConnectorSeed['links'] = [];
  const admin = ctx.users.admin;
  const createdBy = admin.name ?? admin.email;
  DEMO_CONNECTORS.forEach((c, i) => {
    const id = rng.id('con');
    const sessionId = rng.id('ais');
    const suffix = id.slice(4);
    const created = now - (40 - i * 9) * DAY_MS;
    const deactivatedAt = c.status === 'deactivated' ? now - 6 * DAY_MS : null;
    const changed = deactivatedAt ?? created + 2 * DAY_MS;
    const apps = c.apps.map(([appId, label]) => {
      const app = CATALOG.get(appId);
      return { id: appId, label, logo: app ? appLogo(app) : null, category: app?.category ?? null };
    });

    // Accounts connected through it: the live connector's sync accounts, a test account of the testing one.
    const accounts: DemoAccount[] = [];
    if (c.status === 'live') {
      const candidates = ctx.accounts.filter((a) => a.app.id === c.apps[0][0] && a.state === 'Success' && a.syncEnabled && a.subscribed.length > 0);
      const fallback = ctx.accounts.filter((a) => a.category === 'HRIS' && a.state === 'Success' && a.syncEnabled && a.subscribed.length > 0);
      accounts.push(...(candidates.length > 0 ? candidates : fallback).slice(0, 2));
      for (const account of accounts) jobs.push({ account, connectorId: id, connectorName: c.name });
    } else if (c.status === 'testing') {
      const test = ctx.accounts.find((a) => a.app.id === c.apps[0][0] && a.testAccount && a.state === 'Success');
      if (test) accounts.push(test);
    }
    for (const account of accounts) links.push({ accountId: account.id, connectorId: id });

    loader.add('connectors', [id, orgId, c.name, createdBy, c.medium, JSON.stringify(apps), c.status, sessionId, c.chatStep,
      JSON.stringify(c.config), c.goal, c.version, c.published ? created + 2 * DAY_MS : null, created, changed, deactivatedAt]);

    const messages: [string, string, string][] = [['user', c.goal, 'describe'], ...c.turns.map(([role, text]) => [role, text, c.chatStep] as [string, string, string])];
    messages.forEach(([role, text], k) => {
      const last = k === messages.length - 1;
      const actions = last && role === 'assistant' && c.sessionStatus === 'active' ? [{ action: 'confirm_step', label: 'Looks good, continue' }] : [];
      loader.add('ai_session_messages', [orgId, sessionId, id, role, JSON.stringify({ text, actions, attachments: [], clientMessageId: null }),
        messages[k][2], created + k * 2 * MINUTE_MS]);
    });
    const lastMessage = messages[messages.length - 1][1];
    loader.add('ai_sessions', [sessionId, orgId, id, admin.id, createdBy, title(c.goal).slice(0, 80), 'build', c.sessionStatus, c.chatStep,
      JSON.stringify(c.completed), messages.length, title(lastMessage).slice(0, 120), created, Math.max(changed, created + (messages.length - 1) * 2 * MINUTE_MS)]);

    const testedAt = (hours: number) => created + hours * HOUR_MS;
    const lastTest = c.tests[c.tests.length - 1];
    c.tests.forEach((t, k) => {
      loader.add('connector_tests', [`tst_${suffix}_${k + 1}`, orgId, id, sessionId, accounts[0]?.id ?? null, null, t.kind, t.status, c.version,
        t.summary, JSON.stringify(t.result), testedAt(t.atHours), testedAt(t.atHours) + 15_000]);
    });
    c.steps.forEach((step, k) => {
      const lastRun = step.lastRun && lastTest
        ? JSON.stringify({ testId: `tst_${suffix}_${c.tests.length}`, status: step.lastRun.status, input: null, output: step.lastRun.output, logs: step.lastRun.logs, durationMs: step.lastRun.durationMs, at: testedAt(lastTest.atHours) })
        : null;
      loader.add('connector_workflow_steps', [`stp_${suffix}_${k + 1}`, orgId, id, k + 1, step.name, step.type, step.description, 'typescript', step.code,
        1, 0, 'assistant', '{"type":"object"}', '{"type":"object"}', lastRun, created + HOUR_MS, created + HOUR_MS]);
    });
  });
  return { jobs, links };
}

/** Marks the accounts connected through a connector (the accounts are written before the connectors). */
export async function linkConnectorAccounts(ctx: DemoContext, links: ConnectorSeed['links']): Promise<void> {
  for (const link of links) {
    await ctx.db.updateTable('integrated_accounts').set({ connector_id: link.connectorId }).where('id', '=', link.accountId).execute();
  }
}

export function writeMagicLinks(ctx: DemoContext): void {
  const { rng, now } = ctx;
  const userId = (email: string | null) => (email === ctx.users.member.email ? ctx.users.member.id : ctx.users.admin.id);
  const add = (a: DemoAccount, kind: 'magic_link' | 'reintegrate', created: number, state: string, usedAt: number | null) =>
    ctx.loader.add('auth_sessions', [rng.id('aus'), hashToken(rng.token(43)), ctx.orgId, kind, a.customer.originOrgId, a.customer.name,
      a.originUserEmail, a.originUserName, a.testAccount ? 1 : 0, 0, 0, a.showCustomFields ? 1 : 0, 0, 'unified-api-sync',
      JSON.stringify([a.category]), '[]', kind === 'reintegrate' ? JSON.stringify([{ category: a.category, apps: [a.app.id] }]) : '[]', 'en',
      kind === 'reintegrate' ? a.app.id : null, a.id, state, userId(a.doneBy), null, created, created + 7 * DAY_MS, usedAt]);
  let used = 0;
  let reintegrate = 0;
  for (const a of ctx.accounts) {
    if (a.state === 'Email sent') {
      const created = a.createdAt;
      add(a, 'magic_link', created, created + 7 * DAY_MS > now ? 'active' : 'expired', null);
    } else if (a.doneBy && a.state === 'Success' && used < 15) {
      used++;
      add(a, 'magic_link', a.createdAt - HOUR_MS, 'used', a.createdAt);
    } else if (a.state === 'Error' && reintegrate < 3) {
      reintegrate++;
      add(a, 'reintegrate', now - rng.int(1, 48) * HOUR_MS, 'active', null);
    }
  }
}
