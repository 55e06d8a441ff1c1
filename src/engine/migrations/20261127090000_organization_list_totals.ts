import { type Kysely, sql } from 'kysely';
import { type CounterSpec, createCounterTriggers, dropCounterTriggers } from './counterTriggers.ts';
import { isPostgres } from './helpers.ts';

/*
 * The organizations list in a few index lookups per page:
 * - usage_totals: all-time sums of usage_daily per (organisation, end customer, integration),
 *   kept by triggers. An organisation's integrations under the 'all' filter read them instead of
 *   summing every day (the organizations list itself reads 20261127100000's per-customer sums).
 * - served_organization_counts: end customers with at least one account per organisation, kept by
 *   triggers on end_customer_account_counts, so the list's total is one row, not a count of every
 *   end customer.
 */
const USAGE = {
  counts: 'usage_totals',
  source: 'usage_daily',
  key: ['org_id', 'origin_org_id', 'integration_id'],
  sums: ['api_calls', 'events_emitted', 'events_consumed', 'issues'],
} satisfies CounterSpec;

export async function up(db: Kysely<any>): Promise<void> {
  let usage = db.schema
    .createTable('usage_totals')
    .addColumn('org_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('origin_org_id', 'text', (c) => c.notNull())
    .addColumn('integration_id', 'text', (c) => c.notNull());
  for (const column of USAGE.sums) usage = usage.addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0));
  await usage.addPrimaryKeyConstraint('usage_totals_pkey', ['org_id', 'origin_org_id', 'integration_id']).execute();
  await createCounterTriggers(db, USAGE);

  await db.schema
    .createTable('served_organization_counts')
    .addColumn('org_id', 'text', (c) => c.primaryKey().references('organisations.id').onDelete('cascade'))
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into served_organization_counts (org_id, count)
    select org_id, count(*) from end_customer_account_counts where count > 0 group by org_id`.execute(db);
  if (isPostgres(db)) await postgresServedTriggers(db);
  else await sqliteServedTriggers(db);
}

const served = (row: 'new' | 'old') => sql.raw(`(case when ${row}.count > 0 then 1 else 0 end)`);
/** Moves an organisation's served count by delta (an expression over new/old). */
const move = (org: string, delta: string) => sql.raw(
  `insert into served_organization_counts (org_id, count) values (${org}, ${delta})
   on conflict (org_id) do update set count = served_organization_counts.count + ${delta};`,
);

async function sqliteServedTriggers(db: Kysely<any>): Promise<void> {
  await sql`create trigger served_organization_counts_insert after insert on end_customer_account_counts
    when new.count > 0 begin ${move('new.org_id', '1')} end`.execute(db);
  await sql`create trigger served_organization_counts_update after update of count on end_customer_account_counts
    when ${served('old')} <> ${served('new')} begin ${move('new.org_id', '(case when new.count > 0 then 1 else -1 end)')} end`.execute(db);
  await sql`create trigger served_organization_counts_delete after delete on end_customer_account_counts
    when old.count > 0 begin update served_organization_counts set count = count - 1 where org_id = old.org_id; end`.execute(db);
}

async function postgresServedTriggers(db: Kysely<any>): Promise<void> {
  await sql`create function served_organization_counts_keep() returns trigger language plpgsql as $$
    declare
      delta integer := 0;
    begin
      if tg_op in ('UPDATE', 'DELETE') then delta := delta - ${served('old')}; end if;
      if tg_op in ('INSERT', 'UPDATE') then delta := delta + ${served('new')}; end if;
      if delta = 0 then return null; end if;
      if tg_op = 'DELETE' then
        update served_organization_counts set count = count + delta where org_id = old.org_id;
      else
        ${move('new.org_id', 'delta')}
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger served_organization_counts_keep after insert or update of count or delete on end_customer_account_counts
    for each row execute function served_organization_counts_keep()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists served_organization_counts_keep on end_customer_account_counts`.execute(db);
    await sql`drop function if exists served_organization_counts_keep()`.execute(db);
  } else {
    for (const suffix of ['insert', 'update', 'delete']) await sql.raw(`drop trigger if exists served_organization_counts_${suffix}`).execute(db);
  }
  await db.schema.dropTable('served_organization_counts').execute();
  await dropCounterTriggers(db, USAGE);
  await db.schema.dropTable('usage_totals').execute();
}
