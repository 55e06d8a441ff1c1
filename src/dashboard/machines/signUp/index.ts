export { signUpMachine, COUNTDOWN_TICK_MS, DEFAULT_FAILURE_MESSAGE, UNEXPECTED_RESPONSE_MESSAGE, type SignUpMachine } from './signUpMachine.ts';
export { createSignUpActors, type SignUpActorDeps } from './signUpActors.ts';
export { destinationAfterLogin, safeRedirect, GETTING_STARTED_PATH, HOME_PATH, type LoginFacts } from './destination.ts';
export {
  selectCanResend,
  selectCountdown,
  selectDestination,
  selectEmail,
  selectError,
  selectInviteOrgName,
  selectIsBusy,
  selectIsDone,
  selectIsInviteInvalid,
  selectIsLogin,
  selectMode,
  selectNotice,
  selectStep,
  type SignUpSnapshot,
} from './selectors.ts';
export { signUpInputFromSearch } from './input.ts';
export type * from './types.ts';
