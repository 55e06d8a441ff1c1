import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import {
  dropLogsBefore,
  ensureMonthlyPartitions,
  monthlyPartitions,
  monthStarts,
  partitionName,
} from '../../src/engine/db/partitions.ts';
import { createDatabase } from '../../src/engine/db/database.ts';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase.ts';

const SEP_2026 = Date.UTC(2026, 8, 1);
const OCT_2026 = Date.UTC(2026, 9, 1);
const NOV_2026 = Date.UTC(2026, 10, 1);
const DAY = 86_400_000;

let t: TestDatabase | undefined;
afterEach(async () => {
  await t?.cleanup();
  t = undefined;
});

async function insertLogs(db: TestDatabase['db'], timestamps: number[]) {
  await db
    .insertInto('api_logs')
    .values(
      timestamps.map((ts, i) => ({
        org_id: 'org_1',
        request_ts: ts,
        execution_id: `exe_${i}`,
        origin_org_id: 'c',
        origin_org_name: 'C',
        method: 'GET',
        url: 'u',
        path: '/',
        status_code: 200,
      })),
    )
    .execute();
}

const remaining = async (db: TestDatabase['db']) =>
  (await db.selectFrom('api_logs').select('request_ts').orderBy('request_ts').execute()).map((r) => r.request_ts);

describe('log partitions', () => {
  it('compute UTC month starts and partition names', () => {
    expect(monthStarts(SEP_2026 + 5 * DAY, NOV_2026)).toEqual([SEP_2026, OCT_2026, NOV_2026]);
    expect(partitionName('api_logs', OCT_2026)).toBe('api_logs_p202610');
  });

  it('retention removes only rows older than the cutoff', async () => {
    t = await createTestDatabase();
    await insertLogs(t.db, [SEP_2026 + DAY, OCT_2026 + DAY, OCT_2026 + 20 * DAY, NOV_2026 + DAY]);
    await dropLogsBefore(t.db, OCT_2026 + 10 * DAY);
    // PostgreSQL keeps the partly expired month until it is whole; SQLite deletes rows exactly.
    expect(await remaining(t.db)).toEqual([OCT_2026 + 20 * DAY, NOV_2026 + DAY]);
  });

  it.runIf(process.env.DATABASE_URL)('moves default-partition rows into a new month and drops whole months', async () => {
    t = await createTestDatabase();
    await insertLogs(t.db, [SEP_2026 + DAY, OCT_2026 + DAY, NOV_2026 + DAY]);

    const created = await ensureMonthlyPartitions(t.db, { fromMs: SEP_2026, toMs: OCT_2026 }, ['api_logs']);
    expect(created).toEqual(['api_logs_p202609', 'api_logs_p202610']);
    expect(await ensureMonthlyPartitions(t.db, { fromMs: SEP_2026, toMs: OCT_2026 }, ['api_logs'])).toEqual([]);
    expect(await monthlyPartitions(t.db, 'api_logs')).toEqual(created);

    const placed = await sql<{ part: string; request_ts: number }>`
      select tableoid::regclass::text as part, request_ts from api_logs order by request_ts`.execute(t.db);
    expect(placed.rows.map((r) => r.part.replace(/^.*\./, ''))).toEqual([
      'api_logs_p202609',
      'api_logs_p202610',
      'api_logs_default',
    ]);

    const { droppedPartitions } = await dropLogsBefore(t.db, OCT_2026, ['api_logs']);
    expect(droppedPartitions).toEqual(['api_logs_p202609']);
    expect(await remaining(t.db)).toEqual([OCT_2026 + DAY, NOV_2026 + DAY]);

    // Inserts still land, in the month's partition or the default.
    await insertLogs(t.db, [OCT_2026 + 2 * DAY, Date.UTC(2030, 0, 1)]);
    expect((await remaining(t.db)).length).toBe(4);
  });

  it.runIf(process.env.DATABASE_URL)('are created once when several processes start together (engines and workers on one database)', async () => {
    t = await createTestDatabase({ shared: true });
    const location = t.location as { databaseUrl: string };
    // Each its own pool, as each process has: they used to deadlock on the parent tables.
    const processes = Array.from({ length: 3 }, () => createDatabase({ databaseUrl: location.databaseUrl, poolSize: 2 }).db);
    try {
      const created = await Promise.all(processes.map((db) => ensureMonthlyPartitions(db, { fromMs: SEP_2026, toMs: NOV_2026 })));
      const names = created.flat();
      expect(names.length).toBe(new Set(names).size);
      expect(await monthlyPartitions(t.db, 'api_logs')).toEqual(['api_logs_p202609', 'api_logs_p202610', 'api_logs_p202611']);
    } finally {
      await Promise.all(processes.map((db) => db.destroy()));
    }
  });
});
