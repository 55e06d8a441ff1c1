import { assign, fromPromise, setup } from 'xstate';
import { failureMessage } from '../failureMessage.ts';
import { isDefaultModel, isKnownModel, modelKey, sameSelection, selectionOf, syncModelsBody, toggled } from './selection.ts';
import type {
  CategorySyncSettings,
  EnableSyncsInput,
  SubCategorySyncModels,
  SyncSetupContext,
  SyncSetupEvent,
  SyncSetupInput,
  SyncSetupToast,
  SyncSubCategory,
} from './types.ts';
import type { Category } from '../../../shared/categories.ts';

// Spec part 1 §8 and part 2 §8, word for word.
export const ENABLE_SYNCS_ERROR_MESSAGE = 'Something went wrong while trying to enable syncs';
export const MODELS_ERROR_MESSAGE = 'Something went wrong while fetching models, please try again';
export const SAVED_MESSAGE = 'Successfully saved the changes';

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`syncSetup: actor ${name} was not provided`);
};

let toastCounter = 0;
const toast = (severity: SyncSetupToast['severity'], message: string): SyncSetupToast => ({ id: (toastCounter += 1), severity, message });
const outputOf = <T>(event: unknown): T => (event as { output: T }).output;

/**
 * The Fetch data step's sync settings (spec part 1 §2, §4): data models per subcategory (default
 * models always checked) and the start mode, automatic or on API trigger (a confirm dialog shows
 * the POST to v1.0/sync.start); then enabling syncs. Once enabled, Edit changes the data models
 * (Cancel or Save Changes) or the start mode, Save enabled only when the value differs from the
 * saved one. The calls are injected actors (syncSetupActors.ts).
 */
