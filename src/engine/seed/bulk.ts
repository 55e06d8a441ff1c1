import { CompiledQuery, type InsertType, type Kysely, sql } from 'kysely';
import { type DialectName, MAX_BIND_PARAMETERS } from '../db/dialect.ts';
import type { Database, TableName } from '../db/schema.ts';

/*
 * Bulk loading for the seed. Rows are plain arrays in a fixed column order (no per-row objects
 * or query builders: at a million rows those dominate), written as multi-row INSERTs with as
 * many rows per statement as SQLite's parameter limit allows, or as column arrays through
 * unnest on PostgreSQL. The SQL text is built once per (table, row count) and reused.
 * The loader is typed by its load plan: a row is a tuple typed column by column from the
 * Database interface, so a value in the wrong position fails the typecheck.
 */

/** Columns of `table`, in the order a bulk row lists their values. */
type BulkColumns<T extends TableName> = readonly (keyof Database[T] & string)[];

/** The tables a load writes, with their columns; key order is write order (parents first). */
export type LoadPlan = { readonly [T in TableName]?: BulkColumns<T> };

/** One row of `table` for `columns`: each value typed as its column takes it on insert. */
export type BulkRow<T extends TableName, C extends BulkColumns<T>> = {
  -readonly [K in keyof C]: InsertType<Database[T][C[K] & keyof Database[T]]>;
};

/** One row of a planned table, as its plan lists the columns. */
export type PlannedRow<P extends LoadPlan, T extends keyof P & TableName> = P[T] extends BulkColumns<T> ? BulkRow<T, P[T]> : never;

/** Rows per PostgreSQL unnest insert. */
const PG_ROWS_PER_STATEMENT = 5_000;

/** Rows buffered before a flush: many full-size statements per flush, bounded memory. */
const FLUSH_ROWS = 40_000;

type Progress = (line: string) => void;

interface Buffer {
  columns: readonly string[];
  rows: unknown[][];
}

export class BulkLoader<P extends LoadPlan> {
  private readonly buffers = new Map<TableName, Buffer>();
  private readonly statements = new Map<string, string>();
  private readonly types = new Map<string, string[]>();
  private buffered = 0;
  /** Rows written per table. */
  readonly counts: Partial<Record<TableName, number>> = {};
  private readonly started = Date.now();
  private lastReport = Date.now();
  private written = 0;

  constructor(
    private readonly db: Kysely<Database>,
    readonly dialect: DialectName,
    plan: P,
    private readonly progress?: Progress,
  ) {
    for (const [table, columns] of Object.entries(plan) as [TableName, readonly string[]][]) this.buffers.set(table, { columns, rows: [] });
  }

  /** Buffers one row of a planned table; its values follow the plan's column order. */
  add<T extends keyof P & TableName>(table: T, row: PlannedRow<P, T>): void {
    const buffer = this.buffers.get(table);
    if (!buffer) throw new Error(`bulk: table ${table} not planned`);
    buffer.rows.push(row as unknown as unknown[]);
    this.buffered++;
  }

  /** Flushes once enough rows are buffered; call between units of generation work. */
  async maybeFlush(): Promise<void> {
    if (this.buffered >= FLUSH_ROWS) await this.flush();
  }

  /**
   * Writes every buffered row, tables in declaration order (parents before children). The caller
   * runs the whole load in one transaction (seedDemo), so a flush is just statements: on SQLite
   * a commit per flush would rewrite every touched index page into the WAL each time.
   */
  async flush(): Promise<void> {
    if (this.buffered === 0) return;
    const work = [...this.buffers.entries()].filter(([, b]) => b.rows.length > 0);
    await this.write(this.db, work);
    for (const [table, buffer] of work) {
      this.counts[table] = (this.counts[table] ?? 0) + buffer.rows.length;
      this.written += buffer.rows.length;
      buffer.rows = [];
    }
    this.buffered = 0;
    this.report();
  }

  private async write(db: Kysely<Database>, work: [TableName, Buffer][]): Promise<void> {
    for (const [table, buffer] of work) {
      if (this.dialect === 'postgres') {
        await this.writeColumns(db, table, buffer);
        continue;
      }
      const perStatement = Math.floor(MAX_BIND_PARAMETERS.sqlite / buffer.columns.length);
      for (let i = 0; i < buffer.rows.length; i += perStatement) {
        const chunk = buffer.rows.slice(i, i + perStatement);
        const params: unknown[] = [];
        for (const row of chunk) for (const v of row) params.push(v);
        await db.executeQuery(CompiledQuery.raw(this.statement(table, buffer.columns, chunk.length), params));
      }
    }
  }

