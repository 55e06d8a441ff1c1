import { type Kysely, type SqlBool, sql } from 'kysely';
import { createIndex } from './helpers.ts';

/*
 * Indexes for the list filters of the data screens that the first migrations left to a residual
 * filter, and the counters the overview graphs sum instead of counting log rows.
 *
 * - logs: category and originOrgId together (the logs filter bar sends both);
 * - webhook records: one iteration of a run, lookup by trace id, and the org-wide hourly graph;
 * - issues: outstanding / resolved lists and counters are partial indexes on resolved_at, and the
 *   graph's "resolved in the bucket" reads resolved_at ranges; issue_calls is how many failing
 *   calls an issue groups (IssueRow.issueCalls);
 * - usage_daily: API-call and webhook errors per day, for the logs graph of periods over a day.
 */
const INDEXES: [table: string, columns: string[], where?: 'open' | 'resolved'][] = [
  ['api_logs', ['org_id', 'origin_org_id', 'category', 'request_ts', 'id']],
  ['webhook_logs', ['org_id', 'origin_org_id', 'category', 'ts', 'id']],
  ['webhook_records', ['sync_run_id', 'sync_iteration_id', 'request_ts', 'id']],
  ['webhook_records', ['trace_id']],
  ['webhook_records', ['org_id', 'request_ts', 'id']],
  ['issues', ['org_id', 'date', 'id'], 'open'],
  ['issues', ['org_id', 'log_type', 'date', 'id'], 'open'],
  ['issues', ['org_id', 'date', 'id'], 'resolved'],
  ['issues', ['org_id', 'log_type', 'date', 'id'], 'resolved'],
  ['issues', ['org_id', 'resolved_at'], 'resolved'],
];

const indexName = ([table, columns, where]: (typeof INDEXES)[number]) =>
  `${table}__${columns.join('_')}${where ? `__${where}` : ''}`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('issues')
    .addColumn('issue_calls', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('usage_daily')
    .addColumn('api_call_errors', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('usage_daily')
    .addColumn('webhook_errors', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  for (const entry of INDEXES) {
    const [table, columns, where] = entry;
    const condition = where === 'open' ? sql<SqlBool>`resolved_at is null` : where === 'resolved' ? sql<SqlBool>`resolved_at is not null` : undefined;
    await createIndex(db, table, columns, { name: indexName(entry), ...(condition ? { where: condition } : {}) });
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const entry of [...INDEXES].reverse()) await db.schema.dropIndex(indexName(entry)).ifExists().execute();
  await db.schema.alterTable('usage_daily').dropColumn('webhook_errors').execute();
  await db.schema.alterTable('usage_daily').dropColumn('api_call_errors').execute();
  await db.schema.alterTable('issues').dropColumn('issue_calls').execute();
}
