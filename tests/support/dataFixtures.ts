import type { Kysely } from 'kysely';
import type { Database, NewRow } from '../../src/engine/db/schema.ts';
import { seedDemo, DEMO_ADMIN_EMAIL } from '../../src/engine/seed/index.ts';
import { seedReferenceData } from '../../src/engine/seed/index.ts';
import { createSession } from '../../src/engine/services/sessions.ts';
import { createUser } from '../../src/engine/repositories/users.ts';
import { signUp, type TestEngine } from './engineHarness.ts';

// Small hand-made rows for the data screens' tests (exact counts, ties, other orgs), and the
// seeded demo organisation with a session of its admin.

export const MINUTE = 60_000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;

export interface OrgSession { token: string; orgId: string; userId: string }

/** The seeded demo organisation ('small'), its history ending at the test clock, and its admin's session. */
export async function demoAdmin(t: TestEngine): Promise<OrgSession> {
  const demo = await seedDemo(t.engine.db, { scale: 'small', seed: 7, now: t.clock.now() });
  const user = await t.engine.db.selectFrom('users').select(['id']).where('email', '=', DEMO_ADMIN_EMAIL).executeTakeFirstOrThrow();
  const token = await createSession(t.engine.db, t.engine.config, t.clock.now(), user.id, demo.orgId);
  return { token, orgId: demo.orgId, userId: user.id };
}

/** A brand-new organisation signed up through the API (reference data loaded). */
export async function newOrg(t: TestEngine, email: string): Promise<OrgSession> {
  if (!(await t.engine.db.selectFrom('categories').select('id').limit(1).executeTakeFirst())) await seedReferenceData(t.engine.db);
  const token = await signUp(t, email);
  const me = (await t.call('GET', '/api/user.userDetails', { token })).body.msg;
  return { token, orgId: me.orgId, userId: me.userId };
}

/** Another user of an organisation, with a session. */
export async function userWithRole(t: TestEngine, orgId: string, role: 'admin' | 'member' | 'billingcontact', email: string): Promise<string> {
  const now = t.clock.now();
  const userId = await createUser(t.engine.db, { orgId, email, role, now });
  await t.engine.db.updateTable('users').set({ is_verified: 1, username: role }).where('id', '=', userId).execute();
  return createSession(t.engine.db, t.engine.config, now, userId, orgId);
}

export async function enableCategory(db: Kysely<Database>, orgId: string, category: string, now: number): Promise<void> {
  await db.insertInto('getting_started').values({ org_id: orgId, flow: 'web', category, enabled: 1, last_modified: now, created_at: now }).execute();
}

export async function setPlanFeatures(db: Kysely<Database>, orgId: string, features: { dynamicSyncFrequency?: boolean; languageOptions?: boolean }): Promise<void> {
  await db.updateTable('organisations').set({
    ...(features.dynamicSyncFrequency !== undefined ? { feature_dynamic_sync_frequency: features.dynamicSyncFrequency ? 1 : 0 } : {}),
    ...(features.languageOptions !== undefined ? { feature_language_options: features.languageOptions ? 1 : 0 } : {}),
  }).where('id', '=', orgId).execute();
}

let seq = 0;
const next = (prefix: string) => `${prefix}_${(++seq).toString().padStart(5, '0')}`;

/** An integrated account (and its end-customer organisation). */
export async function addAccount(db: Kysely<Database>, orgId: string, values: Partial<NewRow<'integrated_accounts'>> & { created_at: number }): Promise<NewRow<'integrated_accounts'>> {
  const originOrgId = values.origin_org_id ?? 'cust-a';
  const name = values.origin_org_name ?? `Customer ${originOrgId}`;
  const existing = await db.selectFrom('end_customer_orgs').select('id').where('org_id', '=', orgId).where('origin_org_id', '=', originOrgId).executeTakeFirst();
  const ecoId = existing?.id ?? next('eco');
  if (!existing) {
    await db.insertInto('end_customer_orgs').values({ id: ecoId, org_id: orgId, origin_org_id: originOrgId, origin_org_name: name, integrated_accounts_count: 0, created_at: values.created_at, updated_at: values.created_at }).execute();
  }
  const row: NewRow<'integrated_accounts'> = {
    id: next('int'),
    org_id: orgId,
    end_customer_org_id: ecoId,
    origin_org_id: originOrgId,
    origin_org_name: name,
    user_passed_origin_org_id: originOrgId,
    app_id: 'bamboohr',
    app_label: 'BambooHR',
    category: 'HRIS',
    integration_state: 'Success',
    updated_at: values.created_at,
    ...values,
  };
  await db.insertInto('integrated_accounts').values(row).execute();
  return row;
}

