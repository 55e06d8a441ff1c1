import { defineSessionHandler } from '../types.ts';
import { authConfigured } from '../../repositories/aiSessions.ts';
import { authOf, parseApps, parseConfig, requireConnector, toConnectorApp } from '../../repositories/connectors.ts';
import { aiCaller } from './context.ts';

// The connect screens the auth component shows for this connector. They exist once configure_auth
// is done: for a draft, as its building session stands; a testing or live connector is built.
export const setupUiMetadata = defineSessionHandler('setupUiMetadata', async ({ query }, ctx) => {
  const { db, orgId } = aiCaller(ctx);
  const row = await requireConnector(db, orgId, query.connectorId);
  const config = parseConfig(row.config_json);
  return {
    setup: {
      connectorId: row.id,
      name: row.name,
      apps: parseApps(row.apps_json).map(toConnectorApp),
      authType: authOf(config).authType,
      steps: (await authConfigured(db, row)) ? (config.setupSteps ?? []) : [],
    },
  };
});

