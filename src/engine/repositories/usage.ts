import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, NewRow } from '../db/schema.ts';
import { jsonNumberAdded, rowsTable } from '../db/dialect.ts';
import { boundList, compiledOnce, listLength, listValues } from '../db/compiledOnce.ts';

// Overview counters come from usage_daily (per org, end-customer org, integration and UTC day):
// a home card or an organizations row sums a range of days instead of counting log rows, so its
// cost does not grow with the logs. Every query leads with the primary key (org_id, day, ...) or
// the (org_id, origin_org_id, day) index.
type Db = Kysely<Database> | Transaction<Database>;

interface UsageCounters {
  apiCalls: number;
  eventsEmitted: number;
  eventsConsumed: number;
  issues: number;
}

const ZERO: UsageCounters = { apiCalls: 0, eventsEmitted: 0, eventsConsumed: 0, issues: 0 };

const sums = {
  apiCalls: sql<number>`coalesce(sum(api_calls), 0)`,
  eventsEmitted: sql<number>`coalesce(sum(events_emitted), 0)`,
  eventsConsumed: sql<number>`coalesce(sum(events_consumed), 0)`,
  issues: sql<number>`coalesce(sum(issues), 0)`,
};

const toCounters = (r: { apiCalls: unknown; eventsEmitted: unknown; eventsConsumed: unknown; issues: unknown }): UsageCounters => ({
  apiCalls: Number(r.apiCalls),
  eventsEmitted: Number(r.eventsEmitted),
  eventsConsumed: Number(r.eventsConsumed),
  issues: Number(r.issues),
});

/** The organisation's counters from fromDay (UTC midnight ms) on; all time without it. */
export async function orgUsage(db: Db, orgId: string, fromDay?: number): Promise<UsageCounters> {
  const row = await db
    .selectFrom('usage_daily')
    .select([sums.apiCalls.as('apiCalls'), sums.eventsEmitted.as('eventsEmitted'), sums.eventsConsumed.as('eventsConsumed'), sums.issues.as('issues')])
    .where('org_id', '=', orgId)
    .$if(fromDay !== undefined, (q) => q.where('day', '>=', fromDay!))
    .executeTakeFirst();
  return row ? toCounters(row) : { ...ZERO };
}

/**
 * Counters per end-customer organisation from fromDay on, for one page of the organizations list
 * under a period (all time comes with the page from end_customer_usage_totals).
 */
export async function usageByOriginOrg(db: Db, orgId: string, originOrgIds: string[], fromDay: number): Promise<Map<string, UsageCounters>> {
  if (originOrgIds.length === 0) return new Map();
  const rows = await originOrgUsage.rows(db, { orgId, fromDay, ...listValues('origin', originOrgIds) });
  return new Map(rows.map((r) => [r.origin_org_id, toCounters(r)]));
}

const originOrgUsage = compiledOnce(
  (v: { orgId: string; fromDay: number }) => listLength(v, 'origin'),
  (db, v, count) => db
    .selectFrom('usage_daily')
    .select(['origin_org_id', sums.apiCalls.as('apiCalls'), sums.eventsEmitted.as('eventsEmitted'), sums.eventsConsumed.as('eventsConsumed'), sums.issues.as('issues')])
    .where('org_id', '=', v.orgId)
    .where('origin_org_id', 'in', boundList<string>(v, 'origin', count))
    .where('day', '>=', v.fromDay)
    .groupBy('origin_org_id'),
);

/**
 * Counters per integration of one end-customer organisation, as a query: all time from the
 * trigger-kept usage_totals (one row per integration), a period summed from usage_daily.
 */
export function integrationUsageQuery(db: Db, v: { orgId: string; originOrgId: string; fromDay?: number }, period: boolean) {
  return db
    .selectFrom(period ? 'usage_daily' : 'usage_totals')
    .select(['integration_id', sums.apiCalls.as('apiCalls'), sums.eventsEmitted.as('eventsEmitted'), sums.eventsConsumed.as('eventsConsumed'), sums.issues.as('issues')])
    .where('org_id', '=', v.orgId)
    .where('origin_org_id', '=', v.originOrgId)
    .$if(period, (q) => q.where(sql.ref('day'), '>=', v.fromDay!))
    .groupBy('integration_id');
}

