import { defineHandler, type MsgOf } from '../types.ts';
import { apisOfCategory, appRef, appsOfCategory, capabilitiesOfCategory, capabilityKey, modelsOfCategory } from '../../repositories/catalog.ts';

type Feasibility = MsgOf<'appCategoryDetails'>['feasibility'];

// The whole capability structure of one category: apps, APIs, models with fields, and the
// feasibility map keyed by app then model or API id. Unknown cells are simply absent.
export const appCategoryDetails = defineHandler('appCategoryDetails', async ({ query }, { db }) => {
  const { category } = query;
  const [apps, apis, models, caps] = await Promise.all([
    appsOfCategory(db, category), apisOfCategory(db, category), modelsOfCategory(db, category), capabilitiesOfCategory(db, category),
  ]);
  const feasibility: Feasibility = {};
  for (const app of apps) {
    const cells = caps.get(app.id);
    if (!cells) continue;
    const entries: Feasibility[string] = {};
    for (const model of models) {
      const own = cells.get(capabilityKey('model', model.modelId));
      const fieldDetails: NonNullable<Feasibility[string][string]['fieldDetails']> = {};
      for (const field of model.fields) {
        const cell = cells.get(capabilityKey('field', model.modelId, field.fieldId));
        if (cell) fieldDetails[field.fieldId] = { status: cell.status, notes: cell.notes };
      }
      if (own) entries[model.modelId] = { status: own.status, notes: own.notes, fieldDetails };
    }
    for (const api of apis) {
      const cell = cells.get(capabilityKey('api', api.api_id));
      if (cell) entries[api.api_id] = { status: cell.status, notes: cell.notes };
    }
    feasibility[app.id] = entries;
  }
  return {
    category,
    apps: apps.map(appRef),
    apis: apis.map((a) => ({ modelId: a.api_id, modelName: a.name, description: `${a.method ?? 'GET'} ${a.url ?? ''}`.trim(), fieldsList: [] })),
    models: models.map((m) => ({
      modelId: m.modelId, modelName: m.modelName, description: m.description,
      fieldsList: m.fields.map((f) => ({ fieldId: f.fieldId, fieldName: f.fieldName, description: f.description })),
    })),
    feasibility,
  };
});
