import { hashToken } from '../services/tokens.ts';
import type { DemoAccount, DemoContext } from './context.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS } from './random.ts';
import type { ConnectorJob } from './syncs.ts';

/*
 * AI connectors (beta) with their chat sessions, and the magic links behind accounts: the
 * 'Email sent' accounts are waiting on an active (or lapsed) link, some connected accounts came
 * through a used one, and a few Error accounts have a reintegration link out.
 */

export const CONNECTOR_COLUMNS = ['id', 'org_id', 'name', 'created_by', 'medium', 'apps_json', 'status', 'session_id', 'chat_step',
  'config_json', 'created_at', 'updated_at', 'deactivated_at'] as const;
export const AI_MESSAGE_COLUMNS = ['org_id', 'session_id', 'connector_id', 'role', 'content_json', 'created_at'] as const;
export const AUTH_SESSION_COLUMNS = ['id', 'token_hash', 'org_id', 'kind', 'origin_org_id', 'origin_org_name', 'origin_user_email',
  'origin_user_name', 'test_account', 'sandbox', 'show_scope_control', 'show_custom_mapping', 'custom_mapping_required', 'connector_type',
  'categories_json', 'connector_ids_json', 'filters_json', 'language', 'app_id', 'integration_id', 'state', 'created_by_user_id',
  'api_key_id', 'created_at', 'expires_at', 'used_at'] as const;

const CONNECTORS = [
  { name: 'Workday headcount agent', status: 'live', step: 'completed', apps: [['workday', 'Workday']], goal: 'Keep a daily headcount per department in our warehouse' },
  { name: 'Greenhouse interview notes', status: 'testing', step: 'test_sync', apps: [['greenhouse', 'Greenhouse']], goal: 'Pull interview scorecards into candidate profiles' },
  { name: 'Deal summariser', status: 'draft', step: 'select_apps', apps: [['salesforce', 'Salesforce'], ['hubspot', 'HubSpot']], goal: 'Summarise open deals every Monday' },
  { name: 'Ticket triage assistant', status: 'deactivated', step: 'completed', apps: [['zendesk', 'Zendesk'], ['jira', 'Jira']], goal: 'Route urgent tickets to the on-call engineer' },
] as const;

/** Writes the connectors and returns the sync jobs the live connector runs. */
export function writeConnectors(ctx: DemoContext): ConnectorJob[] {
  const { rng, loader, orgId, now } = ctx;
  const jobs: ConnectorJob[] = [];
  CONNECTORS.forEach((c, i) => {
    const id = rng.id('con');
    const sessionId = rng.id('ais');
    const created = now - (40 - i * 9) * DAY_MS;
    const deactivatedAt = c.status === 'deactivated' ? now - 6 * DAY_MS : null;
    const apps = c.apps.map(([appId, label]) => ({ id: appId, label }));
    loader.add('connectors', [id, orgId, c.name, ctx.users.admin.name, 'chat', JSON.stringify(apps), c.status, sessionId, c.step,
      JSON.stringify({ goal: c.goal, apps: apps.map((a) => a.id), schedule: c.status === 'draft' ? null : 'daily' }),
      created, deactivatedAt ?? created + 2 * DAY_MS, deactivatedAt]);
    const turns: [string, string][] = [
      ['user', c.goal],
      ['assistant', `I can build that with ${apps.map((a) => a.label).join(' and ')}. Which fields do you need?`],
      ['user', 'Names, status and the last update time are enough.'],
      ['assistant', c.status === 'draft' ? 'Great. Next, pick the apps to connect.' : 'Done: the connector is ready to test.'],
    ];
    turns.forEach(([role, text], k) =>
      loader.add('ai_session_messages', [orgId, sessionId, id, role, JSON.stringify({ text }), created + k * 2 * MINUTE_MS]));
    if (c.status === 'live') {
      const candidates = ctx.accounts.filter((a) => a.app.id === c.apps[0][0] && a.state === 'Success' && a.syncEnabled && a.subscribed.length > 0);
      const fallback = ctx.accounts.filter((a) => a.category === 'HRIS' && a.state === 'Success' && a.syncEnabled && a.subscribed.length > 0);
      for (const account of (candidates.length > 0 ? candidates : fallback).slice(0, 2)) jobs.push({ account, connectorId: id, connectorName: c.name });
    }
  });
  return jobs;
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
