import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { EngineConfig } from '../config.ts';
import { badRequest } from '../errors.ts';
import { consumeWindow } from './rateLimits.ts';
import { INVALID_WEBHOOK, postSignedEvent, type WebhookAnswer } from './webhookSender.ts';
import { signingSecretOf } from './webhookSigningSecret.ts';

// Test deliveries of the webhook modal (and of AI connectors): their shared rate limit and the
// signed POST itself. What a test answered is stored by repositories/webhooks.ts.
const TESTS_PER_MINUTE = 30;
export const NOT_LIVE = 'Webhook is not live, please test the webhook first';
export const EVENTS_UNTESTED = 'Please test all the events before saving the webhook';

/** The organisation a webhook test is made for, with the engine clock and config. */
export interface WebhookTestCtx {
  db: Kysely<Database>;
  config: EngineConfig;
  now: number;
  orgId: string;
}

/** Webhook tests (test, test event, bulk save) share 30 per minute per organisation. */
export const countWebhookTest = (ctx: WebhookTestCtx) =>
  consumeWindow(ctx.db, `webhook-test:${ctx.orgId}`, TESTS_PER_MINUTE, 60_000, ctx.now, 'Too many webhook tests, please wait a minute and try again');

/**
 * POSTs a test event to the URL, signed with the organisation's current webhook signing secret,
 * as its own delivery: a fresh webhook-id per call. A host name that resolves to a refused
 * address (services/outboundAddress.ts) is an invalid webhook (400 on `field`), like a refused
 * address typed as such; nothing was sent then.
 */
export async function sendSigned(ctx: WebhookTestCtx, url: URL, payload: unknown, field: string): Promise<WebhookAnswer> {
  const { secret } = await signingSecretOf(ctx.db, ctx.config.signingSecret, ctx.orgId, ctx.now);
  const answer = await postSignedEvent({ url, webhookId: `msg_${randomUUID()}`, payload, signingSecret: secret, now: ctx.now, policy: ctx.config });
  if (answer.refused) throw badRequest(INVALID_WEBHOOK, field);
  return answer;
}

/** The Test button's ping: not an event of the category, only a request to answer 200. */
export const testEventPayload = (category: string, now: number) => ({
  id: `evt_test_${randomUUID()}`,
  eventType: 'webhook.test',
  category,
  message: 'Test event from the integration dashboard: answer 200 to go live',
  triggeredAt: now,
});

/**
 * Send event: the event type's sample payload (app.webhookEventDataOfCategory's codeSnippet) as a
 * real delivery of it would look now: a fresh event id and the time of sending, marked as a test.
 */
export function sampleEventPayload(codeSnippet: string | null, now: number): Record<string, unknown> {
  let sample: Record<string, unknown> = {};
  try {
    const parsed = JSON.parse(codeSnippet ?? '{}') as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) sample = parsed as Record<string, unknown>;
  } catch { /* a malformed sample sends its envelope only */ }
  const eventId = `evt_test_${randomUUID()}`;
  const event = sample.event && typeof sample.event === 'object' ? (sample.event as Record<string, unknown>) : {};
  return { ...sample, id: eventId, test: true, event: { ...event, eventId, triggeredAt: now } };
}
