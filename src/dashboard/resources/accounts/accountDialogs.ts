// The dialogs an account's actions open (deactivate, sync frequency, subscribed data models) and
// the magic link result (a new or reintegration link): one chunk, fetched when an action first
// needs one (useAccountDialogs), so the accounts page does not download them.
export { DeactivateDialog } from './DeactivateDialog.tsx';
export { MagicLinkResultDialog } from './magicLink/MagicLinkResultDialog.tsx';
export { SubscribedModelsDialog } from './SubscribedModelsDialog.tsx';
export { SyncFrequencyDialog } from './SyncFrequencyDialog.tsx';
