import { defineHandler } from '../types.ts';
import { requireSession, toChatMessage } from '../../repositories/aiSessions.ts';
import { pageByCursor } from '../../repositories/listPaging.ts';
import { aiCaller } from '../connectors/context.ts';

// One page of a session's messages, newest first, on the (session_id, created_at, id) index: the
// chat view scrolls up for older pages.
export const sessionMessages = defineHandler('sessionMessages', async ({ query }, ctx) => {
  const { db, orgId } = aiCaller(ctx);
  const { session } = await requireSession(db, orgId, query.sessionId);
  const page = await pageByCursor(
    db.selectFrom('ai_session_messages').selectAll().where('session_id', '=', session.id),
    { limit: query.limit ?? 50, cursor: query.cursor },
    { ts: 'created_at', id: 'id', idKind: 'integer' },
  );
  return { messages: page.items.map(toChatMessage), nextCursor: page.nextCursor };
});
