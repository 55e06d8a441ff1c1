import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonRowArrays, jsonRowArraysText, parseJsonRows } from '../../src/engine/db/jsonRows.ts';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await t.db.insertInto('categories').values([
    { id: 'T1', label: 'One', description: null, position: 2 },
    { id: 'T2', label: 'Two', description: 'second', position: 1 },
  ]).execute();
});
afterAll(() => t?.cleanup());

describe('rows of a correlated subquery as one JSON column (db/jsonRows)', () => {
  it('carries each outer row its rows as positional arrays, numbers and nulls kept, and [] when none match', async () => {
    const rows = await t.db.selectFrom('categories as c')
      .select(['c.id', (eb) => eb.selectFrom('categories as x')
        .select(jsonRowArrays(t.db, ['x.id', 'x.description', 'x.position']).as('rows'))
        .where('x.position', '<=', eb.ref('c.position'))
        .as('atOrBefore')])
      .where('c.id', 'in', ['T1', 'T2'])
      .orderBy('c.id')
      .execute();
    const parsed = rows.map((r) => [r.id, parseJsonRows<[string, string | null, number]>(r.atOrBefore).sort()]);
    expect(parsed).toEqual([['T1', [['T1', null, 2], ['T2', 'second', 1]]], ['T2', [['T2', 'second', 1]]]]);

    const none = await t.db.selectFrom('categories as c')
      .select((eb) => eb.selectFrom('categories as x').select(jsonRowArrays(t.db, ['x.id']).as('rows')).where('x.id', '=', 'missing').as('rows'))
      .where('c.id', '=', 'T1')
      .executeTakeFirstOrThrow();
    expect(parseJsonRows(none.rows)).toEqual([]);
    expect(parseJsonRows(null)).toEqual([]);
  });

  it('carries a whole query as JSON text on every row, parsed once, and [] when it has no rows', async () => {
    const rows = await t.db.selectFrom('categories as c')
      .select(['c.id', jsonRowArraysText(t.db, t.db.selectFrom('categories').select(['id', 'position']).where('id', 'in', ['T1', 'T2']), ['id', 'position']).as('all')])
      .where('c.id', 'in', ['T1', 'T2'])
      .execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(typeof row.all).toBe('string');
      expect(parseJsonRows<[string, number]>(row.all).sort()).toEqual([['T1', 2], ['T2', 1]]);
    }
    const none = await t.db.selectFrom('categories as c')
      .select(jsonRowArraysText(t.db, t.db.selectFrom('categories').select('id').where('id', '=', 'missing'), ['id']).as('all'))
      .where('c.id', '=', 'T1')
      .executeTakeFirstOrThrow();
    expect(parseJsonRows(none.all)).toEqual([]);
  });
});
