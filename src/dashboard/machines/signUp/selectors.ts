import type { SnapshotFrom } from 'xstate';
import type { SignUpMachine } from './signUpMachine.ts';
import type { SignUpMode, SignUpStep } from './types.ts';

export type SignUpSnapshot = SnapshotFrom<SignUpMachine>;

/** 0 e-mail, 1 code, 2 additional details (the step indicator and which form to show). */
export function selectStep(snapshot: SignUpSnapshot): SignUpStep {
  if (snapshot.hasTag('step.details')) return 2;
  if (snapshot.status === 'done') return snapshot.context.mode === 'signup' && snapshot.context.session?.orgDetailsRequired ? 2 : 1;
  if (snapshot.hasTag('step.code')) return 1;
  return 0;
}

/** A call is in flight: disable the form's buttons and show progress. */
export const selectIsBusy = (snapshot: SignUpSnapshot): boolean => snapshot.hasTag('busy');
export const selectMode = (snapshot: SignUpSnapshot): SignUpMode => snapshot.context.mode;
export const selectEmail = (snapshot: SignUpSnapshot): string => snapshot.context.email;
/** Seconds left on the visible resend countdown (0 when over). */
export const selectCountdown = (snapshot: SignUpSnapshot): number => snapshot.context.resendSecondsLeft;
export const selectError = (snapshot: SignUpSnapshot): string | null => snapshot.context.error;
/** The error is the invalid-invite one: the view links 'click here to signup' to the plain sign-up. */
export const selectIsInviteInvalid = (snapshot: SignUpSnapshot): boolean => snapshot.context.inviteInvalid;
/** A success message to toast ('New OTP sent to {email}'). */
export const selectNotice = (snapshot: SignUpSnapshot): string | null => snapshot.context.notice;
/** Resend code is enabled on the code step once the countdown is over and nothing is in flight. */
export const selectCanResend = (snapshot: SignUpSnapshot): boolean =>
  snapshot.matches({ code: { verify: 'idle', countdown: 'done' } }) && snapshot.context.resendSecondsLeft <= 0;
/** Where to navigate once done (the machine's output). */
export const selectDestination = (snapshot: SignUpSnapshot): string | null => (snapshot.status === 'done' ? (snapshot.output?.to ?? null) : null);
/** Step 2 prefill for an invitee: the inviting organisation's name (not editable). */
export const selectInviteOrgName = (snapshot: SignUpSnapshot): string | null => snapshot.context.session?.invite?.orgName ?? null;
