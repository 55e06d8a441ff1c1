import { type Kysely, sql } from 'kysely';
import {
  amount,
  binary,
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
  timestamps,
} from './helpers.ts';

// Billing, API keys, webhooks and their delivery queue, onboarding state, personalisation.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('invoices')
    .$call(textPk())
    .$call(ref('org_id', 'organisations'))
    .$call(text('number'))
    .$call(ms('date'))
    .$call(text('currency_code'))
    .$call(amount('amount_paid'))
    .$call(optionalText('plan_name'))
    .$call(json('line_items_json', '[]'))
    .$call(optionalText('download_url', 'file_name'))
    .$call(ms('created_at'))
    .execute();
  await createIndex(db, 'invoices', ['org_id', 'date', 'id']);

  await db.schema
    .createTable('payment_customers')
    .$call(ref('org_id', 'organisations'))
    .$call(
      optionalText(
        'first_name',
        'last_name',
        'email',
        'billing_first_name',
        'billing_last_name',
        'billing_line1',
        'billing_line2',
        'billing_state',
        'billing_zip',
        'vat_number',
      ),
    )
    .$call(timestamps())
    .addPrimaryKeyConstraint('payment_customers_pkey', ['org_id'])
    .execute();

  await db.schema
    .createTable('payment_cards')
    .$call(textPk())
    .$call(ref('org_id', 'organisations'))
    .$call(text('card_type'))
    .$call(text('masked_number'))
    .$call(bool('is_primary'))
    .$call(ms('created_at'))
    .execute();
  await createIndex(db, 'payment_cards', ['org_id']);

  await db.schema
    .createTable('api_keys')
    .$call(textPk())
    .$call(ref('org_id', 'organisations'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('prod', 'sandbox')`))
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .$call(text('prefix'))
    .$call(optionalText('key_encrypted'))
    .$call(ms('created_at'))
    .$call(ms('revoked_at', true))
    .$call(ms('last_used_at', true))
    .execute();
  // Generating a new key revokes the old one; at most one live key per kind.
  await createIndex(db, 'api_keys', ['org_id', 'kind'], {
    unique: true,
    name: 'api_keys__org_id_kind_live',
    where: sql`revoked_at is null`,
  });

  await db.schema
    .createTable('webhooks')
    .$call(textPk())
    .$call(ref('org_id', 'organisations'))
    .$call(text('category'))
    .$call(text('destination'))
    .$call(bool('live'))
    .$call(json('tested_events_json', '[]'))
    .$call(text('signing_secret'))
    .$call(timestamps())
    .addUniqueConstraint('webhooks_org_id_category_key', ['org_id', 'category'])
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .$call(textPk())
    .$call(ref('org_id', 'organisations'))
    .$call(ref('webhook_id', 'webhooks', { nullable: true }))
    .$call(text('destination'))
    .$call(text('category'))
    .$call(text('event_type'))
    .$call(text('payload_json'))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('pending').check(sql`status in ('pending', 'delivered', 'failed')`),
    )
    .$call(counter('attempts'))
    .$call(ms('next_attempt_at'))
    .$call(ms('locked_until', true))
    .$call(optionalText('locked_by'))
    .addColumn('last_status_code', 'integer')
    .$call(optionalText('last_error', 'webhook_record_id'))
    .$call(ms('created_at'))
    .$call(ms('delivered_at', true))
    .execute();
  // Workers claim due pending rows: status first keeps delivered rows out of the scan.
  await createIndex(db, 'webhook_deliveries', ['status', 'next_attempt_at']);
  await createIndex(db, 'webhook_deliveries', ['org_id', 'created_at', 'id']);

  await db.schema
    .createTable('getting_started')
    .$call(ref('org_id', 'organisations'))
    .addColumn('flow', 'text', (c) => c.notNull().check(sql`flow in ('web', 'ai')`))
    .$call(text('category'))
    .$call(bool('enabled'))
    .$call(bool('in_progress'))
    .$call(bool('onboarding_completed'))
    .$call(json('steps_json', '[]'))
    .$call(ms('last_modified'))
    .$call(ms('created_at'))
    .addPrimaryKeyConstraint('getting_started_pkey', ['org_id', 'flow', 'category'])
    .execute();

  await db.schema
    .createTable('org_category_settings')
    .$call(ref('org_id', 'organisations'))
    .$call(text('category'))
    .$call(bool('sync_enabled'))
    .$call(bool('sync_on_api'))
    .$call(json('sync_models_json', '[]'))
    .$call(bool('ai_toolkit_enabled'))
    .$call(ms('updated_at'))
    .addPrimaryKeyConstraint('org_category_settings_pkey', ['org_id', 'category'])
    .execute();

  await db.schema
    .createTable('ui_customisation')
    .$call(ref('org_id', 'organisations'))
    .$call(optionalText('org_name', 'tnc_url'))
    .$call(json('custom_points_json', '[]'))
    .$call(optionalText('logo_url', 'logo_file_name', 'logo_upload_key'))
    .$call(ms('updated_at'))
    .addPrimaryKeyConstraint('ui_customisation_pkey', ['org_id'])
    .execute();

  await db.schema
    .createTable('email_customisation')
    .$call(ref('org_id', 'organisations'))
    .$call(optionalText('from_name', 'reply_to', 'subject', 'body'))
    .$call(json('settings_json', '{}'))
    .$call(ms('updated_at'))
    .addPrimaryKeyConstraint('email_customisation_pkey', ['org_id'])
    .execute();

  await db.schema
    .createTable('uploads')
    .$call(textPk('key'))
    .$call(ref('org_id', 'organisations'))
    .$call(text('content_type'))
    .$call(binary(db, 'bytes'))
    .addColumn('size_bytes', 'integer')
    .$call(ms('created_at'))
    .$call(ms('expires_at'))
    .$call(ms('uploaded_at', true))
    .execute();
  await createIndex(db, 'uploads', ['org_id', 'created_at']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, [
    'uploads',
    'email_customisation',
    'ui_customisation',
    'org_category_settings',
    'getting_started',
    'webhook_deliveries',
    'webhooks',
    'api_keys',
    'payment_cards',
    'payment_customers',
    'invoices',
  ]);
}
