import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  selectCanSave,
  selectCanSendEvent,
  selectCanTest,
  selectIsLive,
  selectProgress,
  selectSavedUrl,
  selectSelectedEvent,
  selectSelectedPayload,
  selectShowsPrefix,
  URL_DEBOUNCE_MS,
  webhookTestMachine,
  type EventRef,
  type WebhookTestInput,
} from '../../src/dashboard/machines/webhookTest/index.ts';
import { fail, ok, scriptedActors, type Answer } from './support/fakeActors.ts';
import { atsEvents, errors, eventAnswer, HOOK_URL, liveAnswer, progressOf, TESTED_AT, TYPED_URL } from './support/webhookTestFixtures.ts';

type Scripts = Partial<Record<'getWebhookEvents' | 'sendTestWebhook' | 'saveWebhook', Answer[]>>;

/**
 * sendTestEvent as the engine answers it: a 200 from the receiver marks the event tested for the
 * URL, and the progress counts the events tested so far. `receiver` says what the URL answers.
 */
function engineLikeEvents(receiver: (call: EventRef) => number | Error = () => 200) {
  const tested: EventRef[] = [];
  const calls: unknown[] = [];
  const actor = fromPromise(async ({ input }: { input: { subCategory: string; eventType: string } }) => {
    calls.push(input);
    const event = { subCategory: input.subCategory, eventType: input.eventType };
    const status = receiver(event);
    if (status instanceof Error) throw status;
    if (status === 200 && !tested.some((t) => t.subCategory === event.subCategory && t.eventType === event.eventType)) tested.push(event);
    return eventAnswer(status === 200, progressOf([...tested]), event);
  });
  return { actor, calls, tested };
}

