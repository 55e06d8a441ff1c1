import { sql, type SqlBool, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anyMatchesIgnoringCase,
  containsPattern,
  dialectOf,
  equalsIgnoringCase,
  isPostgres,
  matchesIgnoringCase,
  startsWithPattern,
} from '../../src/engine/db/dialect.ts';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase.ts';

// Runs on SQLite by default and on PostgreSQL under scripts/pg-test.sh: every expectation is the
// same on both, which is the point of the dialect module.

const ROWS = [
  { id: 'D1', label: 'Payroll', description: 'Salaries and PAYSLIPS' },
  { id: 'D2', label: 'PREPAY cards', description: null },
  { id: 'D3', label: '50% off', description: 'snake_case' },
  { id: 'D4', label: '500 off', description: 'snakeXcase' },
  { id: 'D5', label: 'back\\slash', description: 'Human Resources' },
];

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await t.db.insertInto('categories').values(ROWS.map((row, position) => ({ ...row, position }))).execute();
});
afterAll(() => t?.cleanup());

/** Ids of the test rows the condition selects, sorted. */
async function idsWhere(condition: RawBuilder<SqlBool>): Promise<string[]> {
  const rows = await t.db.selectFrom('categories').select('id')
    .where('id', 'in', ROWS.map((row) => row.id)).where(condition).orderBy('id').execute();
  return rows.map((row) => row.id);
}

const contains = (search: string) => containsPattern(search)!;

describe('the dialect of a handle', () => {
  it('is the one the test database runs on', () => {
    expect(dialectOf(t.db)).toBe(t.dialect);
    expect(isPostgres(t.db)).toBe(t.dialect === 'postgres');
  });
});

describe('case-insensitive text matching (db/dialect)', () => {
  it('builds no pattern for a blank search, and trims the search', () => {
    expect(containsPattern(undefined)).toBeUndefined();
    expect(containsPattern('   ')).toBeUndefined();
    expect(containsPattern('  PAY ')).toBe('%pay%');
  });

  it('finds a search anywhere in the column, whatever the case of either', async () => {
    expect(await idsWhere(matchesIgnoringCase('label', contains('pay')))).toEqual(['D1', 'D2']);
    expect(await idsWhere(matchesIgnoringCase('label', contains('PaYr')))).toEqual(['D1']);
    expect(await idsWhere(matchesIgnoringCase('description', contains('payslips')))).toEqual(['D1']);
  });

  it('takes %, _ and \\ in the search literally', async () => {
    expect(await idsWhere(matchesIgnoringCase('label', contains('50%')))).toEqual(['D3']);
    expect(await idsWhere(matchesIgnoringCase('description', contains('SNAKE_')))).toEqual(['D3']);
    expect(await idsWhere(matchesIgnoringCase('label', contains('K\\S')))).toEqual(['D5']);
  });

  it('matches a prefix only at the start', async () => {
    expect(await idsWhere(matchesIgnoringCase('label', startsWithPattern('PAY')))).toEqual(['D1']);
    expect(await idsWhere(matchesIgnoringCase('label', startsWithPattern('prep')))).toEqual(['D2']);
    expect(await idsWhere(matchesIgnoringCase('label', startsWithPattern('50_')))).toEqual([]);
  });

  it('matches any of several columns, a null column matching nothing', async () => {
    expect(await idsWhere(anyMatchesIgnoringCase(['label', 'description'], contains('hUMAN')))).toEqual(['D5']);
    expect(await idsWhere(anyMatchesIgnoringCase(['label', 'description'], contains('pay')))).toEqual(['D1', 'D2']);
    expect(await idsWhere(anyMatchesIgnoringCase(['description'], contains('cards')))).toEqual([]);
  });

  it('compares whole values ignoring case', async () => {
    expect(await idsWhere(equalsIgnoringCase('label', 'PAYROLL'))).toEqual(['D1']);
    expect(await idsWhere(equalsIgnoringCase('label', 'prepay CARDS'))).toEqual(['D2']);
    expect(await idsWhere(equalsIgnoringCase('label', 'payrol'))).toEqual([]);
  });

  // Why the module lower-cases both sides: a bare LIKE answers differently on the two databases.
  it('differs from a bare LIKE, which ignores case only on SQLite', async () => {
    const bare = await idsWhere(sql<SqlBool>`label like ${'%pay%'}`);
    expect(bare).toEqual(t.dialect === 'postgres' ? [] : ['D1', 'D2']);
  });
});
