import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { badRequest, conflict } from '../errors.ts';
import type { MsgOf } from '../contractTypes.ts';
import { parseJson, subcategoriesOf, type ModelInfo } from './catalog.ts';

// Org-wide sync settings of a category (org_category_settings): whether syncs are enabled, how
// they start and which data models new integrated accounts subscribe to. Default models are
// always part of a selection.
type SyncSettings = MsgOf<'appEnableSyncForCategory'>;
export type Selection = { subCategory: string; syncModels: string[] }[];

const NOT_SYNCING = 'Syncs are not enabled for this category';
export const NO_MODELS = 'This category has no data models to sync';

export async function settingsRow(db: Kysely<Database>, orgId: string, category: string) {
  return db.selectFrom('org_category_settings').selectAll().where('org_id', '=', orgId).where('category', '=', category).executeTakeFirst();
}

/** Whether syncs are enabled for the category and start on the sync.start call (undefined before any setting). */
export async function syncModeOf(db: Kysely<Database>, orgId: string, category: string) {
  return db.selectFrom('org_category_settings').select(['sync_enabled', 'sync_on_api']).where('org_id', '=', orgId).where('category', '=', category).executeTakeFirst();
}

/** The default models of every subcategory: the selection before syncs are enabled. */
export const defaultSelection = (models: ModelInfo[]): Selection =>
  subcategoriesOf(models).map((s) => ({ subCategory: s.value, syncModels: models.filter((m) => m.subcategory === s.value && m.defaultModel).map((m) => m.modelId) }));

/**
 * Applies the requested models per subcategory on top of `base` (listed subcategories are
 * replaced, others kept), adding default models, in model order. Unknown subcategories or model
 * ids answer 400 naming the entry.
 */
export function applySelection(models: ModelInfo[], base: Selection, requested: Selection, categoryLabel: string): Selection {
  const subs = subcategoriesOf(models);
  const chosen = new Map(base.map((b) => [b.subCategory, new Set(b.syncModels)]));
  requested.forEach((entry, i) => {
    if (!subs.some((s) => s.value === entry.subCategory)) {
      throw badRequest(`Unknown subcategory '${entry.subCategory}' of ${categoryLabel}`, `syncModels.${i}.subCategory`);
    }
    entry.syncModels.forEach((id, j) => {
      if (!models.some((m) => m.subcategory === entry.subCategory && m.modelId === id)) {
        throw badRequest(`Unknown data model '${id}' of ${entry.subCategory}`, `syncModels.${i}.syncModels.${j}`);
      }
    });
  });
  // Two entries for one subcategory add up rather than the last one winning.
  const replaced = new Set<string>();
  for (const entry of requested) {
    if (!replaced.has(entry.subCategory)) chosen.set(entry.subCategory, new Set());
    replaced.add(entry.subCategory);
    for (const id of entry.syncModels) chosen.get(entry.subCategory)!.add(id);
  }
  return subs.map((s) => ({
    subCategory: s.value,
    syncModels: models.filter((m) => m.subcategory === s.value && (m.defaultModel || chosen.get(s.value)?.has(m.modelId))).map((m) => m.modelId),
  }));
}

/** The stored selection, completed to every subcategory (defaults for those never chosen). */
export function storedSelection(models: ModelInfo[], json: string | undefined): Selection {
  const stored = parseJson<Selection>(json, []).filter((s) => s && Array.isArray(s.syncModels));
  const known = stored.filter((s) => models.some((m) => m.subcategory === s.subCategory))
    .map((s) => ({ subCategory: s.subCategory, syncModels: s.syncModels.filter((id) => models.some((m) => m.subcategory === s.subCategory && m.modelId === id)) }));
  return applySelection(models, defaultSelection(models), known, '');
}

export async function saveSettings(db: Kysely<Database>, orgId: string, category: string, values: { syncEnabled?: boolean; syncOnApi?: boolean; selection?: Selection }, now: number): Promise<void> {
  const set = {
    ...(values.syncEnabled !== undefined ? { sync_enabled: values.syncEnabled ? (1 as const) : (0 as const) } : {}),
    ...(values.syncOnApi !== undefined ? { sync_on_api: values.syncOnApi ? (1 as const) : (0 as const) } : {}),
    ...(values.selection ? { sync_models_json: JSON.stringify(values.selection) } : {}),
    updated_at: now,
  };
  await db.insertInto('org_category_settings').values({ org_id: orgId, category, ...set })
    .onConflict((oc) => oc.columns(['org_id', 'category']).doUpdateSet(set)).execute();
}

/** The sync-start endpoint (POST v1.0/sync.start) on the engine's public origin. */
export const syncStartUrl = (publicUrl: string): string => new URL('/v1.0/sync.start', publicUrl).toString();

export async function syncSettings(db: Kysely<Database>, publicUrl: string, orgId: string, category: string, models: ModelInfo[]): Promise<SyncSettings> {
  const row = await settingsRow(db, orgId, category);
  return {
    category: category as SyncSettings['category'],
    syncEnabled: row?.sync_enabled === 1,
    syncOnAPI: row?.sync_on_api === 1,
    syncModels: row?.sync_enabled === 1 ? storedSelection(models, row.sync_models_json) : defaultSelection(models),
    syncStartUrl: syncStartUrl(publicUrl),
    updatedAt: row?.updated_at ?? 0,
  };
}

/** For the edit calls: 409 unless syncs are enabled for the category. */
export async function requireSyncing(db: Kysely<Database>, orgId: string, category: string): Promise<void> {
  const row = await settingsRow(db, orgId, category);
  if (row?.sync_enabled !== 1) throw conflict(NOT_SYNCING);
}

/** Turns the category's AI toolkit on (idempotent: a repeat only moves the last-change time). */
export async function enableAiToolkit(db: Kysely<Database> | Transaction<Database>, orgId: string, category: string, now: number): Promise<void> {
  await db.insertInto('org_category_settings').values({ org_id: orgId, category, ai_toolkit_enabled: 1, updated_at: now })
    .onConflict((oc) => oc.columns(['org_id', 'category']).doUpdateSet({ ai_toolkit_enabled: 1, updated_at: now })).execute();
}
