import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableName } from '../../src/engine/db/schema.ts';
import { CATEGORIES } from '../../src/shared/categories.ts';
import { findDemoOrg, seedDemo, type SeedDemoResult, seedReferenceData } from '../../src/engine/seed/index.ts';
import { frequencyMs } from '../../src/engine/repositories/syncs.ts';
import { openSecret } from '../../src/engine/services/secrets.ts';
import { hashToken } from '../../src/engine/services/tokens.ts';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase.ts';

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const DAY = 86_400_000;
const SECRET = 'seed-test-secret';
const SPEC_SYNC_TYPES = ['accounting_expenses', 'accounting_employees', 'accounting_journalEntries', 'crm_leads', 'crm_engagements',
  'crm_accounts', 'crm_contacts', 'crm_deals', 'ats_jobs', 'ats_applications', 'employee'];
const STATES = ['Success', 'Error', 'Email sent', 'Under validation', 'Deactivated', 'Expired'];

type Db = TestDatabase['db'];
const n = (v: unknown) => Number(v);
const one = async <T>(db: Db, query: ReturnType<typeof sql<T>>) => (await query.execute(db)).rows[0] as T;
const values = async (db: Db, query: ReturnType<typeof sql<{ v: string }>>) => (await query.execute(db)).rows.map((r) => r.v).sort();

/** sha-256 of a table's rows in a stable order: equal hashes mean equal rows. */
async function tableHash(db: Db, table: TableName, orderBy?: string): Promise<string> {
  const query = orderBy ? sql`select * from ${sql.table(table)} order by ${sql.raw(orderBy)}` : sql`select * from ${sql.table(table)}`;
  const { rows } = await query.execute(db);
  const lines = rows.map((row) => JSON.stringify(row));
  // Without an order (reference tables keyed by several columns), compare the sorted rows.
  if (!orderBy) lines.sort();
  return createHash('sha256').update(lines.join('\n')).digest('hex');
}

async function demoHashes(db: Db): Promise<Record<string, string>> {
  const keys = await db.selectFrom('api_keys').select(['id', 'kind', 'created_at', 'revoked_at', 'last_used_at']).orderBy('id').execute();
  return {
    organisations: await tableHash(db, 'organisations', 'id'),
    users: await tableHash(db, 'users', 'id'),
    // The keys themselves (so their hashes and prefixes) come from the system's randomness, never the seed.
    api_keys: JSON.stringify(keys),
    end_customer_orgs: await tableHash(db, 'end_customer_orgs', 'id'),
    integrated_accounts: await tableHash(db, 'integrated_accounts', 'id'),
    mapping_fields: await tableHash(db, 'mapping_fields', 'id'),
    mapping_presets: await tableHash(db, 'mapping_presets', 'id'),
    sync_jobs: await tableHash(db, 'sync_jobs', 'id'),
    sync_runs: await tableHash(db, 'sync_runs', 'id'),
    sync_records: await tableHash(db, 'sync_records', 'id'),
    api_logs: await tableHash(db, 'api_logs', 'id'),
    native_calls: await tableHash(db, 'native_calls', 'id'),
    webhook_records: await tableHash(db, 'webhook_records', 'id'),
    issues: await tableHash(db, 'issues', 'id'),
    usage_daily: await tableHash(db, 'usage_daily', 'org_id, day, origin_org_id, integration_id'),
  };
}

