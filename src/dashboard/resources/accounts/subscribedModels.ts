import type { components } from '../../../generated/api/engine.ts';
import type { AccountsRow } from '../../../generated/resources/accounts.ts';
import { unwrap } from '../../providers/apiClient.ts';
import type { Engine } from './accountCalls.ts';

// The Subscribed data models dialog's call and selection rules: a module of their own, so they
// come with the dialog's chunk rather than with the accounts screen.

type Schemas = components['schemas'];
export type SubCategoryModels = Schemas['SubCategorySyncModels'];
export type SyncSubCategory = Schemas['SyncSubCategory'];

/** The account's data models per subcategory (Subscribed data models dialog). */
export async function loadAccountModels(clients: Engine, row: AccountsRow, signal?: AbortSignal): Promise<SyncSubCategory[]> {
  const result = await unwrap(
    clients.engine.GET('/app.getModelsOfCategory', {
      params: { query: { category: row.categoryValue, appId: row.appIdValue, originOrgId: row.originOrgId } },
      ...(signal ? { signal } : {}),
    }),
  );
  return Object.values(result.msg);
}

/**
 * The subscribed models to send for a selection: every subcategory with its checked models, the
 * default models always included (they cannot be unchecked).
 */
export function subscribedModelsBody(subCategories: readonly SyncSubCategory[], checked: ReadonlySet<string>): SubCategoryModels[] {
  return subCategories.map((sub) => ({
    subCategory: sub.value,
    syncModels: sub.modelDetails.filter((model) => model.defaultModel || checked.has(modelKey(sub.value, model.modelId))).map((model) => model.modelId),
  }));
}

/** A model's key in a selection: model ids are unique within their subcategory only. */
export const modelKey = (subCategory: string, modelId: string): string => `${subCategory}/${modelId}`;

/** The selection a dialog starts from: every enabled model, and every default model. */
export function initialModelSelection(subCategories: readonly SyncSubCategory[]): Set<string> {
  const keys = new Set<string>();
  for (const sub of subCategories) for (const model of sub.modelDetails) if (model.modelEnabled || model.defaultModel) keys.add(modelKey(sub.value, model.modelId));
  return keys;
}
