import { type Kysely, sql } from 'kysely';
import { loadConfig } from '../config.ts';
import { type DialectName, dialectOf } from '../db/dialect.ts';
import { ensureMonthlyPartitions } from '../db/partitions.ts';
import type { Database, TableName } from '../db/schema.ts';
import { planAccounts, planCustomers, writeAccounts, writeCustomers } from './accounts.ts';
import { generateApiLogs } from './apiLogs.ts';
import { BulkLoader } from './bulk.ts';
import { seedReferenceData } from './catalog.ts';
import { linkConnectorAccounts, writeConnectors, writeMagicLinks } from './connectors.ts';
import { type DemoContext, IssueCollector, UsageCounters } from './context.ts';
import { createDemoOrg, DEMO_ADMIN_EMAIL, DEMO_ORG_NAME, DEMO_PLAN_ID } from './demoOrg.ts';
import { planPresets, writeMappingFields, writePresets } from './mapping.ts';
import { deferIndexes, DEFERRABLE_TABLES, emptyTables } from './indexes.ts';
import { createRandom } from './random.ts';
import { DAY_MS, TIME_WINDOW_DAYS } from '../../shared/timeWindows.ts';
import { updateOrgUsage, writeIssues, writeUsageDaily } from './rollups.ts';
import { resolveScale, type SeedScale } from './scale.ts';
import { generateSyncs } from './syncs.ts';
import { SEED_TABLES } from './loadPlan.ts';

export { buildReferenceRows, seedReferenceData } from './catalog.ts';
export { DEMO_ADMIN_EMAIL } from './demoOrg.ts';
export { parseScale } from './scale.ts';

/**
 * Days of history the demo spans: 20 days past the 6-month window, so every time filter has rows
 * and the last 6 months and the last year show different totals.
 */
const HISTORY_DAYS = TIME_WINDOW_DAYS.last180 + 20;

interface SeedDemoOptions {
  scale?: SeedScale;
  /** Faker seed: the same seed (and now) gives the same rows and ids. Default 42. */
  seed?: number;
  /** The demo's present; history ends here. Default Date.now(). */
  now?: number;
  /** Delete the demo organisation (and its logs) first, then seed again. */
  reset?: boolean;
  /** Engine secret the demo's webhook signing secret is sealed under; default the engine config's. */
  signingSecret?: string;
  /** Progress lines (big scales print rows/s). */
  log?: (line: string) => void;
  /**
   * Drop the log tables' secondary indexes for the load and build them at the end (only tables
   * that start empty). Default: on for big scales (100,000 API logs and more).
   */
  deferIndexes?: boolean;
}

export interface SeedDemoResult {
  /** false when the demo already existed and nothing was changed. */
  created: boolean;
  orgId: string;
  orgName: string;
  adminEmail: string;
  /** Live API keys in clear text; only known when this call created them (the database keeps their hashes). */
  apiKeys: { prod: string; sandbox: string } | null;
  /** Rows written per table by this call. */
  rows: Partial<Record<TableName, number>>;
}

/** The demo organisation, found by its admin's e-mail (unique among live users). */
export async function findDemoOrg(db: Kysely<Database>): Promise<{ id: string; name: string } | undefined> {
  return db.selectFrom('users').innerJoin('organisations as o', 'o.id', 'users.org_id')
    .select(['o.id', 'o.name']).where('users.email', '=', DEMO_ADMIN_EMAIL).where('users.deleted_at', 'is', null).executeTakeFirst();
}

/**
 * Builds the demo organisation 'Acme Integrations' with its users, keys, end customers,
 * integrated accounts in every category and state, syncs, logs, issues and presets. Refuses to
 * run twice (returns the existing demo unchanged) unless reset is set.
 */
export async function seedDemo(db: Kysely<Database>, options: SeedDemoOptions = {}): Promise<SeedDemoResult> {
  const dialect = dialectOf(db);
  const existing = await findDemoOrg(db);
  if (existing && !options.reset) {
    return { created: false, orgId: existing.id, orgName: existing.name, adminEmail: DEMO_ADMIN_EMAIL, apiKeys: null, rows: {} };
  }
  const log = options.log ?? (() => {});
  if (!(await db.selectFrom('plans').select('id').where('id', '=', DEMO_PLAN_ID).executeTakeFirst())) await seedReferenceData(db);

  const plan = resolveScale(options.scale ?? 'small');
  const now = options.now ?? Date.now();
  const windowStart = now - HISTORY_DAYS * DAY_MS;
  // Monthly partitions first, so history lands in them instead of the default partition.
  await ensureMonthlyPartitions(db, { fromMs: windowStart - 31 * DAY_MS, toMs: now + 31 * DAY_MS });

  const restore = await tuneForBulkLoad(db, dialect);
  const bulkLoad = options.deferIndexes ?? plan.progress;
  let result: SeedDemoResult;
  try {
    // One transaction for reset and load: a failed or interrupted seed leaves the database as it was.
    result = await db.transaction().execute(async (trx) => {
      if (existing) await deleteDemo(trx, dialect, existing.id, log);
      // Big loads into empty log tables build their indexes once at the end (indexes.ts).
      const deferred = bulkLoad ? await emptyTables(trx, DEFERRABLE_TABLES) : [];
      const rebuild = await deferIndexes(trx, dialect, deferred);
      const result = await generate(trx, dialect, plan, now, windowStart, options, log);
      if (deferred.length > 0) log(`seed: building the indexes of ${deferred.join(', ')}`);
      await rebuild();
      return result;
    });
  } finally {
    await restore();
  }
  if (dialect === 'postgres' && bulkLoad) await settleAfterBulkLoad(db, log);
  return result;
}