describe('demo seed (small)', () => {
  let t: TestDatabase;
  let db: Db;
  let seeded: SeedDemoResult;
  beforeAll(async () => {
    t = await createTestDatabase();
    db = t.db;
    await seedReferenceData(db);
    seeded = await seedDemo(db, { scale: 'small', seed: 7, now: NOW, signingSecret: SECRET });
    expect(seeded.created).toBe(true);
  }, 120_000);
  afterAll(() => t?.cleanup());

  it('has accounts in all 14 categories, in every integration state of every category', async () => {
    expect(await values(db, sql`select distinct category as v from integrated_accounts`)).toEqual([...CATEGORIES].sort());
    expect(await values(db, sql`select distinct integration_state as v from integrated_accounts`)).toEqual([...STATES].sort());
    const pairs = await one(db, sql<{ c: number }>`select count(*) as c from (select distinct category, integration_state from integrated_accounts) p`);
    expect(n(pairs.c)).toBe(CATEGORIES.length * STATES.length);
    const errors = await one(db, sql<{ c: number }>`select count(*) as c from integrated_accounts where integration_state = 'Error' and error_description is null`);
    expect(n(errors.c)).toBe(0);
    const ended = await one(db, sql<{ c: number }>`select count(*) as c from integrated_accounts
      where (integration_state = 'Deactivated' and deactivated_at is null) or (integration_state = 'Expired' and expired_at is null)`);
    expect(n(ended.c)).toBe(0);
  });

  it('mixes test and production, paused, expiring, sync on and off, every frequency', async () => {
    const flags = await one(db, sql<Record<string, number>>`select
      sum(case when test_account = 1 then 1 else 0 end) as test, sum(case when test_account = 0 then 1 else 0 end) as prod,
      sum(sync_paused) as paused, sum(case when sync_enabled = 0 then 1 else 0 end) as sync_off,
      sum(case when test_account = 1 and expires_at between ${NOW} and ${NOW + 14 * DAY} then 1 else 0 end) as expiring,
      sum(show_custom_fields) as custom_fields from integrated_accounts`);
    for (const [k, v] of Object.entries(flags)) expect(n(v), k).toBeGreaterThan(0);
    expect(await values(db, sql`select distinct sync_frequency as v from integrated_accounts`)).toEqual(['HIGH', 'MEDIUM', 'STANDARD', 'custom']);
    const custom = await one(db, sql<{ c: number }>`select count(*) as c from integrated_accounts where sync_frequency = 'custom' and (frequency_rate is null or frequency_unit is null)`);
    expect(n(custom.c)).toBe(0);
  });

  it('has sync jobs for every sync type of the spec, runs in every status, records with models', async () => {
    const types = await values(db, sql`select distinct sync_data_type as v from sync_jobs`);
    for (const type of SPEC_SYNC_TYPES) expect(types).toContain(type);
    expect(await values(db, sql`select distinct sync_status as v from sync_runs`)).toEqual(expect.arrayContaining(['completed', 'failed', 'cancelled']));
    const connectorJobs = await one(db, sql<{ c: number }>`select count(*) as c from sync_jobs where connector_id is not null`);
    expect(n(connectorJobs.c)).toBeGreaterThan(0);
    const mismatched = await one(db, sql<{ c: number }>`select count(*) as c from sync_runs r where r.events_triggered <>
      (select count(*) from sync_records s where s.run_id = r.id) or r.events_consumed <>
      (select count(*) from sync_records s where s.run_id = r.id and s.consumed_at is not null)`);
    expect(n(mismatched.c)).toBe(0);
  });

  it('has an active job whose runs page (over 20 in 30 days, one per period) and a run whose records page (over 20)', async () => {
    const busiest = await one(db, sql<{ job_id: string; c: number }>`select r.job_id, count(*) as c from sync_runs r
      join sync_jobs j on j.id = r.job_id where j.status = 'active' and r.started_at >= ${NOW - 30 * DAY}
      group by r.job_id order by count(*) desc, r.job_id limit 1`);
    expect(n(busiest.c)).toBeGreaterThan(20);
    // It runs on its schedule: consecutive runs start one interval apart, give or take a minute.
    const job = await db.selectFrom('sync_jobs').select(['sync_frequency', 'frequency_rate', 'frequency_unit']).where('id', '=', busiest.job_id).executeTakeFirstOrThrow();
    const interval = frequencyMs(job.sync_frequency, job.frequency_rate, job.frequency_unit);
    const starts = (await db.selectFrom('sync_runs').select('started_at').where('job_id', '=', busiest.job_id).where('sync_status', 'not in', ['running', 'queued'])
      .orderBy('started_at', 'desc').execute()).map((r) => n(r.started_at));
    for (let i = 1; i < starts.length; i++) expect(Math.abs(starts[i - 1] - starts[i] - interval), `gap ${i}`).toBeLessThan(60_000);
    const fullest = await one(db, sql<{ c: number }>`select count(*) as c from sync_records group by run_id order by count(*) desc limit 1`);
    expect(n(fullest.c)).toBeGreaterThan(20);
  });

  it('has API and webhook logs with native calls whose counts match, and stale records', async () => {
    const api = await one(db, sql<{ c: number }>`select count(*) as c from api_logs l where l.native_api_call_count <>
      (select count(*) from native_calls n where n.execution_id = l.execution_id)`);
    expect(n(api.c)).toBe(0);
    const hooks = await one(db, sql<{ c: number }>`select count(*) as c from webhook_logs l where l.native_api_call_count <>
      (select coalesce(sum(r.native_api_call_count), 0) from webhook_records r where r.sync_iteration_id = l.sync_iteration_id)`);
    expect(n(hooks.c)).toBe(0);
    const records = await one(db, sql<{ c: number }>`select count(*) as c from webhook_records r where r.native_api_call_count <>
      (select count(*) from native_calls n where n.record_id = r.record_id)`);
    expect(n(records.c)).toBe(0);
    expect(await values(db, sql`select distinct dispatch_status as v from webhook_records`)).toEqual(expect.arrayContaining(['dispatched', 'failed', 'stale']));
    const errors = await one(db, sql<{ c: number }>`select count(*) as c from api_logs where status_code > 299`);
    expect(n(errors.c)).toBeGreaterThan(0);
  });

  it('has outstanding and resolved issues of both log types', async () => {
    const rows = await sql<{ log_type: string; open: number; closed: number }>`select log_type,
      sum(case when resolved_at is null then 1 else 0 end) as open, sum(case when resolved_at is null then 0 else 1 end) as closed
      from issues group by log_type order by log_type`.execute(db);
    expect(rows.rows.map((r) => r.log_type)).toEqual(['api', 'webhook']);
    for (const r of rows.rows) {
      expect(n(r.open), r.log_type).toBeGreaterThan(0);
      expect(n(r.closed), r.log_type).toBeGreaterThan(0);
    }
  });

  it('has data in every time filter, denser recently', async () => {
    const windows = [1, 30, 60, 180, 365].map((d) => NOW - d * DAY);
    const counts: number[] = [];
    for (const from of windows) counts.push(n((await one(db, sql<{ c: number }>`select count(*) as c from api_logs where request_ts >= ${from}`)).c));
    expect(counts[0]).toBeGreaterThan(0);
    for (let i = 1; i < counts.length; i++) expect(counts[i], `window ${i}`).toBeGreaterThan(counts[i - 1]);
    // More than 30 days' share of the 200-day history falls in the last 30 days.
    expect(counts[1] / counts[4]).toBeGreaterThan(30 / 200);
    const hooks = n((await one(db, sql<{ c: number }>`select count(*) as c from webhook_logs where ts >= ${windows[0]}`)).c);
    expect(hooks).toBeGreaterThan(0);
  });

  it('keeps denormalised counters and labels consistent', async () => {
    const counts = await one(db, sql<{ c: number }>`select count(*) as c from end_customer_orgs e where e.integrated_accounts_count <>
      (select count(*) from integrated_accounts a where a.end_customer_org_id = e.id)`);
    expect(n(counts.c)).toBe(0);
    const labels = await one(db, sql<{ c: number }>`select count(*) as c from api_logs l join integrated_accounts a on a.id = l.integration_id
      where l.origin_org_name <> a.origin_org_name or l.app_label <> a.app_label or l.category <> a.category`);
    expect(n(labels.c)).toBe(0);
    const usage = await one(db, sql<{ calls: number; natives: number; issues: number }>`select sum(api_calls) as calls,
      sum(native_api_calls) as natives, sum(issues) as issues from usage_daily`);
    const logs = await one(db, sql<{ c: number }>`select count(*) as c from api_logs`);
    const natives = await one(db, sql<{ c: number }>`select count(*) as c from native_calls`);
    const issues = await one(db, sql<{ c: number }>`select count(*) as c from issues`);
    expect(n(usage.calls)).toBe(n(logs.c));
    expect(n(usage.natives)).toBe(n(natives.c));
    expect(n(usage.issues)).toBe(n(issues.c));
  });

  it('has mapping rows of every type, presets of every mode, connectors and capabilities A/WIP/NA', async () => {
    expect(await values(db, sql`select distinct field_type as v from mapping_fields`)).toEqual(['CUSTOM', 'DEFAULT', 'UNMAPPED']);
    expect(await values(db, sql`select distinct mode as v from mapping_presets`)).toEqual(['account', 'app', 'category']);
    const category = await values(db, sql`select id as v from mapping_presets where mode = 'category'`);
    for (const id of category) expect(id.startsWith('category_')).toBe(true);
    expect(await values(db, sql`select distinct status as v from connectors`)).toEqual(expect.arrayContaining(['draft', 'live', 'testing']));
    expect(await values(db, sql`select distinct status as v from capabilities`)).toEqual(['A', 'NA', 'WIP']);
    const users = await values(db, sql`select role || ':' || is_verified as v from users`);
    expect(users).toEqual(['admin:1', 'billingcontact:1', 'member:0', 'member:1']);
    const flag = await one(db, sql<{ c: number }>`select count(*) as c from user_feature_flags f join users u on u.id = f.user_id
      where u.email = 'demo@acme.test' and f.flag = 'ai_connectors' and f.enabled = 1`);
    expect(n(flag.c)).toBe(1);
  });

  it('keeps only the hashes and prefixes of its API keys, and its webhook signing secret sealed', async () => {
    const { prod, sandbox } = seeded.apiKeys!;
    const rows = await db.selectFrom('api_keys').selectAll().where('revoked_at', 'is', null).orderBy('kind').execute();
    expect(rows.map((r) => [r.kind, r.key_hash, r.prefix])).toEqual([['prod', hashToken(prod), prod.slice(0, 12)], ['sandbox', hashToken(sandbox), sandbox.slice(0, 12)]]);
    for (const key of [prod, sandbox]) expect(JSON.stringify(await db.selectFrom('api_keys').selectAll().execute())).not.toContain(key);
    const { secret_sealed: sealed } = await db.selectFrom('webhook_signing_secrets').select('secret_sealed').where('org_id', '=', seeded.orgId).executeTakeFirstOrThrow();
    expect(openSecret(sealed, SECRET, 'webhook-signing-secrets')).toMatch(/^whsec_/);
    expect(openSecret(sealed, 'another secret', 'webhook-signing-secrets')).toBeUndefined();
  });

  it('refuses to seed the demo twice unless reset', async () => {
    const before = n((await one(db, sql<{ c: number }>`select count(*) as c from api_logs`)).c);
    const again = await seedDemo(db, { scale: 'small', seed: 7, now: NOW, signingSecret: SECRET });
    expect(again.created).toBe(false);
    expect(again.orgId).toBe((await findDemoOrg(db))!.id);
    expect(n((await one(db, sql<{ c: number }>`select count(*) as c from api_logs`)).c)).toBe(before);
  });
});

