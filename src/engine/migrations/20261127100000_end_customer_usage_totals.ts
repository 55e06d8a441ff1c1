import type { Kysely } from 'kysely';
import { type CounterSpec, createCounterTriggers, dropCounterTriggers } from './counterTriggers.ts';

/*
 * All-time usage per end customer, kept by triggers on usage_daily, so the organizations list
 * reads a page's counters with the page itself (a join on the primary key) instead of in a
 * statement of its own. usage_totals (per integration) stays for an organisation's integrations.
 */
const USAGE = {
  counts: 'end_customer_usage_totals',
  source: 'usage_daily',
  key: ['org_id', 'origin_org_id'],
  sums: ['api_calls', 'events_emitted', 'events_consumed', 'issues'],
} satisfies CounterSpec;

export async function up(db: Kysely<any>): Promise<void> {
  let table = db.schema
    .createTable(USAGE.counts)
    .addColumn('org_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('origin_org_id', 'text', (c) => c.notNull());
  for (const column of USAGE.sums) table = table.addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0));
  await table.addPrimaryKeyConstraint(`${USAGE.counts}_pkey`, ['org_id', 'origin_org_id']).execute();
  await createCounterTriggers(db, USAGE);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropCounterTriggers(db, USAGE);
  await db.schema.dropTable(USAGE.counts).execute();
}
