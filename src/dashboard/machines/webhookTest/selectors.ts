import type { SnapshotFrom } from 'xstate';
import { allEvents, isTested, sameEvent } from './eventOrder.ts';
import type { WebhookTestMachine } from './webhookTestMachine.ts';
import { hasScheme, webhookUrlOf } from './webhookUrl.ts';
import type { EventRef, WebhookSubCategory } from './types.ts';

export type WebhookTestSnapshot = SnapshotFrom<WebhookTestMachine>;

export const selectDraft = (snapshot: WebhookTestSnapshot): string => snapshot.context.draft;
/** The https:// adornment shows while the text typed names no scheme of its own. */
export const selectShowsPrefix = (snapshot: WebhookTestSnapshot): boolean => !hasScheme(snapshot.context.draft);
export const selectIsLoadingEvents = (snapshot: WebhookTestSnapshot): boolean => snapshot.hasTag('loading');
/** A call is in flight: the field and the buttons wait for its answer. */
export const selectIsBusy = (snapshot: WebhookTestSnapshot): boolean => snapshot.hasTag('busy');
export const selectIsTesting = (snapshot: WebhookTestSnapshot): boolean => snapshot.matches('testing');
export const selectIsSendingEvent = (snapshot: WebhookTestSnapshot): boolean => snapshot.matches({ live: 'sendingEvent' });
export const selectIsSaving = (snapshot: WebhookTestSnapshot): boolean => snapshot.matches({ live: 'saving' });
/** Live, for the URL the field shows: the Test button reads Live. */
export const selectIsLive = (snapshot: WebhookTestSnapshot): boolean =>
  snapshot.hasTag('live') && webhookUrlOf(snapshot.context.draft) === snapshot.context.liveUrl;
/** Test can be pressed: events are in, nothing is in flight, and the field is not the live URL. */
export const selectCanTest = (snapshot: WebhookTestSnapshot): boolean =>
  (snapshot.matches('untested') || snapshot.matches({ live: 'editing' })) && !selectIsLive(snapshot);
export const selectCanSendEvent = (snapshot: WebhookTestSnapshot): boolean => snapshot.matches({ live: 'idle' }) && snapshot.context.selected !== null;
export const selectCanSave = (snapshot: WebhookTestSnapshot): boolean => snapshot.matches({ live: 'idle' }) && snapshot.context.progress?.allTested === true;
export const selectUrlError = (snapshot: WebhookTestSnapshot): string | null => snapshot.context.urlError;
export const selectEventError = (snapshot: WebhookTestSnapshot): string | null => snapshot.context.eventError;
export const selectSaveError = (snapshot: WebhookTestSnapshot): string | null => snapshot.context.saveError;
export const selectLoadError = (snapshot: WebhookTestSnapshot): string | null => snapshot.context.loadError;
export const selectSubCategories = (snapshot: WebhookTestSnapshot): WebhookSubCategory[] => snapshot.context.subCategories;
export const selectActiveTab = (snapshot: WebhookTestSnapshot): string | null => snapshot.context.activeTab;
export const selectSelectedEvent = (snapshot: WebhookTestSnapshot): EventRef | null => snapshot.context.selected;
/** The saved URL once saved (the machine's output), else null. */
export const selectSavedUrl = (snapshot: WebhookTestSnapshot): string | null => (snapshot.status === 'done' ? (snapshot.output?.url ?? null) : null);

/** Tested and total events for the progress bar (the engine's count while live, none tested before). */
export function selectProgress(snapshot: WebhookTestSnapshot): { tested: number; total: number } {
  const { progress, subCategories } = snapshot.context;
  const total = progress?.totalCount ?? allEvents(subCategories).length;
  return { tested: progress?.testedCount ?? 0, total };
}

/** Whether an event counts as tested against the live URL (its tag shows a check). */
export const selectIsEventTested = (snapshot: WebhookTestSnapshot, event: EventRef): boolean => isTested(snapshot.context.progress, event);
export const selectIsEventSelected = (snapshot: WebhookTestSnapshot, event: EventRef): boolean => sameEvent(snapshot.context.selected, event);

/** The selected event's sample payload (what Send event posts, with a fresh id and time), pretty-printed. */
export function selectSelectedPayload(snapshot: WebhookTestSnapshot): string | null {
  const { selected, subCategories } = snapshot.context;
  const snippet = subCategories.find((sub) => sub.value === selected?.subCategory)?.eventDetails.find((detail) => detail.eventType === selected?.eventType)?.codeSnippet;
  if (snippet === undefined) return null;
  try {
    return JSON.stringify(JSON.parse(snippet), null, 2);
  } catch {
    return snippet;
  }
}
