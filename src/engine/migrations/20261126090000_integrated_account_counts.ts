import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers.ts';

/*
 * Accounts per (organisation, category, integration state), kept by triggers on
 * integrated_accounts so every write path (API, seed, a second engine process) keeps it right.
 * The accounts list reads its total and pie chart from it instead of counting the organisation's
 * accounts on every page (thousands of index entries per request).
 */
const KEY = ['org_id', 'category', 'integration_state'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('integrated_account_counts')
    .addColumn('org_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('integration_state', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('integrated_account_counts_pkey', [...KEY])
    .execute();
  // Accounts written before this migration.
  await sql`insert into integrated_account_counts (org_id, category, integration_state, count)
    select org_id, category, integration_state, count(*) from integrated_accounts
    group by org_id, category, integration_state`.execute(db);
  if (isPostgres(db)) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

const add = () => sql.raw(
  `insert into integrated_account_counts (org_id, category, integration_state, count)
   values (new.org_id, new.category, new.integration_state, 1)
   on conflict (org_id, category, integration_state) do update set count = integrated_account_counts.count + 1;`,
);
// An update, not an upsert: when the organisation itself is deleted its counts go first (cascade)
// and there is nothing left to decrement.
const remove = () => sql.raw(
  `update integrated_account_counts set count = count - 1
   where org_id = old.org_id and category = old.category and integration_state = old.integration_state;`,
);

async function sqliteTriggers(db: Kysely<any>): Promise<void> {
  await sql`create trigger integrated_account_counts_insert after insert on integrated_accounts
    begin ${add()} end`.execute(db);
  await sql`create trigger integrated_account_counts_delete after delete on integrated_accounts
    begin ${remove()} end`.execute(db);
  await sql`create trigger integrated_account_counts_update after update of org_id, category, integration_state on integrated_accounts
    when old.org_id is not new.org_id or old.category is not new.category or old.integration_state is not new.integration_state
    begin ${remove()} ${add()} end`.execute(db);
}

async function postgresTriggers(db: Kysely<any>): Promise<void> {
  await sql`create function integrated_account_counts_keep() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then ${remove()} end if;
      if tg_op in ('INSERT', 'UPDATE') then ${add()} end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger integrated_account_counts_insert_delete after insert or delete on integrated_accounts
    for each row execute function integrated_account_counts_keep()`.execute(db);
  await sql`create trigger integrated_account_counts_update after update of org_id, category, integration_state on integrated_accounts
    for each row when (old.org_id is distinct from new.org_id or old.category is distinct from new.category
      or old.integration_state is distinct from new.integration_state)
    execute function integrated_account_counts_keep()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists integrated_account_counts_update on integrated_accounts`.execute(db);
    await sql`drop trigger if exists integrated_account_counts_insert_delete on integrated_accounts`.execute(db);
    await sql`drop function if exists integrated_account_counts_keep()`.execute(db);
  } else {
    for (const name of ['insert', 'delete', 'update']) await sql`drop trigger if exists ${sql.id(`integrated_account_counts_${name}`)}`.execute(db);
  }
  await db.schema.dropTable('integrated_account_counts').execute();
}
