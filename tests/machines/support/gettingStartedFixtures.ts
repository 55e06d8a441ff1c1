import type { EventObject } from 'xstate';
import { gettingStartedMachine, type GettingStartedStatus } from '../../../src/dashboard/machines/gettingStarted/index.ts';
import { ApiError } from '../../../src/dashboard/providers/errors.ts';
import { type ActorEventFixtures, byLabel, done, failed, type UserEventFixtures } from './fixtureTypes.ts';

/** app.gettingStartedStatus of an organisation that has started nothing (the welcome dialog). */
export const freshStatus: GettingStartedStatus = {
  aiAgentFlowCompleted: false,
  webappFlowCompleted: false,
  gettingStartedFlowCompleted: false,
  ongoingFlow: null,
  anyCategoryStarted: false,
};
/** A category of the web flow is in progress. */
export const webOngoingStatus: GettingStartedStatus = { ...freshStatus, ongoingFlow: 'webapp', anyCategoryStarted: true };
/** A category of the AI flow is in progress, the web flow is completed. */
export const aiOngoingStatus: GettingStartedStatus = { ...freshStatus, webappFlowCompleted: true, gettingStartedFlowCompleted: true, ongoingFlow: 'aiAgent', anyCategoryStarted: true };
/** Both flows completed, nothing ongoing. */
export const completedStatus: GettingStartedStatus = { aiAgentFlowCompleted: true, webappFlowCompleted: true, gettingStartedFlowCompleted: true, ongoingFlow: null, anyCategoryStarted: true };

export const statusFailure = () => new ApiError({ status: 500, code: 'INTERNAL', msg: 'Something went wrong, please try again' });

/** The page's events, by event type. */
export const gettingStartedUserEvents = {
  'tab.select': {
    'tab.select webapp': { type: 'tab.select', flow: 'webapp' },
    'tab.select aiAgent': { type: 'tab.select', flow: 'aiAgent' },
  },
  'welcome.choose': {
    'welcome.choose webapp': { type: 'welcome.choose', flow: 'webapp' },
    'welcome.choose aiAgent': { type: 'welcome.choose', flow: 'aiAgent' },
  },
  'welcome.dismiss': { 'welcome.dismiss': { type: 'welcome.dismiss' } },
  'switch.confirm': { 'switch.confirm': { type: 'switch.confirm' } },
  'switch.cancel': { 'switch.cancel': { type: 'switch.cancel' } },
  'status.refresh': { 'status.refresh': { type: 'status.refresh' } },
} as const satisfies UserEventFixtures<typeof gettingStartedMachine>;

/** Every answer of app.gettingStartedStatus the page reads differently. */
export const gettingStartedActorEvents = {
  fetchStatus: {
    'status fresh': done('fetchStatus', freshStatus),
    'status web ongoing': done('fetchStatus', webOngoingStatus),
    'status ai ongoing': done('fetchStatus', aiOngoingStatus),
    'status completed': done('fetchStatus', completedStatus),
    'status failed': failed('fetchStatus', statusFailure()),
  },
} as const satisfies ActorEventFixtures<typeof gettingStartedMachine>;

export const gettingStartedEventFixtures: Record<string, EventObject> = byLabel(gettingStartedUserEvents, gettingStartedActorEvents);
