import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { EngineConfig } from '../config.ts';
import { badRequest } from '../errors.ts';
import { webhookSigningSecret } from '../repositories/webhookSigningSecrets.ts';
import { consumeWindow } from './rateLimits.ts';
import { INVALID_WEBHOOK, postSignedEvent, type WebhookAnswer } from './webhookSender.ts';

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
 * POSTs a signed event to the URL, signed with the organisation's webhook signing secret. A
 * host name that resolves to a refused address (services/outboundAddress.ts) is an invalid
 * webhook (400 on `field`), like a refused address typed as such.
 */
export async function sendSigned(ctx: WebhookTestCtx, url: URL, eventType: string, payload: unknown, field: string): Promise<WebhookAnswer> {
  const signingKey = await webhookSigningSecret(ctx.db, ctx.config.signingSecret, ctx.orgId, ctx.now);
  const answer = await postSignedEvent({ url, eventType, payload, signingKey, now: ctx.now, policy: ctx.config });
  if (answer.refused) throw badRequest(INVALID_WEBHOOK, field);
  return answer;
}

export const testEventPayload = (category: string, now: number) => ({
  id: `evt_test_${randomUUID()}`,
  eventType: 'webhook.test',
  category,
  message: 'Test event from the integration dashboard: answer 200 to go live',
  triggeredAt: now,
});