export const syncSetupMachine = setup({
  types: {
    context: {} as SyncSetupContext,
    events: {} as SyncSetupEvent,
    input: {} as SyncSetupInput,
  },
  actors: {
    fetchModels: fromPromise<SyncSubCategory[], { category: Category }>(notProvided('fetchModels')),
    enableSyncs: fromPromise<CategorySyncSettings, EnableSyncsInput>(notProvided('enableSyncs')),
    updateSyncModels: fromPromise<CategorySyncSettings, { category: Category; syncModels: SubCategorySyncModels[] }>(notProvided('updateSyncModels')),
    updateStartMode: fromPromise<CategorySyncSettings, { category: Category; apiTrigger: boolean }>(notProvided('updateStartMode')),
  },
  guards: {
    isSyncEnabled: ({ context }) => context.syncEnabled,
    isTogglable: ({ context, event }) =>
      event.type === 'model.toggle' && isKnownModel(context.subCategories, event.subCategory, event.modelId) && !isDefaultModel(context.subCategories, event.subCategory, event.modelId),
    isApiTrigger: ({ context }) => context.apiTrigger,
    hasModelChanges: ({ context }) => !sameSelection(context.selection, context.savedSelection),
    isStartModeChanged: ({ context }) => context.apiTrigger !== context.savedApiTrigger,
    // Switching to API trigger shows what the backend must call, as when syncs are enabled.
    isChangeToApiTrigger: ({ context }) => context.apiTrigger && !context.savedApiTrigger,
  },
  actions: {
    storeModels: assign(({ event }) => {
      const subCategories = outputOf<SyncSubCategory[]>(event);
      const selection = selectionOf(subCategories);
      return { subCategories, selection, savedSelection: selection };
    }),
    toggleModel: assign({ selection: ({ context, event }) => (event.type === 'model.toggle' ? toggled(context.selection, modelKey(event.subCategory, event.modelId)) : context.selection) }),
    setStartMode: assign({ apiTrigger: ({ context, event }) => (event.type === 'startMode.set' ? event.apiTrigger : context.apiTrigger) }),
    storeSettings: assign(({ context, event }) => {
      const settings = outputOf<CategorySyncSettings>(event);
      // The engine's answer is the saved state (default models added where missing).
      const selection = settings.syncModels.flatMap((entry) => entry.syncModels.map((modelId) => modelKey(entry.subCategory, modelId)));
      const known = selection.filter((key) => context.subCategories.some((sub) => sub.modelDetails.some((model) => modelKey(sub.value, model.modelId) === key)));
      return { syncEnabled: settings.syncEnabled, apiTrigger: settings.syncOnAPI, savedApiTrigger: settings.syncOnAPI, selection: known, savedSelection: known, syncStartUrl: settings.syncStartUrl };
    }),
    restoreSaved: assign(({ context }) => ({ selection: context.savedSelection, apiTrigger: context.savedApiTrigger })),
    toastSaved: assign({ toast: () => toast('success', SAVED_MESSAGE) }),
    toastModelsError: assign({ toast: () => toast('error', MODELS_ERROR_MESSAGE) }),
    toastEnableError: assign({ toast: () => toast('error', ENABLE_SYNCS_ERROR_MESSAGE) }),
    toastFailure: assign({ toast: ({ event }) => toast('error', failureMessage((event as { error?: unknown }).error)) }),
  },
}).createMachine({
  id: 'syncSetup',
  context: ({ input }) => ({
    category: input.category,
    subCategories: [],
    selection: [],
    savedSelection: [],
    apiTrigger: input.syncOnAPI,
    savedApiTrigger: input.syncOnAPI,
    syncEnabled: input.syncEnabled,
    syncStartUrl: input.syncStartUrl,
    toast: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'fetchModels',
        src: 'fetchModels',
        input: ({ context }) => ({ category: context.category }),
        onDone: [
          { guard: 'isSyncEnabled', target: 'enabled', actions: 'storeModels' },
          { target: 'setup', actions: 'storeModels' },
        ],
        onError: { target: 'failed', actions: 'toastModelsError' },
      },
    },
    failed: {
      on: { 'models.retry': 'loading' },
    },
    setup: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'model.toggle': { guard: 'isTogglable', actions: 'toggleModel' },
            'startMode.set': { actions: 'setStartMode' },
            'syncs.enable': [{ guard: 'isApiTrigger', target: 'confirming' }, { target: 'enabling' }],
          },
        },
        // "Syncs start only when your backend calls POST …/v1.0/sync.start".
        confirming: {
          on: {
            'confirm.accept': 'enabling',
            'confirm.cancel': 'editing',
          },
        },
        enabling: {
          tags: ['busy'],
          invoke: {
            id: 'enableSyncs',
            src: 'enableSyncs',
            input: ({ context }) => ({ category: context.category, syncModels: syncModelsBody(context.subCategories, context.selection), apiTrigger: context.apiTrigger }),
            onDone: { target: '#syncSetup.enabled', actions: 'storeSettings' },
            onError: { target: 'editing', actions: 'toastEnableError' },
          },
        },
      },
    },
    enabled: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'edit.models': 'editingModels',
            'edit.startMode': 'editingStartMode',
          },
        },
        editingModels: {
          on: {
            'model.toggle': { guard: 'isTogglable', actions: 'toggleModel' },
            'edit.cancel': { target: 'idle', actions: 'restoreSaved' },
            'edit.save': { guard: 'hasModelChanges', target: 'savingModels' },
          },
        },
        savingModels: {
          tags: ['busy'],
          invoke: {
            id: 'updateSyncModels',
            src: 'updateSyncModels',
            input: ({ context }) => ({ category: context.category, syncModels: syncModelsBody(context.subCategories, context.selection) }),
            onDone: { target: 'idle', actions: ['storeSettings', 'toastSaved'] },
            onError: { target: 'editingModels', actions: 'toastFailure' },
          },
        },
        editingStartMode: {
          on: {
            'startMode.set': { actions: 'setStartMode' },
            'edit.cancel': { target: 'idle', actions: 'restoreSaved' },
            'edit.save': [
              { guard: 'isChangeToApiTrigger', target: 'confirmingStartMode' },
              { guard: 'isStartModeChanged', target: 'savingStartMode' },
            ],
          },
        },
        confirmingStartMode: {
          on: {
            'confirm.accept': 'savingStartMode',
            'confirm.cancel': 'editingStartMode',
          },
        },
        savingStartMode: {
          tags: ['busy'],
          invoke: {
            id: 'updateStartMode',
            src: 'updateStartMode',
            input: ({ context }) => ({ category: context.category, apiTrigger: context.apiTrigger }),
            onDone: { target: 'idle', actions: ['storeSettings', 'toastSaved'] },
            onError: { target: 'editingStartMode', actions: 'toastFailure' },
          },
        },
      },
    },
  },
});

export type SyncSetupMachine = typeof syncSetupMachine;
