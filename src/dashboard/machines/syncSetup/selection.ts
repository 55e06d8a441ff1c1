import type { SubCategorySyncModels, SyncSubCategory } from './types.ts';

// Data-model selection of the Fetch data step as plain keys: a model id is unique within its
// subcategory only, so a key is `subCategory/modelId`. Default models are always selected.

export const modelKey = (subCategory: string, modelId: string): string => `${subCategory}/${modelId}`;

export function isDefaultModel(subCategories: readonly SyncSubCategory[], subCategory: string, modelId: string): boolean {
  return subCategories.find((sub) => sub.value === subCategory)?.modelDetails.find((model) => model.modelId === modelId)?.defaultModel === true;
}

export function isKnownModel(subCategories: readonly SyncSubCategory[], subCategory: string, modelId: string): boolean {
  return subCategories.some((sub) => sub.value === subCategory && sub.modelDetails.some((model) => model.modelId === modelId));
}

/** The selection the engine answered: its enabled models (the organisation's, or the defaults), defaults always in. */
export function selectionOf(subCategories: readonly SyncSubCategory[]): string[] {
  return subCategories.flatMap((sub) => sub.modelDetails.filter((model) => model.modelEnabled || model.defaultModel).map((model) => modelKey(sub.value, model.modelId)));
}

/** The selection after one checkbox; default models stay checked. */
export function toggled(selection: readonly string[], key: string): string[] {
  return selection.includes(key) ? selection.filter((k) => k !== key) : [...selection, key];
}

/** Two selections hold the same models, whatever their order. */
export function sameSelection(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((key) => b.includes(key));
}

/** The body's syncModels: every subcategory with its checked models (default models included), in display order. */
export function syncModelsBody(subCategories: readonly SyncSubCategory[], selection: readonly string[]): SubCategorySyncModels[] {
  return subCategories.map((sub) => ({
    subCategory: sub.value,
    syncModels: sub.modelDetails.filter((model) => model.defaultModel || selection.includes(modelKey(sub.value, model.modelId))).map((model) => model.modelId),
  }));
}

/** The selected model ids (for the model-exceptions modal). */
export function selectedModelIds(subCategories: readonly SyncSubCategory[], selection: readonly string[]): string[] {
  return [...new Set(syncModelsBody(subCategories, selection).flatMap((entry) => entry.syncModels))];
}
