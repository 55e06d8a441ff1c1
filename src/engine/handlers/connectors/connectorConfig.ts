import { defineSessionHandler } from '../types.ts';
import { authOf, chatStepOf, mediumOf, parseApps, parseConfig, requireConnector, statusOf, toConnectorApp } from '../../repositories/connectors.ts';
import { aiCaller } from './context.ts';

// The whole configuration of one connector. Parts of steps a draft has not reached are empty:
// config_json only holds what the chat (or the seed) wrote.
export const connectorConfig = defineSessionHandler('connectorConfig', async ({ query }, ctx) => {
  const { db, orgId } = aiCaller(ctx);
  const row = await requireConnector(db, orgId, query.connectorId);
  const config = parseConfig(row.config_json);
  const medium = mediumOf(row);
  return {
    config: {
      connectorId: row.id,
      name: row.name,
      connectorName: row.name,
      description: row.description,
      status: statusOf(row),
      medium,
      apps: parseApps(row.apps_json).map(toConnectorApp),
      auth: authOf(config),
      sync: medium === 'sync' ? (config.sync ?? null) : null,
      webhookEvents: config.webhookEvents ?? [],
      apis: (config.apis ?? []).map((api) => ({ apiId: api.apiId, name: api.name, method: api.method, path: api.path })),
      version: row.version,
      publishedAt: row.published_at,
      sessionId: row.session_id,
      chatStep: row.session_id === null ? null : chatStepOf(row),
      createdBy: row.created_by ?? '',
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    },
  };
});
