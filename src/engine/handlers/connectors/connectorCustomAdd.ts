import { defineSessionHandler } from '../types.ts';
import { toSessionState } from '../../repositories/aiSessions.ts';
import { toConnectorRow } from '../../repositories/connectors.ts';
import { addCustomConnector } from '../../services/connectors.ts';
import { aiCaller } from './context.ts';

// A connector for an app the catalog lacks: the app as the user described it, a draft connector
// on it and its building session, already past describe and select_apps.
export const connectorCustomAdd = defineSessionHandler('connectorCustomAdd', async ({ body }, ctx) => {
  const { db, orgId, userId, now } = aiCaller(ctx);
  const { connector, session } = await addCustomConnector(db, { orgId, userId, now }, body);
  return { connector: toConnectorRow(connector, 0), session: toSessionState(session, connector) };
});
