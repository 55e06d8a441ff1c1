import { assign, fromPromise, setup } from 'xstate';
import { INVALID_INVITE_MESSAGE, INVALID_OTP_MESSAGE, OTP_DEAD_STATUS, OTP_LENGTH, OTP_RESEND_COOLDOWN_SECONDS } from '../../../shared/constants.ts';
import { destinationAfterLogin } from './destination.ts';
import type {
  ActorFailure,
  ResendOtpOutput,
  SaveSessionInput,
  SendOrgDetailsInput,
  SendOrgDetailsResult,
  SignInAttempt,
  SignInOutput,
  SignUpContext,
  SignUpEvent,
  SignUpInput,
  SignUpOutput,
  VerifyOtpInput,
  VerifyOtpResult,
} from './types.ts';

const UNEXPECTED_RESPONSE_MESSAGE = 'Unexpected response from server';
const DEFAULT_FAILURE_MESSAGE = 'Something went wrong, please try again';
export const COUNTDOWN_TICK_MS = 1_000;

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`signUp: actor ${name} was not provided`);
};

const failureOf = (error: unknown): ActorFailure => (error && typeof error === 'object' ? (error as ActorFailure) : {});

/** The failure's text: the server's msg, else the exception message, else `fallback`. */
function failureMessage(error: unknown, fallback: string): string {
  const failure = failureOf(error);
  if (failure.code === 'UNEXPECTED_RESPONSE') return UNEXPECTED_RESPONSE_MESSAGE;
  return failure.msg?.trim() || failure.message?.trim() || (typeof error === 'string' && error) || fallback;
}

const isInviteFailure = (error: unknown) => {
  const failure = failureOf(error);
  return failure.field === 'data' || failure.msg === INVALID_INVITE_MESSAGE;
};

// Outputs are checked, not trusted: a body the machine cannot read shows 'Unexpected response from server'.
const isReadableSession = (output: unknown): output is VerifyOtpResult => {
  const o = output as Partial<VerifyOtpResult> | null;
  return !!o && typeof o.token === 'string' && o.token.length > 0 && typeof o.isFirstLogin === 'boolean' && typeof o.onBoardingCompleted === 'boolean' && typeof o.orgDetailsRequired === 'boolean';
};
const isReadableDetails = (output: unknown): output is SendOrgDetailsResult => {
  const o = output as Partial<SendOrgDetailsResult> | null;
  return !!o && typeof o.role === 'string' && typeof o.isFirstLogin === 'boolean' && typeof o.onBoardingCompleted === 'boolean';
};

const attemptOf = (context: SignUpContext): SignInAttempt => ({
  userEmail: context.email,
  newUser: context.mode === 'signup',
  ...(context.data ? { data: context.data } : {}),
});

const cooldownOf = (seconds: unknown) => (typeof seconds === 'number' && seconds >= 0 ? Math.ceil(seconds) : OTP_RESEND_COOLDOWN_SECONDS);

const freshSteps = { email: '', resendSecondsLeft: 0, error: null, inviteInvalid: false, notice: null, session: null, role: null, isFirstLogin: false, onBoardingCompleted: false, target: null } as const;

