import { type Kysely, sql } from 'kysely';
import { bool, counter, createIndex, identityPk, ms, optionalText, ref, text, textPk } from './helpers.ts';

/*
 * The sync scheduler and webhook delivery (services/syncScheduler.ts, services/webhookDelivery.ts):
 *
 * - sync_snapshots: what a sync job last saw of each record of its app (the record's key and a hash
 *   of the data it sent for it), so the next run finds what is new, changed or gone. One row per
 *   record per job; a job without rows has not had its initial sync.
 * - webhook_outbox: one row per changed record of a run, written in the run's transaction (the
 *   durable outbox), delivered in id order per integrated account. The row keeps its webhook-id
 *   (the Standard Webhooks message id, the same on every attempt), the event it sends, and where
 *   its webhook record and sync record are, so an attempt updates them by key.
 * - delivery_queues: one row per integrated account with deliveries: when its first pending
 *   delivery is due (null when it has none) and which worker holds it. Workers claim accounts
 *   rather than rows, so an account's deliveries go one at a time and in order whatever the number
 *   of workers; `enqueued` counts the runs that added deliveries, so a worker that found the queue
 *   empty lets it go idle only when nothing was added meanwhile.
 * - worker_leases: named leases a process holds while it runs the workers; SQLite allows one.
 *
 * webhook_deliveries (20261122000200) was never written: the outbox replaces it.
 */
const PENDING_HEADS = 'webhook_outbox__pending_heads';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sync_snapshots')
    .$call(ref('job_id', 'sync_jobs'))
    .$call(text('record_key'))
    .$call(text('content_hash'))
    .addPrimaryKeyConstraint('sync_snapshots_pkey', ['job_id', 'record_key'])
    .execute();

  await db.schema
    .createTable('webhook_outbox')
    .$call(identityPk(db))
    .$call(text('org_id'))
    // No foreign key, as on the log tables (volume): an account's queue goes with the account, and
    // rows no queue leads to are never read again.
    .$call(text('integration_id'))
    .$call(text('category'))
    .$call(text('job_id'))
    .$call(text('run_id'))
    .$call(text('iteration_id'))
    .$call(text('record_key'))
    .$call(text('event_type'))
    .$call(text('webhook_id'))
    .$call(text('record_id'))
    .$call(ms('record_ts'))
    .$call(text('audit_id'))
    .$call(ms('audit_ts'))
    .$call(text('payload_json'))
    .addColumn('state', 'text', (c) =>
      c.notNull().defaultTo('pending').check(sql`state in ('pending', 'dispatched', 'failed', 'stale')`),
    )
    .$call(counter('attempts'))
    .$call(ms('first_attempt_at', true))
    .$call(ms('next_attempt_at'))
    .addColumn('last_status_code', 'integer')
    .$call(optionalText('last_status_message'))
    .$call(ms('created_at'))
    .$call(ms('finished_at', true))
    .addUniqueConstraint('webhook_outbox_webhook_id_key', ['webhook_id'])
    .execute();
  // An account's first pending delivery: its head, which a worker sends next.
  await createIndex(db, 'webhook_outbox', ['integration_id', 'id'], { name: PENDING_HEADS, where: sql`state = 'pending'` });
  await createIndex(db, 'webhook_outbox', ['run_id']);

  await db.schema
    .createTable('delivery_queues')
    .addColumn('integration_id', 'text', (c) => c.primaryKey().references('integrated_accounts.id').onDelete('cascade'))
    .$call(text('org_id'))
    .$call(ms('next_attempt_at', true))
    .$call(ms('locked_until', true))
    .$call(optionalText('locked_by'))
    .$call(counter('enqueued'))
    .$call(bool('failing'))
    .$call(ms('updated_at'))
    .execute();
  // Workers claim the accounts whose first delivery is due; idle queues (null) are outside the range.
  await createIndex(db, 'delivery_queues', ['next_attempt_at']);

  await db.schema
    .createTable('worker_leases')
    .$call(textPk('name'))
    .$call(text('holder'))
    .$call(ms('acquired_at'))
    .$call(ms('expires_at'))
    .execute();

  await db.schema.dropTable('webhook_deliveries').ifExists().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('worker_leases').ifExists().execute();
  await db.schema.dropTable('delivery_queues').ifExists().execute();
  await db.schema.dropTable('webhook_outbox').ifExists().execute();
  await db.schema.dropTable('sync_snapshots').ifExists().execute();
  // The table as 20261122000200 made it.
  await db.schema
    .createTable('webhook_deliveries')
    .$call(textPk())
    .$call(ref('org_id', 'organisations'))
    .$call(ref('webhook_id', 'webhooks', { nullable: true }))
    .$call(text('destination'))
    .$call(text('category'))
    .$call(text('event_type'))
    .$call(text('payload_json'))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('pending').check(sql`status in ('pending', 'delivered', 'failed')`),
    )
    .$call(counter('attempts'))
    .$call(ms('next_attempt_at'))
    .$call(ms('locked_until', true))
    .$call(optionalText('locked_by'))
    .addColumn('last_status_code', 'integer')
    .$call(optionalText('last_error', 'webhook_record_id'))
    .$call(ms('created_at'))
    .$call(ms('delivered_at', true))
    .execute();
  await createIndex(db, 'webhook_deliveries', ['status', 'next_attempt_at']);
  await createIndex(db, 'webhook_deliveries', ['org_id', 'created_at', 'id']);
}
