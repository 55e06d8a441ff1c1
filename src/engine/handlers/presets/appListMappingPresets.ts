import { type SqlBool, sql } from 'kysely';
import { defineHandler } from '../types.ts';
import { forbidden } from '../../errors.ts';
import { containsPattern, toPresetRows } from '../../repositories/presetViews.ts';

// /dashboard/presets: the organisation's presets newest first (a handful per organisation, so no
// paging). search matches the preset's name, an app label it covers or an organisation following it.
export const appListMappingPresets = defineHandler('appListMappingPresets', async ({ query }, { db, caller }) => {
  if (caller.kind !== 'session') throw forbidden();
  const pattern = containsPattern(query.search);
  const mode = query.mode && query.mode !== 'all' ? query.mode : undefined;
  const presets = await db.selectFrom('mapping_presets as p').selectAll('p')
    .where('p.org_id', '=', caller.orgId)
    .$if(mode !== undefined, (q) => q.where('p.mode', '=', mode!))
    .$if(!!query.appId, (q) => q.where(({ exists, selectFrom }) =>
      exists(selectFrom('mapping_preset_apps as a').select('a.app_id').whereRef('a.preset_id', '=', 'p.id').where('a.app_id', '=', query.appId!))))
    .$if(pattern !== undefined, (q) => q.where(({ or, exists, selectFrom }) => or([
      sql<SqlBool>`lower(p.name) like ${pattern} escape '\\'`,
      exists(selectFrom('mapping_preset_apps as a').select('a.app_id').whereRef('a.preset_id', '=', 'p.id')
        .where(sql<SqlBool>`lower(a.app_label) like ${pattern} escape '\\'`)),
      exists(selectFrom('mapping_preset_orgs as o').select('o.origin_org_id').whereRef('o.preset_id', '=', 'p.id')
        .where(sql<SqlBool>`lower(o.origin_org_name) like ${pattern} escape '\\'`)),
    ])))
    .orderBy('p.created_at', 'desc').orderBy('p.id', 'desc')
    .execute();
  return { presets: await toPresetRows(db, caller.orgId, presets), presetCount: presets.length };
});
