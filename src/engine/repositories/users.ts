import type { Kysely, Transaction } from 'kysely';
import type { Database, Row } from '../db/schema.ts';
import { newId } from '../db/ids.ts';
import type { MsgOf, Role } from '../handlers/types.ts';
import { findOrganisation, orgMetaData } from './organisations.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type UserDetails = MsgOf<'userUserDetails'>;

/** E-mails are compared lowercased everywhere (the column has a check constraint). */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(db: Db, email: string): Promise<Row<'users'> | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', normaliseEmail(email)).where('deleted_at', 'is', null).executeTakeFirst();
}

export async function findUser(db: Db, userId: string): Promise<Row<'users'> | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
}

export async function createUser(db: Db, values: { orgId: string; email: string; role: Role; now: number }): Promise<string> {
  const id = newId('usr');
  await db.insertInto('users').values({
    id, org_id: values.orgId, email: normaliseEmail(values.email), role: values.role,
    created_at: values.now, updated_at: values.now,
  }).execute();
  return id;
}

/** Whether the user has the feature flag on (one indexed lookup; most calls need no flag). */
export async function hasFeatureFlag(db: Db, userId: string, flag: string): Promise<boolean> {
  const row = await db.selectFrom('user_feature_flags').select('enabled').where('user_id', '=', userId).where('flag', '=', flag).executeTakeFirst();
  return row?.enabled === 1;
}

export async function featureFlagsOf(db: Db, userId: string): Promise<Record<string, boolean>> {
  const rows = await db.selectFrom('user_feature_flags').select(['flag', 'enabled']).where('user_id', '=', userId).execute();
  return Object.fromEntries(rows.map((r) => [r.flag, r.enabled === 1]));
}

const ORG_SIZES = ['01-50', '51-100', '101-250', '251-1000', '1000+'] as const;
const GO_LIVE_PLANS = ['immediately', '30_days', '3_months', 'not_sure'] as const;
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

/** The signed-in user's details as user.userDetails answers them. */
export async function userDetails(db: Db, user: Row<'users'>): Promise<UserDetails> {
  const org = await findOrganisation(db, user.org_id);
  if (!org) throw new Error(`user ${user.id} has no organisation`);
  return {
    userId: user.id,
    userEmail: user.email,
    username: user.username ?? '',
    designation: user.designation,
    role: user.role as Role,
    isVerified: user.is_verified === 1,
    orgId: org.id,
    orgName: org.name,
    orgSize: oneOf(ORG_SIZES, org.size),
    goLivePlan: oneOf(GO_LIVE_PLANS, org.go_live_plan),
    apps: JSON.parse(user.apps_json || '[]') as UserDetails['apps'],
    featureFlags: await featureFlagsOf(db, user.id),
    chargebeeChecks: org.chargebee_checks === 1,
    defaultIntegrationType: org.default_integration_type === 'production' ? 'production' : 'test',
    hideTestAccPopup: user.hide_test_acc_popup === 1,
    lastTestAccPopupAt: user.last_test_acc_popup_at === null ? null : Math.floor(user.last_test_acc_popup_at / 1000),
    orgMetaData: await orgMetaData(db, org),
  };
}
