import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { newId } from '../db/ids.ts';
import { accountsColumn, accountsComeWithPage } from './organizationAccounts.ts';
import { type PageRequest, pagedList } from './listPaging.ts';

// End-customer organisations ("Organizations served"). An organisation is served while it has at
// least one integrated account in any state: end_customer_account_counts, kept by triggers on
// integrated_accounts whoever writes them (migration 20261126100000), says so in one lookup.
type Db = Kysely<Database> | Transaction<Database>;

function servedOrganizations(db: Db, orgId: string) {
  return db
    .selectFrom('end_customer_orgs as e')
    .where('e.org_id', '=', orgId)
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('end_customer_account_counts as c').select('c.count')
        .where('c.org_id', '=', orgId).whereRef('c.origin_org_id', '=', 'e.origin_org_id').where('c.count', '>', 0)),
    );
}

/** Served end customers: one row of served_organization_counts, kept by triggers on the per-customer counts. */
export async function countServedOrganizations(db: Db, orgId: string): Promise<number> {
  const row = await servedCount(db, orgId).executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The served total as a query, to run alone or as a scalar subquery of another. */
function servedCount(db: Db, orgId: string) {
  return db.selectFrom('served_organization_counts').select('count').where('org_id', '=', orgId);
}

async function findEndCustomerOrg(db: Db, orgId: string, originOrgId: string) {
  return db.selectFrom('end_customer_orgs').selectAll().where('org_id', '=', orgId).where('origin_org_id', '=', originOrgId).executeTakeFirst();
}

/**
 * The end-customer organisation of a new integrated account: created on first sight, renamed to
 * the latest name the customer passes, its account counter moved by `accountsAdded`.
 */
export async function upsertEndCustomerOrg(db: Db, orgId: string, originOrgId: string, name: string, now: number, accountsAdded = 0): Promise<string> {
  // One statement, so two links created at once for a new end customer cannot both insert it.
  await db.insertInto('end_customer_orgs')
    .values({ id: newId('eco'), org_id: orgId, origin_org_id: originOrgId, origin_org_name: name, integrated_accounts_count: accountsAdded, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['org_id', 'origin_org_id']).doUpdateSet({
      origin_org_name: name,
      integrated_accounts_count: sql`end_customer_orgs.integrated_accounts_count + ${accountsAdded}`,
      updated_at: now,
    }))
    .execute();
  const row = await findEndCustomerOrg(db, orgId, originOrgId);
  return row!.id;
}

/** The served end customers' ids and names (the organisations filter's choices). */
export async function servedOrganizationNames(db: Db, orgId: string) {
  return servedOrganizations(db, orgId).select(['e.origin_org_id', 'e.origin_org_name']).execute();
}

/**
 * One keyset page of the organizations table, newest first on end_customer_orgs (org_id,
 * created_at, id). The served total (a scalar subquery), the all-time counters
 * (end_customer_usage_totals, by primary key) and on PostgreSQL each row's accounts come with the
 * page: one statement.
 */
const servedOrganizationsPage = pagedList({
  shapeOf: () => ({}),
  build: (db, { orgId }: { orgId: string }) => servedOrganizations(db, orgId)
    .leftJoin('end_customer_usage_totals as t', (join) => join.onRef('t.org_id', '=', 'e.org_id').onRef('t.origin_org_id', '=', 'e.origin_org_id'))
    .select(['e.id', 'e.origin_org_id', 'e.origin_org_name', 'e.created_at', servedCount(db, orgId).as('served_count'),
      't.api_calls', 't.events_emitted', 't.events_consumed', 't.issues'])
    .$if(accountsComeWithPage(db), (q) => q.select(accountsColumn(db, orgId))),
}, { ts: 'e.created_at', id: 'e.id', idKind: 'text' });

export async function pageServedOrganizations(db: Kysely<Database>, orgId: string, request: PageRequest) {
  return servedOrganizationsPage(db, { orgId }, request);
}
