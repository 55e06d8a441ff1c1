import { type Kysely, sql } from 'kysely';
import {
  bool,
  counter,
  createIndex,
  dropTables,
  json,
  ms,
  optionalText,
  ref,
  text,
  textPk,
} from './helpers.ts';

// The app catalog, data models and the field capability matrix: reference data the seed loads.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('categories')
    .$call(textPk())
    .$call(text('label'))
    .$call(optionalText('description'))
    .$call(counter('position'))
    .execute();

  await db.schema
    .createTable('apps')
    .$call(textPk())
    .$call(text('label'))
    .$call(text('category'))
    .$call(optionalText('logo'))
    .addColumn('auth_type', 'text', (c) =>
      c.notNull().check(sql`auth_type in ('OAUTH', 'BASIC', 'OTHER', 'NONE')`),
    )
    .$call(json('custom_fields_support_json', '{}'))
    .$call(json('not_supported_sync_types_json', '[]'))
    .$call(bool('is_custom_fields_supported'))
    .$call(bool('is_sandbox'))
    .$call(optionalText('docs_url'))
    .$call(counter('position'))
    .$call(ms('created_at'))
    .execute();
  await createIndex(db, 'apps', ['category', 'position']);

  await db.schema
    .createTable('app_setup_steps')
    .$call(ref('app_id', 'apps'))
    .$call(text('step_id'))
    .addColumn('setup_type', 'text', (c) =>
      c.notNull().check(sql`setup_type in ('FORM', 'OAUTH', 'NONE')`),
    )
    .$call(counter('position'))
    .$call(optionalText('form_schema_json'))
    .addPrimaryKeyConstraint('app_setup_steps_pkey', ['app_id', 'step_id'])
    .execute();

  await db.schema
    .createTable('app_fields')
    .$call(ref('app_id', 'apps'))
    .$call(text('subcategory'))
    .$call(text('field_id'))
    .$call(text('field_from_app'))
    .$call(optionalText('field_to_org'))
    .$call(text('data_type'))
    .$call(text('field_type'))
    .$call(optionalText('sample_data'))
    .$call(counter('position'))
    .addPrimaryKeyConstraint('app_fields_pkey', ['app_id', 'subcategory', 'field_id'])
    .execute();

  await db.schema
    .createTable('data_models')
    .$call(textPk())
    .$call(text('category'))
    .$call(text('subcategory'))
    .$call(text('subcategory_label'))
    .$call(text('model_id'))
    .$call(text('name'))
    .$call(optionalText('description'))
    .$call(bool('default_model'))
    .$call(counter('position'))
    .addUniqueConstraint('data_models_category_subcategory_model_id_key', [
      'category',
      'subcategory',
      'model_id',
    ])
    .execute();

  await db.schema
    .createTable('model_attributes')
    .$call(ref('data_model_id', 'data_models'))
    .$call(text('name'))
    .$call(text('type'))
    .$call(optionalText('description'))
    .$call(counter('position'))
    .addPrimaryKeyConstraint('model_attributes_pkey', ['data_model_id', 'name'])
    .execute();

  await db.schema
    .createTable('sub_models')
    .$call(ref('data_model_id', 'data_models'))
    .$call(text('name'))
    .$call(json('attributes_json', '[]'))
    .$call(counter('position'))
    .addPrimaryKeyConstraint('sub_models_pkey', ['data_model_id', 'name'])
    .execute();

  await db.schema
    .createTable('category_apis')
    .$call(text('category'))
    .$call(text('api_id'))
    .$call(text('name'))
    .$call(optionalText('type', 'method', 'url', 'doc_url'))
    .$call(counter('position'))
    .addPrimaryKeyConstraint('category_apis_pkey', ['category', 'api_id'])
    .execute();

  await db.schema
    .createTable('webhook_event_types')
    .$call(text('category'))
    .$call(text('subcategory'))
    .$call(text('value'))
    .$call(text('label'))
    .$call(text('event_type'))
    .$call(optionalText('code_snippet'))
    .$call(counter('position'))
    .addPrimaryKeyConstraint('webhook_event_types_pkey', ['category', 'subcategory', 'value'])
    .execute();

  await db.schema
    .createTable('capabilities')
    .$call(ref('app_id', 'apps'))
    .$call(text('category'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('model', 'api', 'field')`))
    .$call(text('target_id'))
    // '' rather than null for model and API rows: primary-key columns cannot be null.
    .addColumn('field_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.check(sql`status in ('A', 'WIP', 'NA')`))
    .$call(optionalText('notes'))
    .addPrimaryKeyConstraint('capabilities_pkey', [
      'app_id',
      'category',
      'kind',
      'target_id',
      'field_name',
    ])
    .execute();
  // The matrix and the exceptions modal read by category and model/API, across apps.
  await createIndex(db, 'capabilities', ['category', 'kind', 'target_id']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, [
    'capabilities',
    'webhook_event_types',
    'category_apis',
    'sub_models',
    'model_attributes',
    'data_models',
    'app_fields',
    'app_setup_steps',
    'apps',
    'categories',
  ]);
}