describe('seed determinism and volume', () => {
  it('gives identical rows for the same seed and different rows for another', async () => {
    const hashes: Record<string, string>[] = [];
    for (const seed of [11, 11, 12]) {
      const t = await createTestDatabase();
      try {
        await seedReferenceData(t.db);
        await seedDemo(t.db, { scale: 'small', seed, now: NOW, signingSecret: SECRET });
        hashes.push(await demoHashes(t.db));
      } finally {
        await t.cleanup();
      }
    }
    expect(hashes[1]).toEqual(hashes[0]);
    expect(hashes[2].api_logs).not.toBe(hashes[0].api_logs);
    expect(hashes[2].integrated_accounts).not.toBe(hashes[0].integrated_accounts);
  }, 180_000);

  it('writes exactly N API-log rows for a numeric scale, and rebuilds on reset', async () => {
    const t = await createTestDatabase();
    try {
      await seedDemo(t.db, { scale: 5000, seed: 3, now: NOW, signingSecret: SECRET });
      const count = async () => n((await one(t.db, sql<{ c: number }>`select count(*) as c from api_logs`)).c);
      expect(await count()).toBe(5000);
      const rebuilt = await seedDemo(t.db, { scale: 1200, seed: 3, now: NOW, reset: true, signingSecret: SECRET });
      expect(rebuilt.created).toBe(true);
      expect(await count()).toBe(1200);
      expect(n((await one(t.db, sql<{ c: number }>`select count(*) as c from organisations`)).c)).toBe(1);
    } finally {
      await t.cleanup();
    }
  }, 180_000);

  it('rebuilds the log indexes it defers for big loads exactly as the migrations made them', async () => {
    const t = await createTestDatabase();
    try {
      const indexes = async () => {
        const query = t.dialect === 'sqlite'
          ? sql<{ v: string }>`select name || ' ' || sql as v from sqlite_master where type = 'index' and sql is not null`
          : sql<{ v: string }>`select c.relname || ' ' || pg_get_indexdef(i.indexrelid) as v from pg_index i
              join pg_class c on c.oid = i.indexrelid join pg_class t on t.oid = i.indrelid
              where t.relnamespace = to_regnamespace(current_schema()) and t.relname not like '%\_p______' and t.relname not like '%\_default'`;
        return values(t.db, query);
      };
      const before = await indexes();
      await seedDemo(t.db, { scale: 'small', seed: 5, now: NOW, signingSecret: SECRET, deferIndexes: true });
      expect(await indexes()).toEqual(before);
      if (t.dialect === 'postgres') {
        // Every partition got its copy: a partitioned index missing one stays invalid.
        const invalid = await one(t.db, sql<{ c: number }>`select count(*) as c from pg_index where not indisvalid`);
        expect(n(invalid.c)).toBe(0);
        // Vacuumed and analysed by the seed, not left to autovacuum while the engine serves.
        const unsettled = await values(t.db, sql<{ v: string }>`select relname as v from pg_stat_user_tables
          where schemaname = current_schema() and n_live_tup > 0 and (last_vacuum is null or last_analyze is null)`);
        expect(unsettled).toEqual([]);
      }
      expect(n((await one(t.db, sql<{ c: number }>`select count(*) as c from api_logs`)).c)).toBe(3000);
    } finally {
      await t.cleanup();
    }
  }, 120_000);

  it('loads reference data idempotently', async () => {
    const t = await createTestDatabase();
    try {
      const first = await seedReferenceData(t.db);
      const tables = Object.keys(first) as TableName[];
      const snapshot = async () => Object.fromEntries(await Promise.all(tables.map(async (table) =>
        [table, await tableHash(t.db, table)] as const)));
      const before = await snapshot();
      const second = await seedReferenceData(t.db);
      expect(second).toEqual(first);
      expect(await snapshot()).toEqual(before);
      for (const table of tables) {
        const c = n((await one(t.db, sql<{ c: number }>`select count(*) as c from ${sql.table(table)}`)).c);
        expect(c, table).toBe(first[table]);
      }
      const plans = await t.db.selectFrom('plans').select(['id', 'price_minor', 'credits']).orderBy('position').execute();
      expect(plans).toEqual([
        { id: 'trial', price_minor: 0, credits: 5000 },
        { id: 'launch-monthly', price_minor: 49_900, credits: 20_000 },
        { id: 'scale-monthly', price_minor: 149_900, credits: 100_000 },
        { id: 'scale-yearly', price_minor: 1_499_000, credits: 1_200_000 },
        { id: 'enterprise', price_minor: 0, credits: 0 },
      ]);
    } finally {
      await t.cleanup();
    }
  }, 60_000);
});
