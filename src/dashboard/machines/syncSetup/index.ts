export { syncSetupMachine, ENABLE_SYNCS_ERROR_MESSAGE, MODELS_ERROR_MESSAGE, SAVED_MESSAGE, type SyncSetupMachine } from './syncSetupMachine.ts';
export { createSyncSetupActors, type SyncSetupActorDeps } from './syncSetupActors.ts';
export * from './selectors.ts';
export { isDefaultModel, modelKey, selectedModelIds, syncModelsBody } from './selection.ts';
export type * from './types.ts';
