import { assign, emit, fromPromise, setup } from 'xstate';
import { failureMessage } from '../failureMessage.ts';
import {
  isEnableNeeded,
  isPolledView,
  isStepOpenable,
  landingView,
  ongoingCategoryOf,
  stepAfter,
  stepOf,
  withCategory,
} from './journeyRules.ts';
import { CATEGORIES_ERROR_MESSAGE, FINISH_ERROR_MESSAGE, STEP_ERROR_MESSAGE } from './messages.ts';
import type {
  Category,
  CompletionResult,
  EnableCategoryResult,
  EnableToolkitInput,
  EnableToolkitResult,
  JourneyCategory,
  JourneyQuery,
  JourneyStep,
  OnboardingContext,
  OnboardingEmitted,
  OnboardingEvent,
  OnboardingInput,
  OnboardingView,
  Toast,
} from './types.ts';

/** Spec part 1 §9: step status is polled every 20 s (on the steps where §4 polls). */
export const STATUS_POLL_MS = 20_000;

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`onboarding: actor ${name} was not provided`);
};

const outputOf = <T>(event: unknown): T => (event as { output: T }).output;
const errorOf = (event: unknown): unknown => (event as { error?: unknown }).error;

let toastCounter = 0;
const toast = (severity: Toast['severity'], message: string): Toast => ({ id: (toastCounter += 1), severity, message });

const chosenCategory = (context: OnboardingContext): JourneyCategory | undefined => context.categories.find((c) => c.value === context.chosen);
const viewedStep = (context: OnboardingContext) => (context.view === 'embedGuide' ? undefined : stepOf(context.steps, context.view));
const isViewing = (context: OnboardingContext, stepId: OnboardingView) => context.view === stepId;

/** After a read of the steps, the view stays unless its step is locked now (then the current step). */
const keptView = (view: OnboardingView, steps: readonly JourneyStep[]): OnboardingView =>
  view === 'embedGuide' || isStepOpenable(steps, view) ? view : landingView(steps);

/**
 * One getting-started flow (spec part 1 §2, §4): Select Category, then the category's journey as
 * the engine holds it (steps, lock state, the current step, each step's data). Web flow: Select
 * Category; Register webhook URL; Embed UI SDK; Fetch data. AI flow: Select Category; Use toolkit
 * with LLMs; Embed SDK. The machine moves between the steps and runs the calls that complete
 * them; what a step shows and collects is the view's (the Fetch data step's sync settings have a
 * machine of their own, syncSetup). Every call is an injected actor (onboardingActors.ts).
 */
