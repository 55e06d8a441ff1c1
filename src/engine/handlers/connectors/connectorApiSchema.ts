import { defineSessionHandler } from '../types.ts';
import { notFound } from '../../errors.ts';
import { parseConfig, requireConnector } from '../../repositories/connectors.ts';
import { aiCaller } from './context.ts';

// The connector's APIs with their JSON Schemas: the API test form and agents' tool definitions.
export const connectorApiSchema = defineSessionHandler('connectorApiSchema', async ({ query }, ctx) => {
  const { db, orgId } = aiCaller(ctx);
  const row = await requireConnector(db, orgId, query.connectorId);
  const apis = parseConfig(row.config_json).apis ?? [];
  if (!query.apiId) return { connectorId: row.id, apis };
  const api = apis.find((a) => a.apiId === query.apiId);
  if (!api) throw notFound('API not found');
  return { connectorId: row.id, apis: [api] };
});
