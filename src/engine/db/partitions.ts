import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect.ts';

/**
 * Time partitions of the log tables. On PostgreSQL each log table is range-partitioned by its ms
 * timestamp into monthly partitions `<table>_pYYYYMM` plus a default partition (migrations create
 * the default), so retention is a partition drop instead of a delete of millions of rows.
 * On SQLite these functions fall back to plain deletes and no-ops.
 */
const PARTITIONED_TABLES = {
  api_logs: 'request_ts',
  webhook_logs: 'ts',
  webhook_records: 'request_ts',
  native_calls: 'ts',
  sync_records: 'dispatched_at',
  api_log_bodies: 'ts',
} as const;

type PartitionedTable = keyof typeof PARTITIONED_TABLES;

const TABLES = Object.keys(PARTITIONED_TABLES) as PartitionedTable[];

/** Start (UTC ms) of the month, and so of the monthly partition, that holds ms. */
export function monthStartOf(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

/** UTC month starts (ms) covering [fromMs, toMs]. */
export function monthStarts(fromMs: number, toMs: number): number[] {
  const out: number[] = [];
  const d = new Date(fromMs);
  let cur = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  while (cur <= toMs) {
    out.push(cur);
    const c = new Date(cur);
    cur = Date.UTC(c.getUTCFullYear(), c.getUTCMonth() + 1, 1);
  }
  return out;
}

function nextMonth(startMs: number): number {
  const c = new Date(startMs);
  return Date.UTC(c.getUTCFullYear(), c.getUTCMonth() + 1, 1);
}

export function partitionName(table: PartitionedTable, monthStartMs: number): string {
  const d = new Date(monthStartMs);
  return `${table}_p${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/**
 * Makes sure every month in [fromMs, toMs] has its partition. Call at start (this month and the
 * next few) and from the seed before loading history. Rows already in the default partition for
 * a new month are moved into it, so this is safe to run late. Returns the partitions created.
 */
export async function ensureMonthlyPartitions(
  db: Kysely<any>,
  range: { fromMs: number; toMs: number },
  tables: readonly PartitionedTable[] = TABLES,
): Promise<string[]> {
  if (!isPostgres(db)) return [];
  const created: string[] = [];
  for (const table of tables) {
    for (const start of monthStarts(range.fromMs, range.toMs)) {
      const name = partitionName(table, start);
      if (await relationExists(db, name)) continue;
      if (await createPartition(db, table, name, start, nextMonth(start))) created.push(name);
    }
  }
  return created;
}

async function createPartition(
  db: Kysely<any>,
  table: PartitionedTable,
  name: string,
  from: number,
  to: number,
): Promise<boolean> {
  const column = sql.ref(PARTITIONED_TABLES[table]);
  const parent = sql.id(table);
  const def = sql.id(`${table}_default`);
  const part = sql.id(name);
  return db.transaction().execute(async (trx) => {
    // Engine and worker processes starting together on one database would otherwise create the
    // same partitions at once and deadlock on the parent tables: one creates, the others find it.
    await sql`select pg_advisory_xact_lock(hashtext('engine log partitions'))`.execute(trx);
    // Read from pg_class with this statement's snapshot: to_regclass may answer from a cache that
    // has not yet heard of the partition another process just committed.
    const { rows: existing } = await sql`select 1 from pg_class where relname = ${name} and relnamespace = current_schema()::regnamespace`.execute(trx);
    if (existing.length > 0) return false;
    const { rows } = await sql<{ found: number }>`
      select 1 as found from ${def} where ${column} >= ${from} and ${column} < ${to} limit 1`.execute(trx);
    if (rows.length === 0) {
      await sql`create table ${part} partition of ${parent} for values from (${sql.lit(from)}) to (${sql.lit(to)})`.execute(trx);
      return true;
    }
    // PostgreSQL refuses a new partition whose range the default already holds rows for:
    // detach the default, move those rows, reattach.
    await sql`alter table ${parent} detach partition ${def}`.execute(trx);
    await sql`create table ${part} partition of ${parent} for values from (${sql.lit(from)}) to (${sql.lit(to)})`.execute(trx);
    await sql`insert into ${part} select * from ${def} where ${column} >= ${from} and ${column} < ${to}`.execute(trx);
    await sql`delete from ${def} where ${column} >= ${from} and ${column} < ${to}`.execute(trx);
    await sql`alter table ${parent} attach partition ${def} default`.execute(trx);
    return true;
  });
}

/**
 * Retention: removes log rows older than cutoffMs. PostgreSQL drops every monthly partition that
 * ends at or before the cutoff (instant) and deletes the rest from the default partition; rows
 * in the month containing the cutoff stay until their whole month expires. SQLite deletes rows.
 */
export async function dropLogsBefore(
  db: Kysely<any>,
  cutoffMs: number,
  tables: readonly PartitionedTable[] = TABLES,
): Promise<{ droppedPartitions: string[] }> {
  const dropped: string[] = [];
  for (const table of tables) {
    const column = sql.ref(PARTITIONED_TABLES[table]);
    if (!isPostgres(db)) {
      await sql`delete from ${sql.id(table)} where ${column} < ${cutoffMs}`.execute(db);
      continue;
    }
    for (const name of await monthlyPartitions(db, table)) {
      const month = /_p(\d{4})(\d{2})$/.exec(name);
      if (!month) continue;
      const end = nextMonth(Date.UTC(Number(month[1]), Number(month[2]) - 1, 1));
      if (end <= cutoffMs) {
        await sql`drop table ${sql.id(name)}`.execute(db);
        dropped.push(name);
      }
    }
    await sql`delete from ${sql.id(`${table}_default`)} where ${column} < ${cutoffMs}`.execute(db);
  }
  return { droppedPartitions: dropped };
}

/** Monthly partitions of a table in the current schema. */
export async function monthlyPartitions(db: Kysely<any>, table: PartitionedTable): Promise<string[]> {
  if (!isPostgres(db)) return [];
  const { rows } = await sql<{ name: string }>`
    select c.relname as name
    from pg_inherits i
    join pg_class c on c.oid = i.inhrelid
    where i.inhparent = to_regclass(${table})
      and c.relname ~ '_p[0-9]{6}$'
    order by c.relname`.execute(db);
  return rows.map((r) => r.name);
}

async function relationExists(db: Kysely<any>, name: string): Promise<boolean> {
  const { rows } = await sql<{ exists: boolean }>`select to_regclass(${name}) is not null as exists`.execute(db);
  return rows[0]?.exists === true;
}

/** At engine start: partitions for this month and the next few, so live inserts skip the default. */
export function ensureUpcomingPartitions(
  db: Kysely<any>,
  now = Date.now(),
  monthsAhead = 3,
): Promise<string[]> {
  const d = new Date(now);
  const toMs = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + monthsAhead, 1);
  return ensureMonthlyPartitions(db, { fromMs: now, toMs });
}
