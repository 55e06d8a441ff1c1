import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateDownAll, migrateToLatest } from '../../src/engine/db/migrate.ts';
import type { TableName } from '../../src/engine/db/schema.ts';
import { migrations } from '../../src/engine/migrations/index.ts';
import { insertOrder, insertSampleRows, sampleRows } from '../support/sampleRows/index.ts';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase.ts';

// Runs on SQLite by default and on PostgreSQL under scripts/pg-test.sh (DATABASE_URL).

let current: TestDatabase | undefined;
afterEach(async () => {
  await current?.cleanup();
  current = undefined;
});

async function fresh(options?: { migrate?: boolean }): Promise<TestDatabase> {
  current = await createTestDatabase(options);
  return current;
}

/** Application tables of this test database, without pg partitions and Kysely's own tables. */
async function appTables(t: TestDatabase): Promise<Map<string, string[]>> {
  const tables = await t.db.introspection.getTables();
  const out = new Map<string, string[]>();
  for (const table of tables) {
    if (t.schema && table.schema !== t.schema) continue;
    if (/_(default|p\d{6})$/.test(table.name)) continue;
    out.set(table.name, table.columns.map((c) => c.name).sort());
  }
  return out;
}

describe('migrations', () => {
  it('go up, down and up again on this dialect', async () => {
    const t = await fresh({ migrate: false });
    const names = Object.keys(migrations);

    const up = await migrateToLatest(t.db);
    expect(up.map((r) => [r.migrationName, r.direction, r.status])).toEqual(
      names.map((n) => [n, 'Up', 'Success']),
    );
    expect([...(await appTables(t)).keys()].sort()).toEqual([...insertOrder].sort());

    const down = await migrateDownAll(t.db);
    expect(down.map((r) => r.migrationName)).toEqual([...names].reverse());
    expect(down.every((r) => r.direction === 'Down' && r.status === 'Success')).toBe(true);
    expect([...(await appTables(t)).keys()]).toEqual([]);

    await migrateToLatest(t.db);
    expect((await appTables(t)).size).toBe(insertOrder.length);
    // Idempotent: nothing left to run.
    expect(await migrateToLatest(t.db)).toEqual([]);
  });

  it('create exactly the columns schema.ts declares', async () => {
    const t = await fresh();
    const tables = await appTables(t);
    for (const table of insertOrder) {
      expect({ table, columns: tables.get(table) }).toEqual({
        table,
        columns: Object.keys(sampleRows[table]).sort(),
      });
    }
  });
});

