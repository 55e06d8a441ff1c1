import { type Kysely, sql } from 'kysely';
import { type CounterSpec, createCounterTriggers, dropCounterTriggers } from './counterTriggers.ts';
import { isPostgres } from './helpers.ts';

/*
 * 'Total Active Syncs' without joining every job of the organisation to its account:
 * - sync_jobs.account_live says whether the job's account is live (not Deactivated or Expired),
 *   set by triggers when a job is written and when its account changes state;
 * - sync_job_counts keeps jobs per (organisation, account_live) by the counter triggers.
 */
const INACTIVE = sql.raw(`('Deactivated', 'Expired')`);
const COUNTER: CounterSpec = { counts: 'sync_job_counts', source: 'sync_jobs', key: ['org_id', 'account_live'] };

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sync_jobs')
    .addColumn('account_live', 'integer', (c) => c.notNull().defaultTo(1).check(sql`account_live in (0, 1)`))
    .execute();
  await sql`update sync_jobs set account_live = 0
    where integration_id in (select id from integrated_accounts where integration_state in ${INACTIVE})`.execute(db);
  await db.schema
    .createTable('sync_job_counts')
    .addColumn('org_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('account_live', 'integer', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('sync_job_counts_pkey', ['org_id', 'account_live'])
    .execute();
  await createCounterTriggers(db, COUNTER);
  if (isPostgres(db)) await postgresLiveness(db);
  else await sqliteLiveness(db);
}

const liveOf = (state: string) => sql.raw(`case when ${state} in ('Deactivated', 'Expired') then 0 else 1 end`);

async function sqliteLiveness(db: Kysely<any>): Promise<void> {
  await sql`create trigger sync_jobs_account_live_insert after insert on sync_jobs
    when exists (select 1 from integrated_accounts a where a.id = new.integration_id and a.integration_state in ${INACTIVE})
    begin update sync_jobs set account_live = 0 where id = new.id; end`.execute(db);
  await sql`create trigger sync_jobs_account_live_state after update of integration_state on integrated_accounts
    when ${liveOf('old.integration_state')} <> ${liveOf('new.integration_state')}
    begin update sync_jobs set account_live = ${liveOf('new.integration_state')} where integration_id = new.id; end`.execute(db);
}

async function postgresLiveness(db: Kysely<any>): Promise<void> {
  await sql`create function sync_jobs_account_live_insert() returns trigger language plpgsql as $$
    begin
      new.account_live := coalesce((select ${liveOf('a.integration_state')} from integrated_accounts a where a.id = new.integration_id), 1);
      return new;
    end $$`.execute(db);
  await sql`create trigger sync_jobs_account_live_insert before insert on sync_jobs
    for each row execute function sync_jobs_account_live_insert()`.execute(db);
  await sql`create function sync_jobs_account_live_state() returns trigger language plpgsql as $$
    begin
      update sync_jobs set account_live = ${liveOf('new.integration_state')} where integration_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`create trigger sync_jobs_account_live_state after update of integration_state on integrated_accounts
    for each row when (${liveOf('old.integration_state')} <> ${liveOf('new.integration_state')})
    execute function sync_jobs_account_live_state()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists sync_jobs_account_live_state on integrated_accounts`.execute(db);
    await sql`drop trigger if exists sync_jobs_account_live_insert on sync_jobs`.execute(db);
    await sql`drop function if exists sync_jobs_account_live_state()`.execute(db);
    await sql`drop function if exists sync_jobs_account_live_insert()`.execute(db);
  } else {
    await sql`drop trigger if exists sync_jobs_account_live_state`.execute(db);
    await sql`drop trigger if exists sync_jobs_account_live_insert`.execute(db);
  }
  await dropCounterTriggers(db, COUNTER);
  await db.schema.dropTable('sync_job_counts').execute();
  await db.schema.alterTable('sync_jobs').dropColumn('account_live').execute();
}
