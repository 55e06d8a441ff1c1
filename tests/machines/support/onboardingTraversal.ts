import type { AnyStateMachine, EventObject } from 'xstate';
import {
  onboardingMachine,
  type EnableCategoryResult,
  type JourneyStep,
  type OnboardingFlow,
  type OnboardingInput,
  type OnboardingSnapshot,
} from '../../../src/dashboard/machines/onboarding/index.ts';
import { fitsFlow, onboardingEventFixtures } from './onboardingFixtures.ts';

// How the onboarding machine's graph tests walk it: the inputs, the state identity and the filter
// that keeps the paths to answers an engine would give.

export const onboardingInputs = { web: { flow: 'webapp' }, ai: { flow: 'aiAgent' } } as const satisfies Record<string, OnboardingInput>;
export const eventsOf = (flow: OnboardingFlow) => Object.entries(onboardingEventFixtures).filter(([label]) => fitsFlow(label, flow)).map(([, event]) => event);

/** A journey by what the guards read: each step done or not, and the webhook step's enabled and saved flags. */
const journeyKey = (steps: readonly JourneyStep[]) =>
  steps.map((s) => `${s.stepStatus ? 1 : 0}${s.stepInitialData.categoryEnabled ? 'E' : ''}${s.stepInitialData.webhook ? 'W' : ''}`).join('');
/** The loaded category as the list shows it (enabled, steps done): what the journey answers follow. */
const listedKey = (snapshot: OnboardingSnapshot) => {
  const entry = snapshot.context.categories.find((c) => c.value === snapshot.context.category);
  return entry ? `${entry.enabled ? 'E' : ''}${entry.steps.filter((s) => s.stepStatus).length}` : '';
};
const serializeState = (snapshot: OnboardingSnapshot) =>
  JSON.stringify([snapshot.value, snapshot.context.view, snapshot.context.chosen, snapshot.context.category, journeyKey(snapshot.context.steps), listedKey(snapshot)]);
export const onboardingTraversal = (input: OnboardingInput, events: readonly EventObject[], filterEvents?: typeof pathFilter) => ({ events, serializeState, input, filterEvents }) as never;

const doneCount = (steps: readonly JourneyStep[]) => steps.filter((s) => s.stepStatus).length;
const sameShape = (a: readonly JourneyStep[], b: readonly JourneyStep[]) => a.map((s) => s.stepId).join() === b.map((s) => s.stepId).join();

/**
 * The paths follow what an engine would answer: a journey of the loaded category's shape that
 * never goes back, a poll or refresh at most one step further, a saved webhook completing its
 * step, an enable answer for the category enabled. Navigation between steps and resource pages
 * (step.open, resource.open) is left to the adjacency map, the actor tests and the component test:
 * it moves the view only, and walking it through every state multiplies the paths by the number
 * of steps without a new call. Every fixture is in the adjacency map above, in every state.
 */
export function pathFilter(snapshot: OnboardingSnapshot, event: EventObject): boolean {
  if (event.type === 'step.open' || event.type === 'resource.open') return false;
  const { context } = snapshot;
  const onEmbedStep = context.view === 'embedSdk';
  // The update-status icon matters where steps complete from events (the embed step) and on the
  // category list; elsewhere the 20 s poll reads the same call.
  if (event.type === 'journey.refresh') return snapshot.matches('selecting') || onEmbedStep;
  // One pick per visit of the list (picking again only moves the highlight).
  if (event.type === 'category.choose') return context.chosen === null;
  if (event.type === 'xstate.done.actor.fetchJourney') {
    const steps = (event as unknown as { output: JourneyStep[] }).output;
    if (snapshot.matches('loadingJourney')) {
      // The journey of the category as the list shows it: as far along (loading it selects it),
      // enabled as listed.
      const listedEntry = context.categories.find((c) => c.value === context.category);
      const webhookStep = steps.find((s) => s.stepId === 'registerWebhook');
      return (
        listedEntry !== undefined &&
        doneCount(steps) === Math.max(1, listedEntry.steps.filter((s) => s.stepStatus).length) &&
        (webhookStep === undefined || webhookStep.stepInitialData.categoryEnabled === listedEntry.enabled)
      );
    }
    if (!sameShape(steps, context.steps)) return false;
    const step = doneCount(steps) - doneCount(context.steps);
    if (snapshot.matches({ journey: 'confirmingWebhook' })) return steps.find((s) => s.stepId === 'registerWebhook')?.stepStatus === true && step === 1;
    // Only the embed step completes from events (a poll or a refresh sees it done while it is the
    // current step); other steps complete by their own call, so a read answers the same steps.
    const embedIsCurrent = context.steps.find((s) => s.current)?.stepId === 'embedSdk';
    return journeyKey(steps) === journeyKey(context.steps) || (step === 1 && onEmbedStep && embedIsCurrent);
  }
  if (event.type === 'xstate.done.actor.enableCategory') {
    const result = (event as unknown as { output: EnableCategoryResult }).output;
    const target = snapshot.matches('selecting') ? context.chosen : context.category;
    if (result.category.value !== target) return false;
    if (snapshot.matches({ journey: 'enablingForWebhook' })) {
      const saved = !!context.steps.find((s) => s.stepId === 'registerWebhook')?.stepInitialData.webhook;
      return result.journey.find((s) => s.stepId === 'registerWebhook')?.stepStatus === saved;
    }
    return true;
  }
  // A reload of the list answers the list as it was (or fails).
  if (event.type === 'xstate.done.actor.fetchCategories' && snapshot.matches({ selecting: 'reloading' })) {
    return JSON.stringify((event as unknown as { output: unknown }).output) === JSON.stringify(context.categories);
  }
  return true;
}

// The machine's emitted events make its type too narrow for the graph tools' parameters.
export const machine = onboardingMachine as unknown as AnyStateMachine;
