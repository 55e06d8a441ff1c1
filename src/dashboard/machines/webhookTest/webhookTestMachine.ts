import { assign, fromPromise, setup } from 'xstate';
import { errorMessage } from '../../providers/errors.ts';
import { firstOfTab, nextUntested } from './eventOrder.ts';
import { webhookUrlOf } from './webhookUrl.ts';
import type {
  ActorFailure,
  GetWebhookEventsCall,
  SaveWebhookCall,
  SaveWebhookResult,
  TestEventCall,
  TestEventResult,
  TestWebhookCall,
  TestWebhookResult,
  WebhookSubCategory,
  WebhookTestContext,
  WebhookTestEvent,
  WebhookTestInput,
  WebhookTestOutput,
} from './types.ts';

// The spec's messages (part 1 §5, §8), word for word. 'Please enter a valid webhook' is also the
// contract's x-messages of tempDestination, which the engine answers for a URL it refuses.
export const INVALID_WEBHOOK_MESSAGE = 'Please enter a valid webhook';
export const WEBHOOK_LIVE_MESSAGE = 'Webhook is live';
export const LIVE_TEST_FAILED_MESSAGE = 'Webhook live test failed';
export const EVENTS_FAILED_MESSAGE = 'Failed to fetch webhook events, Please try again';
/** Spec part 1 §9: the URL input is debounced 500 ms. */
export const URL_DEBOUNCE_MS = 500;
/** The engine's 409 code when the URL is no longer live (tested over an hour ago, or another URL). */
const NOT_LIVE_CODE = 'WEBHOOK_NOT_LIVE';

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`webhookTest: actor ${name} was not provided`);
};

const failureOf = (event: unknown): ActorFailure => {
  const error = (event as { error?: unknown }).error;
  return error && typeof error === 'object' ? (error as ActorFailure) : {};
};
const errorOf = (event: unknown): unknown => (event as { error?: unknown }).error;
const outputOf = <T>(event: unknown): T => (event as { output: T }).output;

/**
 * A failed Test call: a refused URL (400 on tempDestination) or the rate limit says why in the
 * engine's words; anything else is the spec's 'Webhook live test failed'.
 */
function testCallFailure(event: unknown): string {
  const failure = failureOf(event);
  if (failure.field === 'tempDestination' || failure.status === 429) return errorMessage(errorOf(event));
  return LIVE_TEST_FAILED_MESSAGE;
}

const leaveLive = { liveUrl: '', progress: null } as const;

/**
 * The webhook modal of one category (spec part 1 §4): untested until a Test answers 200, then
 * live; each event is sent one by one to the live URL and counted by the engine; Save Webhook URL
 * once all are tested. Editing the URL of a live webhook resets it once the trimmed URL settles
 * (500 ms after the last keystroke) on another URL; Test sends what the field says at once.
 * Calls in flight lock the field, so every answer belongs to the URL on screen.
 */
