import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, Row } from '../db/schema.ts';
import type { KeysetPage } from '../db/keyset.ts';
import { compiledOnce, givenValues } from '../db/compiledOnce.ts';
import { ACCOUNT_ROW_COLUMNS, type AccountFilters, accountFilterValues, type AccountFilterValues, applyAccountFilters } from './integratedAccounts.ts';
import { type PageRequest, pagedList } from './listPaging.ts';
import { isPostgres } from '../db/dialect.ts';
import { jsonRowArraysText, parseJsonRows } from '../db/jsonRows.ts';
import { INTEGRATION_USAGE_COLUMNS, integrationUsageQuery, usageByIntegration, usageFromArrays } from './usage.ts';

// Integrated accounts as the dashboard's lists and filter bars read them: the accounts screen's
// page, one end customer's accounts, and the apps and accounts offered as filter choices.
type Db = Kysely<Database> | Transaction<Database>;
type AccountListRow = Pick<Row<'integrated_accounts'>, (typeof ACCOUNT_ROW_COLUMNS)[number]>;

const accountsPage = pagedList({
  shapeOf: (filters: AccountFilterValues) => givenValues(filters),
  build: (db, filters, given) => applyAccountFilters(db.selectFrom('integrated_accounts').select(ACCOUNT_ROW_COLUMNS), filters, given),
}, { ts: 'created_at', id: 'id', idKind: 'text' });

/** One keyset page of the accounts screen under its filters, newest first on (created_at, id). */
export async function pageAccountRows(db: Db, orgId: string, filters: AccountFilters, request: PageRequest): Promise<KeysetPage<AccountListRow>> {
  return accountsPage(db, accountFilterValues(orgId, filters), request);
}

const endCustomerAccountsQuery = (db: Db, v: { orgId: string; originOrgId: string }) => db.selectFrom('integrated_accounts')
  .select(['id', 'origin_org_name', 'app_id', 'app_label', 'category', 'integration_state'])
  .where('org_id', '=', v.orgId)
  .where('origin_org_id', '=', v.originOrgId)
  .orderBy('created_at', 'desc')
  .orderBy('id', 'desc');

const endCustomerAccounts = compiledOnce(() => ({}), endCustomerAccountsQuery);

// On PostgreSQL the counters per integration ride along with the accounts as a JSON text column
// (db/jsonRows.ts; an uncorrelated subquery, run once per statement): a second statement would be
// a second round trip, which costs the engine more than the JSON. On SQLite a statement is a
// function call, and two are cheaper than building and parsing the JSON.
const endCustomerAccountsWithUsage = compiledOnce(
  (v: { orgId: string; originOrgId: string; fromDay?: number }) => ({ period: v.fromDay !== undefined }),
  (db, v, { period }) => endCustomerAccountsQuery(db, v)
    .select(jsonRowArraysText(db, integrationUsageQuery(db, v, period), INTEGRATION_USAGE_COLUMNS).as('usage')),
);

/**
 * The accounts of one end-customer organisation, newest first (a handful: not paged), and their
 * counters from fromDay (UTC midnight ms) on, all time without it.
 */
export async function accountsOfEndCustomer(db: Db, orgId: string, originOrgId: string, fromDay?: number) {
  if (!isPostgres(db)) {
    const accounts = await endCustomerAccounts.rows(db, { orgId, originOrgId });
    return { accounts, usage: await usageByIntegration(db, orgId, originOrgId, fromDay) };
  }
  const accounts = await endCustomerAccountsWithUsage.rows(db, { orgId, originOrgId, fromDay });
  return { accounts, usage: usageFromArrays(parseJsonRows(accounts[0]?.usage)) };
}

/** The apps the organisation's accounts use, with how many accounts each (optionally of one category or end customer). */
export async function appsWithAccountCounts(db: Db, orgId: string, filters: { category?: string; originOrgId?: string }) {
  const rows = await db
    .selectFrom('integrated_accounts')
    .select(['app_id', 'app_label', 'category', sql<number>`count(*)`.as('count')])
    .where('org_id', '=', orgId)
    .$if(filters.category !== undefined, (q) => q.where('category', '=', filters.category!))
    .$if(filters.originOrgId !== undefined, (q) => q.where('origin_org_id', '=', filters.originOrgId!))
    .groupBy(['app_id', 'app_label', 'category'])
    .execute();
  return rows.map((r) => ({ appId: r.app_id, appLabel: r.app_label, category: r.category, count: Number(r.count) }));
}

/** Every account of the organisation (optionally of one end customer) as a filter choice needs it. */
export async function accountChoices(db: Db, orgId: string, originOrgId?: string) {
  return db
    .selectFrom('integrated_accounts')
    .select(['id', 'origin_org_name', 'app_label'])
    .where('org_id', '=', orgId)
    .$if(originOrgId !== undefined, (q) => q.where('origin_org_id', '=', originOrgId!))
    .execute();
}
