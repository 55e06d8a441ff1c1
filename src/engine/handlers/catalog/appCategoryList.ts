import { defineHandler } from '../types.ts';
import { appRef, byLabel, listCategories } from '../../repositories/catalog.ts';
import { listApiNames, listAppRefs, listModelNames } from '../../repositories/appCatalog.ts';

// The /fcm filters: every category with its models, APIs and apps, each sorted by name. Three
// queries for the whole catalog rather than three per category.
export const appCategoryList = defineHandler('appCategoryList', async (_input, { db }) => {
  const [categories, models, apis, apps] = await Promise.all([
    listCategories(db),
    listModelNames(db),
    listApiNames(db),
    listAppRefs(db),
  ]);
  const byName = byLabel<{ modelName: string }>((m) => m.modelName);
  return categories.map((c) => ({
    categoryId: c.id,
    categoryLabel: c.label,
    models: models.filter((m) => m.category === c.id).map((m) => ({ modelId: m.model_id, modelName: m.name })).sort(byName),
    api: apis.filter((a) => a.category === c.id).map((a) => ({ modelId: a.api_id, modelName: a.name })).sort(byName),
    apps: apps.filter((a) => a.category === c.id).sort(byLabel((a) => a.label)).map(appRef),
  }));
});
