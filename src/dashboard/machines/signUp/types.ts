import type { components } from '../../../generated/api/engine.ts';
import type { Role } from '../../../generated/engine/types.ts';

export type SignUpMode = 'signup' | 'login';

/** From the /signup query: login=true selects login; redirect, data (invite token) and planId. */
export interface SignUpInput {
  mode: SignUpMode;
  redirect?: string | null;
  data?: string | null;
  planId?: string | null;
}

/** The step index the view shows: 0 e-mail, 1 code, 2 additional details. */
export type SignUpStep = 0 | 1 | 2;

/** The fields the details form (generated form orgDetails) collects; the machine adds the context. */
type OrgDetailsBody = components['schemas']['OrgDetailsBody'];
export type OrgDetailsFields = Pick<OrgDetailsBody, 'username' | 'orgName' | 'apps' | 'goLivePlan' | 'orgSize'>;

export type VerifyOtpResult = components['schemas']['AuthVerifyOtpResponse']['msg'];
export type SendOrgDetailsResult = components['schemas']['AuthSendOrgDetailsResponse']['msg'];

/** The attempt every auth call of one sign-in carries (as sent to auth.signIn). */
export interface SignInAttempt {
  userEmail: string;
  newUser: boolean;
  data?: string;
}

// Actor contracts: the actors are injected with machine.provide(); they throw an ApiError-like value
// ({ status, msg, field?, retryAfterSeconds? }) on failure.
export interface SignInOutput {
  resendAfterSeconds: number;
}
export interface ResendOtpOutput {
  resendAfterSeconds: number;
  message: string;
}
export type VerifyOtpInput = SignInAttempt & { otp: string };
export type SendOrgDetailsInput = OrgDetailsBody;
export interface SaveSessionInput {
  token: string;
  isFirstLogin: boolean;
  onBoardingCompleted: boolean;
  uiVersion: string | null;
}

/** What a failing actor throws, as far as the machine reads it (providers' ApiError fits). */
export interface ActorFailure {
  status?: number;
  code?: string;
  msg?: string;
  message?: string;
  field?: string;
  retryAfterSeconds?: number;
}

export type SignUpEvent =
  | { type: 'mode.toggle' }
  | { type: 'email.submit'; email: string }
  | { type: 'otp.submit'; otp: string }
  | { type: 'otp.resend' }
  | { type: 'step.previous' }
  | { type: 'details.submit'; details: OrgDetailsFields };

export interface SignUpContext {
  mode: SignUpMode;
  redirect: string | null;
  data: string | null;
  planId: string | null;
  email: string;
  /** Seconds before Resend code is enabled; the view shows it as a countdown. */
  resendSecondsLeft: number;
  /** The message under the current step ('Please enter valid OTP', the invite message, ...). */
  error: string | null;
  /** true when the error is the invalid-invite one, so the view can offer the sign-up link. */
  inviteInvalid: boolean;
  /** A success note to toast ('New OTP sent to {email}'). */
  notice: string | null;
  /** The session of a verified code (set after auth.verifyOtp). */
  session: VerifyOtpResult | null;
  role: Role | null;
  isFirstLogin: boolean;
  onBoardingCompleted: boolean;
  /** Where to go when done (the machine's output). */
  target: string | null;
}

/** Final output: the path to navigate to. */
export interface SignUpOutput {
  to: string;
}
