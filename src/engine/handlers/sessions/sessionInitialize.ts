import { defineSessionHandler } from '../types.ts';
import { newestMessages, sessionStateOf } from '../../repositories/aiSessions.ts';
import { openChatSession } from '../../services/chatSessions.ts';
import { aiCaller } from '../connectors/context.ts';

// The new-connector flow's entry: a new draft connector and its building session, or the
// session of an existing connector (resumed when active, else opened), with its newest messages.
export const sessionInitialize = defineSessionHandler('sessionInitialize', async ({ body }, ctx) => {
  const { db, orgId, userId, now } = aiCaller(ctx);
  const sessionId = await openChatSession(db, { orgId, userId, now }, body);
  return { session: await sessionStateOf(db, sessionId), messages: await newestMessages(db, sessionId) };
});