export async function addJob(db: Kysely<Database>, account: NewRow<'integrated_accounts'>, values: Partial<NewRow<'sync_jobs'>> & { created_at: number }): Promise<string> {
  const id = values.id ?? next('job');
  await db.insertInto('sync_jobs').values({
    id, org_id: account.org_id, integration_id: account.id, origin_org_id: account.origin_org_id, origin_org_name: account.origin_org_name,
    app_id: account.app_id, app_label: account.app_label, category: account.category, sync_data_type: 'employee', sync_data_type_label: 'Employees',
    updated_at: values.created_at, ...values,
  }).execute();
  return id;
}

export async function addRun(db: Kysely<Database>, job: { id: string; orgId: string; integrationId: string }, startedAt: number, values: Partial<NewRow<'sync_runs'>> = {}): Promise<string> {
  const id = values.id ?? next('run');
  await db.insertInto('sync_runs').values({
    id, job_id: job.id, org_id: job.orgId, integration_id: job.integrationId, started_at: startedAt, completed_at: startedAt + MINUTE,
    sync_status: 'completed', sync_type: 'delta_sync', ...values,
  }).execute();
  return id;
}

export async function addRows<T extends 'api_logs' | 'webhook_logs' | 'webhook_records' | 'native_calls' | 'sync_records' | 'issues' | 'usage_daily'>(
  db: Kysely<Database>, table: T, rows: NewRow<T>[],
): Promise<void> {
  for (const row of rows) await db.insertInto(table).values(row as never).execute();
}

export function apiLog(orgId: string, ts: number, values: Partial<NewRow<'api_logs'>> = {}): NewRow<'api_logs'> {
  return {
    org_id: orgId, request_ts: ts, execution_id: next('exe'), origin_org_id: 'cust-a', origin_org_name: 'Customer cust-a', integration_id: 'int_x',
    app_id: 'bamboohr', app_label: 'BambooHR', category: 'HRIS', method: 'GET', url: 'https://api.test/v1.0/hr.employees?page=1',
    path: '/v1.0/hr.employees', status_code: 200, status_message: 'OK', native_api_call_count: 1, ...values,
  };
}

export function webhookLog(orgId: string, ts: number, values: Partial<NewRow<'webhook_logs'>> = {}): NewRow<'webhook_logs'> {
  return {
    org_id: orgId, ts, origin_org_id: 'cust-a', origin_org_name: 'Customer cust-a', integration_id: 'int_x', app_id: 'bamboohr',
    app_label: 'BambooHR', category: 'HRIS', sync_data_type: 'employee', sync_data_type_label: 'Employees', sync_run_id: 'run_x',
    sync_iteration_id: next('itr'), sync_job_id: 'job_x', native_api_call_count: 2, path: '/hooks', ...values,
  };
}

export function issue(orgId: string, date: number, values: Partial<NewRow<'issues'>> = {}): NewRow<'issues'> {
  return {
    org_id: orgId, date, error_type: 'AUTH_ERROR', log_type: 'api', error_data_str: '{"code":"E002"}', error_message: 'Invalid API Key',
    origin_org_id: 'cust-a', organization: 'Customer cust-a', app_id: 'bamboohr', app_label: 'BambooHR', integration_id: 'int_x', issue_calls: 2, ...values,
  };
}

/** Pages through a list until its cursor runs out, returning every page's rows. */
export async function collectPages<R>(fetchPage: (cursor: string | null, pageNo: number) => Promise<{ rows: R[]; nextCursor: string | null }>, max = 200): Promise<R[][]> {
  const pages: R[][] = [];
  let cursor: string | null = null;
  for (let pageNo = 1; pageNo <= max; pageNo += 1) {
    const page = await fetchPage(cursor, pageNo);
    pages.push(page.rows);
    if (!page.nextCursor) return pages;
    cursor = page.nextCursor;
  }
  throw new Error('collectPages: too many pages');
}
