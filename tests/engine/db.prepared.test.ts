import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDatabase, isPostgresUrl } from '../../src/engine/db/database.ts';

// PostgreSQL only (scripts/pg-test.sh): data queries are named prepared statements per connection.
const url = process.env.DATABASE_URL;

describe.skipIf(!isPostgresUrl(url))('PostgreSQL prepared statements', () => {
  it('prepares a data query once per connection and keeps DDL unnamed', async () => {
    const { db } = createDatabase({ databaseUrl: url, poolSize: 1 });
    try {
      await sql`create temporary table prepared_probe (n integer)`.execute(db);
      for (const n of [1, 2, 3]) await db.insertInto('prepared_probe' as never).values({ n } as never).execute();
      const read = (min: number) => db.selectFrom('prepared_probe' as never).select(sql<number>`n`.as('n')).where(sql`n`, '>=', min).execute();
      expect(await read(2)).toEqual([{ n: 2 }, { n: 3 }]);
      expect(await read(3)).toEqual([{ n: 3 }]);
      // A union opening with its first part in parentheses is a data query too.
      const union = await sql<{ n: number }>`(select n from prepared_probe where n = ${1}) union all (select n from prepared_probe where n = ${3})`.execute(db);
      expect(union.rows).toEqual([{ n: 1 }, { n: 3 }]);
      const prepared = await sql<{ statement: string }>`select statement from pg_prepared_statements where name like 'k\_%'`.execute(db);
      const statements = prepared.rows.map((r) => r.statement);
      expect(statements.filter((s) => s.startsWith('insert'))).toHaveLength(1);
      expect(statements.filter((s) => s.startsWith('select') && s.includes('prepared_probe'))).toHaveLength(1);
      expect(statements.filter((s) => s.startsWith('(select') && s.includes('union all'))).toHaveLength(1);
      expect(statements.some((s) => s.startsWith('create'))).toBe(false);
      // Their plans stay generic: no re-planning per call.
      expect((await sql<{ plan_cache_mode: string }>`show plan_cache_mode`.execute(db)).rows[0]?.plan_cache_mode).toBe('force_generic_plan');
      // No parallel plans: the logs' UNION ALL pages need their parts run in order.
      expect((await sql<{ max_parallel_workers_per_gather: string }>`show max_parallel_workers_per_gather`.execute(db)).rows[0]?.max_parallel_workers_per_gather).toBe('0');
    } finally {
      await db.destroy();
    }
  });
});
