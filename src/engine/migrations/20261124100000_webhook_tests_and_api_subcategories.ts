import { type Kysely } from 'kysely';
import { createIndex, dropTables, json, ms, ref, text } from './helpers.ts';

/*
 * - webhook_tests: the webhook modal's test state, held by the engine per organisation, category
 *   and exact URL (app.testWebhook makes a URL live for an hour, app.testWebhookEvent records the
 *   events it answered 200 to, app.saveWebhook requires both). The URL being edited is not saved
 *   yet, so this cannot live on the webhooks row. Keyed by the URL's sha-256: URLs are long.
 * - category_apis.subcategory: the sync type an API belongs to ('' for none), so the Fetch Data
 *   step can group the calls per subcategory from the database.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webhook_tests')
    .$call(ref('org_id', 'organisations'))
    .$call(text('category'))
    .$call(text('destination_hash'))
    .$call(text('destination'))
    .addColumn('last_status', 'integer', (c) => c.notNull())
    .$call(ms('live_until', true))
    .$call(json('tested_events_json', '[]'))
    .$call(ms('tested_at'))
    .addPrimaryKeyConstraint('webhook_tests_pkey', ['org_id', 'category', 'destination_hash'])
    .execute();
  // Old tests of an organisation are swept by age.
  await createIndex(db, 'webhook_tests', ['org_id', 'tested_at']);

  await db.schema
    .alterTable('category_apis')
    .addColumn('subcategory', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('category_apis').dropColumn('subcategory').execute();
  await dropTables(db, ['webhook_tests']);
}
