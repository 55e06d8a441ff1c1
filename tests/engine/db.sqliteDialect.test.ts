import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../src/engine/db/database.ts';

// The engine's SQLite dialect writes integer page limits into the SQL text (db/sqliteDialect.ts):
// a bound LIMIT makes SQLite parse and plan the cached statement again on every call.
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = createDatabase({ sqliteFile: ':memory:', databaseUrl: '' });
  await sql`create table t (n integer)`.execute(handle.db);
  await sql`insert into t (n) values (1), (2), (3), (4), (5)`.execute(handle.db);
});
afterAll(() => handle?.db.destroy());

const numbers = () => (handle.db as unknown as import('kysely').Kysely<{ t: { n: number } }>).selectFrom('t').select('n').orderBy('n');

describe('SQLite page limits as literals', () => {
  it('writes an integer limit into the SQL text and binds only the other values', () => {
    const compiled = numbers().where('n', '>', 1).limit(2).compile();
    expect(compiled.sql).toMatch(/ limit 2$/);
    expect(compiled.parameters).toEqual([1]);
  });

  it('keeps the offset a parameter, so each offset does not become a statement of its own', () => {
    const compiled = numbers().limit(2).offset(3).compile();
    expect(compiled.sql).toMatch(/ limit 2 offset \?$/);
    expect(compiled.parameters).toEqual([3]);
  });

  it('pages the same rows as before', async () => {
    expect(await numbers().where('n', '>', 1).limit(2).execute()).toEqual([{ n: 2 }, { n: 3 }]);
    expect(await numbers().limit(2).offset(3).execute()).toEqual([{ n: 4 }, { n: 5 }]);
    expect(await numbers().limit(10).execute()).toHaveLength(5);
  });

  it('leaves a limit that is not a safe integer to the default compiler', () => {
    const expression = numbers().limit(sql<number>`1 + 1`).compile();
    expect(expression.sql).toMatch(/ limit 1 \+ 1$/);
    const text = numbers().limit('2' as unknown as number).compile();
    expect(text.sql).toMatch(/ limit \?$/);
    expect(text.parameters).toEqual(['2']);
  });
});
