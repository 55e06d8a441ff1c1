import { defineSessionHandler } from '../types.ts';
import { pageSessionHistory } from '../../repositories/aiSessions.ts';
import { aiCaller } from '../connectors/context.ts';

// The history panel: the organisation's sessions, latest activity first. Sessions of deleted
// connectors are gone with them.
export const sessionHistory = defineSessionHandler('sessionHistory', async ({ query }, ctx) => {
  const { db, orgId } = aiCaller(ctx);
  return pageSessionHistory(
    db,
    orgId,
    { connectorId: query.connectorId, status: query.status, search: query.search },
    { limit: query.limit ?? 20, cursor: query.cursor },
  );
});