export const webhookTestMachine = setup({
  types: {
    context: {} as WebhookTestContext,
    events: {} as WebhookTestEvent,
    input: {} as WebhookTestInput,
    output: {} as WebhookTestOutput,
  },
  actors: {
    getWebhookEvents: fromPromise<WebhookSubCategory[], GetWebhookEventsCall>(notProvided('getWebhookEvents')),
    sendTestWebhook: fromPromise<TestWebhookResult, TestWebhookCall>(notProvided('sendTestWebhook')),
    sendTestEvent: fromPromise<TestEventResult, TestEventCall>(notProvided('sendTestEvent')),
    saveWebhook: fromPromise<SaveWebhookResult, SaveWebhookCall>(notProvided('saveWebhook')),
  },
  delays: {
    urlDebounce: URL_DEBOUNCE_MS,
  },
  guards: {
    hasUrl: ({ context }) => webhookUrlOf(context.draft) !== '',
    isDraftLiveUrl: ({ context }) => webhookUrlOf(context.draft) === context.liveUrl,
    isLiveAnswer: ({ event }) => outputOf<TestWebhookResult | undefined>(event)?.status === 200,
    isEventTested: ({ event }) => outputOf<TestEventResult | undefined>(event)?.tested === true,
    isAllTested: ({ context }) => context.progress?.allTested === true,
    hasSelectedEvent: ({ context }) => context.selected !== null,
    isNotLive: ({ event }) => failureOf(event).code === NOT_LIVE_CODE,
  },
  actions: {
    /** A success toast; the view provides it (no-op here, so tests need not). */
    notify: (_, _params: { message: string }) => undefined,
    setDraft: assign({ draft: ({ context, event }) => (event.type === 'url.change' ? event.value : context.draft) }),
    clearUrlError: assign({ urlError: null }),
    clearMessages: assign({ urlError: null, eventError: null, saveError: null }),
    storeEvents: assign(({ event }) => {
      const subCategories = outputOf<WebhookSubCategory[]>(event);
      const first = subCategories[0]?.value ?? null;
      return { subCategories, loadError: null, activeTab: first, selected: first === null ? null : firstOfTab(subCategories, null, first) };
    }),
    setLoadFailure: assign({ loadError: EVENTS_FAILED_MESSAGE }),
    clearLoadFailure: assign({ loadError: null }),
    setInvalidUrl: assign({ urlError: INVALID_WEBHOOK_MESSAGE }),
    storeLive: assign(({ context, event }) => {
      const progress = outputOf<TestWebhookResult>(event).progress;
      const selected = nextUntested(context.subCategories, progress, context.selected);
      return { liveUrl: webhookUrlOf(context.draft), progress, selected, activeTab: selected?.subCategory ?? context.activeTab, urlError: null };
    }),
    // A non-200 answer: the receiver's status text (spec part 1 §8), else the spec's failure.
    setReceiverFailure: assign({ urlError: ({ event }) => outputOf<TestWebhookResult>(event).statusMessage.trim() || LIVE_TEST_FAILED_MESSAGE }),
    setTestCallFailure: assign({ urlError: ({ event }) => testCallFailure(event) }),
    storeProgress: assign({ progress: ({ event }) => outputOf<TestEventResult>(event).progress }),
    selectNextEvent: assign(({ context }) => {
      const selected = nextUntested(context.subCategories, context.progress, context.selected);
      return { selected, activeTab: selected?.subCategory ?? context.activeTab };
    }),
    setEventFailure: assign({ eventError: ({ event }) => outputOf<TestEventResult>(event).statusMessage.trim() || LIVE_TEST_FAILED_MESSAGE }),
    setEventCallFailure: assign({ eventError: ({ event }) => errorMessage(errorOf(event)) }),
    setSaveFailure: assign({ saveError: ({ event }) => errorMessage(errorOf(event)) }),
    // The engine no longer holds this URL as live: test it again.
    setNotLive: assign({ ...leaveLive, urlError: ({ event }) => errorMessage(errorOf(event)) }),
    resetLive: assign(leaveLive),
    storeSaved: assign({ savedUrl: ({ event }) => outputOf<SaveWebhookResult>(event).destination }),
    selectTab: assign(({ context, event }) => {
      if (event.type !== 'tab.select' || !context.subCategories.some((sub) => sub.value === event.subCategory)) return {};
      return { activeTab: event.subCategory, selected: firstOfTab(context.subCategories, context.progress, event.subCategory) };
    }),
    selectEvent: assign(({ context, event }) => {
      if (event.type !== 'event.select') return {};
      const known = context.subCategories.some((sub) => sub.value === event.subCategory && sub.eventDetails.some((detail) => detail.eventType === event.eventType));
      return known ? { selected: { subCategory: event.subCategory, eventType: event.eventType }, activeTab: event.subCategory } : {};
    }),
  },
}).createMachine({
  id: 'webhookTest',
  context: ({ input }) => ({
    category: input.category,
    draft: input.initialUrl ?? '',
    liveUrl: '',
    subCategories: [],
    activeTab: null,
    selected: null,
    progress: null,
    urlError: null,
    eventError: null,
    saveError: null,
    loadError: null,
    savedUrl: null,
  }),
  initial: 'loadingEvents',
  output: ({ context }) => ({ url: context.savedUrl ?? context.liveUrl }),
  on: {
    'tab.select': { actions: 'selectTab' },
    'event.select': { actions: 'selectEvent' },
  },
  states: {
    // The tabs first: Test waits for them, since Save needs every event of the category tested.
    loadingEvents: {
      tags: ['loading'],
      on: { 'url.change': { actions: ['setDraft', 'clearUrlError'] } },
      invoke: {
        id: 'getWebhookEvents',
        src: 'getWebhookEvents',
        input: ({ context }) => ({ category: context.category }),
        onDone: { target: 'untested', actions: 'storeEvents' },
        onError: { target: 'eventsFailed', actions: 'setLoadFailure' },
      },
    },
    eventsFailed: {
      on: {
        'url.change': { actions: ['setDraft', 'clearUrlError'] },
        'events.retry': { target: 'loadingEvents', actions: 'clearLoadFailure' },
      },
    },
    untested: {
      on: {
        'url.change': { actions: ['setDraft', 'clearUrlError'] },
        'webhook.test': [{ guard: 'hasUrl', target: 'testing', actions: 'clearMessages' }, { actions: 'setInvalidUrl' }],
      },
    },
    testing: {
      tags: ['busy'],
      invoke: {
        id: 'sendTestWebhook',
        src: 'sendTestWebhook',
        input: ({ context }) => ({ tempDestination: webhookUrlOf(context.draft), category: context.category }),
        onDone: [
          { guard: 'isLiveAnswer', target: 'live', actions: ['storeLive', { type: 'notify', params: { message: WEBHOOK_LIVE_MESSAGE } }] },
          { target: 'untested', actions: 'setReceiverFailure' },
        ],
        onError: { target: 'untested', actions: 'setTestCallFailure' },
      },
    },
    live: {
      tags: ['live'],
      initial: 'idle',
      states: {
        idle: {
          on: {
            // What the last event or save said belongs to the URL being edited away.
            'url.change': { target: 'editing', actions: ['setDraft', 'clearMessages'] },
            'event.send': { guard: 'hasSelectedEvent', target: 'sendingEvent', actions: 'clearMessages' },
            'webhook.save': { guard: 'isAllTested', target: 'saving', actions: 'clearMessages' },
          },
        },
        // Typing over a live URL: it stays live unless the URL settles on another one.
        editing: {
          on: {
            'url.change': { target: 'editing', reenter: true, actions: ['setDraft', 'clearUrlError'] },
            // A new test replaces the live state whatever it answers.
            'webhook.test': [{ guard: 'hasUrl', target: '#webhookTest.testing', actions: ['clearMessages', 'resetLive'] }, { actions: 'setInvalidUrl' }],
          },
          after: {
            urlDebounce: [{ guard: 'isDraftLiveUrl', target: 'idle' }, { target: '#webhookTest.untested', actions: 'resetLive' }],
          },
        },
        sendingEvent: {
          tags: ['busy'],
          invoke: {
            id: 'sendTestEvent',
            src: 'sendTestEvent',
            input: ({ context }) => ({
              tempDestination: context.liveUrl,
              category: context.category,
              subCategory: context.selected?.subCategory ?? '',
              eventType: context.selected?.eventType ?? '',
            }),
            onDone: [
              { guard: 'isEventTested', target: 'idle', actions: ['storeProgress', 'selectNextEvent'] },
              { target: 'idle', actions: ['storeProgress', 'setEventFailure'] },
            ],
            onError: [
              { guard: 'isNotLive', target: '#webhookTest.untested', actions: 'setNotLive' },
              { target: 'idle', actions: 'setEventCallFailure' },
            ],
          },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'saveWebhook',
            src: 'saveWebhook',
            input: ({ context }) => ({ destination: context.liveUrl, category: context.category }),
            onDone: {
              target: '#webhookTest.saved',
              actions: ['storeSaved', { type: 'notify', params: ({ event }) => ({ message: event.output.message }) }],
            },
            onError: [
              { guard: 'isNotLive', target: '#webhookTest.untested', actions: 'setNotLive' },
              { target: 'idle', actions: 'setSaveFailure' },
            ],
          },
        },
      },
    },
    saved: { type: 'final' },
  },
});

export type WebhookTestMachine = typeof webhookTestMachine;
