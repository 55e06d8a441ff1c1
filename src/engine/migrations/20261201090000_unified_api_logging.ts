import type { Kysely } from 'kysely';
import { createDefaultPartition, createIndex, identityPk, ms, optionalText, partitionByRange, text } from './helpers.ts';

/*
 * The unified API logs its calls as they happen (services/unifiedCallLog.ts):
 *
 * - api_log_bodies: the request and response bodies of a unified API call (seq 0) and of each of
 *   its native calls (seq 1, 2, ... in the order they were made), redacted and cut to a size when
 *   written. Apart from api_logs and native_calls so that the list and detail screens' rows stay
 *   narrow; read by execution id. Partitioned by month on PostgreSQL like the other log tables.
 * - issues.outstanding_key: set on an issue the engine raises itself (`<logType>:<errorType>:<integrationId>`)
 *   while it is outstanding, unique, so a failing call adds itself to the account's outstanding
 *   issue of its type (issue_calls) or opens it, in one statement (insert ... on conflict). Issues
 *   written by the seed or by hand have none; whatever resolves an issue clears it, so the next
 *   failure opens a new one.
 */
const OUTSTANDING_KEY = 'issues__outstanding_key';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('api_log_bodies')
    .$call(identityPk(db, 'ts'))
    .$call(text('org_id'))
    .$call(text('execution_id'))
    .$call(ms('ts'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .$call(optionalText('request_body', 'response_body'))
    .$call(partitionByRange(db, 'ts'))
    .execute();
  await createDefaultPartition(db, 'api_log_bodies');
  await createIndex(db, 'api_log_bodies', ['execution_id', 'seq']);

  await db.schema.alterTable('issues').addColumn('outstanding_key', 'text').execute();
  await createIndex(db, 'issues', ['outstanding_key'], { unique: true, name: OUTSTANDING_KEY });
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex(OUTSTANDING_KEY).execute();
  await db.schema.alterTable('issues').dropColumn('outstanding_key').execute();
  await db.schema.dropTable('api_log_bodies').ifExists().execute();
}
