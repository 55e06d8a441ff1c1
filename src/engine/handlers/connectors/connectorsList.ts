import { defineSessionHandler } from '../types.ts';
import { listConnectors, matchesSearch, mediumOf, requireConnector, toConnectorRows, usesApp } from '../../repositories/connectors.ts';
import { aiCaller } from './context.ts';

// The connectors table: the organisation's connectors (never deactivated ones), latest change
// first. An organisation has tens of connectors, not thousands: status filters in SQL on the
// (org_id, status) index, the rest (search over app labels, which live in apps_json) in memory.
export const connectorsList = defineSessionHandler('connectorsList', async ({ query }, ctx) => {
  const { db, orgId } = aiCaller(ctx);
  // A flow reloading its row by id learns that the connector is gone (or never was) from a 404.
  if (query.connectorId) await requireConnector(db, orgId, query.connectorId);
  const status = query.status && query.status !== 'all' ? query.status : undefined;
  const rows = (await listConnectors(db, orgId, status)).filter((row) =>
    (!query.connectorId || row.id === query.connectorId)
    && matchesSearch(row, query.search)
    && usesApp(row, query.appId)
    && (!query.medium || mediumOf(row) === query.medium)
    && (!query.createdBy || (row.created_by ?? '') === query.createdBy));
  const connectors = await toConnectorRows(db, orgId, rows);
  return { connectors, connectorCount: connectors.length };
});
