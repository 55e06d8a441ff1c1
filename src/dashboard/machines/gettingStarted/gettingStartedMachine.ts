import { assign, fromPromise, setup } from 'xstate';
import { failureMessage } from '../failureMessage.ts';
import type { GettingStartedContext, GettingStartedEvent, GettingStartedFlow, GettingStartedStatus } from './types.ts';

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`gettingStarted: actor ${name} was not provided`);
};

const statusOf = (event: unknown): GettingStartedStatus => (event as { output: GettingStartedStatus }).output;
const flowOf = (event: GettingStartedEvent): GettingStartedFlow | null => ('flow' in event ? event.flow : null);

/**
 * The getting-started page (spec part 1 §2): which flow's tab is shown, the welcome dialog when no
 * category has started or finished in either flow, and the 'Changing your getting started flow?'
 * dialog when the user leaves the flow that is ongoing. Each tab's journey is its own machine
 * (onboarding); this one reads app.gettingStartedStatus for the tabs' green checks, the ongoing
 * flow and the welcome, and reads it again on the update-status icon or when a flow reports progress.
 */
export const gettingStartedMachine = setup({
  types: {
    context: {} as GettingStartedContext,
    events: {} as GettingStartedEvent,
  },
  actors: {
    fetchStatus: fromPromise<GettingStartedStatus, void>(notProvided('fetchStatus')),
  },
  guards: {
    isNothingStarted: ({ event }) => !statusOf(event).anyCategoryStarted,
    isShownFlow: ({ context, event }) => flowOf(event) === context.flow,
    // Leaving the ongoing flow's tab asks first; with nothing ongoing, or going to it, tabs just switch.
    isLeavingOngoingFlow: ({ context, event }) => {
      const ongoing = context.status?.ongoingFlow ?? null;
      return ongoing !== null && ongoing === context.flow && flowOf(event) !== ongoing;
    },
  },
  actions: {
    storeStatus: assign({ status: ({ event }) => statusOf(event), error: null }),
    showOngoingFlow: assign({ flow: ({ context, event }) => statusOf(event).ongoingFlow ?? context.flow }),
    showFlow: assign({ flow: ({ context, event }) => flowOf(event) ?? context.flow, pendingFlow: null }),
    askToSwitch: assign({ pendingFlow: ({ event }) => flowOf(event) }),
    switchFlow: assign({ flow: ({ context }) => context.pendingFlow ?? context.flow, pendingFlow: null }),
    keepFlow: assign({ pendingFlow: null }),
    setError: assign({ error: ({ event }) => failureMessage((event as { error?: unknown }).error) }),
  },
}).createMachine({
  id: 'gettingStarted',
  context: { status: null, flow: 'webapp', pendingFlow: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'fetchStatus',
        src: 'fetchStatus',
        onDone: [
          { guard: 'isNothingStarted', target: 'welcome', actions: 'storeStatus' },
          { target: 'ready', actions: ['storeStatus', 'showOngoingFlow'] },
        ],
        onError: { target: 'failed', actions: 'setError' },
      },
    },
    failed: {
      on: { 'status.refresh': 'loading' },
    },
    welcome: {
      on: {
        'welcome.choose': { target: 'ready', actions: 'showFlow' },
        'welcome.dismiss': 'ready',
      },
    },
    ready: {
      initial: 'idle',
      on: {
        'tab.select': [
          { guard: 'isShownFlow' },
          { guard: 'isLeavingOngoingFlow', target: 'confirmingSwitch', actions: 'askToSwitch' },
          { target: '.idle', actions: 'showFlow' },
        ],
      },
      states: {
        idle: {
          on: { 'status.refresh': 'refreshing' },
        },
        refreshing: {
          tags: ['refreshing'],
          invoke: {
            id: 'fetchStatus',
            src: 'fetchStatus',
            onDone: { target: 'idle', actions: 'storeStatus' },
            // The tabs keep what they showed; the icon can be clicked again.
            onError: { target: 'idle', actions: 'setError' },
          },
        },
      },
    },
    confirmingSwitch: {
      on: {
        'switch.confirm': { target: 'ready', actions: 'switchFlow' },
        'switch.cancel': { target: 'ready', actions: 'keepFlow' },
      },
    },
  },
});

export type GettingStartedMachine = typeof gettingStartedMachine;
