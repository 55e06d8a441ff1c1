import type { EventObject } from 'xstate';
import { ApiError } from '../../../src/dashboard/providers/errors.ts';
import { signUpMachine, type SendOrgDetailsResult, type VerifyOtpResult } from '../../../src/dashboard/machines/signUp/index.ts';
import { INVALID_INVITE_MESSAGE } from '../../../src/shared/constants.ts';
import { type ActorEventFixtures, byLabel, type DelayEventFixtures, done, failed, type UserEventFixtures } from './fixtureTypes.ts';

export const EMAIL = 'dev@acme.io';

export const newUserSession: VerifyOtpResult = {
  token: 'tok_new_user_0123456789abcdef0123456789',
  expiresAt: 1_767_225_600,
  userId: 'usr_new',
  orgId: null,
  role: 'admin',
  isFirstLogin: true,
  onBoardingCompleted: false,
  orgDetailsRequired: true,
  invite: null,
  uiVersion: '0.1.0',
};

export const returningSession: VerifyOtpResult = {
  ...newUserSession,
  token: 'tok_returning_0123456789abcdef012345678',
  userId: 'usr_old',
  orgId: 'org_1',
  role: 'member',
  isFirstLogin: false,
  onBoardingCompleted: true,
  orgDetailsRequired: false,
};

export const detailsResult: SendOrgDetailsResult = {
  userId: 'usr_new',
  orgId: 'org_new',
  orgName: 'Acme',
  role: 'admin',
  isFirstLogin: true,
  onBoardingCompleted: false,
  subscriptionId: null,
};

export const details = { username: 'Dana', orgName: 'Acme', apps: ['bamboohr'] } as const;

export const errors = {
  invalidInvite: () => new ApiError({ status: 400, code: 'VALIDATION', msg: INVALID_INVITE_MESSAGE, field: 'data' }),
  wrongCode: () => new ApiError({ status: 400, code: 'VALIDATION', msg: 'Please enter valid OTP', field: 'otp' }),
  otpDead: () => new ApiError({ status: 489, code: 'OTP_DEAD', msg: 'Too many wrong codes, please sign in again' }),
  rateLimited: (retryAfterSeconds: number) =>
    new ApiError({ status: 429, code: 'RATE_LIMITED', msg: `Please wait ${retryAfterSeconds} seconds before requesting a new OTP`, retryAfterSeconds }),
  server: () => new ApiError({ status: 500, code: 'INTERNAL', msg: 'Something went wrong, please try again' }),
  unreadable: () => new ApiError({ status: 200, code: 'UNEXPECTED_RESPONSE', msg: 'Unexpected response from server' }),
};

/** The user's events, by event type: one per kind of input the views can send, with the label used in path lists. */
export const userEvents = {
  'mode.toggle': { 'mode.toggle': { type: 'mode.toggle' } },
  'email.submit': { 'email.submit': { type: 'email.submit', email: EMAIL } },
  'otp.submit': {
    'otp.submit 6 digits': { type: 'otp.submit', otp: '123456' },
    'otp.submit 5 digits': { type: 'otp.submit', otp: '12345' },
  },
  'otp.resend': { 'otp.resend': { type: 'otp.resend' } },
  'step.previous': { 'step.previous': { type: 'step.previous' } },
  'details.submit': { 'details.submit': { type: 'details.submit', details: { ...details, apps: [...details.apps] } } },
} as const satisfies UserEventFixtures<typeof signUpMachine>;

/** Every answer an actor can give (one per branch of its onDone/onError), by actor. */
export const actorEvents = {
  signIn: {
    'signIn ok': done('signIn', { resendAfterSeconds: 1 }),
    'signIn invalid invite': failed('signIn', errors.invalidInvite()),
    'signIn 429': failed('signIn', errors.rateLimited(30)),
  },
  verifyOtp: {
    'verifyOtp new user': done('verifyOtp', newUserSession),
    'verifyOtp returning user': done('verifyOtp', returningSession),
    // What a broken server might send: the machine must not trust it.
    'verifyOtp unreadable': done('verifyOtp', { token: '' } as unknown as VerifyOtpResult),
    'verifyOtp 489': failed('verifyOtp', errors.otpDead()),
    'verifyOtp 400': failed('verifyOtp', errors.wrongCode()),
    'verifyOtp invalid invite': failed('verifyOtp', errors.invalidInvite()),
  },
  resendOtp: {
    'resendOtp ok': done('resendOtp', { resendAfterSeconds: 1, message: `New OTP sent to ${EMAIL}` }),
    'resendOtp 429': failed('resendOtp', errors.rateLimited(1)),
    'resendOtp invalid invite': failed('resendOtp', errors.invalidInvite()),
    'resendOtp 500': failed('resendOtp', errors.server()),
  },
  saveSession: {
    'saveSession ok': done('saveSession', undefined),
    'saveSession failed': failed('saveSession', new Error('storage unavailable')),
  },
  sendOrgDetails: {
    'sendOrgDetails ok': done('sendOrgDetails', detailsResult),
    'sendOrgDetails unreadable': done('sendOrgDetails', { nothing: true } as unknown as SendOrgDetailsResult),
    'sendOrgDetails invalid invite': failed('sendOrgDetails', errors.invalidInvite()),
    'sendOrgDetails 500': failed('sendOrgDetails', errors.server()),
  },
} as const satisfies ActorEventFixtures<typeof signUpMachine>;

/** The countdown's tick, by delay. */
export const delayEvents = {
  countdownTick: { '1 s tick': { type: 'xstate.after.countdownTick.signUp.code.countdown.running' } },
} as const satisfies DelayEventFixtures<typeof signUpMachine>;

export const signUpEventFixtures: Record<string, EventObject> = byLabel(userEvents, actorEvents, delayEvents);
