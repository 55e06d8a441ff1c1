import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers.ts';

/*
 * Row counts (or column sums) of a table per key, kept by triggers on that table, so every write
 * path (API, seed, another engine process) keeps them right and lists read one row instead of
 * counting or summing many. The totals table has the key columns and one column per total; its
 * rows are backfilled from the table.
 */
export interface CounterSpec {
  /** The totals table, created by the caller with a primary key on `key`. */
  counts: string;
  /** The counted table. */
  source: string;
  key: string[];
  /** Columns of `source` summed into same-named columns; without it, rows are counted into `count`. */
  sums?: string[];
}

const columns = (spec: CounterSpec) => spec.key.join(', ');
const totals = (spec: CounterSpec) => spec.sums ?? ['count'];
/** What one row of the source adds to a total. */
const addend = (spec: CounterSpec, row: 'new' | 'old', total: string) => (spec.sums ? `${row}.${total}` : '1');

const increment = (spec: CounterSpec) => sql.raw(
  `insert into ${spec.counts} (${columns(spec)}, ${totals(spec).join(', ')})
   values (${[...spec.key.map((k) => `new.${k}`), ...totals(spec).map((t) => addend(spec, 'new', t))].join(', ')})
   on conflict (${columns(spec)}) do update set ${totals(spec).map((t) => `${t} = ${spec.counts}.${t} + ${addend(spec, 'new', t)}`).join(', ')};`,
);

// An update, not an upsert: when a cascade deletes the totals row first there is nothing to decrement.
const decrement = (spec: CounterSpec) => sql.raw(
  `update ${spec.counts} set ${totals(spec).map((t) => `${t} = ${t} - ${addend(spec, 'old', t)}`).join(', ')}
   where ${spec.key.map((k) => `${k} = old.${k}`).join(' and ')};`,
);

/** The columns whose change moves a total: the key, and the summed columns. */
const watched = (spec: CounterSpec) => [...spec.key, ...(spec.sums ?? [])];
const changed = (spec: CounterSpec, distinct: string) => sql.raw(watched(spec).map((k) => `old.${k} ${distinct} new.${k}`).join(' or '));

export async function createCounterTriggers(db: Kysely<any>, spec: CounterSpec): Promise<void> {
  const aggregates = spec.sums ? spec.sums.map((c) => `coalesce(sum(${c}), 0)`).join(', ') : 'count(*)';
  await sql`insert into ${sql.table(spec.counts)} (${sql.raw(columns(spec))}, ${sql.raw(totals(spec).join(', '))})
    select ${sql.raw(columns(spec))}, ${sql.raw(aggregates)} from ${sql.table(spec.source)} group by ${sql.raw(columns(spec))}`.execute(db);
  const name = (suffix: string) => sql.id(`${spec.counts}_${suffix}`);
  const updateOf = sql.raw(watched(spec).join(', '));
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
