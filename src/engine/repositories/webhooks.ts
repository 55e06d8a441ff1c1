import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { EngineConfig } from '../config.ts';
import { newId } from '../db/ids.ts';
import type { MsgOf } from '../handlers/types.ts';
import { consumeWindow } from '../services/rateLimits.ts';
import { hashToken } from '../services/tokens.ts';
import { badRequest } from '../errors.ts';
import { INVALID_WEBHOOK, postSignedEvent, type WebhookAnswer } from '../services/webhookSender.ts';
import { listCategories, parseJson } from './catalog.ts';
import { webhookSigningSecret } from './webhookSigningSecrets.ts';

// Webhooks of an organisation (one per category) and the webhook modal's test state, held per
// organisation, category and exact URL in webhook_tests: a 200 answer to the test event makes a
// URL live for an hour; events answered 200 while live are recorded; a failed test resets both.
export type TestedEvent = { subCategory: string; eventType: string };
export type Progress = MsgOf<'appTestWebhook'>['progress'];

export const LIVE_FOR_MS = 60 * 60 * 1000;
const TESTS_PER_MINUTE = 30;
export const NOT_LIVE = 'Webhook is not live, please test the webhook first';
export const EVENTS_UNTESTED = 'Please test all the events before saving the webhook';

export interface TestCtx {
  db: Kysely<Database>;
  config: EngineConfig;
  now: number;
  orgId: string;
}

/** Webhook tests (test, test event, bulk save) share 30 per minute per organisation. */
export const countWebhookTest = (ctx: TestCtx) =>
  consumeWindow(ctx.db, `webhook-test:${ctx.orgId}`, TESTS_PER_MINUTE, 60_000, ctx.now, 'Too many webhook tests, please wait a minute and try again');

/**
 * POSTs a signed event to the URL, signed with the organisation's webhook signing secret. A
 * host name that resolves to a refused address (services/outboundAddress.ts) is an invalid
 * webhook (400 on `field`), like a refused address typed as such.
 */
export async function sendSigned(ctx: TestCtx, url: URL, eventType: string, payload: unknown, field: string): Promise<WebhookAnswer> {
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

async function testRow(db: Kysely<Database>, orgId: string, category: string, url: string) {
  return db.selectFrom('webhook_tests').selectAll()
    .where('org_id', '=', orgId).where('category', '=', category).where('destination_hash', '=', hashToken(url)).executeTakeFirst();
}

/** Events the URL answered 200 to while it is live; undefined when it is not live. */
export async function liveState(ctx: TestCtx, category: string, url: string): Promise<TestedEvent[] | undefined> {
  const row = await testRow(ctx.db, ctx.orgId, category, url);
  if (!row || row.live_until === null || row.live_until <= ctx.now) return undefined;
  return parseJson<TestedEvent[]>(row.tested_events_json, []);
}

/** Records a webhook test answer: 200 makes the URL live (keeping events tested while it was). */
export async function recordTest(ctx: TestCtx, category: string, url: string, status: number): Promise<TestedEvent[]> {
  const live = status === 200;
  const kept = live ? (await liveState(ctx, category, url)) ?? [] : [];
  const values = { last_status: status, live_until: live ? ctx.now + LIVE_FOR_MS : null, tested_events_json: JSON.stringify(kept), tested_at: ctx.now };
  await ctx.db.insertInto('webhook_tests').values({ org_id: ctx.orgId, category, destination_hash: hashToken(url), destination: url, ...values })
    .onConflict((oc) => oc.columns(['org_id', 'category', 'destination_hash']).doUpdateSet(values)).execute();
  // Tests older than the live window are worthless: sweep the organisation's stale ones.
  await ctx.db.deleteFrom('webhook_tests').where('org_id', '=', ctx.orgId).where('tested_at', '<', ctx.now - LIVE_FOR_MS).execute();
  return kept;
}

export async function recordTestedEvent(ctx: TestCtx, category: string, url: string, event: TestedEvent): Promise<TestedEvent[]> {
  const tested = (await liveState(ctx, category, url)) ?? [];
  if (!tested.some((t) => t.subCategory === event.subCategory && t.eventType === event.eventType)) tested.push(event);
  await ctx.db.updateTable('webhook_tests').set({ tested_events_json: JSON.stringify(tested) })
    .where('org_id', '=', ctx.orgId).where('category', '=', category).where('destination_hash', '=', hashToken(url)).execute();
  return tested;
}

export async function eventsOfCategory(db: Kysely<Database>, category: string) {
  return db.selectFrom('webhook_event_types').select(['subcategory', 'event_type', 'code_snippet', 'position', 'value'])
    .where('category', '=', category).orderBy('subcategory').orderBy('position').orderBy('value').execute();
}

/** The modal's progress: tested events that still belong to the category, out of all of them. */
export async function progressOf(db: Kysely<Database>, category: string, tested: TestedEvent[]): Promise<Progress> {
  const events = await eventsOfCategory(db, category);
  const valid = tested.filter((t) => events.some((e) => e.subcategory === t.subCategory && e.event_type === t.eventType));
  return { tested: valid, testedCount: valid.length, totalCount: events.length, allTested: events.length > 0 && valid.length >= events.length };
}

/**
 * Saves (or replaces) the category's webhook; deliveries go there from now on. `testedEvents`
 * are the event values (webhook_event_types.value, e.g. employee.created) the URL answered.
 */
export async function saveWebhookUrl(db: Kysely<Database>, orgId: string, category: string, destination: string, testedEvents: string[], now: number): Promise<void> {
  const values = { destination, live: 1 as const, tested_events_json: JSON.stringify(testedEvents), updated_at: now };
  await db.insertInto('webhooks').values({ id: newId('whk'), org_id: orgId, category, created_at: now, ...values })
    .onConflict((oc) => oc.columns(['org_id', 'category']).doUpdateSet(values)).execute();
}

/** Clears the category's webhook: deliveries for it stop. */
export async function clearWebhookUrl(db: Kysely<Database>, orgId: string, category: string): Promise<void> {
  await db.deleteFrom('webhooks').where('org_id', '=', orgId).where('category', '=', category).execute();
}

/** Every category enabled for unified APIs (enum order) with its webhook URL or null. */
export async function webhookMap(db: Kysely<Database>, orgId: string): Promise<Record<string, string | null>> {
  const [categories, enabled, hooks] = await Promise.all([
    listCategories(db),
    db.selectFrom('getting_started').select('category').where('org_id', '=', orgId).where('flow', '=', 'web').where('enabled', '=', 1).execute(),
    db.selectFrom('webhooks').select(['category', 'destination']).where('org_id', '=', orgId).execute(),
  ]);
  const on = new Set(enabled.map((e) => e.category));
  return Object.fromEntries(categories.filter((c) => on.has(c.id)).map((c) => [c.id, hooks.find((h) => h.category === c.id)?.destination ?? null]));
}
