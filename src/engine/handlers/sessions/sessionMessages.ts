import { defineSessionHandler } from '../types.ts';
import { pageSessionMessages, requireSession } from '../../repositories/aiSessions.ts';
import { aiCaller } from '../connectors/context.ts';

// One page of a session's messages, newest first: the chat view scrolls up for older pages.
export const sessionMessages = defineSessionHandler('sessionMessages', async ({ query }, ctx) => {
  const { db, orgId } = aiCaller(ctx);
  const { session } = await requireSession(db, orgId, query.sessionId);
  return pageSessionMessages(db, session.id, { limit: query.limit ?? 50, cursor: query.cursor });
});