/** integrationUsageQuery's columns, in order, as a statement carrying its rows as arrays selects them. */
export const INTEGRATION_USAGE_COLUMNS = ['integration_id', 'apiCalls', 'eventsEmitted', 'eventsConsumed', 'issues'] as const;

/** integrationUsageQuery's rows as arrays of INTEGRATION_USAGE_COLUMNS, by integration. */
export function usageFromArrays(rows: [string, unknown, unknown, unknown, unknown][]): Map<string, UsageCounters> {
  return new Map(rows.map(([id, apiCalls, eventsEmitted, eventsConsumed, issues]) => [id, toCounters({ apiCalls, eventsEmitted, eventsConsumed, issues })]));
}

const integrationUsage = compiledOnce(
  (v: { orgId: string; originOrgId: string; fromDay?: number }) => ({ period: v.fromDay !== undefined }),
  (db, v, { period }) => integrationUsageQuery(db, v, period),
);

/** Counters per integration of one end-customer organisation (integrationUsageQuery). */
export async function usageByIntegration(db: Db, orgId: string, originOrgId: string, fromDay?: number): Promise<Map<string, UsageCounters>> {
  const rows = await integrationUsage.rows(db, { orgId, originOrgId, fromDay });
  return new Map(rows.map((r) => [r.integration_id, toCounters(r)]));
}

interface DailyActivity {
  day: number;
  apiCalls: number;
  apiCallErrors: number;
  nativeApiCalls: number;
  webhooks: number;
  webhookErrors: number;
}

/**
 * Activity per UTC day from fromDay on, for the logs graph of periods longer than a day. A
 * category narrows to the organisation's integrations of that category (a primary-key probe per
 * counter row); counters that belong to no integration then drop out.
 */
export async function dailyActivity(db: Db, orgId: string, fromDay: number, filters: { category?: string; originOrgId?: string }): Promise<DailyActivity[]> {
  const rows = await db
    .selectFrom('usage_daily as u')
    .select([
      'u.day',
      sql<number>`coalesce(sum(u.api_calls), 0)`.as('apiCalls'),
      sql<number>`coalesce(sum(u.api_call_errors), 0)`.as('apiCallErrors'),
      sql<number>`coalesce(sum(u.native_api_calls), 0)`.as('nativeApiCalls'),
      sql<number>`coalesce(sum(u.events_emitted), 0)`.as('webhooks'),
      sql<number>`coalesce(sum(u.webhook_errors), 0)`.as('webhookErrors'),
    ])
    .where('u.org_id', '=', orgId)
    .where('u.day', '>=', fromDay)
    .$if(filters.originOrgId !== undefined, (q) => q.where('u.origin_org_id', '=', filters.originOrgId!))
    .$if(filters.category !== undefined, (q) =>
      q.where(({ exists, selectFrom }) =>
        exists(selectFrom('integrated_accounts as a').select('a.id').whereRef('a.id', '=', 'u.integration_id').where('a.category', '=', filters.category!)),
      ),
    )
    .groupBy('u.day')
    .execute();
  return rows.map((r) => ({
    day: Number(r.day),
    apiCalls: Number(r.apiCalls),
    apiCallErrors: Number(r.apiCallErrors),
    nativeApiCalls: Number(r.nativeApiCalls),
    webhooks: Number(r.webhooks),
    webhookErrors: Number(r.webhookErrors),
  }));
}

/** Counters to add to an account's day in usage_daily (the others stay as they are). */
export type DailyUsageIncrement = Pick<NewRow<'usage_daily'>, 'org_id' | 'origin_org_id' | 'integration_id' | 'day'>
  & Partial<Record<'native_api_calls' | 'events_emitted' | 'events_consumed' | 'issues' | 'webhook_errors', number>>;

