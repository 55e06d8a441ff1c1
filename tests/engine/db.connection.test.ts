import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, isPostgresUrl } from '../../src/engine/db/database.ts';
import { newId } from '../../src/engine/db/ids.ts';

const dir = mkdtempSync(join(tmpdir(), 'engine-db-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('createDatabase', () => {
  it('picks PostgreSQL only for postgres URLs', () => {
    expect(isPostgresUrl('postgres://u@h/db')).toBe(true);
    expect(isPostgresUrl('postgresql://u@h/db')).toBe(true);
    expect(isPostgresUrl('')).toBe(false);
    expect(isPostgresUrl(undefined)).toBe(false);
    expect(isPostgresUrl('file:data/x.sqlite')).toBe(false);
  });

  it('opens a SQLite file in a new folder with WAL, foreign keys and a busy timeout', async () => {
    const file = join(dir, 'nested', 'engine.sqlite');
    const { db, dialect } = createDatabase({ databaseUrl: '', sqliteFile: file });
    try {
      expect(dialect).toBe('sqlite');
      const pragma = async (name: string) =>
        Object.values((await sql.raw(`pragma ${name}`).execute(db)).rows[0] as object)[0];
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('foreign_keys')).toBe(1);
      expect(await pragma('busy_timeout')).toBe(5000);
    } finally {
      await db.destroy();
    }
  });

  it.runIf(isPostgresUrl(process.env.DATABASE_URL))('parses int8 and numeric from PostgreSQL as numbers', async () => {
    const { db, dialect } = createDatabase({ poolSize: 1 });
    try {
      expect(dialect).toBe('postgres');
      const { rows } = await sql<{ big: number; n: number; s: number }>`
        select 1795000000000::bigint as big, count(*) as n, sum(x) as s
        from (values (1::bigint), (2::bigint)) as t(x)`.execute(db);
      expect(rows[0]).toEqual({ big: 1_795_000_000_000, n: 2, s: 3 });
      await expect(sql`select 9007199254740993::bigint as big`.execute(db)).rejects.toThrow(/2\^53/);
    } finally {
      await db.destroy();
    }
  });
});

describe('newId', () => {
  it('makes prefixed, unique, url-safe ids', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newId('org')));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^org_[0-9a-hjkmnp-tv-z]{24}$/);
  });
});
