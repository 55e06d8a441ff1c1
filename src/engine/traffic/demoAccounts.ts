import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { connectedAccountsOf } from '../repositories/integratedAccounts.ts';
import type { EngineClient } from '../../generated/api/clients.ts';
import { TRAFFIC_CATEGORIES, type TrafficAccount, type TrafficCategory } from './trafficMix.ts';

/*
 * The accounts the demo traffic calls: one test account per category of the demo organisation's
 * end customer 'Traffic Demo Inc', connected to the category's sandbox app with setup fields
 * (sandbox-<category>-form) the way an end customer connects one: an auth session opened with the
 * sandbox API key (auth.createSession), the app's setup form (connect.getSession, connect.complete).
 * Accounts of earlier runs that are still connected are reused; one in Error is replaced.
 */
export const TRAFFIC_CUSTOMER = { originOrgId: 'demo-traffic', originOrgName: 'Traffic Demo Inc' } as const;

/** The category's sandbox app with setup fields: sandbox-hris-form, sandbox-esign-form, ... (the catalog's slug). */
const sandboxFormApp = (category: TrafficCategory) => `sandbox-${category.toLowerCase().replace(/_/g, '')}-form`;

export async function trafficAccounts(db: Kysely<Database>, orgId: string, engine: EngineClient, sandboxKey: string, log: (line: string) => void): Promise<TrafficAccount[]> {
  const existing = await connectedAccountsOf(db, orgId, TRAFFIC_CUSTOMER.originOrgId);
  const accounts: TrafficAccount[] = [];
  const missing: TrafficCategory[] = [];
  for (const category of TRAFFIC_CATEGORIES) {
    const found = existing.find((a) => a.app_id === sandboxFormApp(category));
    if (found) accounts.push({ integrationId: found.id, category });
    else missing.push(category);
  }
  if (missing.length === 0) return accounts;

  // An auth session connects one account, so each missing one gets its own.
  for (const category of missing) {
    const session = await engine.POST('/auth.createSession', {
      headers: { authorization: `Bearer ${sandboxKey}` },
      body: { ...TRAFFIC_CUSTOMER, originUserEmail: 'it@traffic-demo.test', originUserName: 'Traffic Demo IT' },
    });
    if (!session.data) throw new Error(`auth.createSession answered ${session.response.status}: ${JSON.stringify(session.error)}`);
    const authSessionToken = session.data.msg.token;
    const offer = await engine.POST('/connect.getSession', { body: { authSessionToken } });
    if (!offer.data) throw new Error(`connect.getSession answered ${offer.response.status}: ${JSON.stringify(offer.error)}`);
    const app = offer.data.msg.categories.find((c) => c.category === category)?.apps.find((a) => a.id === sandboxFormApp(category));
    if (!app) {
      log(`  ${category}: not enabled for the demo organisation (Getting Started), no traffic for it`);
      continue;
    }
    const values = Object.fromEntries(app.steps.flatMap((step) => step.fields).map((field) => [field.name, `traffic-demo-${field.name}`]));
    const done = await engine.POST('/connect.complete', { body: { authSessionToken, appId: app.id, category, values } });
    if (!done.data) throw new Error(`connect.complete of ${app.id} answered ${done.response.status}: ${JSON.stringify(done.error)}`);
    accounts.push({ integrationId: done.data.msg.integrationId, category });
    log(`  ${category}: connected ${app.label} (${done.data.msg.integrationId})`);
  }
  return accounts;
}
