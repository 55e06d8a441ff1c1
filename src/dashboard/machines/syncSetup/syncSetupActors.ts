import { fromPromise } from 'xstate';
import { unwrap, type ApiClients } from '../../providers/apiClient.ts';
import type { Category } from '../../../shared/categories.ts';
import type { CategorySyncSettings, EnableSyncsInput, SubCategorySyncModels, SyncSubCategory } from './types.ts';

export interface SyncSetupActorDeps {
  clients: Pick<ApiClients, 'engine'>;
}

/** The real actors: `syncSetupMachine.provide({ actors: createSyncSetupActors(deps) })`. */
export function createSyncSetupActors({ clients: { engine } }: SyncSetupActorDeps) {
  return {
    fetchModels: fromPromise<SyncSubCategory[], { category: Category }>(async ({ input, signal }) => {
      const body = await unwrap(engine.GET('/app.getModelsOfCategory', { params: { query: { category: input.category } }, signal }));
      return Object.values(body.msg);
    }),
    enableSyncs: fromPromise<CategorySyncSettings, EnableSyncsInput>(async ({ input, signal }) => {
      return (await unwrap(engine.POST('/app.enableSyncForCategory', { body: input, signal }))).msg;
    }),
    updateSyncModels: fromPromise<CategorySyncSettings, { category: Category; syncModels: SubCategorySyncModels[] }>(async ({ input, signal }) => {
      return (await unwrap(engine.POST('/app.updateSyncModels', { body: input, signal }))).msg;
    }),
    updateStartMode: fromPromise<CategorySyncSettings, { category: Category; apiTrigger: boolean }>(async ({ input, signal }) => {
      return (await unwrap(engine.POST('/app.updateSyncTriggerType', { body: input, signal }))).msg;
    }),
  };
}
