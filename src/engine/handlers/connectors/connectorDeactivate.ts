import { defineSessionHandler } from '../types.ts';
import { notFound } from '../../errors.ts';
import { CONNECTOR_NOT_FOUND } from '../../repositories/connectors.ts';
import { deleteConnector } from '../../services/connectors.ts';
import { aiCaller } from './context.ts';

// Deletes a connector for the user: it and everything that still runs or offers it stop together.
export const connectorDeactivate = defineSessionHandler('connectorDeactivate', async ({ body }, ctx) => {
  const { db, orgId, now } = aiCaller(ctx);
  const deactivatedIntegrations = await deleteConnector(db, orgId, body.connectorId, now);
  if (deactivatedIntegrations === undefined) throw notFound(CONNECTOR_NOT_FOUND);
  return { connectorId: body.connectorId, message: 'Connector deleted successfully' as const, deactivatedIntegrations };
});
