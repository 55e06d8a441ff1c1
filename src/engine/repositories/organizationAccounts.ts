import { type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { isPostgres } from '../db/dialect.ts';
import { boundList, compiledOnce, listLength, listValues } from '../db/compiledOnce.ts';
import { jsonRowArrays, parseJsonRows } from '../db/jsonRows.ts';
import type { Category } from '../../shared/categories.ts';
import type { IntegrationState } from '../../shared/integrationStates.ts';

/*
 * The integrated accounts of a page of end-customer organisations, newest first per organisation.
 * On PostgreSQL they come with the page, as a JSON column (db/jsonRows.ts): a second statement
 * would be a second round trip, which costs the engine more than the JSON. On SQLite a statement
 * is a function call, and building and parsing the JSON costs more: the page's accounts are one
 * more index range on (org_id, origin_org_id).
 */
interface PageAccount {
  id: string;
  appId: string;
  appLabel: string;
  category: Category;
  integrationState: IntegrationState;
  createdAt: number;
}

const COLUMNS = ['a.id', 'a.app_id', 'a.app_label', 'a.category', 'a.integration_state', 'a.created_at'] as const;
type AccountArray = [string, string, string, Category, IntegrationState, number];

export const accountsComeWithPage = (db: Kysely<Database>): boolean => isPostgres(db);

/** The `accounts` column of a page row (select it only when accountsComeWithPage). */
export function accountsColumn(db: Kysely<Database>, orgId: string) {
  return (eb: ExpressionBuilder<Database & { e: Database['end_customer_orgs'] }, 'e'>) => eb
    .selectFrom('integrated_accounts as a')
    .select(jsonRowArrays(db, COLUMNS).as('rows'))
    .where('a.org_id', '=', orgId)
    .whereRef('a.origin_org_id', '=', 'e.origin_org_id')
    .as('accounts');
}

/** The accounts of a page's end customers, as `origin0`, `origin1`, ...: compiled once per page length. */
const accountsOfOrigins = compiledOnce(
  (v: { orgId: string }) => listLength(v, 'origin'),
  (db, v, count) => db.selectFrom('integrated_accounts')
    .select(['id', 'origin_org_id', 'app_id', 'app_label', 'category', 'integration_state', 'created_at'])
    .where('org_id', '=', v.orgId)
    .where('origin_org_id', 'in', boundList<string>(v, 'origin', count)),
);

/** Accounts per end customer of the page: from the page's column, or read now. */
export async function accountsOfPage(
  db: Kysely<Database>,
  orgId: string,
  rows: { origin_org_id: string; accounts?: unknown }[],
): Promise<Map<string, PageAccount[]>> {
  const byOrigin = new Map<string, PageAccount[]>(rows.map((r) => [r.origin_org_id, []]));
  if (accountsComeWithPage(db)) {
    for (const row of rows) {
      byOrigin.set(row.origin_org_id, parseJsonRows<AccountArray>(row.accounts).map(([id, appId, appLabel, category, integrationState, createdAt]) =>
        ({ id, appId, appLabel, category, integrationState, createdAt: Number(createdAt) })));
    }
  } else if (rows.length > 0) {
    const accounts = await accountsOfOrigins.rows(db, { orgId, ...listValues('origin', rows.map((r) => r.origin_org_id)) });
    for (const a of accounts) {
      byOrigin.get(a.origin_org_id)?.push({
        id: a.id, appId: a.app_id, appLabel: a.app_label, category: a.category as Category,
        integrationState: a.integration_state as IntegrationState, createdAt: a.created_at,
      });
    }
  }
  // Sorted here, not in SQL: SQLite's json_group_array takes no ORDER BY, and an ORDER BY on the
  // second statement would tempt the planner to walk the organisation's accounts by created_at.
  for (const list of byOrigin.values()) list.sort((x, y) => y.createdAt - x.createdAt || (y.id < x.id ? -1 : 1));
  return byOrigin;
}