describe('column types', () => {
  it('round-trip every column of every table unchanged', async () => {
    const t = await fresh();
    await insertSampleRows(t.db);
    for (const table of insertOrder) {
      const rows = await t.db.selectFrom(table as TableName).selectAll().execute();
      expect({ table, rows }).toEqual({ table, rows: [sampleRows[table]] });
    }
  });

  it('return booleans as 0/1 and bigints, counts and sums as numbers', async () => {
    const t = await fresh();
    await insertSampleRows(t.db);
    const org = await t.db
      .selectFrom('organisations')
      .select(['is_trial', 'is_paid', 'trial_expires_at', 'usage', 'feature_custom_mapping'])
      .where('id', '=', 'org_1')
      .executeTakeFirstOrThrow();
    expect(org).toEqual({
      is_trial: 1,
      is_paid: 0,
      trial_expires_at: 4_082_423_548_000,
      usage: 750,
      feature_custom_mapping: 0,
    });

    const log = await t.db.selectFrom('api_logs').select(['id', 'request_ts']).executeTakeFirstOrThrow();
    expect(typeof log.id).toBe('number');
    expect(typeof log.request_ts).toBe('number');

    const agg = await t.db
      .selectFrom('api_logs')
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>('native_api_call_count').as('calls'),
        eb.fn.max<number>('request_ts').as('latest'),
        sql<number>`sum(${sql.ref('request_ts')})`.as('ts_sum'),
      ])
      .executeTakeFirstOrThrow();
    expect(agg).toEqual({ n: 1, calls: 2, latest: 1_795_000_000_000, ts_sum: 1_795_000_000_000 });
  });

  it('fill boolean, counter and JSON defaults', async () => {
    const t = await fresh();
    await t.db.insertInto('organisations').values({ id: 'org_2', name: 'Bare', created_at: 1, updated_at: 1 }).execute();
    const org = await t.db.selectFrom('organisations').selectAll().where('id', '=', 'org_2').executeTakeFirstOrThrow();
    expect(org).toMatchObject({
      is_trial: 0,
      is_paid: 0,
      usage: 0,
      default_integration_type: 'test',
      consumption_parameters_json: '{}',
      billing_parameters_json: '[]',
    });
  });

  it('reject a boolean other than 0/1 and an e-mail with capitals', async () => {
    const t = await fresh();
    await insertSampleRows(t.db);
    await expect(
      t.db.updateTable('organisations').set({ is_trial: 2 as 0 }).where('id', '=', 'org_1').execute(),
    ).rejects.toThrow(/check/i);
    await expect(
      t.db
        .insertInto('users')
        .values({ ...sampleRows.users, id: 'usr_2', email: 'Bob@Acme.test' })
        .execute(),
    ).rejects.toThrow(/check/i);
  });

  it('keep e-mails unique among live users only', async () => {
    const t = await fresh();
    await insertSampleRows(t.db);
    const again = { ...sampleRows.users, id: 'usr_2' };
    await expect(t.db.insertInto('users').values(again).execute()).rejects.toThrow(/unique/i);
    await t.db.updateTable('users').set({ deleted_at: 2 }).where('id', '=', 'usr_1').execute();
    await t.db.insertInto('users').values(again).execute();
  });

  it('enforce foreign keys with cascades', async () => {
    const t = await fresh();
    await insertSampleRows(t.db);
    await expect(
      t.db.insertInto('users').values({ ...sampleRows.users, id: 'usr_9', email: 'x@y.test', org_id: 'org_missing' }).execute(),
    ).rejects.toThrow(/foreign key/i);
    await t.db.deleteFrom('integrated_accounts').where('id', '=', 'int_1').execute();
    const left = await t.db.selectFrom('mapping_fields').select('id').execute();
    expect(left).toEqual([]);
  });
});

