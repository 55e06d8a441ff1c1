import type { Category, JourneyCategory, JourneyStep, OnboardingView, StepId } from './types.ts';

// The getting-started rules of spec part 1 §4 that read a journey or the category list, as pure
// functions: the machine's guards and the views use the same ones.

/** The step the engine marks current: the first incomplete one; none once every step is complete. */
export const currentStepOf = (steps: readonly JourneyStep[]): JourneyStep | undefined => steps.find((step) => step.current);

export const stepOf = (steps: readonly JourneyStep[], stepId: StepId): JourneyStep | undefined => steps.find((step) => step.stepId === stepId);

/** The step after `stepId` in the journey's order. */
export function stepAfter(steps: readonly JourneyStep[], stepId: StepId): JourneyStep | undefined {
  const index = steps.findIndex((step) => step.stepId === stepId);
  return index >= 0 ? steps[index + 1] : undefined;
}

/** Where a loaded journey opens: its current step, or its last step once every step is complete. */
export const landingView = (steps: readonly JourneyStep[]): StepId => currentStepOf(steps)?.stepId ?? steps.at(-1)?.stepId ?? 'selectCategory';

/** Every step is complete: the category's flow is done. */
export const isJourneyComplete = (steps: readonly JourneyStep[]): boolean => steps.length > 0 && steps.every((step) => step.stepStatus);

/** A step can be opened once every earlier step is complete (locked steps cannot). */
export const isStepOpenable = (steps: readonly JourneyStep[], stepId: StepId): boolean => {
  const step = stepOf(steps, stepId);
  return step !== undefined && !step.locked;
};

/**
 * Select Category enables the category itself ('Enable Catgory') when it is neither enabled nor
 * has a webhook step; otherwise 'Next' loads its journey, and the webhook step enables it.
 */
export const isEnableNeeded = (category: JourneyCategory | undefined): boolean =>
  category !== undefined && !category.enabled && !category.steps.some((step) => step.stepId === 'registerWebhook');

/**
 * Status is polled every 20 s while a step other than Select Category is shown (not a resource
 * page) and the journey's last step is incomplete.
 */
export function isPolledView(view: OnboardingView, steps: readonly JourneyStep[]): boolean {
  if (view === 'embedGuide' || view === 'selectCategory') return false;
  const last = steps.at(-1);
  return last !== undefined && !last.stepStatus;
}

/** The category a returning user continues with: the most recently changed one in progress. */
export function ongoingCategoryOf(categories: readonly JourneyCategory[]): Category | null {
  const inProgress = categories.filter((category) => category.inProgress && !category.onBoardingCompleted);
  inProgress.sort((a, b) => (b.lastModified ?? 0) - (a.lastModified ?? 0));
  return inProgress[0]?.value ?? null;
}

/** The category list with one entry replaced by a newer answer. */
export const withCategory = (categories: readonly JourneyCategory[], updated: JourneyCategory): JourneyCategory[] =>
  categories.map((category) => (category.value === updated.value ? updated : category));

/** The tags of a category card: Enabled, Completed, In Progress. */
export function categoryTags(category: JourneyCategory): ('Enabled' | 'Completed' | 'In Progress')[] {
  return [
    ...(category.enabled ? (['Enabled'] as const) : []),
    ...(category.onBoardingCompleted ? (['Completed'] as const) : []),
    ...(category.inProgress && !category.onBoardingCompleted ? (['In Progress'] as const) : []),
  ];
}
