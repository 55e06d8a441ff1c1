import type { Kysely } from 'kysely';
import { type CounterSpec, createCounterTriggers, dropCounterTriggers } from './counterTriggers.ts';

/*
 * Accounts per (organisation, category, integration state), kept by triggers on
 * integrated_accounts. The accounts list reads its total and pie chart from it instead of
 * counting the organisation's accounts on every page (thousands of index entries per request).
 */
const COUNTER: CounterSpec = { counts: 'integrated_account_counts', source: 'integrated_accounts', key: ['org_id', 'category', 'integration_state'] };

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('integrated_account_counts')
    .addColumn('org_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('integration_state', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('integrated_account_counts_pkey', ['org_id', 'category', 'integration_state'])
    .execute();
  await createCounterTriggers(db, COUNTER);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropCounterTriggers(db, COUNTER);
  await db.schema.dropTable('integrated_account_counts').execute();
}
