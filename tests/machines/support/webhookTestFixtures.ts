import type { EventObject } from 'xstate';
import { ApiError } from '../../../src/dashboard/providers/errors.ts';
import {
  webhookTestMachine,
  type TestEventResult,
  type TestWebhookResult,
  type WebhookSubCategory,
  type WebhookTestProgress,
} from '../../../src/dashboard/machines/webhookTest/index.ts';
import { type ActorEventFixtures, byLabel, type DelayEventFixtures, done, failed, type UserEventFixtures } from './fixtureTypes.ts';

/** What the field says for the URL under test (no scheme: the https:// prefix applies), and that URL. */
export const TYPED_URL = '  hooks.acme.test/knit/ats ';
export const HOOK_URL = 'https://hooks.acme.test/knit/ats';
export const OTHER_URL = 'http://127.0.0.1:8787/hooks';
export const TESTED_AT = 1_767_225_600_000;

const snippet = (eventType: string, dataType: string) =>
  JSON.stringify({ id: `evt_${dataType}_${eventType}`, event: { eventId: `evt_${dataType}_${eventType}`, eventType, triggeredAt: TESTED_AT }, syncDataType: dataType, eventData: { [dataType]: { id: '10482' } } });

/** Two tabs of the ATS category as app.webhookEventDataOfCategory answers them. */
export const atsEvents: WebhookSubCategory[] = [
  {
    value: 'ats_applications',
    label: 'Applications',
    eventDetails: ['record.new', 'record.modified', 'record.deleted'].map((eventType) => ({ eventType, codeSnippet: snippet(eventType, 'ats_applications') })),
  },
  {
    value: 'ats_jobs',
    label: 'Jobs',
    eventDetails: ['record.new', 'record.modified', 'record.deleted'].map((eventType) => ({ eventType, codeSnippet: snippet(eventType, 'ats_jobs') })),
  },
];

const EVENT_COUNT = 6;
export const progressOf = (tested: { subCategory: string; eventType: string }[]): WebhookTestProgress => ({
  tested,
  testedCount: tested.length,
  totalCount: EVENT_COUNT,
  allTested: tested.length === EVENT_COUNT,
});
const everyEvent = atsEvents.flatMap((sub) => sub.eventDetails.map((detail) => ({ subCategory: sub.value, eventType: detail.eventType })));

export const liveAnswer = (progress = progressOf([])): TestWebhookResult => ({ status: 200, statusMessage: 'OK', live: true, testedAt: TESTED_AT, progress });
export const eventAnswer = (tested: boolean, progress: WebhookTestProgress, event = everyEvent[0]!): TestEventResult => ({
  status: tested ? 200 : 503,
  statusMessage: tested ? 'OK' : 'Service Unavailable',
  tested,
  ...event,
  testedAt: TESTED_AT,
  progress,
});

export const errors = {
  refusedUrl: () => new ApiError({ status: 400, code: 'VALIDATION', msg: 'Please enter a valid webhook', field: 'tempDestination' }),
  rateLimited: () => new ApiError({ status: 429, code: 'RATE_LIMITED', msg: 'Too many webhook tests, please wait a minute and try again' }),
  notLive: () => new ApiError({ status: 409, code: 'WEBHOOK_NOT_LIVE', msg: 'Webhook is not live, please test the webhook first' }),
  eventsUntested: () => new ApiError({ status: 409, code: 'WEBHOOK_EVENTS_UNTESTED', msg: 'Please test all the events before saving the webhook' }),
  server: () => new ApiError({ status: 500, code: 'INTERNAL', msg: 'Something went wrong, please try again' }),
  offline: () => new ApiError({ status: 0, code: 'NETWORK', msg: 'Failed to fetch' }),
};

/** The views' events, by event type: one per kind of input, with the label path lists show. */
export const webhookUserEvents = {
  'url.change': {
    'url.change typed': { type: 'url.change', value: TYPED_URL },
    'url.change other': { type: 'url.change', value: OTHER_URL },
    'url.change blank': { type: 'url.change', value: '   ' },
  },
  'webhook.test': { 'webhook.test': { type: 'webhook.test' } },
  'tab.select': { 'tab.select jobs': { type: 'tab.select', subCategory: 'ats_jobs' } },
  'event.select': { 'event.select jobs record.deleted': { type: 'event.select', subCategory: 'ats_jobs', eventType: 'record.deleted' } },
  'event.send': { 'event.send': { type: 'event.send' } },
  'webhook.save': { 'webhook.save': { type: 'webhook.save' } },
  'events.retry': { 'events.retry': { type: 'events.retry' } },
} as const satisfies UserEventFixtures<typeof webhookTestMachine>;

/** Every answer an actor can give (one per branch of its onDone/onError), by actor. */
export const webhookActorEvents = {
  getWebhookEvents: {
    'events loaded': done('getWebhookEvents', atsEvents),
    'events failed': failed('getWebhookEvents', errors.server()),
  },
  sendTestWebhook: {
    'test 200': done('sendTestWebhook', liveAnswer()),
    'test 503': done('sendTestWebhook', { ...liveAnswer(), status: 503, statusMessage: 'Service Unavailable', live: false }),
    'test refused': failed('sendTestWebhook', errors.refusedUrl()),
    'test failed': failed('sendTestWebhook', errors.offline()),
  },
  sendTestEvent: {
    'event tested': done('sendTestEvent', eventAnswer(true, progressOf(everyEvent.slice(0, 1)))),
    'last event tested': done('sendTestEvent', eventAnswer(true, progressOf(everyEvent))),
    'event 503': done('sendTestEvent', eventAnswer(false, progressOf([]))),
    'event not live': failed('sendTestEvent', errors.notLive()),
    'event failed': failed('sendTestEvent', errors.rateLimited()),
  },
  saveWebhook: {
    'save ok': done('saveWebhook', { category: 'ATS', destination: HOOK_URL, message: 'ATS webhook updated successfully', updatedAt: TESTED_AT }),
    'save not live': failed('saveWebhook', errors.notLive()),
    'save failed': failed('saveWebhook', errors.eventsUntested()),
  },
} as const satisfies ActorEventFixtures<typeof webhookTestMachine>;

/** The URL debounce, by delay. */
export const webhookDelayEvents = {
  urlDebounce: { '500 ms': { type: 'xstate.after.urlDebounce.webhookTest.live.editing' } },
} as const satisfies DelayEventFixtures<typeof webhookTestMachine>;

export const webhookEventFixtures: Record<string, EventObject> = byLabel(webhookUserEvents, webhookActorEvents, webhookDelayEvents);
