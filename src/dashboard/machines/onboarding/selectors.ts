import type { SnapshotFrom } from 'xstate';
import { currentStepOf, isEnableNeeded, isJourneyComplete, stepOf } from './journeyRules.ts';
import { ENABLE_CATEGORY_LABEL } from './messages.ts';
import type { OnboardingMachine } from './onboardingMachine.ts';
import type { JourneyCategory, JourneyStep, OnboardingView } from './types.ts';

export type OnboardingSnapshot = SnapshotFrom<OnboardingMachine>;

/** The first read of the categories (or of the ongoing category's journey) is in flight: skeletons. */
export const selectIsLoading = (snapshot: OnboardingSnapshot): boolean => snapshot.hasTag('loading');
/** A call of the step shown is in flight: its buttons are disabled and show progress. */
export const selectIsBusy = (snapshot: OnboardingSnapshot): boolean => snapshot.hasTag('busy') || snapshot.hasTag('loading');
/** The categories could not be read: an error with a retry instead of the list. */
export const selectCategoriesFailed = (snapshot: OnboardingSnapshot): boolean => snapshot.matches('categoriesFailed');
export const selectCategories = (snapshot: OnboardingSnapshot): JourneyCategory[] => snapshot.context.categories;
export const selectChosen = (snapshot: OnboardingSnapshot): JourneyCategory | undefined =>
  snapshot.context.categories.find((category) => category.value === snapshot.context.chosen);
/** The loaded category (the journey's). */
export const selectJourneyCategory = (snapshot: OnboardingSnapshot): JourneyCategory | undefined =>
  snapshot.context.categories.find((category) => category.value === snapshot.context.category);
export const selectSteps = (snapshot: OnboardingSnapshot): JourneyStep[] => snapshot.context.steps;
/** The step or resource page shown: Select Category while selecting, else the journey's view. */
export const selectView = (snapshot: OnboardingSnapshot): OnboardingView | null =>
  snapshot.matches('selecting') ? 'selectCategory' : snapshot.matches('journey') ? snapshot.context.view : null;
export const selectViewedStep = (snapshot: OnboardingSnapshot): JourneyStep | undefined => {
  const view = selectView(snapshot);
  return view && view !== 'embedGuide' ? stepOf(snapshot.context.steps, view) : undefined;
};
export const selectCurrentStep = (snapshot: OnboardingSnapshot): JourneyStep | undefined => currentStepOf(snapshot.context.steps);
export const selectIsJourneyComplete = (snapshot: OnboardingSnapshot): boolean => isJourneyComplete(snapshot.context.steps);
/** Select Category's button: 'Enable Catgory' for a category it enables itself, else 'Next'. */
export const selectSelectButtonLabel = (snapshot: OnboardingSnapshot): string => (isEnableNeeded(selectChosen(snapshot)) ? ENABLE_CATEGORY_LABEL : 'Next');
export const selectIsWebhookDialogOpen = (snapshot: OnboardingSnapshot): boolean => snapshot.matches({ journey: 'webhookDialog' });
export const selectCompletion = (snapshot: OnboardingSnapshot) => (snapshot.matches({ journey: 'completed' }) ? snapshot.context.completion : null);
export const selectToast = (snapshot: OnboardingSnapshot) => snapshot.context.toast;
/** Which call is in flight, for the button that started it. */
export const selectPendingAction = (snapshot: OnboardingSnapshot): 'enable' | 'load' | 'webhook' | 'toolkit' | 'finish' | 'refresh' | null => {
  if (snapshot.matches({ selecting: 'enabling' }) || snapshot.matches('loadingJourney')) return 'enable';
  if (snapshot.matches({ journey: 'enablingForWebhook' }) || snapshot.matches({ journey: 'confirmingWebhook' })) return 'webhook';
  if (snapshot.matches({ journey: 'enablingToolkit' })) return 'toolkit';
  if (snapshot.matches({ journey: 'finishing' })) return 'finish';
  if (snapshot.matches({ journey: 'refreshing' }) || snapshot.matches({ selecting: 'reloading' })) return 'refresh';
  return null;
};
/**
 * A call that changes the journey is in flight (enabling, selecting the category, the webhook,
 * the toolkit, finishing): its answer opens the step that follows, so the navigation waits for it
 * (its entries are disabled) rather than taking a click the answer would undo. Reads take clicks.
 */
export const selectIsNavigationHeld = (snapshot: OnboardingSnapshot): boolean => {
  const pending = selectPendingAction(snapshot);
  return pending !== null && pending !== 'refresh';
};