  /**
   * PostgreSQL: one array parameter per column, `insert ... select * from unnest($1::int8[], ...)`.
   * Parsing and binding 16 arrays costs the server far less than 65,535 scalar placeholders, and
   * the parameter limit no longer caps the rows per statement.
   */
  private async writeColumns(db: Kysely<Database>, table: TableName, buffer: Buffer): Promise<void> {
    const types = await this.columnTypes(db, table, buffer.columns);
    const cols = buffer.columns.map((c) => `"${c}"`).join(', ');
    const arrays = types.map((t, i) => `$${i + 1}::${t}[]`).join(', ');
    const text = `insert into "${table}" (${cols}) select * from unnest(${arrays})`;
    for (let i = 0; i < buffer.rows.length; i += PG_ROWS_PER_STATEMENT) {
      const chunk = buffer.rows.slice(i, i + PG_ROWS_PER_STATEMENT);
      const params = buffer.columns.map((_, c) => chunk.map((row) => row[c]));
      await db.executeQuery(CompiledQuery.raw(text, params));
    }
  }

  /** Element types of the columns (udt names: int8, int4, text, ...), read once per table. */
  private async columnTypes(db: Kysely<Database>, table: string, columns: readonly string[]): Promise<string[]> {
    const cached = this.types.get(table);
    if (cached) return cached;
    const { rows } = await sql<{ column_name: string; udt_name: string }>`
      select column_name, udt_name from information_schema.columns
      where table_schema = current_schema() and table_name = ${table}`.execute(db);
    const byName = new Map(rows.map((r) => [r.column_name, r.udt_name]));
    const types = columns.map((c) => {
      const t = byName.get(c);
      if (!t) throw new Error(`bulk: ${table}.${c} not found`);
      return t;
    });
    this.types.set(table, types);
    return types;
  }

  private statement(table: string, columns: readonly string[], rows: number): string {
    const key = `${table}:${rows}`;
    let text = this.statements.get(key);
    if (text) return text;
    const cols = columns.map((c) => `"${c}"`).join(', ');
    const tuples: string[] = [];
    let n = 0;
    for (let r = 0; r < rows; r++) {
      const marks: string[] = [];
      for (let c = 0; c < columns.length; c++) marks.push(this.dialect === 'postgres' ? `$${++n}` : '?');
      tuples.push(`(${marks.join(', ')})`);
    }
    text = `insert into "${table}" (${cols}) values ${tuples.join(', ')}`;
    // Keep full-size statements only: the last chunk of each flush has a one-off size.
    if (this.statements.size < 64) this.statements.set(key, text);
    return text;
  }

  private report(force = false): void {
    if (!this.progress) return;
    const now = Date.now();
    if (!force && now - this.lastReport < 2_000) return;
    this.lastReport = now;
    const seconds = Math.max((now - this.started) / 1000, 0.001);
    const rate = Math.round(this.written / seconds).toLocaleString('en-US');
    this.progress(`  ${this.written.toLocaleString('en-US')} rows written, ${rate} rows/s`);
  }

  /** Final progress line. */
  done(): void {
    this.report(true);
  }
}

/**
 * Insert-or-update of reference rows by primary key, in chunks under the parameter limit.
 * Reference data is reloaded at every engine start, so a changed label or status replaces the
 * stored one and an unchanged row stays as it is.
 */
export async function upsertRows(
  db: Kysely<any>,
  dialect: DialectName,
  table: string,
  key: readonly string[],
  rows: Record<string, unknown>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]);
  const updates = columns.filter((c) => !key.includes(c));
  const perStatement = Math.floor(MAX_BIND_PARAMETERS[dialect] / columns.length);
  for (let i = 0; i < rows.length; i += perStatement) {
    const chunk = rows.slice(i, i + perStatement);
    await db
      .insertInto(table)
      .values(chunk)
      .onConflict((oc) => {
        const target = oc.columns(key as string[]);
        if (updates.length === 0) return target.doNothing();
        return target.doUpdateSet((eb) =>
          Object.fromEntries(updates.map((c) => [c, eb.ref(`excluded.${c}`)])),
        );
      })
      .execute();
  }
}
