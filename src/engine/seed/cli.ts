import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { configuredSqliteFile, createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { TableName } from '../db/schema.ts';
import { parseScale, seedDemo, seedReferenceData } from './index.ts';

/*
 * npm run seed -- --scale small|large|<api-log rows> [--seed N] [--reset] [--now <ms>]
 * Seeds the database the engine uses (SQLite file, or DATABASE_URL): migrations, reference
 * data, the demo organisation; then prints rows per table, the time taken and the demo login.
 */

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: 'small' },
    seed: { type: 'string', default: '42' },
    reset: { type: 'boolean', default: false },
    now: { type: 'string' },
  },
  allowPositionals: false,
});

async function main(): Promise<void> {
  const started = Date.now();
  const scale = parseScale(values.scale);
  const seed = Number(values.seed);
  if (!Number.isInteger(seed)) throw new Error(`--seed must be an integer, got ${values.seed}`);
  const { db, dialect } = createDatabase();
  try {
    console.log(`seed: ${dialect}${dialect === 'sqlite' ? ` (${configuredSqliteFile()})` : ''}, scale ${values.scale}, seed ${seed}`);
    await migrateToLatest(db);
    const reference = await seedReferenceData(db);
    console.log(`seed: reference data ${Object.entries(reference).map(([t, n]) => `${t} ${n}`).join(', ')}`);
    const result = await seedDemo(db, {
      scale,
      seed,
      reset: values.reset,
      now: values.now === undefined ? undefined : Number(values.now),
      log: (line) => console.log(line),
    });
    if (!result.created) {
      console.log(`seed: '${result.orgName}' already exists (${result.orgId}); nothing changed. Use --reset to rebuild it.`);
    }
    await printCounts(db);
    console.log(`seed: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    console.log(`\nDemo login: ${result.adminEmail} (organisation '${result.orgName}'; the sign-in code is in the engine log or the dev mailbox)`);
    if (result.apiKeys) {
      console.log(`API keys (shown this once: the database keeps their hashes only):\n  prod    ${result.apiKeys.prod}\n  sandbox ${result.apiKeys.sandbox}`);
    }
  } finally {
    await db.destroy();
  }
}

const COUNTED: TableName[] = [
  'plans', 'organisations', 'users', 'invites', 'api_keys', 'webhooks', 'getting_started', 'org_category_settings', 'invoices',
  'categories', 'apps', 'app_setup_steps', 'app_fields', 'data_models', 'model_attributes', 'sub_models', 'category_apis',
  'webhook_event_types', 'capabilities', 'end_customer_orgs', 'integrated_accounts', 'auth_sessions', 'mapping_fields',
  'mapping_presets', 'mapping_preset_fields', 'connectors', 'ai_session_messages', 'ai_sessions', 'connector_workflow_steps', 'connector_tests', 'usage_daily', 'sync_jobs', 'sync_runs',
  'sync_records', 'api_logs', 'webhook_logs', 'webhook_records', 'native_calls', 'issues',
];

async function printCounts(db: ReturnType<typeof createDatabase>['db']): Promise<void> {
  const rows: [string, number][] = [];
  for (const table of COUNTED) {
    const { rows: [r] } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    rows.push([table, Number(r.n)]);
  }
  const width = Math.max(...rows.map(([t]) => t.length));
  console.log('\nrows per table:');
  for (const [table, n] of rows) console.log(`  ${table.padEnd(width)}  ${n.toLocaleString('en-US').padStart(11)}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
