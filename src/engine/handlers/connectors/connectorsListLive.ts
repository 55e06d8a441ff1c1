import { defineSessionHandler } from '../types.ts';
import { listConnectors, matchesSearch, toConnectorRows, usesApp } from '../../repositories/connectors.ts';
import { aiCaller } from './context.ts';

// Live connectors by name, for pickers (the magic link form offers AI connectors only when this
// list is not empty).
export const connectorsListLive = defineSessionHandler('connectorsListLive', async ({ query }, ctx) => {
  const { db, orgId } = aiCaller(ctx);
  const rows = (await listConnectors(db, orgId, 'live'))
    .filter((row) => matchesSearch(row, query.search) && usesApp(row, query.appId))
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || (a.id < b.id ? -1 : 1));
  return { connectors: await toConnectorRows(db, orgId, rows) };
});
