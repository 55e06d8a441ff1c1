import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers.ts';

/*
 * Row counts of a table per key, kept by triggers on that table, so every write path (API, seed,
 * another engine process) keeps them right and lists read a count instead of counting rows.
 * The counts table has the key columns and `count`; its rows are backfilled from the table.
 */
export interface CounterSpec {
  /** The counts table, created by the caller with a primary key on `key`. */
  counts: string;
  /** The counted table. */
  source: string;
  key: string[];
}

const columns = (spec: CounterSpec) => spec.key.join(', ');

const increment = (spec: CounterSpec) => sql.raw(
  `insert into ${spec.counts} (${columns(spec)}, count)
   values (${spec.key.map((k) => `new.${k}`).join(', ')}, 1)
   on conflict (${columns(spec)}) do update set count = ${spec.counts}.count + 1;`,
);

// An update, not an upsert: when a cascade deletes the counts row first there is nothing to decrement.
const decrement = (spec: CounterSpec) => sql.raw(
  `update ${spec.counts} set count = count - 1 where ${spec.key.map((k) => `${k} = old.${k}`).join(' and ')};`,
);

const changed = (spec: CounterSpec, distinct: string) => sql.raw(spec.key.map((k) => `old.${k} ${distinct} new.${k}`).join(' or '));

export async function createCounterTriggers(db: Kysely<any>, spec: CounterSpec): Promise<void> {
  await sql`insert into ${sql.table(spec.counts)} (${sql.raw(columns(spec))}, count)
    select ${sql.raw(columns(spec))}, count(*) from ${sql.table(spec.source)} group by ${sql.raw(columns(spec))}`.execute(db);
  const name = (suffix: string) => sql.id(`${spec.counts}_${suffix}`);
  const updateOf = sql.raw(spec.key.join(', '));
  if (isPostgres(db)) {
    await sql`create function ${name('keep')}() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then ${decrement(spec)} end if;
        if tg_op in ('INSERT', 'UPDATE') then ${increment(spec)} end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger ${name('insert_delete')} after insert or delete on ${sql.table(spec.source)}
      for each row execute function ${name('keep')}()`.execute(db);
    await sql`create trigger ${name('update')} after update of ${updateOf} on ${sql.table(spec.source)}
      for each row when (${changed(spec, 'is distinct from')}) execute function ${name('keep')}()`.execute(db);
    return;
  }
  await sql`create trigger ${name('insert')} after insert on ${sql.table(spec.source)} begin ${increment(spec)} end`.execute(db);
  await sql`create trigger ${name('delete')} after delete on ${sql.table(spec.source)} begin ${decrement(spec)} end`.execute(db);
  await sql`create trigger ${name('update')} after update of ${updateOf} on ${sql.table(spec.source)}
    when ${changed(spec, 'is not')} begin ${decrement(spec)} ${increment(spec)} end`.execute(db);
}

export async function dropCounterTriggers(db: Kysely<any>, spec: CounterSpec): Promise<void> {
  const name = (suffix: string) => sql.id(`${spec.counts}_${suffix}`);
  if (isPostgres(db)) {
    await sql`drop trigger if exists ${name('update')} on ${sql.table(spec.source)}`.execute(db);
    await sql`drop trigger if exists ${name('insert_delete')} on ${sql.table(spec.source)}`.execute(db);
    await sql`drop function if exists ${name('keep')}()`.execute(db);
    return;
  }
  for (const suffix of ['insert', 'delete', 'update']) await sql`drop trigger if exists ${name(suffix)}`.execute(db);
}
