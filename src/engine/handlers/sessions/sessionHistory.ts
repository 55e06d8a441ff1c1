import { sql, type SqlBool } from 'kysely';
import { defineHandler } from '../types.ts';
import { toSessionSummary } from '../../repositories/aiSessions.ts';
import { pageByCursor } from '../../repositories/listPaging.ts';
import { aiCaller } from '../connectors/context.ts';

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

// The history panel: the organisation's sessions, latest activity first, on the
// (org_id[, status], updated_at, id) indexes. Sessions of deleted connectors are gone with them.
export const sessionHistory = defineHandler('sessionHistory', async ({ query }, ctx) => {
  const { db, orgId } = aiCaller(ctx);
  const needle = query.search?.trim().toLowerCase();
  const pattern = needle ? `%${likeEscape(needle)}%` : undefined;
  const sessions = db.selectFrom('ai_sessions as s').innerJoin('connectors as c', 'c.id', 's.connector_id')
    .selectAll('s').select('c.name as connector_name')
    .where('s.org_id', '=', orgId).where('c.status', '!=', 'deactivated')
    .$if(!!query.connectorId, (q) => q.where('s.connector_id', '=', query.connectorId!))
    .$if(!!query.status, (q) => q.where('s.status', '=', query.status!))
    // lower() on both sides: LIKE is case-insensitive on SQLite but not on PostgreSQL.
    .$if(pattern !== undefined, (q) => q.where(sql<SqlBool>`(lower(s.title) like ${pattern} escape '\\' or lower(c.name) like ${pattern} escape '\\')`));
  const page = await pageByCursor(sessions, { limit: query.limit ?? 20, cursor: query.cursor }, { ts: 's.updated_at', id: 's.id', idKind: 'text' });
  return { sessions: page.items.map(({ connector_name, ...s }) => toSessionSummary(s, connector_name)), nextCursor: page.nextCursor };
});