describe('trigger-kept account counts', () => {
  const counts = (t: TestDatabase) => t.db.selectFrom('integrated_account_counts')
    .select(['org_id', 'category', 'integration_state', 'count']).where('count', '>', 0)
    .orderBy('org_id').orderBy('category').orderBy('integration_state').execute();
  const grouped = (t: TestDatabase) => t.db.selectFrom('integrated_accounts')
    .select(['org_id', 'category', 'integration_state', sql<number>`count(*)`.as('count')])
    .groupBy(['org_id', 'category', 'integration_state'])
    .orderBy('org_id').orderBy('category').orderBy('integration_state').execute()
    .then((rows) => rows.map((r) => ({ ...r, count: Number(r.count) })));

  const perCustomer = async (t: TestDatabase) => ({
    kept: await t.db.selectFrom('end_customer_account_counts').select(['org_id', 'origin_org_id', 'count']).where('count', '>', 0)
      .orderBy('org_id').orderBy('origin_org_id').execute(),
    counted: (await t.db.selectFrom('integrated_accounts').select(['org_id', 'origin_org_id', sql<number>`count(*)`.as('count')])
      .groupBy(['org_id', 'origin_org_id']).orderBy('org_id').orderBy('origin_org_id').execute()).map((r) => ({ ...r, count: Number(r.count) })),
  });

  it('follow every insert, state or category change and delete of an account', async () => {
    const t = await fresh();
    await insertSampleRows(t.db);
    const account = (id: string, state: string, category: string) => ({ ...sampleRows.integrated_accounts, id, integration_state: state, category });
    await t.db.insertInto('integrated_accounts').values([account('int_2', 'Error', 'HRIS'), account('int_3', 'Success', 'ATS')]).execute();
    expect(await counts(t)).toEqual(await grouped(t));
    expect(await counts(t)).toHaveLength(3);

    await t.db.updateTable('integrated_accounts').set({ integration_state: 'Deactivated' }).where('id', '=', 'int_2').execute();
    await t.db.updateTable('integrated_accounts').set({ category: 'HRIS', origin_org_id: 'cust-3' }).where('id', '=', 'int_3').execute();
    // A write that changes neither key column leaves the counts alone.
    await t.db.updateTable('integrated_accounts').set({ done_by: 'Grace' }).execute();
    expect(await counts(t)).toEqual(await grouped(t));
    expect(await counts(t)).toEqual([
      { org_id: 'org_1', category: 'HRIS', integration_state: 'Deactivated', count: 1 },
      { org_id: 'org_1', category: 'HRIS', integration_state: 'Success', count: 2 },
    ]);

    const customers = await perCustomer(t);
    expect(customers.kept).toEqual(customers.counted);
    expect(customers.kept).toEqual([{ org_id: 'org_1', origin_org_id: 'cust-1', count: 2 }, { org_id: 'org_1', origin_org_id: 'cust-3', count: 1 }]);

    await t.db.deleteFrom('integrated_accounts').where('id', 'in', ['int_1', 'int_2']).execute();
    expect(await counts(t)).toEqual([{ org_id: 'org_1', category: 'HRIS', integration_state: 'Success', count: 1 }]);
    expect((await perCustomer(t)).kept).toEqual([{ org_id: 'org_1', origin_org_id: 'cust-3', count: 1 }]);
  });

  it('count served end customers per organisation as their accounts come and go', async () => {
    const t = await fresh();
    await insertSampleRows(t.db);
    const served = async () => (await t.db.selectFrom('served_organization_counts').select('count').where('org_id', '=', 'org_1').executeTakeFirst())?.count;
    const counted = async () => Number((await t.db.selectFrom('integrated_accounts').select(sql<number>`count(distinct origin_org_id)`.as('n')).where('org_id', '=', 'org_1').executeTakeFirstOrThrow()).n);
    const account = (id: string, customer: string) => ({ ...sampleRows.integrated_accounts, id, origin_org_id: customer });
    expect(await served()).toBe(1);
    await t.db.insertInto('integrated_accounts').values([account('int_2', 'cust-1'), account('int_3', 'cust-2'), account('int_4', 'cust-3')]).execute();
    expect(await served()).toBe(3);
    // A customer's second account does not count twice; moving its last account away uncounts it.
    await t.db.updateTable('integrated_accounts').set({ origin_org_id: 'cust-1' }).where('id', '=', 'int_4').execute();
    expect(await served()).toBe(2);
    await t.db.deleteFrom('integrated_accounts').where('id', 'in', ['int_1', 'int_2', 'int_4']).execute();
    expect(await served()).toBe(1);
    expect(await served()).toBe(await counted());
    // A customer whose counts row went to 0 and comes back is counted again.
    await t.db.insertInto('integrated_accounts').values(account('int_5', 'cust-1')).execute();
    expect(await served()).toBe(2);
    expect(await served()).toBe(await counted());
  });

  it('keep all-time usage sums per end customer and integration through inserts, updates and deletes', async () => {
    const t = await fresh();
    await insertSampleRows(t.db);
    const COLUMNS = ['api_calls', 'events_emitted', 'events_consumed', 'issues'] as const;
    const kept = () => t.db.selectFrom('usage_totals').select(['origin_org_id', 'integration_id', ...COLUMNS])
      .where(sql<boolean>`api_calls + events_emitted + events_consumed + issues > 0`)
      .orderBy('origin_org_id').orderBy('integration_id').execute();
    const summed = async () => (await t.db.selectFrom('usage_daily')
      .select(['origin_org_id', 'integration_id', ...COLUMNS.map((c) => sql<number>`sum(${sql.ref(c)})`.as(c))])
      .groupBy(['origin_org_id', 'integration_id']).orderBy('origin_org_id').orderBy('integration_id').execute())
      .map((r) => ({ ...r, ...Object.fromEntries(COLUMNS.map((c) => [c, Number(r[c])])) }));
    const day = (d: number, integration: string, calls: number) => ({ ...sampleRows.usage_daily, day: Date.UTC(2026, 10, d), integration_id: integration, api_calls: calls });
    await t.db.insertInto('usage_daily').values([day(20, 'int_1', 7), day(21, 'int_1', 3), day(21, 'int_2', 100)]).execute();
    expect(await kept()).toEqual(await summed());
    expect((await kept())[0]).toMatchObject({ integration_id: 'int_1', api_calls: 20, events_emitted: 15, issues: 3 });

    // Counters move (the day's upsert), rows move to another integration, rows go.
    await t.db.updateTable('usage_daily').set({ api_calls: 50, issues: 0 }).where('integration_id', '=', 'int_2').execute();
    await t.db.updateTable('usage_daily').set({ integration_id: 'int_2' }).where('day', '=', Date.UTC(2026, 10, 20)).execute();
    await t.db.updateTable('usage_daily').set({ native_api_calls: 99 }).execute();
    expect(await kept()).toEqual(await summed());
    await t.db.deleteFrom('usage_daily').where('integration_id', '=', 'int_1').execute();
    expect(await kept()).toEqual(await summed());
    expect(await kept()).toEqual([{ origin_org_id: 'cust-1', integration_id: 'int_2', api_calls: 57, events_emitted: 10, events_consumed: 8, issues: 1 }]);
    // The per-end-customer totals move with the same writes.
    await t.db.insertInto('usage_daily').values({ ...day(23, 'int_1', 3), origin_org_id: 'cust-2' }).execute();
    await t.db.updateTable('usage_daily').set({ origin_org_id: 'cust-2' }).where('day', '=', Date.UTC(2026, 10, 20)).execute();
    const perCustomer = await t.db.selectFrom('end_customer_usage_totals').select(['origin_org_id', ...COLUMNS]).orderBy('origin_org_id').execute();
    expect(perCustomer).toEqual([
      { origin_org_id: 'cust-1', api_calls: 50, events_emitted: 5, events_consumed: 4, issues: 0 },
      { origin_org_id: 'cust-2', api_calls: 10, events_emitted: 10, events_consumed: 8, issues: 2 },
    ]);
  });

  it("mark a job live by its account's state, and count live jobs per organisation", async () => {
    const t = await fresh();
    await insertSampleRows(t.db);
    await t.db.insertInto('integrated_accounts').values({ ...sampleRows.integrated_accounts, id: 'int_2', integration_state: 'Expired' }).execute();
    const job = (id: string, integrationId: string) => ({ ...sampleRows.sync_jobs, id, integration_id: integrationId, account_live: 1 });
    await t.db.insertInto('sync_jobs').values([job('job_2', 'int_2'), job('job_3', 'int_1')]).execute();
    const live = async () => Object.fromEntries((await t.db.selectFrom('sync_jobs').select(['id', 'account_live']).orderBy('id').execute()).map((r) => [r.id, r.account_live]));
    const kept = async () => Object.fromEntries((await t.db.selectFrom('sync_job_counts').select(['account_live', 'count']).where('org_id', '=', 'org_1').execute()).map((r) => [r.account_live, r.count]));
    // A job written for an expired account is not live, whatever the writer sent.
    expect(await live()).toEqual({ job_1: 1, job_2: 0, job_3: 1 });
    expect(await kept()).toEqual({ 0: 1, 1: 2 });

    await t.db.updateTable('integrated_accounts').set({ integration_state: 'Deactivated' }).where('id', '=', 'int_1').execute();
    expect(await live()).toEqual({ job_1: 0, job_2: 0, job_3: 0 });
    expect(await kept()).toEqual({ 0: 3, 1: 0 });
    // Between two live states nothing moves; back to a live state the jobs are live again.
    await t.db.updateTable('integrated_accounts').set({ integration_state: 'Success' }).where('id', '=', 'int_2').execute();
    await t.db.updateTable('integrated_accounts').set({ integration_state: 'Error' }).where('id', '=', 'int_2').execute();
    expect(await live()).toEqual({ job_1: 0, job_2: 1, job_3: 0 });
    expect(await kept()).toEqual({ 0: 2, 1: 1 });
  });
});