/**
 * After a big load on PostgreSQL: fresh statistics, so the planner picks the list indexes at once,
 * and every table vacuumed now, setting the visibility map that index-only scans read. Otherwise
 * autovacuum does it a minute or two later (any table that took over a thousand rows), on a core
 * the engine and its clients are using: a bench started right after a seed measured it. Only this
 * schema's tables, so a shared database's other schemas are left alone.
 */
async function settleAfterBulkLoad(db: Kysely<Database>, log: (line: string) => void): Promise<void> {
  log('seed: vacuum and analyze');
  const { rows } = await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = current_schema() order by tablename`.execute(db);
  if (rows.length === 0) return;
  await sql`vacuum (analyze) ${sql.join(rows.map((r) => sql.table(r.name)))}`.execute(db);
}

/**
 * SQLite's 2 MB default page cache makes a million-row load I/O-bound (the indexes that stay,
 * and the tables, miss it constantly), and its syncs buy nothing for a load that is one
 * transaction. For the load only: a 1 GB cache limit and no syncs; the previous settings come
 * back afterwards. (synchronous cannot change inside a transaction, hence around it.)
 */
async function tuneForBulkLoad(db: Kysely<Database>, dialect: DialectName): Promise<() => Promise<void>> {
  if (dialect !== 'sqlite') return async () => {};
  const read = async (pragma: string) => Number(Object.values((await sql.raw(`pragma ${pragma}`).execute(db)).rows[0] as object)[0]);
  const before = { cache: await read('cache_size'), sync: await read('synchronous') };
  await sql.raw('pragma cache_size = -1048576').execute(db);
  await sql.raw('pragma synchronous = OFF').execute(db);
  return async () => {
    await sql.raw(`pragma cache_size = ${before.cache}`).execute(db);
    await sql.raw(`pragma synchronous = ${before.sync}`).execute(db);
  };
}

async function generate(
  db: Kysely<Database>,
  dialect: DialectName,
  plan: ReturnType<typeof resolveScale>,
  now: number,
  windowStart: number,
  options: SeedDemoOptions,
  log: (line: string) => void,
): Promise<SeedDemoResult> {
  const { faker, rng } = createRandom(options.seed ?? 42);
  const loader = new BulkLoader(db, dialect, SEED_TABLES, plan.progress ? log : undefined);
  const ctx: DemoContext = {
    db, dialect, faker, rng, now, windowStart, orgId: rng.id('org'), orgName: DEMO_ORG_NAME,
    secret: options.signingSecret ?? loadConfig().signingSecret, loader,
    users: {} as DemoContext['users'], keys: { prod: '', sandbox: '' }, webhookPaths: {}, customers: [], accounts: [],
    usage: new UsageCounters(plan.accounts, windowStart, now), issues: new IssueCollector(now),
    termStart: now, syncCreditsInTerm: 0, log,
  };
  const stage = (what: string) => plan.progress && log(`seed: ${what}`);

  await createDemoOrg(ctx, now - (HISTORY_DAYS + 5) * DAY_MS);
  stage(`${plan.endCustomers} end customers, ${plan.accounts} integrated accounts`);
  planCustomers(ctx, plan.endCustomers);
  planAccounts(ctx, plan);
  const presets = planPresets(ctx);
  writeCustomers(ctx);
  writePresets(ctx, presets);
  writeAccounts(ctx);
  writeMappingFields(ctx, presets);
  writeMagicLinks(ctx);
  const connectors = writeConnectors(ctx);
  await loader.flush();
  await linkConnectorAccounts(ctx, connectors.links);

  stage('sync jobs, runs, records and webhook logs');
  await generateSyncs(ctx, plan, connectors.jobs);
  stage(`${plan.apiLogs.toLocaleString('en-US')} API logs with their native calls`);
  await generateApiLogs(ctx, plan.apiLogs);
  stage('issues and daily usage');
  writeIssues(ctx);
  writeUsageDaily(ctx);
  await loader.flush();
  await updateOrgUsage(ctx);
  loader.done();
  return { created: true, orgId: ctx.orgId, orgName: ctx.orgName, adminEmail: DEMO_ADMIN_EMAIL, apiKeys: ctx.keys, rows: loader.counts };
}

/**
 * Removes the demo organisation: log tables have no foreign keys (volume), so their rows go by
 * org_id first (or the whole table when the demo is the only organisation); the rest cascades.
 */
async function deleteDemo(db: Kysely<Database>, dialect: DialectName, orgId: string, log: (line: string) => void): Promise<void> {
  log('seed: removing the existing demo organisation');
  const others = await db.selectFrom('organisations').select((eb) => eb.fn.countAll<number>().as('n')).where('id', '!=', orgId).executeTakeFirstOrThrow();
  const logTables = ['api_logs', 'native_calls', 'webhook_logs', 'webhook_records', 'sync_records', 'issues', 'sync_runs', 'usage_daily'] as const;
  for (const table of logTables) {
    if (Number(others.n) === 0) {
      if (dialect === 'postgres') await sql`truncate table ${sql.table(table)}`.execute(db);
      else await db.deleteFrom(table).execute();
    } else {
      await db.deleteFrom(table).where('org_id', '=', orgId).execute();
    }
  }
  await db.deleteFrom('organisations').where('id', '=', orgId).execute();
}
