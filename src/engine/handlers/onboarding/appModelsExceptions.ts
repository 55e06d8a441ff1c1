import { defineSessionHandler, type MsgOf } from '../types.ts';
import { badRequest } from '../../errors.ts';
import { appRef, appsOfCategory, capabilitiesOfCategory, capabilityKey, modelsOfCategory, type CapabilityCell } from '../../repositories/catalog.ts';

type Msg = MsgOf<'appModelsExceptions'>;
type Exception = Msg['apps'][number]['exceptions'][number];

const INVALID = 'Atleast 1 model needs to be selected for a valid category';

// What is not plainly available: WIP and NA cells, and A cells with notes (caveats).
const isException = (cell: CapabilityCell | undefined): cell is CapabilityCell => !!cell && (cell.status !== 'A' || !!cell.notes);

// The model-exceptions modal: per app of the category (by label), per selected model, the
// model-level exception first and then its fields', from the capability data.
export const appModelsExceptions = defineSessionHandler('appModelsExceptions', async ({ query }, { db }) => {
  const { category } = query;
  const ids = [...new Set(query.modelIds.map((id) => id.trim()))];
  const models = await modelsOfCategory(db, category);
  const selected = ids.map((id) => models.find((m) => m.modelId === id));
  if (ids.length === 0 || selected.some((m) => !m)) throw badRequest(INVALID, 'modelIds');
  const apps = await appsOfCategory(db, category);
  const caps = await capabilitiesOfCategory(db, category);

  const appDetails: Msg['appDetails'] = {};
  const list: Msg['apps'] = apps.map((app) => {
    appDetails[app.id] = appRef(app);
    const cells = caps.get(app.id);
    const exceptions: Exception[] = [];
    for (const model of selected as NonNullable<(typeof selected)[number]>[]) {
      const own = cells?.get(capabilityKey('model', model.modelId));
      if (isException(own)) exceptions.push({ modelId: model.modelId, modelName: model.modelName, fieldId: null, status: own.status, notes: own.notes });
      for (const field of model.fields) {
        const cell = cells?.get(capabilityKey('field', model.modelId, field.fieldId));
        if (isException(cell)) exceptions.push({ modelId: model.modelId, modelName: model.modelName, fieldId: field.fieldId, status: cell.status, notes: cell.notes });
      }
    }
    return { appId: app.id, exceptions };
  });
  return { appDetails, apps: list };
});
