import type { EventObject } from 'xstate';
import { onboardingMachine, type CompletionResult, type EnableCategoryResult, type JourneyCategory } from '../../../src/dashboard/machines/onboarding/index.ts';
import { ApiError } from '../../../src/dashboard/providers/errors.ts';
import { type ActorEventFixtures, byLabel, type DelayEventFixtures, done, failed, type UserEventFixtures } from './fixtureTypes.ts';
import { AI_STEPS, HOOK_URL, journey, listed, WEB_STEPS, WEB_STEPS_WITHOUT_WEBHOOK } from './journeyFixtures.ts';

export const LAST_CHANGE = 1_767_225_600_000;

// The Select Category lists: HRIS has sync data models (a webhook step in the web flow), COMMS has
// none; in the AI flow no category has a webhook step.
const webList = (hris: Parameters<typeof listed>[3] = {}, comms: Parameters<typeof listed>[3] = {}) => [
  listed('HRIS', 'HRIS', WEB_STEPS, hris),
  listed('COMMS', 'Communication', WEB_STEPS_WITHOUT_WEBHOOK, comms),
];
const aiList = (hris: Parameters<typeof listed>[3] = {}) => [listed('HRIS', 'HRIS', AI_STEPS, hris), listed('COMMS', 'Communication', AI_STEPS)];

export const categoryLists = {
  webFresh: webList(),
  webOngoing: webList({ enabled: true, inProgress: true, lastModified: LAST_CHANGE, done: 2 }),
  webOngoingAtWebhook: webList({ enabled: true, inProgress: true, lastModified: LAST_CHANGE, done: 1 }),
  aiFresh: aiList(),
  aiOngoing: aiList({ enabled: true, inProgress: true, lastModified: LAST_CHANGE, done: 1 }),
} satisfies Record<string, JourneyCategory[]>;

export const journeys = {
  webAtWebhook: journey(WEB_STEPS, 1, { categoryEnabled: false }),
  webAtWebhookEnabled: journey(WEB_STEPS, 1),
  webAtWebhookSaved: journey(WEB_STEPS, 1, { webhook: HOOK_URL }),
  webAtEmbed: journey(WEB_STEPS, 2, { webhook: HOOK_URL, subSteps: { apiKey: true } }),
  webAtFetchData: journey(WEB_STEPS, 3, { webhook: HOOK_URL }),
  webComplete: journey(WEB_STEPS, 4, { webhook: HOOK_URL }),
  commsAtEmbed: journey(WEB_STEPS_WITHOUT_WEBHOOK, 1),
  aiAtSelect: journey(AI_STEPS, 0, { categoryEnabled: false }),
  aiAtToolkit: journey(AI_STEPS, 1),
  aiAtEmbed: journey(AI_STEPS, 2, { subSteps: { apiKey: true } }),
  aiComplete: journey(AI_STEPS, 3),
};

const enabled = (value: 'HRIS' | 'COMMS', label: string, steps: typeof journeys.webAtEmbed, flowSteps = WEB_STEPS): EnableCategoryResult => ({
  message: `${label} enabled successfully`,
  category: listed(value, label, flowSteps, { enabled: true, inProgress: true, lastModified: LAST_CHANGE, done: steps.filter((s) => s.stepStatus).length }),
  journey: steps,
});

export const completion = (flow: 'webapp' | 'aiAgent'): CompletionResult => ({
  message: 'Onboarding completed successfully !',
  category: listed('HRIS', 'HRIS', flow === 'webapp' ? WEB_STEPS : AI_STEPS, { enabled: true, completed: true, lastModified: LAST_CHANGE }),
  status: { aiAgentFlowCompleted: flow === 'aiAgent', webappFlowCompleted: flow === 'webapp', gettingStartedFlowCompleted: true, ongoingFlow: null, anyCategoryStarted: true },
  defaultIntegrationType: 'test',
});

export const failures = {
  server: () => new ApiError({ status: 500, code: 'INTERNAL', msg: 'Something went wrong, please try again' }),
  locked: () => new ApiError({ status: 409, code: 'STEP_LOCKED', msg: 'This step is locked until all earlier steps are complete' }),
};

