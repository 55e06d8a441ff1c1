import { type Kysely, sql } from 'kysely';
import { bool, counter, createIndex, dropTables, json, ms, optionalText, ref, text, textPk, timestamps } from './helpers.ts';

/*
 * What the AI/connectors service needs beyond the first connectors and ai_session_messages tables:
 * - connectors: description, configuration version (+1 on every saved change; the code editor's
 *   version guard) and publication time;
 * - ai_sessions: the connector-building chat sessions (state, chatStep, completed steps, counters
 *   for the history panel); at most one active session per connector (partial unique index);
 * - ai_session_messages.chat_step: the step a message was written at;
 * - connector_workflow_steps: a connector's generated workflow, each step with its code and code
 *   version (saves compare-and-set on it);
 * - connector_tests: webhook, sync and API test runs of a connector (latest test, publish guard);
 * - custom_apps: apps an organisation described by hand (connector.custom.add), per organisation;
 * - integrated_accounts.connector_id: the AI connector an account was connected through (its
 *   integrations list, usage, and deactivation with the connector); sync_jobs.connector_id indexed.
 * Rows written before this migration (early demo seeds) are normalised to the contract's values
 * and get their session rows, so every stored connector reads back valid.
 */
const STEPS = ['describe', 'select_apps', 'configure_auth', 'define_schema', 'build_workflow', 'test', 'review', 'live'];
const MEDIA = ['api', 'sync', 'webhook'];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('connectors').addColumn('description', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('connectors').addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('connectors').addColumn('published_at', 'bigint').execute();
  await db.schema.alterTable('ai_session_messages').addColumn('chat_step', 'text', (c) => c.notNull().defaultTo('describe')).execute();
  await db.schema.alterTable('integrated_accounts').addColumn('connector_id', 'text').execute();
  await createIndex(db, 'integrated_accounts', ['org_id', 'connector_id', 'created_at', 'id']);
  await createIndex(db, 'sync_jobs', ['connector_id']);

  await db.schema
    .createTable('ai_sessions')
    .$call(textPk())
    .$call(ref('org_id', 'organisations'))
    .$call(ref('connector_id', 'connectors'))
    .$call(ref('created_by_user_id', 'users', { nullable: true }))
    .$call(text('created_by'))
    .$call(text('title'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('build', 'edit')`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active').check(sql`status in ('active', 'completed', 'discarded')`))
    .$call(text('chat_step'))
    .$call(json('completed_steps_json', '[]'))
    .$call(counter('message_count'))
    .addColumn('last_message_preview', 'text', (c) => c.notNull().defaultTo(''))
    .$call(timestamps())
    .execute();
  await createIndex(db, 'ai_sessions', ['org_id', 'updated_at', 'id']);
  await createIndex(db, 'ai_sessions', ['org_id', 'status', 'updated_at', 'id']);
  await createIndex(db, 'ai_sessions', ['connector_id', 'updated_at', 'id']);
  await createIndex(db, 'ai_sessions', ['connector_id'], { unique: true, where: sql`status = 'active'`, name: 'ai_sessions__connector_id__active' });

  await db.schema
    .createTable('connector_workflow_steps')
    .$call(textPk())
    .$call(ref('org_id', 'organisations'))
    .$call(ref('connector_id', 'connectors'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .$call(text('name'))
    .$call(text('type'))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .$call(text('language'))
    .$call(text('code'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .$call(bool('edited'))
    .$call(text('updated_by'))
    .$call(json('input_schema_json', '{}'))
    .$call(json('output_schema_json', '{}'))
    .$call(optionalText('last_run_json'))
    .$call(timestamps())
    .execute();
  await createIndex(db, 'connector_workflow_steps', ['connector_id', 'position']);

  await db.schema
    .createTable('connector_tests')
    .$call(textPk())
    .$call(ref('org_id', 'organisations'))
    .$call(ref('connector_id', 'connectors'))
    .$call(optionalText('session_id', 'integration_id', 'replay_of'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('webhook', 'sync', 'api')`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('queued', 'running', 'passed', 'failed')`))
    .addColumn('connector_version', 'integer', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .$call(json('result_json', '{}'))
    .$call(ms('started_at'))
    .$call(ms('completed_at', true))
    .execute();
  await createIndex(db, 'connector_tests', ['connector_id', 'started_at', 'id']);
  await createIndex(db, 'connector_tests', ['connector_id', 'kind', 'started_at', 'id']);

  await db.schema
    .createTable('custom_apps')
    .$call(ref('org_id', 'organisations'))
    .addColumn('id', 'text', (c) => c.notNull())
    .$call(text('label'))
    .$call(text('base_url'))
    .$call(optionalText('docs_url', 'category'))
    .$call(text('auth_type'))
    .$call(ref('created_by_user_id', 'users', { nullable: true }))
    .$call(timestamps())
    .addPrimaryKeyConstraint('custom_apps_pkey', ['org_id', 'id'])
    .execute();

  await normaliseEarlyRows(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, ['custom_apps', 'connector_tests', 'connector_workflow_steps', 'ai_sessions']);
  await db.schema.dropIndex('sync_jobs__connector_id').ifExists().execute();
  await db.schema.dropIndex('integrated_accounts__org_id_connector_id_created_at_id').ifExists().execute();
  await db.schema.alterTable('integrated_accounts').dropColumn('connector_id').execute();
  await db.schema.alterTable('ai_session_messages').dropColumn('chat_step').execute();
  await db.schema.alterTable('connectors').dropColumn('published_at').execute();
  await db.schema.alterTable('connectors').dropColumn('version').execute();
  await db.schema.alterTable('connectors').dropColumn('description').execute();
}

/** chatStep values of the early seed ('completed', 'test_sync', ...) mapped onto the contract's steps. */
function contractStep(step: string | null, status: string): string | null {
  if (step === null) return null;
  if (STEPS.includes(step)) return step;
  if (status === 'live') return 'live';
  if (step.startsWith('test')) return 'test';
  return step === 'completed' ? 'review' : 'describe';
}

async function normaliseEarlyRows(db: Kysely<any>): Promise<void> {
  const connectors = await db.selectFrom('connectors')
    .select(['id', 'org_id', 'name', 'created_by', 'medium', 'status', 'session_id', 'chat_step', 'config_json', 'created_at', 'updated_at'])
    .execute();
  for (const c of connectors) {
    const step = contractStep(c.chat_step, c.status);
    let goal = '';
    try { const config = JSON.parse(c.config_json); if (typeof config?.goal === 'string') goal = config.goal; } catch { /* not JSON: no goal */ }
    await db.updateTable('connectors').set({ medium: MEDIA.includes(c.medium) ? c.medium : 'sync', chat_step: step, description: goal })
      .where('id', '=', c.id).execute();
    if (!c.session_id || step === null) continue;
    if (await db.selectFrom('ai_sessions').select('id').where('id', '=', c.session_id).executeTakeFirst()) continue;
    const messages = await db.selectFrom('ai_session_messages').select(['role', 'content_json', 'created_at'])
      .where('session_id', '=', c.session_id).orderBy('created_at').orderBy('id').execute();
    const textOf = (m: { content_json: string }) => { try { return String(JSON.parse(m.content_json)?.text ?? ''); } catch { return ''; } };
    const firstUser = messages.find((m) => m.role === 'user');
    const last = messages[messages.length - 1];
    const status = c.status === 'live' ? 'completed' : c.status === 'deactivated' ? 'discarded' : 'active';
    await db.insertInto('ai_sessions').values({
      id: c.session_id, org_id: c.org_id, connector_id: c.id, created_by_user_id: null, created_by: c.created_by ?? '',
      title: (firstUser ? textOf(firstUser) : c.name).slice(0, 80), kind: 'build', status, chat_step: step,
      completed_steps_json: JSON.stringify(STEPS.slice(0, STEPS.indexOf(step))), message_count: messages.length,
      last_message_preview: last ? textOf(last).slice(0, 120) : '', created_at: c.created_at, updated_at: Math.max(c.updated_at, last?.created_at ?? 0),
    }).execute();
    await db.updateTable('ai_session_messages').set({ chat_step: step }).where('session_id', '=', c.session_id).execute();
  }
}
