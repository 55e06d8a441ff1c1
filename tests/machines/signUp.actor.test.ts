import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  selectCanResend,
  selectCountdown,
  selectDestination,
  selectError,
  selectIsBusy,
  selectIsInviteInvalid,
  selectNotice,
  selectStep,
  signUpInputFromSearch,
  signUpMachine,
  type SignUpInput,
} from '../../src/dashboard/machines/signUp/index.ts';
import { INVALID_INVITE_MESSAGE, OTP_MAX_WRONG_TRIES } from '../../src/shared/constants.ts';
import { fail, ok, scriptedActors, type Answer } from './support/fakeActors.ts';
import { details, detailsResult, EMAIL, errors, newUserSession, returningSession } from './support/signUpFixtures.ts';

type Scripts = Partial<Record<'signIn' | 'verifyOtp' | 'resendOtp' | 'sendOrgDetails' | 'saveSession', Answer[]>>;

function start(input: Partial<SignUpInput>, scripts: Scripts = {}) {
  const fakes = scriptedActors({
    signIn: [ok({ resendAfterSeconds: 60 })],
    verifyOtp: [ok(newUserSession)],
    resendOtp: [ok({ resendAfterSeconds: 60, message: `New OTP sent to ${EMAIL}` })],
    sendOrgDetails: [ok(detailsResult)],
    saveSession: [ok()],
    ...scripts,
  });
  const actor = createActor(signUpMachine.provide({ actors: fakes.actors }), { input: { mode: 'signup', ...input } });
  actor.start();
  return { actor, calls: fakes.calls, snapshot: () => actor.getSnapshot() };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

async function toCodeStep(run: ReturnType<typeof start>) {
  run.actor.send({ type: 'email.submit', email: ` ${EMAIL} ` });
  await settle();
  expect(run.snapshot().matches('code')).toBe(true);
}

describe('signUp machine (actor)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads its input from the /signup query', () => {
    expect(signUpInputFromSearch('?login=true&redirect=%2Fdashboard%2Flogs&data=inv&planId=p1')).toEqual({
      mode: 'login',
      redirect: '/dashboard/logs',
      data: 'inv',
      planId: 'p1',
    });
    expect(signUpInputFromSearch('').mode).toBe('signup');
  });

  it('journey: a new user signs up, sends the details and goes to getting started', async () => {
    const run = start({ mode: 'signup', data: 'invite-token', planId: 'scale-monthly' });
    expect(selectStep(run.snapshot())).toBe(0);
    await toCodeStep(run);
    expect(run.calls.signIn[0]).toEqual({ userEmail: EMAIL, newUser: true, data: 'invite-token' });
    expect(selectStep(run.snapshot())).toBe(1);

    run.actor.send({ type: 'otp.submit', otp: '123456' });
    expect(selectIsBusy(run.snapshot())).toBe(true);
    await settle();
    expect(run.calls.verifyOtp[0]).toEqual({ userEmail: EMAIL, newUser: true, data: 'invite-token', otp: '123456' });
    expect(run.calls.saveSession[0]).toEqual({ token: newUserSession.token, isFirstLogin: true, onBoardingCompleted: false, uiVersion: '0.1.0' });
    expect(run.snapshot().matches({ details: 'idle' })).toBe(true);
    expect(selectStep(run.snapshot())).toBe(2);

    run.actor.send({ type: 'details.submit', details: { ...details, apps: ['bamboohr', { label: 'Acme Payroll', category: 'Requested' }] } });
    await settle();
    expect(run.calls.sendOrgDetails[0]).toEqual({
      username: 'Dana',
      orgName: 'Acme',
      apps: ['bamboohr', { label: 'Acme Payroll', category: 'Requested' }],
      userEmail: EMAIL,
      newUser: true,
      data: 'invite-token',
      planId: 'scale-monthly',
    });
    expect(run.snapshot().status).toBe('done');
    expect(selectDestination(run.snapshot())).toBe('/dashboard/getting-started');
  });

  it('journey: login with a redirect ends after the code and follows the redirect', async () => {
    const run = start({ mode: 'login', redirect: '/dashboard/logs?tab=webhooks' }, { verifyOtp: [ok(returningSession)] });
    await toCodeStep(run);
    expect(run.calls.signIn[0]).toEqual({ userEmail: EMAIL, newUser: false });
    run.actor.send({ type: 'otp.submit', otp: '654321' });
    await settle();
    expect(run.snapshot().status).toBe('done');
    expect(run.snapshot().output).toEqual({ to: '/dashboard/logs?tab=webhooks' });
    expect(run.calls.sendOrgDetails).toEqual([]);
  });

  it('login goes on to the details step for a user who never finished sign-up', async () => {
    const run = start({ mode: 'login' }, { verifyOtp: [ok({ ...returningSession, orgDetailsRequired: true })] });
    await toCodeStep(run);
    run.actor.send({ type: 'otp.submit', otp: '654321' });
    await settle();
    expect(run.snapshot().output).toBeUndefined();
    expect(run.snapshot().matches('details')).toBe(true);
  });

  it('login ends after the code for a user whose details are known', async () => {
    const run = start({ mode: 'login' }, { verifyOtp: [ok({ ...returningSession, orgDetailsRequired: false })] });
    await toCodeStep(run);
    run.actor.send({ type: 'otp.submit', otp: '654321' });
    await settle();
    expect(run.snapshot().output).toEqual({ to: '/dashboard/home' });
  });

  it.each([
    ['first login of an admin', { isFirstLogin: true, role: 'admin', onBoardingCompleted: true }, '/dashboard/getting-started'],
    ['first login of a billing contact', { isFirstLogin: true, role: 'billingcontact', onBoardingCompleted: true }, '/dashboard/getting-started'],
    ['first login of a member, onboarding done', { isFirstLogin: true, role: 'member', onBoardingCompleted: true }, '/dashboard/logs'],
    ['onboarding not completed', { isFirstLogin: false, role: 'member', onBoardingCompleted: false }, '/dashboard/getting-started'],
    ['returning user', { isFirstLogin: false, role: 'admin', onBoardingCompleted: true }, '/dashboard/logs'],
  ] as const)('destination: %s', async (_, facts, to) => {
    const run = start({ mode: 'login', redirect: '/dashboard/logs' }, { verifyOtp: [ok({ ...returningSession, ...facts })] });
    await toCodeStep(run);
    run.actor.send({ type: 'otp.submit', otp: '111111' });
    await settle();
    expect(run.snapshot().output).toEqual({ to });
  });

  it.each(['https://evil.example/dashboard/home', '//evil.example/dashboard', '/settings', '/\\evil.example', null])('an unsafe redirect %s goes home', async (redirect) => {
    const run = start({ mode: 'login', redirect }, { verifyOtp: [ok(returningSession)] });
    await toCodeStep(run);
    run.actor.send({ type: 'otp.submit', otp: '111111' });
    await settle();
    expect(run.snapshot().output).toEqual({ to: '/dashboard/home' });
  });

  it(`journey: ${OTP_MAX_WRONG_TRIES} wrong codes send the user back to the e-mail step`, async () => {
    const wrong = Array.from({ length: OTP_MAX_WRONG_TRIES - 1 }, () => fail(errors.wrongCode()));
    const run = start({ mode: 'login' }, { verifyOtp: [...wrong, fail(errors.otpDead())] });
    await toCodeStep(run);
    for (let i = 1; i < OTP_MAX_WRONG_TRIES; i += 1) {
      run.actor.send({ type: 'otp.submit', otp: '000000' });
      await settle();
      expect(run.snapshot().matches({ code: { verify: 'idle' } })).toBe(true);
      expect(selectError(run.snapshot())).toBe('Please enter valid OTP');
    }
    run.actor.send({ type: 'otp.submit', otp: '000000' });
    await settle();
    expect(run.snapshot().matches({ email: 'idle' })).toBe(true);
    expect(selectStep(run.snapshot())).toBe(0);
    expect(selectError(run.snapshot())).toBe('Too many wrong codes, please sign in again');
    expect(run.calls.verifyOtp).toHaveLength(OTP_MAX_WRONG_TRIES);
  });

  it('journey: resend is disabled during the visible 60 s countdown', async () => {
    const run = start({ mode: 'signup' });
    await toCodeStep(run);
    expect(selectCountdown(run.snapshot())).toBe(60);
    expect(selectCanResend(run.snapshot())).toBe(false);
    run.actor.send({ type: 'otp.resend' });
    await settle();
    expect(run.calls.resendOtp).toEqual([]);

    await vi.advanceTimersByTimeAsync(59_000);
    expect(selectCountdown(run.snapshot())).toBe(1);
    expect(selectCanResend(run.snapshot())).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(selectCountdown(run.snapshot())).toBe(0);
    expect(selectCanResend(run.snapshot())).toBe(true);

    run.actor.send({ type: 'otp.resend' });
    await settle();
    expect(run.calls.resendOtp[0]).toEqual({ userEmail: EMAIL, newUser: true });
    expect(selectNotice(run.snapshot())).toBe(`New OTP sent to ${EMAIL}`);
    expect(selectCountdown(run.snapshot())).toBe(60);
    expect(selectCanResend(run.snapshot())).toBe(false);
  });

  it('signIn within the cooldown shows what is left of it', async () => {
    const run = start({ mode: 'signup' }, { signIn: [ok({ resendAfterSeconds: 42 })] });
    await toCodeStep(run);
    expect(selectCountdown(run.snapshot())).toBe(42);
  });

  it("a 429 on resend restarts the countdown from the server's retryAfterSeconds", async () => {
    const run = start({ mode: 'signup' }, { signIn: [ok({ resendAfterSeconds: 1 })], resendOtp: [fail(errors.rateLimited(17))] });
    await toCodeStep(run);
    await vi.advanceTimersByTimeAsync(1_000);
    run.actor.send({ type: 'otp.resend' });
    await settle();
    expect(selectCountdown(run.snapshot())).toBe(17);
    expect(selectError(run.snapshot())).toBe('Please wait 17 seconds before requesting a new OTP');
    expect(run.snapshot().matches({ code: { countdown: 'running' } })).toBe(true);
  });

  it('a code that is not six digits is refused without a call', async () => {
    const run = start({ mode: 'signup' });
    await toCodeStep(run);
    run.actor.send({ type: 'otp.submit', otp: '12345' });
    await settle();
    expect(selectError(run.snapshot())).toBe('Please enter valid OTP');
    expect(run.calls.verifyOtp).toEqual([]);
  });

  it("a 400 shows the server's message, or 'Please enter valid OTP'", async () => {
    const run = start({ mode: 'signup' }, { verifyOtp: [fail(errors.wrongCode()), fail({ status: 400 })] });
    await toCodeStep(run);
    run.actor.send({ type: 'otp.submit', otp: '123456' });
    await settle();
    expect(selectError(run.snapshot())).toBe('Please enter valid OTP');
    run.actor.send({ type: 'otp.submit', otp: '123456' });
    await settle();
    expect(selectError(run.snapshot())).toBe('Please enter valid OTP');
  });

  it('an invalid invite link shows the invite message (sign-in and code steps)', async () => {
    const run = start({ mode: 'signup', data: 'bad' }, { signIn: [fail(errors.invalidInvite())] });
    run.actor.send({ type: 'email.submit', email: EMAIL });
    await settle();
    expect(run.snapshot().matches({ email: 'idle' })).toBe(true);
    expect(selectError(run.snapshot())).toBe(INVALID_INVITE_MESSAGE);
    expect(selectIsInviteInvalid(run.snapshot())).toBe(true);
  });

  it("an unreadable response shows 'Unexpected response from server'", async () => {
    const run = start({ mode: 'signup' }, { verifyOtp: [ok({ unexpected: true }), fail(errors.unreadable())] });
    await toCodeStep(run);
    run.actor.send({ type: 'otp.submit', otp: '123456' });
    await settle();
    expect(selectError(run.snapshot())).toBe('Unexpected response from server');
    run.actor.send({ type: 'otp.submit', otp: '123456' });
    await settle();
    expect(selectError(run.snapshot())).toBe('Unexpected response from server');
  });

  it('an unreadable details response keeps the details step with the message', async () => {
    const run = start({ mode: 'signup' }, { sendOrgDetails: [ok(null)] });
    await toCodeStep(run);
    run.actor.send({ type: 'otp.submit', otp: '123456' });
    await settle();
    run.actor.send({ type: 'details.submit', details: { ...details, apps: ['bamboohr'] } });
    await settle();
    expect(run.snapshot().matches({ details: 'idle' })).toBe(true);
    expect(selectError(run.snapshot())).toBe('Unexpected response from server');
  });

  it('step.previous returns to the e-mail step', async () => {
    const run = start({ mode: 'signup' });
    await toCodeStep(run);
    run.actor.send({ type: 'step.previous' });
    expect(run.snapshot().matches({ email: 'idle' })).toBe(true);
    expect(selectStep(run.snapshot())).toBe(0);
  });

  it('mode.toggle switches sign-up and login and resets the steps', async () => {
    const run = start({ mode: 'signup' });
    await toCodeStep(run);
    run.actor.send({ type: 'mode.toggle' });
    expect(run.snapshot().matches({ email: 'idle' })).toBe(true);
    expect(run.snapshot().context).toMatchObject({ mode: 'login', email: '', resendSecondsLeft: 0, error: null });
    run.actor.send({ type: 'mode.toggle' });
    expect(run.snapshot().context.mode).toBe('signup');
  });

  it('a blank e-mail is not sent', async () => {
    const run = start({ mode: 'signup' });
    run.actor.send({ type: 'email.submit', email: '   ' });
    await settle();
    expect(run.calls.signIn).toEqual([]);
  });

  it('a failed session save stays on the code step with the message', async () => {
    const run = start({ mode: 'signup' }, { saveSession: [fail(new Error('storage unavailable'))] });
    await toCodeStep(run);
    run.actor.send({ type: 'otp.submit', otp: '123456' });
    await settle();
    expect(run.snapshot().matches('code')).toBe(true);
    expect(selectError(run.snapshot())).toBe('storage unavailable');
  });
});