function start(input: Partial<WebhookTestInput> = {}, scripts: Scripts = {}, events = engineLikeEvents()) {
  const fakes = scriptedActors({
    getWebhookEvents: [ok(atsEvents)],
    sendTestWebhook: [ok(liveAnswer())],
    saveWebhook: [ok({ category: 'ATS', destination: HOOK_URL, message: 'ATS webhook updated successfully', updatedAt: TESTED_AT })],
    ...scripts,
  });
  const notices: string[] = [];
  const machine = webhookTestMachine.provide({
    actors: { ...fakes.actors, sendTestEvent: events.actor } as never,
    actions: { notify: (_, params: { message: string }) => void notices.push(params.message) },
  });
  const actor = createActor(machine, { input: { category: 'ATS', ...input } });
  actor.start();
  return { actor, calls: fakes.calls, eventCalls: events.calls, notices, snapshot: () => actor.getSnapshot() };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

async function toLive(run: ReturnType<typeof start>, typed = TYPED_URL) {
  await settle();
  run.actor.send({ type: 'url.change', value: typed });
  run.actor.send({ type: 'webhook.test' });
  await settle();
  expect(run.snapshot().matches({ live: 'idle' })).toBe(true);
}

describe('webhookTest machine (actor)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('journey: test the URL, send every event one by one across the tabs, then save', async () => {
    const run = start();
    expect(run.snapshot().matches('loadingEvents')).toBe(true);
    await settle();
    expect(run.calls.getWebhookEvents).toEqual([{ category: 'ATS' }]);
    expect(selectProgress(run.snapshot())).toEqual({ tested: 0, total: 6 });
    expect(selectCanSendEvent(run.snapshot())).toBe(false);

    // Trimmed, and without a scheme the https:// prefix applies.
    run.actor.send({ type: 'url.change', value: TYPED_URL });
    expect(selectShowsPrefix(run.snapshot())).toBe(true);
    run.actor.send({ type: 'webhook.test' });
    expect(run.snapshot().matches('testing')).toBe(true);
    await settle();
    expect(run.calls.sendTestWebhook).toEqual([{ tempDestination: HOOK_URL, category: 'ATS' }]);
    expect(run.notices).toEqual(['Webhook is live']);
    expect(selectIsLive(run.snapshot())).toBe(true);
    expect(selectCanTest(run.snapshot())).toBe(false);
    expect(selectSelectedEvent(run.snapshot())).toEqual({ subCategory: 'ats_applications', eventType: 'record.new' });

    const expectedOrder = atsEvents.flatMap((sub) => sub.eventDetails.map((detail) => ({ subCategory: sub.value, eventType: detail.eventType })));
    for (const [i, event] of expectedOrder.entries()) {
      expect(selectCanSave(run.snapshot())).toBe(false);
      expect(selectSelectedEvent(run.snapshot())).toEqual(event);
      run.actor.send({ type: 'event.send' });
      await settle();
      expect(run.eventCalls[i]).toEqual({ tempDestination: HOOK_URL, category: 'ATS', ...event });
      expect(selectProgress(run.snapshot())).toEqual({ tested: i + 1, total: 6 });
    }
    // The Jobs tab opened by itself once the Applications events were done.
    expect(run.snapshot().context.activeTab).toBe('ats_jobs');
    expect(selectCanSave(run.snapshot())).toBe(true);

    run.actor.send({ type: 'webhook.save' });
    await settle();
    expect(run.calls.saveWebhook).toEqual([{ destination: HOOK_URL, category: 'ATS' }]);
    expect(run.snapshot().status).toBe('done');
    expect(selectSavedUrl(run.snapshot())).toBe(HOOK_URL);
    expect(run.notices).toEqual(['Webhook is live', 'ATS webhook updated successfully']);
  });

  it("an empty URL on Test says 'Please enter a valid webhook' and calls nothing", async () => {
    const run = start();
    await settle();
    run.actor.send({ type: 'url.change', value: '   ' });
    run.actor.send({ type: 'webhook.test' });
    await settle();
    expect(run.snapshot().context.urlError).toBe('Please enter a valid webhook');
    expect(run.calls.sendTestWebhook).toEqual([]);
    // Typing clears it.
    run.actor.send({ type: 'url.change', value: 'h' });
    expect(run.snapshot().context.urlError).toBeNull();
  });

  it('a URL typed with its scheme is used as written (a local http receiver)', async () => {
    const run = start();
    await settle();
    run.actor.send({ type: 'url.change', value: ' http://127.0.0.1:8787/hooks ' });
    expect(selectShowsPrefix(run.snapshot())).toBe(false);
    run.actor.send({ type: 'webhook.test' });
    await settle();
    expect(run.calls.sendTestWebhook).toEqual([{ tempDestination: 'http://127.0.0.1:8787/hooks', category: 'ATS' }]);
  });

  it('starts from the saved URL of the category', async () => {
    const run = start({ initialUrl: HOOK_URL });
    await settle();
    run.actor.send({ type: 'webhook.test' });
    await settle();
    expect(run.calls.sendTestWebhook).toEqual([{ tempDestination: HOOK_URL, category: 'ATS' }]);
  });

  it("a non-200 answer shows the receiver's status text and stays untested", async () => {
    const run = start({}, { sendTestWebhook: [ok({ ...liveAnswer(), status: 503, statusMessage: 'Service Unavailable', live: false }), ok({ ...liveAnswer(), status: 500, statusMessage: ' ', live: false })] });
    await settle();
    run.actor.send({ type: 'url.change', value: TYPED_URL });
    run.actor.send({ type: 'webhook.test' });
    await settle();
    expect(run.snapshot().matches('untested')).toBe(true);
    expect(run.snapshot().context.urlError).toBe('Service Unavailable');
    expect(run.notices).toEqual([]);
    // A reply without a status text gets the spec's message.
    run.actor.send({ type: 'webhook.test' });
    await settle();
    expect(run.snapshot().context.urlError).toBe('Webhook live test failed');
  });

  it.each([
    ['a refused URL', errors.refusedUrl(), 'Please enter a valid webhook'],
    ['the rate limit', errors.rateLimited(), 'Too many webhook tests, please wait a minute and try again'],
    ['a network failure', errors.offline(), 'Webhook live test failed'],
    ['a server failure', errors.server(), 'Webhook live test failed'],
  ])('a failed Test call (%s) says why next to the field', async (_, error, message) => {
    const run = start({}, { sendTestWebhook: [fail(error)] });
    await settle();
    run.actor.send({ type: 'url.change', value: 'http://127.0.0.1:9/hook' });
    run.actor.send({ type: 'webhook.test' });
    await settle();
    expect(run.snapshot().matches('untested')).toBe(true);
    expect(run.snapshot().context.urlError).toBe(message);
  });

  it('editing the URL resets the live state once it settles on another URL', async () => {
    const run = start();
    await toLive(run);
    run.actor.send({ type: 'event.send' });
    await settle();
    expect(selectProgress(run.snapshot()).tested).toBe(1);

    run.actor.send({ type: 'url.change', value: 'hooks.acme.test/knit/at' });
    // Not live for the URL on screen: Test again, no events meanwhile.
    expect(selectIsLive(run.snapshot())).toBe(false);
    expect(selectCanTest(run.snapshot())).toBe(true);
    expect(selectCanSendEvent(run.snapshot())).toBe(false);
    await vi.advanceTimersByTimeAsync(URL_DEBOUNCE_MS - 1);
    expect(run.snapshot().matches({ live: 'editing' })).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(run.snapshot().matches('untested')).toBe(true);
    expect(run.snapshot().context).toMatchObject({ liveUrl: '', progress: null });
    expect(selectProgress(run.snapshot())).toEqual({ tested: 0, total: 6 });
  });

  it('typing back to the live URL within 500 ms keeps it live, each keystroke restarting the wait', async () => {
    const run = start();
    await toLive(run);
    run.actor.send({ type: 'url.change', value: 'hooks.acme.test/knit/at' });
    await vi.advanceTimersByTimeAsync(400);
    run.actor.send({ type: 'url.change', value: `${TYPED_URL}  ` });
    await vi.advanceTimersByTimeAsync(400);
    expect(run.snapshot().matches({ live: 'editing' })).toBe(true);
    expect(selectIsLive(run.snapshot())).toBe(true);
    await vi.advanceTimersByTimeAsync(100);
    expect(run.snapshot().matches({ live: 'idle' })).toBe(true);
  });

  it('Test right after an edit tests what the field says, without waiting for the debounce', async () => {
    const run = start({}, { sendTestWebhook: [ok(liveAnswer()), ok(liveAnswer())] });
    await toLive(run);
    run.actor.send({ type: 'url.change', value: 'https://hooks.acme.test/knit/v2' });
    run.actor.send({ type: 'webhook.test' });
    await settle();
    expect(run.calls.sendTestWebhook.at(-1)).toEqual({ tempDestination: 'https://hooks.acme.test/knit/v2', category: 'ATS' });
    expect(run.snapshot().context.liveUrl).toBe('https://hooks.acme.test/knit/v2');
  });

  it("a failed events call shows 'Failed to fetch webhook events, Please try again' until a retry loads them", async () => {
    const run = start({}, { getWebhookEvents: [fail(errors.server()), ok(atsEvents)] });
    await settle();
    expect(run.snapshot().matches('eventsFailed')).toBe(true);
    expect(run.snapshot().context.loadError).toBe('Failed to fetch webhook events, Please try again');
    run.actor.send({ type: 'events.retry' });
    await settle();
    expect(run.snapshot().matches('untested')).toBe(true);
    expect(run.snapshot().context.loadError).toBeNull();
  });

  it("an event the receiver refuses stays untested with the receiver's status text", async () => {
    const events = engineLikeEvents(() => 503);
    const run = start({}, {}, events);
    await toLive(run);
    run.actor.send({ type: 'event.send' });
    await settle();
    expect(run.snapshot().context.eventError).toBe('Service Unavailable');
    expect(selectProgress(run.snapshot()).tested).toBe(0);
    expect(selectSelectedEvent(run.snapshot())).toEqual({ subCategory: 'ats_applications', eventType: 'record.new' });
  });

  it('an event sent to a URL the engine no longer holds live goes back to untested with its message', async () => {
    const run = start({}, {}, engineLikeEvents(() => errors.notLive()));
    await toLive(run);
    run.actor.send({ type: 'event.send' });
    await settle();
    expect(run.snapshot().matches('untested')).toBe(true);
    expect(run.snapshot().context.urlError).toBe('Webhook is not live, please test the webhook first');
  });

  it('a refused save stays live with the reason; Save needs every event tested', async () => {
    const run = start({}, { saveWebhook: [fail(errors.eventsUntested())] });
    await toLive(run);
    run.actor.send({ type: 'webhook.save' });
    await settle();
    expect(run.calls.saveWebhook).toEqual([]);
    for (let i = 0; i < 6; i += 1) {
      run.actor.send({ type: 'event.send' });
      await settle();
    }
    run.actor.send({ type: 'webhook.save' });
    await settle();
    expect(run.snapshot().matches({ live: 'idle' })).toBe(true);
    expect(run.snapshot().context.saveError).toBe('Please test all the events before saving the webhook');
  });

  it('tabs select their first untested event; tags select their event; unknown ones are ignored', async () => {
    const run = start();
    await toLive(run);
    run.actor.send({ type: 'tab.select', subCategory: 'ats_jobs' });
    expect(run.snapshot().context.activeTab).toBe('ats_jobs');
    expect(selectSelectedEvent(run.snapshot())).toEqual({ subCategory: 'ats_jobs', eventType: 'record.new' });
    run.actor.send({ type: 'event.send' });
    await settle();
    expect(selectSelectedEvent(run.snapshot())).toEqual({ subCategory: 'ats_jobs', eventType: 'record.modified' });
    run.actor.send({ type: 'event.select', subCategory: 'ats_applications', eventType: 'record.deleted' });
    expect(run.snapshot().context).toMatchObject({ activeTab: 'ats_applications', selected: { subCategory: 'ats_applications', eventType: 'record.deleted' } });
    run.actor.send({ type: 'event.select', subCategory: 'ats_applications', eventType: 'record.archived' });
    run.actor.send({ type: 'tab.select', subCategory: 'crm_leads' });
    expect(run.snapshot().context).toMatchObject({ activeTab: 'ats_applications', selected: { subCategory: 'ats_applications', eventType: 'record.deleted' } });
    // Back on a tab: its first event not yet tested.
    run.actor.send({ type: 'tab.select', subCategory: 'ats_jobs' });
    expect(selectSelectedEvent(run.snapshot())).toEqual({ subCategory: 'ats_jobs', eventType: 'record.modified' });
  });

  it("shows the selected event's sample payload, pretty-printed", async () => {
    const run = start();
    await settle();
    const payload = selectSelectedPayload(run.snapshot());
    expect(JSON.parse(payload ?? 'null')).toEqual(JSON.parse(atsEvents[0]!.eventDetails[0]!.codeSnippet));
    expect(payload).toContain('\n  "event": {');
  });

  it('keeps the field locked while a call is in flight', async () => {
    const run = start();
    await settle();
    run.actor.send({ type: 'url.change', value: TYPED_URL });
    run.actor.send({ type: 'webhook.test' });
    run.actor.send({ type: 'url.change', value: 'somewhere.else' });
    expect(run.snapshot().context.draft).toBe(TYPED_URL);
  });
});
