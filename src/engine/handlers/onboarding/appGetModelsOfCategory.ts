import { defineHandler, type MsgOf } from '../types.ts';
import { badRequest, notFound } from '../../errors.ts';
import { capabilitiesOfCategory, capabilityKey, modelsOfCategory, parseJson, subcategoriesOf } from '../../repositories/catalog.ts';
import { defaultSelection, settingsRow, storedSelection, type Selection } from '../../repositories/categorySettings.ts';
import { journeyCtx } from './context.ts';

type Msg = MsgOf<'appGetModelsOfCategory'>;

// Data models per subcategory with what is selected: the organisation's selection for the
// category, or (appId + originOrgId) one integrated account's subscription. With appId only the
// models the app supports are listed.
export const appGetModelsOfCategory = defineHandler('appGetModelsOfCategory', async ({ query }, context) => {
  const { db, orgId } = journeyCtx(context);
  const { category, appId, originOrgId } = query;
  if (originOrgId !== undefined && !appId) throw badRequest('appId is required with originOrgId', 'appId');
  let models = await modelsOfCategory(db, category);
  let selection: Selection;

  if (appId) {
    const app = await db.selectFrom('apps').select('id').where('id', '=', appId).where('category', '=', category).executeTakeFirst();
    if (!app) throw badRequest(`Unknown app '${appId}' for ${category}`, 'appId');
    const cells = (await capabilitiesOfCategory(db, category, [appId])).get(appId);
    models = models.filter((m) => cells?.get(capabilityKey('model', m.modelId))?.status !== 'NA');
  }
  if (appId && originOrgId !== undefined) {
    const account = await db.selectFrom('integrated_accounts').select('subscribed_models_json')
      .where('org_id', '=', orgId).where('app_id', '=', appId).where('origin_org_id', '=', originOrgId)
      .orderBy('created_at', 'desc').executeTakeFirst();
    if (!account) throw notFound('No integrated account of this organisation and app');
    selection = parseJson<Selection>(account.subscribed_models_json, []);
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
