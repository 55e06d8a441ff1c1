import { type SelectQueryBuilder, sql, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { defineHandler } from '../types.ts';
import { requireConnector } from '../../repositories/connectors.ts';
import { type IntegrationState, STATE_BY_FILTER } from '../../repositories/integratedAccounts.ts';
import { pageByNumber } from '../../repositories/listPaging.ts';
import { aiCaller } from './context.ts';

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

// The accounts connected through one connector, newest first: keyset pages on the
// (org_id, connector_id, created_at, id) index, the total under the same filters, and each
// account's last completed sync among the connector's sync jobs.
export const connectorIntegrations = defineHandler('connectorIntegrations', async ({ query }, ctx) => {
  const { db, orgId } = aiCaller(ctx);
  const connector = await requireConnector(db, orgId, query.connectorId);
  const state = query.integrationState && query.integrationState !== 'all' ? STATE_BY_FILTER[query.integrationState] : undefined;
  const needle = query.search?.trim().toLowerCase();
  const pattern = needle ? `%${likeEscape(needle)}%` : undefined;
  const filtered = <O>(q: SelectQueryBuilder<Database, 'integrated_accounts', O>) => q
    .where('org_id', '=', orgId).where('connector_id', '=', connector.id)
    .$if(state !== undefined, (b) => b.where('integration_state', '=', state!))
    .$if(!!query.appId, (b) => b.where('app_id', '=', query.appId!))
    .$if(!!query.originOrgId, (b) => b.where('origin_org_id', '=', query.originOrgId!))
    // lower() on both sides: LIKE is case-insensitive on SQLite but not on PostgreSQL.
    .$if(pattern !== undefined, (b) => b.where(sql<SqlBool>`(lower(origin_org_name) like ${pattern} escape '\\' or lower(origin_org_id) like ${pattern} escape '\\' or lower(id) like ${pattern} escape '\\')`));

  const page = await pageByNumber(filtered(db.selectFrom('integrated_accounts').selectAll()), query, { ts: 'created_at', id: 'id', idKind: 'text' });
  const total = await filtered(db.selectFrom('integrated_accounts').select(sql<number>`count(*)`.as('n'))).executeTakeFirst();
  const ids = page.items.map((a) => a.id);
  const synced = ids.length === 0 ? [] : await db.selectFrom('sync_jobs')
    .select(['integration_id', sql<number | null>`max(last_synced_at)`.as('last')])
    .where('org_id', '=', orgId).where('connector_id', '=', connector.id).where('integration_id', 'in', ids)
    .groupBy('integration_id').execute();
  const lastSync = new Map(synced.map((s) => [s.integration_id, s.last === null ? null : Number(s.last)]));
  return {
    integrations: page.items.map((a) => ({
      integrationId: a.id,
      originOrgId: a.origin_org_id,
      originOrgName: a.origin_org_name,
      appId: a.app_id,
      appLabel: a.app_label,
      integrationState: a.integration_state as IntegrationState,
      errorDescription: a.integration_state === 'Error' ? a.error_description : null,
      testAccount: a.test_account === 1,
      createdAt: a.created_at,
      lastSyncedAt: lastSync.get(a.id) ?? null,
    })),
    integrationCount: Number(total?.n ?? 0),
    hasMoreRecords: page.hasMore,
    nextCursor: page.nextCursor,
  };
});
