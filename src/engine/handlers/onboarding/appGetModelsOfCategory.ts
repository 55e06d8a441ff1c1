import { defineSessionHandler, type MsgOf } from '../types.ts';
import { badRequest, notFound } from '../../errors.ts';
import { appsByIds } from '../../repositories/appCatalog.ts';
import { capabilitiesOfCategory, capabilityKey, modelsOfCategory, parseJson, subcategoriesOf } from '../../repositories/catalog.ts';
import { defaultSelection, settingsRow, storedSelection, type Selection } from '../../repositories/categorySettings.ts';
import { newestAccountSubscription } from '../../repositories/subscribedModels.ts';
import { journeyCtx } from './context.ts';

type Msg = MsgOf<'appGetModelsOfCategory'>;

// Data models per subcategory with what is selected: the organisation's selection for the
// category, or (appId + originOrgId) one integrated account's subscription. With appId only the
// models the app supports are listed.
export const appGetModelsOfCategory = defineSessionHandler('appGetModelsOfCategory', async ({ query }, context) => {
  const { db, orgId } = journeyCtx(context);
  const { category, appId, originOrgId } = query;
  if (originOrgId !== undefined && !appId) throw badRequest('appId is required with originOrgId', 'appId');
  let models = await modelsOfCategory(db, category);
  let selection: Selection;

  if (appId) {
    const [app] = await appsByIds(db, [appId]);
    if (!app || app.category !== category) throw badRequest(`Unknown app '${appId}' for ${category}`, 'appId');
    const cells = (await capabilitiesOfCategory(db, category, [appId])).get(appId);
    models = models.filter((m) => cells?.get(capabilityKey('model', m.modelId))?.status !== 'NA');
  }
  if (appId && originOrgId !== undefined) {
    const account = await newestAccountSubscription(db, orgId, appId, originOrgId);
    if (!account) throw notFound('No integrated account of this organisation and app');
    selection = parseJson<Selection>(account.subscribedModelsJson, []);
  } else {
    const settings = await settingsRow(db, orgId, category);
    selection = settings?.sync_enabled === 1 ? storedSelection(models, settings.sync_models_json) : defaultSelection(models);
  }

  const msg: Msg = {};
  for (const sub of subcategoriesOf(models)) {
    const chosen = new Set(selection.find((s) => s.subCategory === sub.value)?.syncModels ?? []);
    msg[sub.value] = {
      value: sub.value,
      label: sub.label,
      modelDetails: models.filter((m) => m.subcategory === sub.value).map((m) => ({
        modelId: m.modelId,
        modelName: m.modelName,
        modelDescription: m.description,
        modelEnabled: m.defaultModel || chosen.has(m.modelId),
        defaultModel: m.defaultModel,
        modelAttributes: m.attributes,
        subModels: m.subModels,
      })),
    };
  }
  return msg;
});
