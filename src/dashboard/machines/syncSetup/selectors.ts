import type { SnapshotFrom } from 'xstate';
import { sameSelection } from './selection.ts';
import type { SyncSetupMachine } from './syncSetupMachine.ts';

export type SyncSetupSnapshot = SnapshotFrom<SyncSetupMachine>;

export const selectIsLoading = (snapshot: SyncSetupSnapshot): boolean => snapshot.hasTag('loading');
export const selectIsBusy = (snapshot: SyncSetupSnapshot): boolean => snapshot.hasTag('busy');
export const selectModelsFailed = (snapshot: SyncSetupSnapshot): boolean => snapshot.matches('failed');
/** Syncs are enabled: View Syncs and Edit instead of the form. */
export const selectIsEnabled = (snapshot: SyncSetupSnapshot): boolean => snapshot.matches('enabled');
/** The model checkboxes can change: before enabling, and in Edit > Data Models. */
export const selectCanEditModels = (snapshot: SyncSetupSnapshot): boolean => snapshot.matches({ setup: 'editing' }) || snapshot.matches({ enabled: 'editingModels' });
/** The start-mode choice can change: before enabling, and in Edit > Sync Start Mode. */
export const selectCanEditStartMode = (snapshot: SyncSetupSnapshot): boolean =>
  snapshot.matches({ setup: 'editing' }) || snapshot.matches({ enabled: 'editingStartMode' });
export const selectEditing = (snapshot: SyncSetupSnapshot): 'models' | 'startMode' | null =>
  snapshot.matches({ enabled: 'editingModels' }) || snapshot.matches({ enabled: 'savingModels' })
    ? 'models'
    : snapshot.matches({ enabled: 'editingStartMode' }) || snapshot.matches({ enabled: 'savingStartMode' }) || snapshot.matches({ enabled: 'confirmingStartMode' })
      ? 'startMode'
      : null;
/** Save Changes is enabled only when the value differs from the saved one. */
export const selectCanSave = (snapshot: SyncSetupSnapshot): boolean =>
  (snapshot.matches({ enabled: 'editingModels' }) && !sameSelection(snapshot.context.selection, snapshot.context.savedSelection)) ||
  (snapshot.matches({ enabled: 'editingStartMode' }) && snapshot.context.apiTrigger !== snapshot.context.savedApiTrigger);
/** The confirm dialog of 'start on API trigger' is open. */
export const selectIsConfirmOpen = (snapshot: SyncSetupSnapshot): boolean => snapshot.matches({ setup: 'confirming' }) || snapshot.matches({ enabled: 'confirmingStartMode' });
export const selectToast = (snapshot: SyncSetupSnapshot) => snapshot.context.toast;
