import { type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { defineHandler } from '../types.ts';
import { containsPattern } from '../../repositories/presetViews.ts';
import { badRequest, forbidden } from '../../errors.ts';
import { CURSOR_MESSAGE } from '../../repositories/listPaging.ts';

// This list is ordered by name, not time, so its cursor is the last row's (name, originOrgId),
// base64url JSON like the keyset cursors, and it seeks on end_customer_orgs (org_id, origin_org_name).
const encodeNameCursor = (name: string, id: string) => Buffer.from(JSON.stringify([name, id]), 'utf8').toString('base64url');

function decodeNameCursor(value: string | undefined): [string, string] | undefined {
  if (!value) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2 && parsed.every((p) => typeof p === 'string')) return parsed as [string, string];
  } catch {
    // falls through to the 400
  }
  throw badRequest(CURSOR_MESSAGE, 'cursor');
}

// The end-customer organisations with accounts (optionally of one app or category), for the
// wizard's pickers and the presets list's organisation filter.
export const appListOriginOrgs = defineHandler('appListOriginOrgs', async ({ query }, { db, caller }) => {
  if (caller.kind !== 'session') throw forbidden();
  const limit = query.limit ?? 50;
  const cursor = decodeNameCursor(query.cursor);
  const pattern = containsPattern(query.search);
  const accountsOf = (eb: ExpressionBuilder<Database & { e: Database['end_customer_orgs'] }, 'e'>) =>
    eb.selectFrom('integrated_accounts as ia')
      .whereRef('ia.org_id', '=', 'e.org_id')
      .whereRef('ia.origin_org_id', '=', 'e.origin_org_id')
      .$if(!!query.appId, (q) => q.where('ia.app_id', '=', query.appId!))
      .$if(query.category !== undefined, (q) => q.where('ia.category', '=', query.category!));
  const rows = await db.selectFrom('end_customer_orgs as e')
    .select(['e.origin_org_id', 'e.origin_org_name', (eb) => accountsOf(eb).select(sql<number>`count(*)`.as('n')).as('integration_count')])
    .where('e.org_id', '=', caller.orgId)
    .where((eb) => eb.exists(accountsOf(eb).select('ia.id')))
    .$if(pattern !== undefined, (q) => q.where(sql<SqlBool>`(lower(e.origin_org_name) like ${pattern} escape '\\' or lower(e.origin_org_id) like ${pattern} escape '\\')`))
    .$if(cursor !== undefined, (q) => q.where(sql<SqlBool>`e.origin_org_name >= ${cursor![0]} and (e.origin_org_name, e.origin_org_id) > (${cursor![0]}, ${cursor![1]})`))
    .$if(cursor === undefined && (query.pageNo ?? 1) > 1, (q) => q.offset(((query.pageNo ?? 1) - 1) * limit))
    .orderBy('e.origin_org_name').orderBy('e.origin_org_id')
    .limit(limit + 1)
    .execute();
  const hasMore = rows.length > limit;
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return {
    originOrgs: items.map((r) => ({ originOrgId: r.origin_org_id, originOrgName: r.origin_org_name, integrationCount: Number(r.integration_count ?? 0) })),
    hasMoreRecords: hasMore,
    nextCursor: hasMore && last ? encodeNameCursor(last.origin_org_name, last.origin_org_id) : null,
  };
});