/** The views' events, by event type. */
export const onboardingUserEvents = {
  'category.choose': {
    'choose HRIS': { type: 'category.choose', category: 'HRIS' },
    'choose COMMS': { type: 'category.choose', category: 'COMMS' },
  },
  'step.next': { 'step.next': { type: 'step.next' } },
  'step.open': {
    'open selectCategory': { type: 'step.open', stepId: 'selectCategory' },
    'open registerWebhook': { type: 'step.open', stepId: 'registerWebhook' },
    'open embedSdk': { type: 'step.open', stepId: 'embedSdk' },
    'open fetchData': { type: 'step.open', stepId: 'fetchData' },
    'open useToolkit': { type: 'step.open', stepId: 'useToolkit' },
  },
  'resource.open': { 'open embed guide': { type: 'resource.open', resource: 'embedGuide' } },
  'journey.refresh': { 'journey.refresh': { type: 'journey.refresh' } },
  'categories.retry': { 'categories.retry': { type: 'categories.retry' } },
  'webhook.next': { 'webhook.next': { type: 'webhook.next' } },
  'webhook.edit': { 'webhook.edit': { type: 'webhook.edit' } },
  'webhook.saved': { 'webhook.saved': { type: 'webhook.saved', url: HOOK_URL } },
  'webhook.close': { 'webhook.close': { type: 'webhook.close' } },
  'toolkit.enable': { 'toolkit.enable langchain': { type: 'toolkit.enable', framework: 'langchain' } },
  'onboarding.finish': { 'onboarding.finish': { type: 'onboarding.finish' } },
  'completion.close': { 'completion.close': { type: 'completion.close' } },
} as const satisfies UserEventFixtures<typeof onboardingMachine>;

/** Every answer of the flow's calls, by actor; labels say the flow (web, ai) where one only fits it. */
export const onboardingActorEvents = {
  fetchCategories: {
    'categories web fresh': done('fetchCategories', categoryLists.webFresh),
    'categories web ongoing': done('fetchCategories', categoryLists.webOngoing),
    'categories web ongoing at webhook': done('fetchCategories', categoryLists.webOngoingAtWebhook),
    'categories ai fresh': done('fetchCategories', categoryLists.aiFresh),
    'categories ai ongoing': done('fetchCategories', categoryLists.aiOngoing),
    'categories failed': failed('fetchCategories', failures.server()),
  },
  fetchJourney: {
    'journey web at webhook': done('fetchJourney', journeys.webAtWebhook),
    'journey web at webhook enabled': done('fetchJourney', journeys.webAtWebhookEnabled),
    'journey web at webhook saved': done('fetchJourney', journeys.webAtWebhookSaved),
    'journey web at embed': done('fetchJourney', journeys.webAtEmbed),
    'journey web at fetchData': done('fetchJourney', journeys.webAtFetchData),
    'journey web complete': done('fetchJourney', journeys.webComplete),
    'journey ai at select': done('fetchJourney', journeys.aiAtSelect),
    'journey ai at toolkit': done('fetchJourney', journeys.aiAtToolkit),
    'journey ai at embed': done('fetchJourney', journeys.aiAtEmbed),
    'journey ai complete': done('fetchJourney', journeys.aiComplete),
    'journey failed': failed('fetchJourney', failures.server()),
  },
  enableCategory: {
    'enable web HRIS': done('enableCategory', enabled('HRIS', 'HRIS', journeys.webAtWebhookEnabled)),
    'enable web HRIS webhook saved': done('enableCategory', enabled('HRIS', 'HRIS', journeys.webAtEmbed)),
    'enable web COMMS': done('enableCategory', enabled('COMMS', 'Communication', journeys.commsAtEmbed, WEB_STEPS_WITHOUT_WEBHOOK)),
    'enable ai HRIS': done('enableCategory', enabled('HRIS', 'HRIS', journeys.aiAtToolkit, AI_STEPS)),
    'enable failed': failed('enableCategory', failures.server()),
  },
  enableToolkit: {
    'toolkit enabled': done('enableToolkit', { category: listed('HRIS', 'HRIS', AI_STEPS, { enabled: true, inProgress: true, done: 2 }), journey: journeys.aiAtEmbed }),
    'toolkit failed': failed('enableToolkit', failures.locked()),
  },
  completeOnboarding: {
    'complete web': done('completeOnboarding', completion('webapp')),
    'complete ai': done('completeOnboarding', completion('aiAgent')),
    'complete failed': failed('completeOnboarding', failures.server()),
  },
} as const satisfies ActorEventFixtures<typeof onboardingMachine>;

/** The 20 s status poll. */
export const onboardingDelayEvents = {
  statusPoll: { '20 s poll': { type: 'xstate.after.statusPoll.onboarding.journey.viewing' } },
} as const satisfies DelayEventFixtures<typeof onboardingMachine>;

export const onboardingEventFixtures: Record<string, EventObject> = byLabel(onboardingUserEvents, onboardingActorEvents, onboardingDelayEvents);

const onlyFor = (pattern: RegExp) => Object.keys(onboardingEventFixtures).filter((label) => pattern.test(label));
/** Fixtures of one flow only: the other flow's answers, steps and step events. */
const WEB_ONLY = new Set(onlyFor(/\bweb\b|COMMS|^webhook\.|^open (registerWebhook|fetchData)$/));
const AI_ONLY = new Set(onlyFor(/\bai\b|toolkit|^open useToolkit$/));

export const fitsFlow = (label: string, flow: 'webapp' | 'aiAgent'): boolean => !(flow === 'webapp' ? AI_ONLY : WEB_ONLY).has(label);
