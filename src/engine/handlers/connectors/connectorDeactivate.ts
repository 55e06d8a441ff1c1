import { defineHandler } from '../types.ts';
import { notFound } from '../../errors.ts';
import { deactivateConnector } from '../../repositories/connectorLifecycle.ts';
import { CONNECTOR_NOT_FOUND } from '../../repositories/connectors.ts';
import { aiCaller } from './context.ts';

// Deletes a connector for the user: it and everything that still runs or offers it stop together.
export const connectorDeactivate = defineHandler('connectorDeactivate', async ({ body }, ctx) => {
  const { db, orgId, now } = aiCaller(ctx);
  const deactivatedIntegrations = await db.transaction().execute((trx) => deactivateConnector(trx, orgId, body.connectorId, now));
  if (deactivatedIntegrations === undefined) throw notFound(CONNECTOR_NOT_FOUND);
  return { connectorId: body.connectorId, message: 'Connector deleted successfully' as const, deactivatedIntegrations };
});