/** Adds to an account's counters of a day in one statement (the home cards, organizations and logs graph sum them). */
export async function addDailyUsage(db: Db, increment: DailyUsageIncrement): Promise<void> {
  const counters = (['native_api_calls', 'events_emitted', 'events_consumed', 'issues', 'webhook_errors'] as const)
    .filter((field) => (increment[field] ?? 0) !== 0);
  if (counters.length === 0) return;
  await db.insertInto('usage_daily').values(increment)
    .onConflict((oc) => oc.columns(['org_id', 'day', 'origin_org_id', 'integration_id']).doUpdateSet((eb) =>
      Object.fromEntries(counters.map((field) => [field, eb(`usage_daily.${field}`, '+', eb.ref(`excluded.${field}`))]))))
    .execute();
}

const compare = (x: string | number, y: string | number) => (x < y ? -1 : x > y ? 1 : 0);

/**
 * Adds to several accounts' counters in one statement (the delivery worker's group commit). The
 * increments of one account and day are summed first (one statement may change a row once), and
 * the rows are changed in key order, the order every writer shares, so two writers on PostgreSQL
 * never wait for each other in a cycle (the totals triggers keep per end customer are shared).
 */
export async function addDailyUsages(db: Db, increments: readonly DailyUsageIncrement[]): Promise<void> {
  const fields = (['native_api_calls', 'events_emitted', 'events_consumed', 'issues', 'webhook_errors'] as const)
    .filter((field) => increments.some((increment) => (increment[field] ?? 0) !== 0));
  if (fields.length === 0) return;
  const byKey = new Map<string, Record<string, string | number>>();
  for (const increment of increments) {
    const key = JSON.stringify([increment.org_id, increment.day, increment.origin_org_id, increment.integration_id]);
    let row = byKey.get(key);
    if (!row) {
      row = { org_id: increment.org_id, day: increment.day, origin_org_id: increment.origin_org_id, integration_id: increment.integration_id };
      for (const field of fields) row[field] = 0;
      byKey.set(key, row);
    }
    for (const field of fields) row[field] = (row[field] as number) + (increment[field] ?? 0);
  }
  const rows = [...byKey.values()].sort((x, y) =>
    compare(x.org_id, y.org_id) || compare(x.day, y.day) || compare(x.origin_org_id, y.origin_org_id) || compare(x.integration_id, y.integration_id));
  const columns = { org_id: 'text', day: 'bigint', origin_org_id: 'text', integration_id: 'text', ...Object.fromEntries(fields.map((field) => [field, 'integer'])) } as const;
  const names = sql.join(Object.keys(columns).map((name) => sql.id(name)));
  // `where true`: SQLite reads an ON CONFLICT after a SELECT without WHERE as a join's ON.
  await sql`insert into usage_daily (${names}) select ${names} from ${rowsTable(db, 'u', columns as Record<string, 'text' | 'bigint' | 'integer'>, rows)} where true
    on conflict (org_id, day, origin_org_id, integration_id) do update set ${sql.join(fields.map((field) => sql`${sql.id(field)} = usage_daily.${sql.id(field)} + excluded.${sql.id(field)}`))}`
    .execute(db);
}

/**
 * Spends sync credits: the organisation's usage in its term (orgMetaData.usage, what the usage
 * meter shows) and parameterOrgUsageDetails.syncCredits grow by the records a run processed.
 */
export async function spendSyncCredits(db: Db, orgId: string, credits: number, now: number): Promise<void> {
  if (credits <= 0) return;
  await db.updateTable('organisations')
    .set((eb) => ({
      usage: eb('usage', '+', credits),
      usage_details_json: jsonNumberAdded(db, 'usage_details_json', 'syncCredits', credits),
      updated_at: now,
    }))
    .where('id', '=', orgId)
    .execute();
}
