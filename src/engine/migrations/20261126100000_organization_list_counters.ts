import type { Kysely } from 'kysely';
import { type CounterSpec, createCounterTriggers, dropCounterTriggers } from './counterTriggers.ts';
import { createIndex } from './helpers.ts';

/*
 * The organizations list without per-request scans:
 * - accounts per end customer (organisation, origin_org_id), kept by triggers: "served" end
 *   customers (at least one account) are counted from it instead of probing the accounts index
 *   once per end customer;
 * - usage_daily's end-customer index also carries the counters the list sums, so a page's usage
 *   is read from the index alone (it replaces the narrower (org_id, origin_org_id, day) index).
 */
const COUNTER: CounterSpec = { counts: 'end_customer_account_counts', source: 'integrated_accounts', key: ['org_id', 'origin_org_id'] };
const OLD_USAGE_INDEX = ['org_id', 'origin_org_id', 'day'];
const USAGE_INDEX = 'usage_daily__end_customer_counters';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('end_customer_account_counts')
    .addColumn('org_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('origin_org_id', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('end_customer_account_counts_pkey', ['org_id', 'origin_org_id'])
    .execute();
  await createCounterTriggers(db, COUNTER);
  await createIndex(db, 'usage_daily', ['org_id', 'origin_org_id', 'day', 'integration_id', 'api_calls', 'events_emitted', 'events_consumed', 'issues'], { name: USAGE_INDEX });
  await db.schema.dropIndex(`usage_daily__${OLD_USAGE_INDEX.join('_')}`).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await createIndex(db, 'usage_daily', OLD_USAGE_INDEX);
  await db.schema.dropIndex(USAGE_INDEX).execute();
  await dropCounterTriggers(db, COUNTER);
  await db.schema.dropTable('end_customer_account_counts').execute();
}
