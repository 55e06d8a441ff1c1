export { gettingStartedMachine, type GettingStartedMachine } from './gettingStartedMachine.ts';
export { createGettingStartedActors, type GettingStartedActorDeps } from './gettingStartedActors.ts';
export {
  selectFlow,
  selectFlowCompleted,
  selectIsLoading,
  selectIsRefreshing,
  selectIsSwitchOpen,
  selectIsWelcomeOpen,
  selectLoadError,
  selectShowsJourney,
  type GettingStartedSnapshot,
} from './selectors.ts';
export type { GettingStartedContext, GettingStartedEvent, GettingStartedFlow, GettingStartedStatus } from './types.ts';