export const onboardingMachine = setup({
  types: {
    context: {} as OnboardingContext,
    events: {} as OnboardingEvent,
    input: {} as OnboardingInput,
    emitted: {} as OnboardingEmitted,
  },
  actors: {
    fetchCategories: fromPromise<JourneyCategory[], void>(notProvided('fetchCategories')),
    fetchJourney: fromPromise<JourneyStep[], JourneyQuery>(notProvided('fetchJourney')),
    enableCategory: fromPromise<EnableCategoryResult, { category: Category }>(notProvided('enableCategory')),
    enableToolkit: fromPromise<EnableToolkitResult, EnableToolkitInput>(notProvided('enableToolkit')),
    completeOnboarding: fromPromise<CompletionResult, { category: Category }>(notProvided('completeOnboarding')),
  },
  delays: {
    statusPoll: STATUS_POLL_MS,
  },
  guards: {
    hasOngoingCategory: ({ event }) => ongoingCategoryOf(outputOf<JourneyCategory[]>(event)) !== null,
    isListedCategory: ({ context, event }) => event.type === 'category.choose' && context.categories.some((c) => c.value === event.category),
    hasChosen: ({ context }) => chosenCategory(context) !== undefined,
    isEnableNeeded: ({ context }) => isEnableNeeded(chosenCategory(context)),
    // Back to a step of the loaded journey from Select Category (the category picked is still it).
    isLoadedStepOpenable: ({ context, event }) =>
      event.type === 'step.open' && event.stepId !== 'selectCategory' && context.chosen === context.category && isStepOpenable(context.steps, event.stepId),
    isSelectStepCurrent: ({ event }) => landingView(outputOf<JourneyStep[]>(event)) === 'selectCategory',
    isSelectStep: ({ event }) => event.type === 'step.open' && event.stepId === 'selectCategory',
    isStepOpenable: ({ context, event }) => event.type === 'step.open' && isStepOpenable(context.steps, event.stepId),
    isPolled: ({ context }) => isPolledView(context.view, context.steps),
    // Next advances only from a complete step (embed: "advances only if already complete").
    canAdvance: ({ context }) => {
      const step = viewedStep(context);
      return step !== undefined && step.stepStatus && stepAfter(context.steps, step.stepId) !== undefined;
    },
    isWebhookStepDone: ({ context }) => isViewing(context, 'registerWebhook') && stepOf(context.steps, 'registerWebhook')?.stepStatus === true,
    // Next of the webhook step calls app.enableCategory when the category is not enabled yet, and
    // when a saved webhook only waits for Next (after a reset, or saved on the API Keys page).
    isWebhookEnableNeeded: ({ context }) => {
      const data = stepOf(context.steps, 'registerWebhook')?.stepInitialData;
      return isViewing(context, 'registerWebhook') && (!data?.categoryEnabled || !!data.webhook);
    },
    isViewingWebhookStep: ({ context }) => isViewing(context, 'registerWebhook'),
    canEditWebhook: ({ context }) => isViewing(context, 'registerWebhook') && stepOf(context.steps, 'registerWebhook')?.stepInitialData.categoryEnabled === true,
    isWebhookDoneInResult: ({ event }) => stepOf(outputOf<EnableCategoryResult>(event).journey, 'registerWebhook')?.stepStatus === true,
    isViewingToolkitStep: ({ context }) => isViewing(context, 'useToolkit') && stepOf(context.steps, 'useToolkit')?.locked === false,
    // Finish Onboarding: the web flow's Fetch data completes by it; the AI flow's final step
    // (Embed SDK) completes from events, so the call only reads the dialog once it is done.
    canFinish: ({ context }) => {
      const step = viewedStep(context);
      if (!step?.isFinalStep || step.locked) return false;
      return context.flow === 'webapp' ? !step.stepStatus : step.stepStatus && context.completion === null;
    },
  },
  actions: {
    storeCategories: assign({ categories: ({ event }) => outputOf<JourneyCategory[]>(event) }),
    continueOngoing: assign(({ event }) => {
      const ongoing = ongoingCategoryOf(outputOf<JourneyCategory[]>(event));
      return { chosen: ongoing, category: ongoing };
    }),
    choose: assign({ chosen: ({ context, event }) => (event.type === 'category.choose' ? event.category : context.chosen) }),
    takeChosen: assign({ category: ({ context }) => context.chosen }),
    chooseLoaded: assign({ chosen: ({ context }) => context.category, view: 'selectCategory' as OnboardingView }),
    showSelectStep: assign({ view: 'selectCategory' as OnboardingView }),
    storeJourney: assign({ steps: ({ event }) => outputOf<JourneyStep[]>(event) }),
    openLanding: assign({ view: ({ context }) => landingView(context.steps) }),
    keepView: assign({ view: ({ context }) => keptView(context.view, context.steps) }),
    setView: assign({
      view: ({ context, event }) => (event.type === 'step.open' ? event.stepId : event.type === 'resource.open' ? event.resource : context.view),
    }),
    openNextStep: assign({ view: ({ context }) => (context.view === 'embedGuide' ? context.view : (stepAfter(context.steps, context.view)?.stepId ?? context.view)) }),
    storeEnabled: assign(({ context, event }) => {
      const result = outputOf<EnableCategoryResult>(event);
      return { categories: withCategory(context.categories, result.category), category: result.category.value, chosen: result.category.value, steps: result.journey };
    }),
    // '{category} enabled successfully', once: Next of an enabled category's webhook step enables nothing.
    toastEnabled: assign({
      toast: ({ context, event }) => {
        const result = outputOf<EnableCategoryResult>(event);
        const before = context.categories.find((c) => c.value === result.category.value);
        return before?.enabled ? context.toast : toast('success', result.message);
      },
    }),
    storeToolkit: assign(({ context, event }) => {
      const result = outputOf<EnableToolkitResult>(event);
      return { categories: withCategory(context.categories, result.category), steps: result.journey };
    }),
    storeCompletion: assign(({ context, event }) => {
      const result = outputOf<CompletionResult>(event);
      const done = new Set(result.category.steps.filter((s) => s.stepStatus).map((s) => s.stepId));
      return {
        completion: result,
        categories: withCategory(context.categories, result.category),
        steps: context.steps.map((step) => (done.has(step.stepId) ? { ...step, stepStatus: true, current: false, locked: false } : step)),
      };
    }),
    toastCategoriesError: assign({ toast: () => toast('error', CATEGORIES_ERROR_MESSAGE) }),
    toastStepError: assign({ toast: () => toast('error', STEP_ERROR_MESSAGE) }),
    toastFinishError: assign({ toast: () => toast('error', FINISH_ERROR_MESSAGE) }),
    toastFailure: assign({ toast: ({ event }) => toast('error', failureMessage(errorOf(event))) }),
    emitChanged: emit({ type: 'journey.changed' } as const),
  },
}).createMachine({
  id: 'onboarding',
  context: ({ input }) => ({ flow: input.flow, categories: [], chosen: null, category: null, steps: [], view: 'selectCategory', completion: null, toast: null }),
  initial: 'loadingCategories',
  states: {
    loadingCategories: {
      tags: ['loading'],
      invoke: {
        id: 'fetchCategories',
        src: 'fetchCategories',
        onDone: [
          // A returning user continues the category in progress at its current step.
          { guard: 'hasOngoingCategory', target: 'loadingJourney', actions: ['storeCategories', 'continueOngoing'] },
          { target: 'selecting', actions: 'storeCategories' },
        ],
        onError: { target: 'categoriesFailed', actions: 'toastCategoriesError' },
      },
    },
    categoriesFailed: {
      on: { 'categories.retry': 'loadingCategories' },
    },
    selecting: {
      entry: 'showSelectStep',
      initial: 'idle',
      states: {
        idle: {
          on: {
            'category.choose': { guard: 'isListedCategory', actions: 'choose' },
            'step.next': [
              { guard: 'isEnableNeeded', target: 'enabling' },
              { guard: 'hasChosen', target: '#onboarding.loadingJourney', actions: 'takeChosen' },
            ],
            'step.open': { guard: 'isLoadedStepOpenable', target: '#onboarding.journey', actions: 'setView' },
            'journey.refresh': 'reloading',
          },
        },
        // Check status on Select Category: a read, so a step opened meanwhile opens at once.
        reloading: {
          tags: ['busy'],
          on: {
            'step.open': { guard: 'isLoadedStepOpenable', target: '#onboarding.journey', actions: 'setView' },
          },
          invoke: {
            id: 'fetchCategories',
            src: 'fetchCategories',
            onDone: { target: 'idle', actions: 'storeCategories' },
            onError: { target: 'idle', actions: 'toastCategoriesError' },
          },
        },
        // 'Enable Catgory': a category without a webhook step is enabled by Select Category.
        enabling: {
          tags: ['busy'],
          invoke: {
            id: 'enableCategory',
            src: 'enableCategory',
            input: ({ context }) => ({ category: context.chosen as Category }),
            onDone: { target: '#onboarding.journey', actions: ['toastEnabled', 'storeEnabled', 'openLanding', 'emitChanged'] },
            onError: { target: 'idle', actions: 'toastStepError' },
          },
        },
      },
    },
    // 'Next' on Select Category: loading the journey selects the category (and marks it in progress).
    loadingJourney: {
      tags: ['loading'],
      invoke: {
        id: 'fetchJourney',
        src: 'fetchJourney',
        input: ({ context }) => ({ category: context.category as Category, reset: false }),
        onDone: [
          { guard: 'isSelectStepCurrent', target: 'selecting', actions: 'storeJourney' },
          { target: 'journey', actions: ['storeJourney', 'openLanding', 'emitChanged'] },
        ],
        onError: { target: 'selecting', actions: 'toastStepError' },
      },
    },
    journey: {
      initial: 'viewing',
      states: {
        viewing: {
          // Re-entered on every change of the view or the steps, so the poll restarts from it.
          after: { statusPoll: { guard: 'isPolled', target: 'polling' } },
          on: {
            'step.open': [
              { guard: 'isSelectStep', target: '#onboarding.selecting', actions: 'chooseLoaded' },
              { guard: 'isStepOpenable', target: 'viewing', reenter: true, actions: 'setView' },
            ],
            'resource.open': { target: 'viewing', reenter: true, actions: 'setView' },
            'journey.refresh': 'refreshing',
            'step.next': { guard: 'canAdvance', target: 'viewing', reenter: true, actions: 'openNextStep' },
            'webhook.next': [
              { guard: 'isWebhookStepDone', target: 'viewing', reenter: true, actions: 'openNextStep' },
              { guard: 'isWebhookEnableNeeded', target: 'enablingForWebhook' },
              { guard: 'isViewingWebhookStep', target: 'webhookDialog' },
            ],
            'webhook.edit': { guard: 'canEditWebhook', target: 'webhookDialog' },
            'toolkit.enable': { guard: 'isViewingToolkitStep', target: 'enablingToolkit' },
            'onboarding.finish': { guard: 'canFinish', target: 'finishing' },
          },
        },
        // The 20 s poll: a failed read is left for the next one. The page stays usable meanwhile:
        // opening a step or a resource drops the read (the poll starts again from the new view).
        polling: {
          on: {
            'step.open': [
              { guard: 'isSelectStep', target: '#onboarding.selecting', actions: 'chooseLoaded' },
              { guard: 'isStepOpenable', target: 'viewing', actions: 'setView' },
            ],
            'resource.open': { target: 'viewing', actions: 'setView' },
          },
          invoke: {
            id: 'fetchJourney',
            src: 'fetchJourney',
            input: ({ context }) => ({ category: context.category as Category, reset: false }),
            onDone: { target: 'viewing', actions: ['storeJourney', 'keepView'] },
            onError: 'viewing',
          },
        },
        // Check status, or a read the embed step asks for once it knows the API key: a step or a
        // resource opened meanwhile opens at once, and the answer keeps it (when still openable).
        refreshing: {
          tags: ['busy'],
          on: {
            'step.open': [
              { guard: 'isSelectStep', target: '#onboarding.selecting', actions: 'chooseLoaded' },
              { guard: 'isStepOpenable', actions: 'setView' },
            ],
            'resource.open': { actions: 'setView' },
          },
          invoke: {
            id: 'fetchJourney',
            src: 'fetchJourney',
            input: ({ context }) => ({ category: context.category as Category, reset: false }),
            onDone: { target: 'viewing', actions: ['storeJourney', 'keepView', 'emitChanged'] },
            onError: { target: 'viewing', actions: 'toastFailure' },
          },
        },
        enablingForWebhook: {
          tags: ['busy'],
          invoke: {
            id: 'enableCategory',
            src: 'enableCategory',
            input: ({ context }) => ({ category: context.category as Category }),
            onDone: [
              { guard: 'isWebhookDoneInResult', target: 'viewing', actions: ['toastEnabled', 'storeEnabled', 'openLanding', 'emitChanged'] },
              { target: 'webhookDialog', actions: ['toastEnabled', 'storeEnabled', 'emitChanged'] },
            ],
            onError: { target: 'viewing', actions: 'toastStepError' },
          },
        },
        // The webhook dialog (test, events, save) is open; saving completes the step on the engine.
        webhookDialog: {
          on: {
            'webhook.saved': 'confirmingWebhook',
            'webhook.close': 'viewing',
          },
        },
        confirmingWebhook: {
          tags: ['busy'],
          invoke: {
            id: 'fetchJourney',
            src: 'fetchJourney',
            input: ({ context }) => ({ category: context.category as Category, reset: false }),
            onDone: { target: 'viewing', actions: ['storeJourney', 'openLanding', 'emitChanged'] },
            onError: { target: 'viewing', actions: 'toastStepError' },
          },
        },
        enablingToolkit: {
          tags: ['busy'],
          invoke: {
            id: 'enableToolkit',
            src: 'enableToolkit',
            input: ({ context, event }) => ({ category: context.category as Category, framework: event.type === 'toolkit.enable' ? event.framework : 'langgraph' }),
            onDone: { target: 'viewing', actions: ['storeToolkit', 'openLanding', 'emitChanged'] },
            onError: { target: 'viewing', actions: 'toastStepError' },
          },
        },
        finishing: {
          tags: ['busy'],
          invoke: {
            id: 'completeOnboarding',
            src: 'completeOnboarding',
            input: ({ context }) => ({ category: context.category as Category }),
            onDone: { target: 'completed', actions: ['storeCompletion', 'emitChanged'] },
            onError: { target: 'viewing', actions: 'toastFinishError' },
          },
        },
        // 'Onboarding completed successfully !' is open.
        completed: {
          on: { 'completion.close': 'viewing' },
        },
      },
    },
  },
});

export type OnboardingMachine = typeof onboardingMachine;
