import { type Kysely, sql } from 'kysely';

/*
 * A sync job of an integrated account whose category starts syncs on API trigger (the Fetch Data
 * step's syncOnAPI) is created when the account connects but must not run until the customer's
 * backend calls v1.0/sync.start for that account. awaiting_api_trigger = 1 marks such a job: it
 * stays active with no next run (the scheduler claims jobs by status and next_run_at, so it never
 * picks it up), and sync.start clears the flag and makes it due. Jobs of automatic categories and
 * every existing job have 0.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sync_jobs')
    .addColumn('awaiting_api_trigger', 'integer', (c) => c.notNull().defaultTo(0).check(sql`awaiting_api_trigger in (0, 1)`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sync_jobs').dropColumn('awaiting_api_trigger').execute();
}
