import type { EventObject } from 'xstate';
import { syncSetupMachine, type CategorySyncSettings, type SyncSubCategory } from '../../../src/dashboard/machines/syncSetup/index.ts';
import { ApiError } from '../../../src/dashboard/providers/errors.ts';
import { type ActorEventFixtures, byLabel, done, failed, type UserEventFixtures } from './fixtureTypes.ts';
import { SYNC_START_URL } from './journeyFixtures.ts';

/** HRIS models as app.getModelsOfCategory answers them: a default model and an optional one per subcategory. */
export const hrisModels = (enabled: { compensation?: boolean; applications?: boolean } = {}): SyncSubCategory[] => [
  {
    value: 'employee',
    label: 'Employee',
    modelDetails: [
      { modelId: 'employee_profile', modelName: 'Employee Profile', modelDescription: 'Basic details of an employee.', modelEnabled: true, defaultModel: true, modelAttributes: [], subModels: [] },
      { modelId: 'employee_compensation', modelName: 'Compensation', modelDescription: 'Pay details of an employee.', modelEnabled: enabled.compensation ?? false, defaultModel: false, modelAttributes: [], subModels: [] },
    ],
  },
];

export const settings = (apiTrigger: boolean, compensation: boolean): CategorySyncSettings => ({
  category: 'HRIS',
  syncEnabled: true,
  syncOnAPI: apiTrigger,
  syncModels: [{ subCategory: 'employee', syncModels: ['employee_profile', ...(compensation ? ['employee_compensation'] : [])] }],
  syncStartUrl: SYNC_START_URL,
  updatedAt: 1_767_225_600_000,
});

const serverError = () => new ApiError({ status: 500, code: 'INTERNAL', msg: 'Something went wrong, please try again' });

/** The Fetch data step's events, by event type. */
export const syncSetupUserEvents = {
  'model.toggle': {
    'toggle compensation': { type: 'model.toggle', subCategory: 'employee', modelId: 'employee_compensation' },
    'toggle profile (default)': { type: 'model.toggle', subCategory: 'employee', modelId: 'employee_profile' },
  },
  'startMode.set': {
    'start on API trigger': { type: 'startMode.set', apiTrigger: true },
    'start automatically': { type: 'startMode.set', apiTrigger: false },
  },
  'syncs.enable': { 'syncs.enable': { type: 'syncs.enable' } },
  'confirm.accept': { 'confirm.accept': { type: 'confirm.accept' } },
  'confirm.cancel': { 'confirm.cancel': { type: 'confirm.cancel' } },
  'edit.models': { 'edit.models': { type: 'edit.models' } },
  'edit.startMode': { 'edit.startMode': { type: 'edit.startMode' } },
  'edit.cancel': { 'edit.cancel': { type: 'edit.cancel' } },
  'edit.save': { 'edit.save': { type: 'edit.save' } },
  'models.retry': { 'models.retry': { type: 'models.retry' } },
} as const satisfies UserEventFixtures<typeof syncSetupMachine>;

/** Every answer of the four calls; a settings answer names the start mode and models it saved. */
export const syncSetupActorEvents = {
  fetchModels: {
    'models defaults': done('fetchModels', hrisModels()),
    'models with compensation': done('fetchModels', hrisModels({ compensation: true })),
    'models failed': failed('fetchModels', serverError()),
  },
  enableSyncs: {
    'enabled automatic, defaults': done('enableSyncs', settings(false, false)),
    'enabled automatic, compensation': done('enableSyncs', settings(false, true)),
    'enabled on API, defaults': done('enableSyncs', settings(true, false)),
    'enabled on API, compensation': done('enableSyncs', settings(true, true)),
    'enable syncs failed': failed('enableSyncs', serverError()),
  },
  updateSyncModels: {
    'models saved, defaults': done('updateSyncModels', settings(false, false)),
    'models saved, compensation': done('updateSyncModels', settings(false, true)),
    'save models failed': failed('updateSyncModels', serverError()),
  },
  updateStartMode: {
    'start mode saved, on API': done('updateStartMode', settings(true, false)),
    'start mode saved, automatic': done('updateStartMode', settings(false, false)),
    'save start mode failed': failed('updateStartMode', serverError()),
  },
} as const satisfies ActorEventFixtures<typeof syncSetupMachine>;

export const syncSetupEventFixtures: Record<string, EventObject> = byLabel(syncSetupUserEvents, syncSetupActorEvents);
