import { type Kysely, sql } from 'kysely';
import {
  bool,
  counter,
  createIndex,
  dropTables,
  identityPk,
  json,
  ms,
  optionalText,
  ref,
  text,
  textPk,
  timestamps,
} from './helpers.ts';

// End-customer orgs, integrated accounts, auth sessions and magic links, mapping, presets,
// AI connectors, and the daily counters the overview screens sum.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('end_customer_orgs')
    .$call(textPk())
    .$call(ref('org_id', 'organisations'))
    .$call(text('origin_org_id'))
    .$call(text('origin_org_name'))
    .$call(counter('integrated_accounts_count'))
    .$call(timestamps())
    .addUniqueConstraint('end_customer_orgs_org_id_origin_org_id_key', ['org_id', 'origin_org_id'])
    .execute();
  await createIndex(db, 'end_customer_orgs', ['org_id', 'created_at', 'id']);
  await createIndex(db, 'end_customer_orgs', ['org_id', 'origin_org_name']);

  await db.schema
    .createTable('mapping_presets')
    .$call(textPk())
    .$call(ref('org_id', 'organisations'))
    .$call(text('name'))
    .addColumn('mode', 'text', (c) => c.notNull().check(sql`mode in ('app', 'account', 'category')`))
    .$call(optionalText('app_id', 'app_label', 'category', 'created_by'))
    .$call(ref('created_by_user_id', 'users', { nullable: true }))
    .$call(bool('is_default'))
    .$call(timestamps())
    .execute();
  await createIndex(db, 'mapping_presets', ['org_id', 'created_at', 'id']);

  await db.schema
    .createTable('mapping_preset_fields')
    .$call(ref('preset_id', 'mapping_presets'))
    .$call(text('subcategory'))
    .$call(text('field_id'))
    .$call(text('field_from_app'))
    .$call(optionalText('field_to_org'))
    .$call(text('data_type'))
    .$call(text('field_type'))
    .$call(optionalText('sample_data'))
    .$call(bool('user_added'))
    .$call(counter('position'))
    .addPrimaryKeyConstraint('mapping_preset_fields_pkey', ['preset_id', 'subcategory', 'field_id'])
    .execute();

  await db.schema
    .createTable('mapping_preset_apps')
    .$call(ref('preset_id', 'mapping_presets'))
    .$call(text('app_id'))
    .$call(text('app_label'))
    .addPrimaryKeyConstraint('mapping_preset_apps_pkey', ['preset_id', 'app_id'])
    .execute();

  await db.schema
    .createTable('mapping_preset_orgs')
    .$call(ref('preset_id', 'mapping_presets'))
    .$call(text('origin_org_id'))
    .$call(text('origin_org_name'))
    .addPrimaryKeyConstraint('mapping_preset_orgs_pkey', ['preset_id', 'origin_org_id'])
    .execute();

  await db.schema
    .createTable('integrated_accounts')
    .$call(textPk())
    .$call(ref('org_id', 'organisations'))
    .$call(ref('end_customer_org_id', 'end_customer_orgs', { nullable: true }))
    .$call(text('origin_org_id'))
    .$call(text('origin_org_name'))
    .$call(optionalText('user_passed_origin_org_id', 'origin_user_email', 'origin_user_name'))
    // App ids are not foreign keys: the catalog is reference data the seed may reload.
    .$call(text('app_id'))
    .$call(text('app_label'))
    .$call(text('category'))
    .addColumn('integration_state', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`integration_state in ('Success', 'Error', 'Email sent', 'Under validation', 'Deactivated', 'Expired')`,
        ),
    )
    .$call(optionalText('error_description', 'done_by'))
    .$call(bool('test_account'))
    .$call(ms('expires_at', true))
    .$call(ms('expired_at', true))
    .$call(ms('deactivated_at', true))
    .$call(bool('sync_paused'))
    .$call(bool('sync_enabled', 1))
    .addColumn('sync_frequency', 'text', (c) => c.notNull().defaultTo('STANDARD'))
    .addColumn('frequency_rate', 'integer')
    .$call(optionalText('frequency_unit'))
    .$call(bool('show_custom_fields', 1))
    .$call(json('subscribed_models_json', '[]'))
    .$call(ref('preset_id', 'mapping_presets', { nullable: true }))
    .$call(optionalText('auth_data_json'))
    .$call(timestamps())
    .execute();
  // One index per accounts-list filter, each ending in the keyset (created_at, id).
  await createIndex(db, 'integrated_accounts', ['org_id', 'created_at', 'id']);
  await createIndex(db, 'integrated_accounts', ['org_id', 'integration_state', 'created_at', 'id']);
  await createIndex(db, 'integrated_accounts', ['org_id', 'category', 'created_at', 'id']);
  await createIndex(db, 'integrated_accounts', ['org_id', 'app_id', 'created_at', 'id']);
  await createIndex(db, 'integrated_accounts', ['org_id', 'origin_org_id', 'created_at', 'id']);

  await db.schema
    .createTable('auth_sessions')
    .$call(textPk())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .$call(ref('org_id', 'organisations'))
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('session', 'magic_link', 'reintegrate')`),
    )
    .$call(text('origin_org_id'))
    .$call(text('origin_org_name'))
    .$call(optionalText('origin_user_email', 'origin_user_name'))
    .$call(bool('test_account'))
    .$call(bool('sandbox'))
    .$call(bool('show_scope_control'))
    .$call(bool('show_custom_mapping', 1))
    .$call(bool('custom_mapping_required'))
    .addColumn('connector_type', 'text', (c) => c.notNull().defaultTo('unified-api-sync'))
    .$call(json('categories_json', '[]'))
    .$call(json('connector_ids_json', '[]'))
    .$call(json('filters_json', '[]'))
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .$call(optionalText('app_id', 'integration_id'))
    .addColumn('state', 'text', (c) =>
      c.notNull().defaultTo('active').check(sql`state in ('active', 'used', 'expired')`),
    )
    .$call(ref('created_by_user_id', 'users', { nullable: true }))
    .$call(ref('api_key_id', 'api_keys', { nullable: true }))
    .$call(ms('created_at'))
    .$call(ms('expires_at'))
    .$call(ms('used_at', true))
    .execute();
  await createIndex(db, 'auth_sessions', ['org_id', 'created_at', 'id']);

  await db.schema
    .createTable('mapping_fields')
    .$call(textPk())
    .$call(ref('org_id', 'organisations'))
    .$call(ref('integration_id', 'integrated_accounts'))
    .$call(text('subcategory'))
    .$call(text('field_id'))
    .$call(text('field_from_app'))
    .$call(optionalText('field_to_org'))
    .$call(text('data_type'))
    .addColumn('field_type', 'text', (c) =>
      c.notNull().check(sql`field_type in ('DEFAULT', 'CUSTOM', 'UNMAPPED')`),
    )
    .$call(optionalText('sample_data'))
    .$call(bool('user_added'))
    .$call(counter('position'))
    .$call(timestamps())
    .addUniqueConstraint('mapping_fields_integration_subcategory_field_key', [
      'integration_id',
      'subcategory',
      'field_id',
    ])
    .execute();
  await createIndex(db, 'mapping_fields', ['integration_id', 'subcategory', 'position']);

  await db.schema
    .createTable('connectors')
    .$call(textPk())
    .$call(ref('org_id', 'organisations'))
    .$call(text('name'))
    .$call(optionalText('created_by', 'medium'))
    .$call(json('apps_json', '[]'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .$call(optionalText('session_id', 'chat_step'))
    .$call(json('config_json', '{}'))
    .$call(timestamps())
    .$call(ms('deactivated_at', true))
    .execute();
  await createIndex(db, 'connectors', ['org_id', 'created_at', 'id']);
  await createIndex(db, 'connectors', ['org_id', 'status', 'created_at', 'id']);

  await db.schema
    .createTable('ai_session_messages')
    .$call(identityPk(db))
    .$call(ref('org_id', 'organisations'))
    .$call(text('session_id'))
    .$call(optionalText('connector_id'))
    .$call(text('role'))
    .$call(text('content_json'))
    .$call(ms('created_at'))
    .execute();
  await createIndex(db, 'ai_session_messages', ['session_id', 'created_at', 'id']);

  await db.schema
    .createTable('usage_daily')
    .$call(ref('org_id', 'organisations'))
    .addColumn('origin_org_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('integration_id', 'text', (c) => c.notNull().defaultTo(''))
    .$call(ms('day'))
    .$call(counter('api_calls'))
    .$call(counter('native_api_calls'))
    .$call(counter('events_emitted'))
    .$call(counter('events_consumed'))
    .$call(counter('issues'))
    // Leading (org_id, day): the home cards and the organizations list sum a date range.
    .addPrimaryKeyConstraint('usage_daily_pkey', ['org_id', 'day', 'origin_org_id', 'integration_id'])
    .execute();
  // The integrations-of-one-organization list sums one end customer's range.
  await createIndex(db, 'usage_daily', ['org_id', 'origin_org_id', 'day']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, [
    'usage_daily',
    'ai_session_messages',
    'connectors',
    'mapping_fields',
    'auth_sessions',
    'integrated_accounts',
    'mapping_preset_orgs',
    'mapping_preset_apps',
    'mapping_preset_fields',
    'mapping_presets',
    'end_customer_orgs',
  ]);
}
