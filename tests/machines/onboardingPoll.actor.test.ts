import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { onboardingMachine, selectIsNavigationHeld, STATUS_POLL_MS, type CompletionResult, type JourneyCategory, type JourneyStep } from '../../src/dashboard/machines/onboarding/index.ts';
import { journey, listed, WEB_STEPS } from './support/journeyFixtures.ts';

// The 20 s status poll runs while the user reads the embed step: the page stays usable meanwhile.
// A step opened from the navigation while a poll's read is on its way opens at once (the read is
// dropped, the poll starts again from the new view) instead of being lost; so does one opened
// while Check status, or the embed step once it knows the API key, reads the journey again.
describe('onboarding status poll', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens a step chosen while a poll is reading, and polls again from there', async () => {
    const steps = journey(WEB_STEPS, 2, { categoryEnabled: true, webhook: 'http://127.0.0.1:8787/hooks' });
    let reads = 0;
    const actor = createActor(onboardingMachine.provide({
      actors: {
        fetchCategories: fromPromise(async () => [listed('HRIS', 'HRIS', WEB_STEPS, { enabled: true, inProgress: true, done: 2 })]),
        // The first read (the journey) answers; the poll's read never does.
        fetchJourney: fromPromise(async () => ((reads += 1) === 1 ? steps : new Promise<JourneyStep[]>(() => {}))),
      },
    }), { input: { flow: 'webapp' } }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ journey: 'viewing' })).toBe(true));
    expect(actor.getSnapshot().context.view).toBe('embedSdk');

    await vi.advanceTimersByTimeAsync(STATUS_POLL_MS);
    expect(actor.getSnapshot().matches({ journey: 'polling' })).toBe(true);
    actor.send({ type: 'step.open', stepId: 'registerWebhook' });
    expect(actor.getSnapshot().matches({ journey: 'viewing' })).toBe(true);
    expect(actor.getSnapshot().context.view).toBe('registerWebhook');
    actor.stop();
  });

  it('opens a step chosen while Check status (or the embed step) reads the journey, and the answer keeps it', async () => {
    const steps = journey(WEB_STEPS, 2, { categoryEnabled: true, webhook: 'http://127.0.0.1:8787/hooks' });
    let reads = 0;
    let answer: (value: JourneyStep[]) => void = () => {};
    const actor = createActor(onboardingMachine.provide({
      actors: {
        fetchCategories: fromPromise(async () => [listed('HRIS', 'HRIS', WEB_STEPS, { enabled: true, inProgress: true, done: 2 })]),
        // The first read (the journey) answers at once; the refresh answers when the test says so.
        fetchJourney: fromPromise(async () => ((reads += 1) === 1 ? steps : new Promise<JourneyStep[]>((resolve) => (answer = resolve)))),
      },
    }), { input: { flow: 'webapp' } }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ journey: 'viewing' })).toBe(true));
    expect(actor.getSnapshot().context.view).toBe('embedSdk');

    actor.send({ type: 'journey.refresh' });
    expect(actor.getSnapshot().matches({ journey: 'refreshing' })).toBe(true);
    actor.send({ type: 'step.open', stepId: 'registerWebhook' });
    expect(actor.getSnapshot().context.view).toBe('registerWebhook');
    // A locked step stays closed, as it does outside a refresh.
    actor.send({ type: 'step.open', stepId: 'fetchData' });
    expect(actor.getSnapshot().context.view).toBe('registerWebhook');
    answer(steps);
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ journey: 'viewing' })).toBe(true));
    expect(actor.getSnapshot().context.view).toBe('registerWebhook');
    actor.stop();
  });
});

// Reads take a click at once; a call that changes the journey holds the navigation instead (its
// answer opens the step that follows), and the screen shows the entries disabled meanwhile.
describe('onboarding navigation while a call runs', () => {
  it('opens a loaded step chosen while Select Category reads the categories again', async () => {
    const steps = journey(WEB_STEPS, 2, { categoryEnabled: true, webhook: 'http://127.0.0.1:8787/hooks' });
    let categoryReads = 0;
    const categories = [listed('HRIS', 'HRIS', WEB_STEPS, { enabled: true, inProgress: true, done: 2 })];
    const actor = createActor(onboardingMachine.provide({
      actors: {
        // The first read answers; Check status's read never does.
        fetchCategories: fromPromise(async () => ((categoryReads += 1) === 1 ? categories : new Promise<JourneyCategory[]>(() => {}))),
        fetchJourney: fromPromise(async () => steps),
      },
    }), { input: { flow: 'webapp' } }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ journey: 'viewing' })).toBe(true));
    actor.send({ type: 'step.open', stepId: 'selectCategory' });
    actor.send({ type: 'journey.refresh' });
    expect(actor.getSnapshot().matches({ selecting: 'reloading' })).toBe(true);
    expect(selectIsNavigationHeld(actor.getSnapshot())).toBe(false);

    actor.send({ type: 'step.open', stepId: 'registerWebhook' });
    expect(actor.getSnapshot().matches({ journey: 'viewing' })).toBe(true);
    expect(actor.getSnapshot().context.view).toBe('registerWebhook');
    actor.stop();
  });

  it('holds the navigation while Finish Onboarding runs, and releases it with the answer (here a failure)', async () => {
    const steps = journey(WEB_STEPS, 3, { categoryEnabled: true, webhook: 'http://127.0.0.1:8787/hooks', syncEnabled: true });
    let fail: (error: Error) => void = () => {};
    const actor = createActor(onboardingMachine.provide({
      actors: {
        fetchCategories: fromPromise(async () => [listed('HRIS', 'HRIS', WEB_STEPS, { enabled: true, inProgress: true, done: 3 })]),
        fetchJourney: fromPromise(async () => steps),
        completeOnboarding: fromPromise(() => new Promise<CompletionResult>((_, reject) => (fail = reject))),
      },
    }), { input: { flow: 'webapp' } }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ journey: 'viewing' })).toBe(true));
    expect(actor.getSnapshot().context.view).toBe('fetchData');
    expect(selectIsNavigationHeld(actor.getSnapshot())).toBe(false);

    actor.send({ type: 'onboarding.finish' });
    expect(actor.getSnapshot().matches({ journey: 'finishing' })).toBe(true);
    expect(selectIsNavigationHeld(actor.getSnapshot())).toBe(true);

    fail(new Error('engine unavailable'));
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ journey: 'viewing' })).toBe(true));
    expect(selectIsNavigationHeld(actor.getSnapshot())).toBe(false);
    actor.stop();
  });
});
