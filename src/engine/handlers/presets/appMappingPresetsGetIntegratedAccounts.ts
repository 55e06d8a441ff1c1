import { type SqlBool, sql } from 'kysely';
import { defineHandler } from '../types.ts';
import { forbidden } from '../../errors.ts';
import { INACTIVE_STATES } from '../../repositories/integratedAccounts.ts';
import { pageByNumber } from '../../repositories/listPaging.ts';
import { containsPattern, presetNamesOf, toPresetAccountRow } from '../../repositories/presetViews.ts';

// The wizard's account pickers (select integration, confirm accounts): accounts with an Edit
// mapping action, newest first, on the accounts list's (org_id, <filter>, created_at, id) indexes.
export const appMappingPresetsGetIntegratedAccounts = defineHandler('appMappingPresetsGetIntegratedAccounts', async ({ query }, { db, caller }) => {
  if (caller.kind !== 'session') throw forbidden();
  const orgId = caller.orgId;
  const pattern = containsPattern(query.search);
  function base() {
    return db.selectFrom('integrated_accounts')
      .where('org_id', '=', orgId)
      .where('integration_state', 'not in', INACTIVE_STATES)
      .where('show_custom_fields', '=', 1)
      .$if(!!query.appId, (q) => q.where('app_id', '=', query.appId!))
      .$if(query.category !== undefined, (q) => q.where('category', '=', query.category!))
      .$if(!!query.originOrgId, (q) => q.where('origin_org_id', '=', query.originOrgId!))
        .$if(pattern !== undefined, (q) => q.where(sql<SqlBool>`(lower(origin_org_name) like ${pattern} escape '\\' or lower(origin_org_id) like ${pattern} escape '\\' or lower(id) like ${pattern} escape '\\')`));
  }
  const page = await pageByNumber(base().selectAll(), query, { ts: 'created_at', id: 'id', idKind: 'text' });
  const total = await base().select(sql<number>`count(*)`.as('count')).executeTakeFirst();
  const names = await presetNamesOf(db, orgId, page.items.map((a) => a.preset_id));
  return {
    accounts: page.items.map((a) => toPresetAccountRow(a, names)),
    accountCount: Number(total?.count ?? 0),
    hasMoreRecords: page.hasMore,
    nextCursor: page.nextCursor,
  };
});