export const signUpMachine = setup({
  types: {
    context: {} as SignUpContext,
    events: {} as SignUpEvent,
    input: {} as SignUpInput,
    output: {} as SignUpOutput,
  },
  actors: {
    signIn: fromPromise<SignInOutput, SignInAttempt>(notProvided('signIn')),
    verifyOtp: fromPromise<VerifyOtpResult, VerifyOtpInput>(notProvided('verifyOtp')),
    resendOtp: fromPromise<ResendOtpOutput, SignInAttempt>(notProvided('resendOtp')),
    sendOrgDetails: fromPromise<SendOrgDetailsResult, SendOrgDetailsInput>(notProvided('sendOrgDetails')),
    saveSession: fromPromise<void, SaveSessionInput>(notProvided('saveSession')),
  },
  delays: {
    countdownTick: COUNTDOWN_TICK_MS,
  },
  guards: {
    hasEmail: ({ event }) => event.type === 'email.submit' && event.email.trim().length > 0,
    isOtpWellFormed: ({ event }) => event.type === 'otp.submit' && new RegExp(`^[0-9]{${OTP_LENGTH}}$`).test(event.otp.trim()),
    isResendAllowed: ({ context }) => context.resendSecondsLeft <= 0,
    isCountdownOver: ({ context }) => context.resendSecondsLeft <= 0,
    isOtpDead: ({ event }) => 'error' in event && failureOf(event.error).status === OTP_DEAD_STATUS,
    isRateLimited: ({ event }) => 'error' in event && failureOf(event.error).status === 429,
    isInvalidInvite: ({ event }) => 'error' in event && isInviteFailure(event.error),
    hasReadableSession: ({ event }) => 'output' in event && isReadableSession(event.output),
    hasReadableDetails: ({ event }) => 'output' in event && isReadableDetails(event.output),
    // Login ends after the code, except for a user who never finished sign-up: the engine refuses
    // their every call until the details are sent, so they get the details step too.
    isOrgDetailsRequired: ({ context }) => context.session?.orgDetailsRequired === true,
  },
  actions: {
    toggleMode: assign(({ context }) => ({ ...freshSteps, mode: context.mode === 'signup' ? ('login' as const) : ('signup' as const) })),
    setEmail: assign({ email: ({ event }) => (event.type === 'email.submit' ? event.email.trim() : '') }),
    clearMessages: assign({ error: null, inviteInvalid: false, notice: null }),
    startCountdown: assign({ resendSecondsLeft: ({ event }) => cooldownOf((event as { output?: { resendAfterSeconds?: unknown } }).output?.resendAfterSeconds) }),
    startCountdownFromRetryAfter: assign({ resendSecondsLeft: ({ event }) => cooldownOf('error' in event ? failureOf(event.error).retryAfterSeconds : undefined) }),
    tick: assign({ resendSecondsLeft: ({ context }) => Math.max(0, context.resendSecondsLeft - 1) }),
    setResendNotice: assign({ notice: ({ context, event }) => (event as { output?: ResendOtpOutput }).output?.message ?? `New OTP sent to ${context.email}` }),
    setFailure: assign({ error: ({ event }) => failureMessage('error' in event ? event.error : undefined, DEFAULT_FAILURE_MESSAGE), inviteInvalid: false, notice: null }),
    setOtpFailure: assign({ error: ({ event }) => failureMessage('error' in event ? event.error : undefined, INVALID_OTP_MESSAGE), inviteInvalid: false, notice: null }),
    setInvalidOtp: assign({ error: INVALID_OTP_MESSAGE, inviteInvalid: false, notice: null }),
    setInviteFailure: assign({ error: INVALID_INVITE_MESSAGE, inviteInvalid: true, notice: null }),
    setUnexpected: assign({ error: UNEXPECTED_RESPONSE_MESSAGE, inviteInvalid: false, notice: null }),
    storeSession: assign(({ event }) => {
      const session = (event as unknown as { output: VerifyOtpResult }).output;
      return { session, role: session.role, isFirstLogin: session.isFirstLogin, onBoardingCompleted: session.onBoardingCompleted, error: null };
    }),
    storeDetails: assign(({ event }) => {
      const details = (event as unknown as { output: SendOrgDetailsResult }).output;
      return { role: details.role, isFirstLogin: details.isFirstLogin, onBoardingCompleted: details.onBoardingCompleted, error: null };
    }),
    setTarget: assign({ target: ({ context }) => destinationAfterLogin(context) }),
    // Back to an earlier step: the verified session (if any) belongs to the attempt being abandoned.
    dropSession: assign({ session: null, role: null, isFirstLogin: false, onBoardingCompleted: false }),
  },
}).createMachine({
  id: 'signUp',
  context: ({ input }) => ({
    ...freshSteps,
    mode: input.mode,
    redirect: input.redirect ?? null,
    data: input.data ?? null,
    planId: input.planId ?? null,
  }),
  initial: 'email',
  output: ({ context }) => ({ to: context.target ?? destinationAfterLogin(context) }),
  states: {
    email: {
      tags: ['step.email'],
      initial: 'idle',
      on: {
        'mode.toggle': { target: '#signUp.email', reenter: true, actions: 'toggleMode' },
      },
      states: {
        idle: {
          on: {
            'email.submit': { guard: 'hasEmail', target: 'submitting', actions: ['setEmail', 'clearMessages'] },
          },
        },
        submitting: {
          tags: ['busy'],
          invoke: {
            id: 'signIn',
            src: 'signIn',
            input: ({ context }) => attemptOf(context),
            onDone: { target: '#signUp.code', actions: 'startCountdown' },
            onError: [
              { guard: 'isInvalidInvite', target: 'idle', actions: 'setInviteFailure' },
              { target: 'idle', actions: 'setFailure' },
            ],
          },
        },
      },
    },
    code: {
      tags: ['step.code'],
      type: 'parallel',
      on: {
        'step.previous': { target: '#signUp.email', actions: ['clearMessages', 'dropSession'] },
        'mode.toggle': { target: '#signUp.email', actions: 'toggleMode' },
      },
      states: {
        verify: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'otp.submit': [
                  { guard: 'isOtpWellFormed', target: 'verifying', actions: 'clearMessages' },
                  { actions: 'setInvalidOtp' },
                ],
                'otp.resend': { guard: 'isResendAllowed', target: 'resending', actions: 'clearMessages' },
              },
            },
            verifying: {
              tags: ['busy'],
              invoke: {
                id: 'verifyOtp',
                src: 'verifyOtp',
                input: ({ context, event }) => ({ ...attemptOf(context), otp: event.type === 'otp.submit' ? event.otp.trim() : '' }),
                onDone: [
                  { guard: 'hasReadableSession', target: '#signUp.savingSession', actions: 'storeSession' },
                  { target: 'idle', actions: 'setUnexpected' },
                ],
                onError: [
                  // The 5th wrong code kills it (489): start again from the e-mail.
                  { guard: 'isOtpDead', target: '#signUp.email', actions: 'setFailure' },
                  { guard: 'isInvalidInvite', target: 'idle', actions: 'setInviteFailure' },
                  { target: 'idle', actions: 'setOtpFailure' },
                ],
              },
            },
            resending: {
              tags: ['busy'],
              invoke: {
                id: 'resendOtp',
                src: 'resendOtp',
                input: ({ context }) => attemptOf(context),
                onDone: { target: ['idle', '#signUp.code.countdown.running'], actions: ['startCountdown', 'setResendNotice'] },
                onError: [
                  { guard: 'isRateLimited', target: ['idle', '#signUp.code.countdown.running'], actions: ['setFailure', 'startCountdownFromRetryAfter'] },
                  { guard: 'isInvalidInvite', target: 'idle', actions: 'setInviteFailure' },
                  { target: 'idle', actions: 'setFailure' },
                ],
              },
            },
          },
        },
        countdown: {
          initial: 'running',
          states: {
            running: {
              always: { guard: 'isCountdownOver', target: 'done' },
              after: { countdownTick: { target: 'running', reenter: true, actions: 'tick' } },
            },
            done: {},
          },
        },
      },
    },
    savingSession: {
      tags: ['step.code', 'busy'],
      invoke: {
        id: 'saveSession',
        src: 'saveSession',
        input: ({ context }) => ({
          token: context.session?.token ?? '',
          isFirstLogin: context.isFirstLogin,
          onBoardingCompleted: context.onBoardingCompleted,
          uiVersion: context.session?.uiVersion ?? null,
        }),
        onDone: [{ guard: 'isOrgDetailsRequired', target: 'details' }, { target: 'done', actions: 'setTarget' }],
        onError: { target: '#signUp.code', actions: ['setFailure', 'dropSession'] },
      },
    },
    details: {
      tags: ['step.details'],
      initial: 'idle',
      on: {
        'step.previous': { target: '#signUp.email', actions: ['clearMessages', 'dropSession'] },
      },
      states: {
        idle: {
          on: { 'details.submit': { target: 'submitting', actions: 'clearMessages' } },
        },
        submitting: {
          tags: ['busy'],
          invoke: {
            id: 'sendOrgDetails',
            src: 'sendOrgDetails',
            input: ({ context, event }) => {
              const details = event.type === 'details.submit' ? event.details : ({} as SendOrgDetailsInput);
              const invite = context.session?.invite;
              return {
                ...details,
                userEmail: context.email,
                newUser: true,
                ...(invite?.orgId ? { orgId: invite.orgId } : {}),
                ...(context.data ? { data: context.data } : {}),
                ...(context.planId ? { planId: context.planId } : {}),
              } as SendOrgDetailsInput;
            },
            onDone: [
              { guard: 'hasReadableDetails', target: '#signUp.done', actions: ['storeDetails', 'setTarget'] },
              { target: 'idle', actions: 'setUnexpected' },
            ],
            onError: [
              { guard: 'isInvalidInvite', target: 'idle', actions: 'setInviteFailure' },
              { target: 'idle', actions: 'setFailure' },
            ],
          },
        },
      },
    },
    done: { type: 'final' },
  },
});

export type SignUpMachine = typeof signUpMachine;
