import { defineSessionHandler } from '../types.ts';
import { requireConnector } from '../../repositories/connectors.ts';
import { countConnectorAccounts, lastSyncOfAccounts, pageConnectorAccounts } from '../../repositories/connectorAccounts.ts';
import type { IntegrationState } from '../../../shared/integrationStates.ts';
import { aiCaller } from './context.ts';

// The accounts connected through one connector, newest first: keyset pages on the
// (org_id, connector_id, created_at, id) index, the total under the same filters, and each
// account's last completed sync among the connector's sync jobs.
export const connectorIntegrations = defineSessionHandler('connectorIntegrations', async ({ query }, ctx) => {
  const { db, orgId } = aiCaller(ctx);
  const connector = await requireConnector(db, orgId, query.connectorId);
  const filters = { integrationState: query.integrationState, appId: query.appId, originOrgId: query.originOrgId, search: query.search };
  const page = await pageConnectorAccounts(db, orgId, connector.id, filters, query);
  const total = await countConnectorAccounts(db, orgId, connector.id, filters);
  const lastSync = await lastSyncOfAccounts(db, orgId, connector.id, page.items.map((a) => a.id));
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
    integrationCount: total,
    hasMoreRecords: page.hasMore,
    nextCursor: page.nextCursor,
  };
});
