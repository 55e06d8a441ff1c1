import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { newId } from '../db/ids.ts';
import type { MsgOf } from '../contractTypes.ts';
import { hashToken } from '../services/tokens.ts';
import { listCategories, parseJson } from './catalog.ts';

// Webhooks of an organisation (one per category) and the webhook modal's test state, held per
// organisation, category and exact URL in webhook_tests: a 200 answer to the test event makes a
// URL live for an hour; events answered 200 while live are recorded; a failed test resets both.
// Sending the tests and their rate limit are services/webhookTests.ts.
type Db = Kysely<Database> | Transaction<Database>;
type TestedEvent = { subCategory: string; eventType: string };
type Progress = MsgOf<'appTestWebhook'>['progress'];

const LIVE_FOR_MS = 60 * 60 * 1000;

async function testRow(db: Db, orgId: string, category: string, url: string) {
  return db.selectFrom('webhook_tests').select(['live_until', 'tested_events_json'])
    .where('org_id', '=', orgId).where('category', '=', category).where('destination_hash', '=', hashToken(url)).executeTakeFirst();
}

/** Events the URL answered 200 to while it is live; undefined when it is not live. */
export async function liveState(db: Db, orgId: string, category: string, url: string, now: number): Promise<TestedEvent[] | undefined> {
  const row = await testRow(db, orgId, category, url);
  if (!row || row.live_until === null || row.live_until <= now) return undefined;
  return parseJson<TestedEvent[]>(row.tested_events_json, []);
}

/** Records a webhook test answer: 200 makes the URL live (keeping events tested while it was). */
export async function recordTest(db: Db, orgId: string, category: string, url: string, status: number, now: number): Promise<TestedEvent[]> {
  const live = status === 200;
  const kept = live ? (await liveState(db, orgId, category, url, now)) ?? [] : [];
  const values = { last_status: status, live_until: live ? now + LIVE_FOR_MS : null, tested_events_json: JSON.stringify(kept), tested_at: now };
  await db.insertInto('webhook_tests').values({ org_id: orgId, category, destination_hash: hashToken(url), destination: url, ...values })
    .onConflict((oc) => oc.columns(['org_id', 'category', 'destination_hash']).doUpdateSet(values)).execute();
  // Tests older than the live window are worthless: sweep the organisation's stale ones.
  await db.deleteFrom('webhook_tests').where('org_id', '=', orgId).where('tested_at', '<', now - LIVE_FOR_MS).execute();
  return kept;
}

/** Records an event the live URL answered 200 to; returns the URL's tested events. */
export async function recordTestedEvent(db: Db, orgId: string, category: string, url: string, event: TestedEvent, now: number): Promise<TestedEvent[]> {
  const tested = (await liveState(db, orgId, category, url, now)) ?? [];
  if (!tested.some((t) => t.subCategory === event.subCategory && t.eventType === event.eventType)) tested.push(event);
  await db.updateTable('webhook_tests').set({ tested_events_json: JSON.stringify(tested) })
    .where('org_id', '=', orgId).where('category', '=', category).where('destination_hash', '=', hashToken(url)).execute();
  return tested;
}

export async function eventsOfCategory(db: Db, category: string) {
  return db.selectFrom('webhook_event_types').select(['subcategory', 'event_type', 'code_snippet', 'position', 'value'])
    .where('category', '=', category).orderBy('subcategory').orderBy('position').orderBy('value').execute();
}

/** The modal's progress: tested events that still belong to the category, out of all of them. */
export async function progressOf(db: Db, category: string, tested: TestedEvent[]): Promise<Progress> {
  const events = await eventsOfCategory(db, category);
  const valid = tested.filter((t) => events.some((e) => e.subcategory === t.subCategory && e.event_type === t.eventType));
  return { tested: valid, testedCount: valid.length, totalCount: events.length, allTested: events.length > 0 && valid.length >= events.length };
}

/**
 * Saves (or replaces) the category's webhook; deliveries go there from now on. `testedEvents`
 * are the event values (webhook_event_types.value, e.g. employee.created) the URL answered.
 */
export async function saveWebhookUrl(db: Db, orgId: string, category: string, destination: string, testedEvents: string[], now: number): Promise<void> {
  const values = { destination, live: 1 as const, tested_events_json: JSON.stringify(testedEvents), updated_at: now };
  await db.insertInto('webhooks').values({ id: newId('whk'), org_id: orgId, category, created_at: now, ...values })
    .onConflict((oc) => oc.columns(['org_id', 'category']).doUpdateSet(values)).execute();
}

/** The category's saved webhook URL, or null when it has none. */
export async function savedWebhookUrl(db: Db, orgId: string, category: string): Promise<string | null> {
  const row = await db.selectFrom('webhooks').select('destination').where('org_id', '=', orgId).where('category', '=', category).executeTakeFirst();
  return row?.destination ?? null;
}

/** Clears the category's webhook: deliveries for it stop. */
export async function clearWebhookUrl(db: Db, orgId: string, category: string): Promise<void> {
  await db.deleteFrom('webhooks').where('org_id', '=', orgId).where('category', '=', category).execute();
}

/** Every category enabled for unified APIs (enum order) with its webhook URL or null. */
export async function webhookMap(db: Db, orgId: string): Promise<Record<string, string | null>> {
  const [categories, enabled, hooks] = await Promise.all([
    listCategories(db),
    db.selectFrom('getting_started').select('category').where('org_id', '=', orgId).where('flow', '=', 'web').where('enabled', '=', 1).execute(),
    db.selectFrom('webhooks').select(['category', 'destination']).where('org_id', '=', orgId).execute(),
  ]);
  const on = new Set(enabled.map((e) => e.category));
  return Object.fromEntries(categories.filter((c) => on.has(c.id)).map((c) => [c.id, hooks.find((h) => h.category === c.id)?.destination ?? null]));
}
