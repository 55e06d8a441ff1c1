import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from '../../src/engine/db/statementCache.ts';

function counting() {
  const raw = new SQLite(':memory:');
  const prepared: string[] = [];
  return {
    prepared,
    database: { close: () => raw.close(), prepare: (sql: string) => { prepared.push(sql); return raw.prepare(sql); } },
  };
}

describe('withStatementCache', () => {
  it('prepares each SQL text once and binds new values on reuse', () => {
    const { database, prepared } = counting();
    const cached = withStatementCache(database);
    cached.prepare('create table t (n integer)').run([]);
    for (const n of [1, 2, 3]) cached.prepare('insert into t (n) values (?)').run([n]);
    expect(cached.prepare('select n from t where n >= ? order by n').all([2])).toEqual([{ n: 2 }, { n: 3 }]);
    expect(cached.prepare('select n from t where n >= ? order by n').all([3])).toEqual([{ n: 3 }]);
    expect(prepared.filter((sql) => sql.startsWith('insert'))).toHaveLength(1);
    expect(prepared.filter((sql) => sql.startsWith('select'))).toHaveLength(1);
  });

  it('forgets the least recently used statement beyond its capacity', () => {
    const { database, prepared } = counting();
    const cached = withStatementCache(database, 2);
    cached.prepare('select 1').all([]);
    cached.prepare('select 2').all([]);
    cached.prepare('select 1').all([]);
    cached.prepare('select 3').all([]); // evicts 'select 2'
    cached.prepare('select 1').all([]);
    cached.prepare('select 2').all([]);
    expect(prepared).toEqual(['select 1', 'select 2', 'select 3', 'select 2']);
  });

  it('streams on a statement of its own, so the cached one stays usable mid-stream', () => {
    const { database } = counting();
    const cached = withStatementCache(database);
    cached.prepare('create table t (n integer)').run([]);
    for (const n of [1, 2]) cached.prepare('insert into t (n) values (?)').run([n]);
    const select = 'select n from t order by n';
    const seen: unknown[] = [];
    for (const row of cached.prepare(select).iterate([])) seen.push(row, cached.prepare(select).all([]).length);
    expect(seen).toEqual([{ n: 1 }, 2, { n: 2 }, 2]);
  });

  it('returns the rows better-sqlite3 returns as objects, duplicate names included', () => {
    const { database } = counting();
    const cached = withStatementCache(database);
    cached.prepare('create table t (n integer, s text, b blob)').run([]);
    cached.prepare('insert into t values (?, ?, ?), (?, ?, ?)').run([1, 'a"b', Buffer.from([1]), null, 'x', null]);
    const select = 'select n, s, b, n as "we\'ird ""name""", s as n from t order by rowid';
    const direct = new SQLite(':memory:');
    direct.exec('create table t (n integer, s text, b blob)');
    direct.prepare('insert into t values (?, ?, ?), (?, ?, ?)').run(1, 'a"b', Buffer.from([1]), null, 'x', null);
    expect(cached.prepare(select).all([])).toEqual(direct.prepare(select).all());
    expect(cached.prepare(select).all([])[0]).toEqual({ n: 'a"b', s: 'a"b', b: Buffer.from([1]), 'we\'ird "name"': 1 });
    expect(cached.prepare('select n from t where n > ?').all([5])).toEqual([]);
  });

  it('reads the new columns of a cached statement after the schema changes', () => {
    const { database } = counting();
    const cached = withStatementCache(database);
    cached.prepare('create table t (n integer)').run([]);
    cached.prepare('insert into t values (?)').run([1]);
    expect(cached.prepare('select * from t').all([])).toEqual([{ n: 1 }]);
    cached.prepare('alter table t add column m integer default 7').run([]);
    expect(cached.prepare('select * from t').all([])).toEqual([{ n: 1, m: 7 }]);
    cached.prepare('alter table t rename column m to k').run([]);
    expect(cached.prepare('select * from t').all([])).toEqual([{ n: 1, k: 7 }]);
  });
});
