import { type Kysely, type SelectQueryBuilder, sql, type Transaction } from 'kysely';
import type { Database, Row } from '../db/schema.ts';
import type { KeysetPage } from '../db/keyset.ts';
import { anyMatchesIgnoringCase, containsPattern } from '../db/dialect.ts';
import { stateOfFilter, type StateFilter } from '../../shared/integrationStates.ts';
import { type PageRequest, pagedList } from './listPaging.ts';
import { givenValues } from '../db/compiledOnce.ts';

// The integrated accounts connected through one AI connector: the connector's integrations list,
// its filter choices and each account's last completed sync among the connector's jobs.
type Db = Kysely<Database> | Transaction<Database>;

interface ConnectorAccountFilters {
  integrationState?: StateFilter;
  appId?: string;
  originOrgId?: string;
  search?: string;
}

/** The filters as bound values: the state filter as the state it selects, an empty choice or search as none. */
interface ConnectorAccountValues { orgId: string; connectorId: string; state?: string; appId?: string; originOrgId?: string; pattern?: string }

function connectorAccountValues(orgId: string, connectorId: string, filters: ConnectorAccountFilters): ConnectorAccountValues {
  return {
    orgId,
    connectorId,
    state: stateOfFilter(filters.integrationState),
    appId: filters.appId || undefined,
    originOrgId: filters.originOrgId || undefined,
    pattern: containsPattern(filters.search),
  };
}

function filtered<O>(query: SelectQueryBuilder<Database, 'integrated_accounts', O>, v: ConnectorAccountValues, given = givenValues(v)) {
  return query
    .where('org_id', '=', v.orgId).where('connector_id', '=', v.connectorId)
    .$if(given.state, (b) => b.where('integration_state', '=', v.state!))
    .$if(given.appId, (b) => b.where('app_id', '=', v.appId!))
    .$if(given.originOrgId, (b) => b.where('origin_org_id', '=', v.originOrgId!))
    .$if(given.pattern, (b) => b.where(anyMatchesIgnoringCase(['origin_org_name', 'origin_org_id', 'id'], v.pattern!)));
}

const PAGE_COLUMNS = [
  'id', 'origin_org_id', 'origin_org_name', 'app_id', 'app_label', 'integration_state', 'error_description', 'test_account', 'created_at',
] as const;

type ConnectorAccount = Pick<Row<'integrated_accounts'>, (typeof PAGE_COLUMNS)[number]>;

const connectorAccountsPage = pagedList({
  shapeOf: (v: ConnectorAccountValues) => givenValues(v),
  build: (db, v, given) => filtered(db.selectFrom('integrated_accounts').select(PAGE_COLUMNS), v, given),
}, { ts: 'created_at', id: 'id', idKind: 'text' });

/**
 * One page of the connector's accounts under the filters, newest first: keyset pages on the
 * (org_id, connector_id, created_at, id) index.
 */
export async function pageConnectorAccounts(
  db: Db, orgId: string, connectorId: string, filters: ConnectorAccountFilters, request: PageRequest,
): Promise<KeysetPage<ConnectorAccount>> {
  return connectorAccountsPage(db, connectorAccountValues(orgId, connectorId, filters), request);
}

/** How many of the connector's accounts the filters select. */
export async function countConnectorAccounts(db: Db, orgId: string, connectorId: string, filters: ConnectorAccountFilters): Promise<number> {
  const total = await filtered(db.selectFrom('integrated_accounts').select(sql<number>`count(*)`.as('n')), connectorAccountValues(orgId, connectorId, filters)).executeTakeFirst();
  return Number(total?.n ?? 0);
}

/** Each account's last completed sync (unix ms, or null) among the connector's sync jobs. */
export async function lastSyncOfAccounts(db: Db, orgId: string, connectorId: string, integrationIds: string[]): Promise<Map<string, number | null>> {
  if (integrationIds.length === 0) return new Map();
  const synced = await db.selectFrom('sync_jobs')
    .select(['integration_id', sql<number | null>`max(last_synced_at)`.as('last')])
    .where('org_id', '=', orgId).where('connector_id', '=', connectorId).where('integration_id', 'in', integrationIds)
    .groupBy('integration_id').execute();
  return new Map(synced.map((s) => [s.integration_id, s.last === null ? null : Number(s.last)]));
}

/** The distinct apps and end customers among the connector's accounts (its integrations filter bar). */
export async function appsAndCustomersOfConnector(db: Db, orgId: string, connectorId: string) {
  return db.selectFrom('integrated_accounts').select(['app_id', 'app_label', 'origin_org_id', 'origin_org_name'])
    .where('org_id', '=', orgId).where('connector_id', '=', connectorId)
    .groupBy(['app_id', 'app_label', 'origin_org_id', 'origin_org_name']).execute();
}

/** One account connected through the connector, with who it is about (what a test event names). */
export async function findConnectorAccount(db: Db, orgId: string, connectorId: string, integrationId: string) {
  return db.selectFrom('integrated_accounts').select(['id', 'origin_org_id', 'origin_org_name', 'app_id', 'app_label'])
    .where('org_id', '=', orgId).where('connector_id', '=', connectorId).where('id', '=', integrationId).executeTakeFirst();
}
