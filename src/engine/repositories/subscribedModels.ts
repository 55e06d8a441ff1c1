import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { badRequest } from '../errors.ts';

// The data models an integrated account subscribes to, per subcategory of its category. Default
// models are always subscribed: they are added whether sent or not and can never be dropped.
type Db = Kysely<Database> | Transaction<Database>;
export interface SubCategoryModels { subCategory: string; syncModels: string[] }

export function parseSubscribed(json: string | null | undefined): SubCategoryModels[] {
  try {
    const parsed = JSON.parse(json ?? '[]') as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((e) => e && typeof e.subCategory === 'string' && Array.isArray(e.syncModels))
      .map((e) => ({ subCategory: e.subCategory, syncModels: e.syncModels.filter((m: unknown) => typeof m === 'string') }));
  } catch {
    return [];
  }
}

/**
 * Replaces the models of each subcategory sent and keeps the others as they were. Unknown
 * subcategories or model ids of the category are a 400 naming the entry.
 */
export async function replaceSubscribedModels(db: Db, category: string, current: SubCategoryModels[], sent: SubCategoryModels[]): Promise<SubCategoryModels[]> {
  const models = await db.selectFrom('data_models').select(['subcategory', 'model_id', 'default_model', 'position'])
    .where('category', '=', category).orderBy('position').execute();
  const bySub = new Map<string, { ids: string[]; defaults: string[] }>();
  for (const m of models) {
    const entry = bySub.get(m.subcategory) ?? { ids: [], defaults: [] };
    entry.ids.push(m.model_id);
    if (m.default_model === 1) entry.defaults.push(m.model_id);
    bySub.set(m.subcategory, entry);
  }
  const next = new Map(current.map((e) => [e.subCategory, e.syncModels]));
  sent.forEach((entry, i) => {
    const known = bySub.get(entry.subCategory);
    if (!known) throw badRequest(`Unknown subcategory ${entry.subCategory}`, `syncModels.${i}.subCategory`);
    entry.syncModels.forEach((id, j) => {
      if (!known.ids.includes(id)) throw badRequest(`Unknown data model ${id}`, `syncModels.${i}.syncModels.${j}`);
    });
    const chosen = new Set([...known.defaults, ...entry.syncModels]);
    next.set(entry.subCategory, known.ids.filter((id) => chosen.has(id)));
  });
  return [...next.entries()].map(([subCategory, syncModels]) => ({ subCategory, syncModels }));
}

/**
 * The stored subscription (JSON text) of the organisation's newest account of an app for one
 * end-customer organisation; undefined when there is no such account.
 */
export async function newestAccountSubscription(db: Db, orgId: string, appId: string, originOrgId: string): Promise<{ subscribedModelsJson: string } | undefined> {
  const account = await db.selectFrom('integrated_accounts').select('subscribed_models_json')
    .where('org_id', '=', orgId).where('app_id', '=', appId).where('origin_org_id', '=', originOrgId)
    .orderBy('created_at', 'desc').executeTakeFirst();
  return account && { subscribedModelsJson: account.subscribed_models_json };
}
