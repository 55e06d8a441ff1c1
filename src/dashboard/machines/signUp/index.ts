export { signUpMachine, COUNTDOWN_TICK_MS } from './signUpMachine.ts';
export { createSignUpActors } from './signUpActors.ts';
export {
  selectCanResend,
  selectCountdown,
  selectDestination,
  selectEmail,
  selectError,
  selectInviteOrgName,
  selectIsBusy,
  selectIsInviteInvalid,
  selectMode,
  selectNotice,
  selectStep,
  type SignUpSnapshot,
} from './selectors.ts';
export { signUpInputFromSearch } from './input.ts';
export type { OrgDetailsFields, SendOrgDetailsResult, SignUpInput, SignUpMode, SignUpStep, VerifyOtpResult } from './types.ts';
