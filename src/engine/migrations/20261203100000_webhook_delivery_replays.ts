import { type Kysely, sql, type SqlBool } from 'kysely';
import { createIndex } from './helpers.ts';

/*
 * Replay of webhook deliveries (services/webhookReplay.ts):
 *
 * - webhook_records.replay_count and replayed_at: a record's delivery replayed from the dashboard
 *   says so on the webhook logs (how many times, the last when), beside its dispatch status and
 *   retries, which keep describing the delivery's attempts.
 * - webhook_outbox__replayable: the organisation's finished deliveries that a bulk replay takes
 *   (failed, or not dispatched) by the time their record was written. Partial, so the index holds
 *   only those few rows and a delivery that succeeds never writes to it; a replay's range query
 *   repeats the predicate word for word, which is what lets SQLite use a partial index.
 */
const REPLAYABLE = 'webhook_outbox__replayable';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('webhook_records').addColumn('replay_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('webhook_records').addColumn('replayed_at', 'bigint').execute();
  await createIndex(db, 'webhook_outbox', ['org_id', 'created_at'], { name: REPLAYABLE, where: sql<SqlBool>`state in ('failed', 'stale')` });
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex(REPLAYABLE).ifExists().execute();
  await db.schema.alterTable('webhook_records').dropColumn('replayed_at').execute();
  await db.schema.alterTable('webhook_records').dropColumn('replay_count').execute();
}
