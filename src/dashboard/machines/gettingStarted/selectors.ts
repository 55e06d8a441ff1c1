import type { SnapshotFrom } from 'xstate';
import type { GettingStartedMachine } from './gettingStartedMachine.ts';
import type { GettingStartedFlow } from './types.ts';

export type GettingStartedSnapshot = SnapshotFrom<GettingStartedMachine>;

/** The tab shown (its flow's journey is rendered below the tabs). */
export const selectFlow = (snapshot: GettingStartedSnapshot): GettingStartedFlow => snapshot.context.flow;
/** The first status call is in flight: tabs without checks, a skeleton below. */
export const selectIsLoading = (snapshot: GettingStartedSnapshot): boolean => snapshot.hasTag('loading');
/** The update-status icon spins while the status is read again. */
export const selectIsRefreshing = (snapshot: GettingStartedSnapshot): boolean => snapshot.hasTag('refreshing') || snapshot.hasTag('loading');
/** The status could not be read at all: the page shows the error with a retry. */
export const selectLoadError = (snapshot: GettingStartedSnapshot): string | null => (snapshot.matches('failed') ? snapshot.context.error : null);
/** The green check of each tab: the flow is completed. */
export const selectFlowCompleted = (snapshot: GettingStartedSnapshot, flow: GettingStartedFlow): boolean =>
  flow === 'webapp' ? snapshot.context.status?.webappFlowCompleted === true : snapshot.context.status?.aiAgentFlowCompleted === true;
/** 'Proceed with onboarding': nothing has started in either flow. */
export const selectIsWelcomeOpen = (snapshot: GettingStartedSnapshot): boolean => snapshot.matches('welcome');
/** 'Changing your getting started flow?' is open. */
export const selectIsSwitchOpen = (snapshot: GettingStartedSnapshot): boolean => snapshot.matches('confirmingSwitch');
/** The flow the journey panel shows once the page knows it (not while the first status loads or failed). */
export const selectShowsJourney = (snapshot: GettingStartedSnapshot): boolean => !snapshot.matches('loading') && !snapshot.matches('failed');
