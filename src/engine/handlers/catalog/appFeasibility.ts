import { defineHandler, type MsgOf } from '../types.ts';
import { apisOfCategory, appRef, appsOfCategory, capabilitiesOfCategory, capabilityKey, modelsOfCategory } from '../../repositories/catalog.ts';

type Row = MsgOf<'appFeasibility'>['rows'][number];

// Ids outside the category are ignored; nothing left (or nothing sent) means every item.
function pick<T>(items: T[], idOf: (item: T) => string, wanted: string[] | undefined): T[] {
  const ids = new Set((wanted ?? []).map((w) => w.trim()).filter(Boolean));
  const chosen = items.filter((i) => ids.has(idOf(i)));
  return chosen.length > 0 ? chosen : items;
}

// The /fcm rows for one category and the screen's filters, whole (a category has a few hundred
// rows at most; the screen pages them). A field without its own cell takes its model's.
export const appFeasibility = defineHandler('appFeasibility', async ({ query }, { db }) => {
  const category = query.category ?? 'HRIS';
  const [allApps, apis, models] = await Promise.all([appsOfCategory(db, category), apisOfCategory(db, category), modelsOfCategory(db, category)]);
  const modelsOrApis = models.length === 0 ? 'apis' : (query.modelsOrApis ?? 'models');
  const apps = pick(allApps, (a) => a.id, query.apps);
  const caps = await capabilitiesOfCategory(db, category, apps.map((a) => a.id));
  const cellOf = (appId: string, ...keys: string[]) => {
    const cells = caps.get(appId);
    for (const key of keys) {
      const cell = cells?.get(key);
      if (cell) return { appId, status: cell.status, notes: cell.notes };
    }
    return { appId, status: null, notes: null };
  };

  const rows: Row[] = modelsOrApis === 'models'
    ? pick(models, (m) => m.modelId, query.models).flatMap((m) => m.fields.map((f): Row => ({
      rowId: `${m.modelId}.${f.fieldId}`, kind: 'model', modelId: m.modelId, modelName: m.modelName, fieldId: f.fieldId, fieldName: f.fieldName,
      apps: apps.map((a) => cellOf(a.id, capabilityKey('field', m.modelId, f.fieldId), capabilityKey('model', m.modelId))),
    })))
    : pick(apis, (a) => a.api_id, query.apis).map((api): Row => ({
      rowId: api.api_id, kind: 'api', modelId: api.api_id, modelName: api.name, fieldId: null, fieldName: null,
      apps: apps.map((a) => cellOf(a.id, capabilityKey('api', api.api_id))),
    }));
  return { category, modelsOrApis, apps: apps.map(appRef), rows, totalRows: rows.length };
});
