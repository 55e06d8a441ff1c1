import { defineSessionHandler } from '../types.ts';
import { applySessionAction } from '../../services/chatSessions.ts';
import { aiCaller } from '../connectors/context.ts';

// The buttons under an assistant message, as transitions of the session's step machine; every
// transition is one transaction with the system message recording it.
export const sessionAction = defineSessionHandler('sessionAction', async ({ body }, ctx) => {
  const { db, orgId, now } = aiCaller(ctx);
  return applySessionAction(db, orgId, body, now);
});
