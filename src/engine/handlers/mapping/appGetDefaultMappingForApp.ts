import { defineSessionHandler } from '../types.ts';
import { notFound } from '../../errors.ts';
import { appsByIds } from '../../repositories/appCatalog.ts';
import { appTable, assertMappable, mergeCustomRows, toFieldRows } from '../../repositories/mappingTables.ts';
import { findPreset, presetRowsOf } from '../../repositories/mappingPresets.ts';

// The preset wizard's map-fields step: an app's table, not tied to an account (no account data, so
// no samples), with a preset's CUSTOM rows applied the way they would be applied to an account.
export const appGetDefaultMappingForApp = defineSessionHandler('appGetDefaultMappingForApp', async ({ query }, { db, caller }) => {
  const [app] = await appsByIds(db, [query.appIdValue]);
  if (!app) throw notFound('App not found');
  const presetId = query.presetId ? query.presetId : null;
  const preset = presetId ? await findPreset(db, caller.orgId, presetId) : undefined;
  if (presetId && !preset) throw notFound('Preset not found');
  await assertMappable(db, app.id, query.subCategoryId, 'subCategoryId');
  const table = (await appTable(db, app.id, query.subCategoryId)).map((f) => ({ ...f, sampleData: null }));
  const custom = preset ? (await presetRowsOf(db, preset.id)).get(query.subCategoryId) ?? [] : [];
  return { data: toFieldRows(mergeCustomRows(table, custom)), appId: app.id, subCategoryId: query.subCategoryId, presetId };
});
