export {
  EVENTS_FAILED_MESSAGE,
  INVALID_WEBHOOK_MESSAGE,
  LIVE_TEST_FAILED_MESSAGE,
  URL_DEBOUNCE_MS,
  WEBHOOK_LIVE_MESSAGE,
  webhookTestMachine,
  type WebhookTestMachine,
} from './webhookTestMachine.ts';
export { createWebhookTestActors } from './webhookTestActors.ts';
export { DEFAULT_SCHEME, hasScheme, webhookUrlOf } from './webhookUrl.ts';
export { allEvents, firstOfTab, nextUntested } from './eventOrder.ts';
export {
  selectActiveTab,
  selectCanSave,
  selectCanSendEvent,
  selectCanTest,
  selectDraft,
  selectEventError,
  selectIsBusy,
  selectIsEventSelected,
  selectIsEventTested,
  selectIsLive,
  selectIsLoadingEvents,
  selectIsSaving,
  selectIsSendingEvent,
  selectIsTesting,
  selectLoadError,
  selectProgress,
  selectSaveError,
  selectSavedUrl,
  selectSelectedEvent,
  selectSelectedPayload,
  selectShowsPrefix,
  selectSubCategories,
  selectUrlError,
  type WebhookTestSnapshot,
} from './selectors.ts';
export type {
  EventRef,
  SaveWebhookResult,
  TestEventResult,
  TestWebhookResult,
  WebhookSubCategory,
  WebhookTestEvent,
  WebhookTestInput,
  WebhookTestOutput,
  WebhookTestProgress,
} from './types.ts';
