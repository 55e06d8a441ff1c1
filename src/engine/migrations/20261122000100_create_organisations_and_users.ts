import { type Kysely, sql } from 'kysely';
import {
  amount,
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

// Organisations, users and everything that authenticates them.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('clusters')
    .$call(textPk())
    .$call(text('name'))
    .$call(json('usage_json', '{}'))
    .$call(json('orgs_map_json', '{}'))
    .$call(timestamps())
    .execute();

  await db.schema
    .createTable('plans')
    .$call(textPk())
    .$call(text('name'))
    .$call(optionalText('billing_period_unit'))
    .$call(counter('billing_period'))
    .$call(amount('price_minor'))
    .addColumn('currency_code', 'text', (c) => c.notNull().defaultTo('USD'))
    .$call(amount('credits'))
    .$call(json('consumption_parameters_json', '{}'))
    .$call(json('billing_parameters_json', '[]'))
    .$call(json('features_json', '{}'))
    .$call(bool('is_trial'))
    .$call(bool('is_public', 1))
    .$call(counter('position'))
    .$call(ms('created_at'))
    .execute();

  await db.schema
    .createTable('organisations')
    .$call(textPk())
    .$call(text('name'))
    .$call(optionalText('size', 'go_live_plan'))
    .addColumn('default_integration_type', 'text', (c) =>
      c.notNull().defaultTo('test').check(sql`default_integration_type in ('test', 'production')`),
    )
    .$call(bool('is_trial'))
    .$call(bool('is_paid'))
    .$call(amount('usage'))
    .$call(amount('default_trial_credits'))
    .$call(amount('current_allowed_credits'))
    .$call(ms('trial_expires_at', true))
    .$call(optionalText('subscription_id'))
    .$call(ref('plan_id', 'plans', { nullable: true }))
    .$call(optionalText('plan_name', 'billing_period_unit'))
    .$call(json('consumption_parameters_json', '{}'))
    .$call(json('billing_parameters_json', '[]'))
    .$call(json('usage_details_json', '{}'))
    .$call(ref('cluster_id', 'clusters', { nullable: true }))
    .$call(bool('feature_dynamic_sync_frequency'))
    .$call(bool('feature_white_labelling'))
    .$call(bool('feature_custom_mapping'))
    .$call(bool('feature_language_options'))
    .$call(bool('chargebee_checks'))
    .$call(bool('webapp_flow_completed'))
    .$call(bool('ai_agent_flow_completed'))
    .$call(bool('getting_started_completed'))
    .$call(optionalText('active_flow'))
    .$call(timestamps())
    .execute();
  await createIndex(db, 'organisations', ['cluster_id']);
  await createIndex(db, 'organisations', ['subscription_id']);

  await db.schema
    .createTable('users')
    .$call(textPk())
    .$call(ref('org_id', 'organisations'))
    // Lowercase is enforced here so a unique index on the plain column is case-insensitive.
    .addColumn('email', 'text', (c) => c.notNull().check(sql`email = lower(email)`))
    .$call(optionalText('username', 'designation'))
    .addColumn('role', 'text', (c) =>
      c.notNull().check(sql`role in ('admin', 'member', 'billingcontact')`),
    )
    .$call(bool('is_verified'))
    .$call(ref('invited_by', 'users', { nullable: true }))
    .$call(ms('invited_at', true))
    .$call(ms('last_invite_at', true))
    .$call(json('apps_json', '[]'))
    .$call(bool('hide_test_acc_popup'))
    .$call(ms('last_test_acc_popup_at', true))
    .$call(bool('onboarding_completed'))
    .$call(bool('welcome_seen'))
    .$call(ms('first_login_at', true))
    .$call(ms('last_login_at', true))
    .$call(timestamps())
    .$call(ms('deleted_at', true))
    .execute();
  // Deleted users keep their row; their address may be invited again.
  await createIndex(db, 'users', ['email'], {
    unique: true,
    name: 'users__email_live',
    where: sql`deleted_at is null`,
  });
  await createIndex(db, 'users', ['org_id', 'created_at', 'id']);

  await db.schema
    .createTable('user_feature_flags')
    .$call(ref('user_id', 'users'))
    .$call(text('flag'))
    .$call(bool('enabled'))
    .$call(ms('updated_at'))
    .addPrimaryKeyConstraint('user_feature_flags_pkey', ['user_id', 'flag'])
    .execute();

  await db.schema
    .createTable('sessions')
    .$call(textPk())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .$call(ref('user_id', 'users'))
    .$call(ref('org_id', 'organisations'))
    .$call(ms('created_at'))
    .$call(ms('last_seen_at'))
    .$call(ms('idle_expires_at'))
    .$call(ms('absolute_expires_at'))
    .$call(ms('revoked_at', true))
    .$call(optionalText('user_agent', 'ip'))
    .execute();
  await createIndex(db, 'sessions', ['user_id', 'created_at']);
  // Expired-session sweeps.
  await createIndex(db, 'sessions', ['absolute_expires_at']);

  await db.schema
    .createTable('otp_challenges')
    .$call(textPk())
    .$call(text('email'))
    .$call(text('attempt_id'))
    .$call(text('code_hash'))
    .$call(bool('new_user'))
    .$call(optionalText('context_json'))
    .$call(ms('created_at'))
    .$call(ms('expires_at'))
    .$call(counter('attempts'))
    .$call(bool('dead'))
    .$call(ms('used_at', true))
    .$call(ms('resend_available_at'))
    .execute();
  await createIndex(db, 'otp_challenges', ['email', 'created_at']);
  await createIndex(db, 'otp_challenges', ['attempt_id']);

  await db.schema
    .createTable('otp_daily_failures')
    .$call(text('email'))
    .$call(text('day'))
    .$call(counter('wrong_count'))
    .$call(ms('updated_at'))
    .addPrimaryKeyConstraint('otp_daily_failures_pkey', ['email', 'day'])
    .execute();

  await db.schema
    .createTable('rate_limits')
    .$call(textPk('key'))
    .$call(ms('window_start'))
    .$call(counter('count'))
    .$call(ms('next_allowed_at', true))
    .$call(ms('updated_at'))
    .execute();

  await db.schema
    .createTable('invites')
    .$call(textPk())
    .$call(ref('org_id', 'organisations'))
    .$call(text('email'))
    .addColumn('role', 'text', (c) =>
      c.notNull().check(sql`role in ('admin', 'member', 'billingcontact')`),
    )
    .$call(ref('invited_by', 'users', { nullable: true }))
    .$call(ref('user_id', 'users', { nullable: true }))
    .$call(ms('created_at'))
    .$call(ms('last_sent_at'))
    .$call(ms('expires_at', true))
    .$call(ms('accepted_at', true))
    .$call(ms('revoked_at', true))
    .execute();
  await createIndex(db, 'invites', ['org_id', 'email']);
  await createIndex(db, 'invites', ['email']);

  await db.schema
    .createTable('mailbox')
    .$call(identityPk(db))
    .$call(text('to_email'))
    .$call(text('subject'))
    .$call(text('text'))
    .$call(optionalText('html'))
    // What the mail is (otp, invite, magicLink, other) and the code or link it carries, so
    // dev.mailbox can hand them to e2e tests without parsing bodies.
    .$call(text('kind'))
    .$call(optionalText('otp', 'link'))
    .$call(ms('created_at'))
    .execute();
  await createIndex(db, 'mailbox', ['to_email', 'created_at', 'id']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, [
    'mailbox',
    'invites',
    'rate_limits',
    'otp_daily_failures',
    'otp_challenges',
    'sessions',
    'user_feature_flags',
    'users',
    'organisations',
    'plans',
    'clusters',
  ]);
}
