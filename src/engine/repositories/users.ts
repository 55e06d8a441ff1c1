import type { Kysely, Transaction } from 'kysely';
import type { Database, Row } from '../db/schema.ts';
import { newId } from '../db/ids.ts';
import type { MsgOf, Role } from '../contractTypes.ts';
import { findOrganisation, orgMetaData } from './organisations.ts';

type Db = Kysely<Database> | Transaction<Database>;
type UserDetails = MsgOf<'userUserDetails'>;

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

async function featureFlagsOf(db: Db, userId: string): Promise<Record<string, boolean>> {
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

/** The apps each live user of the organisation chose at sign-up, as stored (JSON text per user). */
export async function appsChosenAtSignUp(db: Db, orgId: string): Promise<string[]> {
  const users = await db.selectFrom('users').select('apps_json').where('org_id', '=', orgId).where('deleted_at', 'is', null).execute();
  return users.map((u) => u.apps_json);
}

/** The e-mail of the organisation's first live admin, or undefined. */
export async function firstAdminEmail(db: Db, orgId: string): Promise<string | undefined> {
  return (await db.selectFrom('users').select('email').where('org_id', '=', orgId)
    .where('role', '=', 'admin').where('deleted_at', 'is', null).orderBy('created_at').executeTakeFirst())?.email;
}

/** The e-mail of a user row, deleted or not (who sent an invite), or undefined. */
export async function userEmail(db: Db, userId: string): Promise<string | undefined> {
  return (await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst())?.email;
}

/** Whether the organisation has a user row other than this one. */
export async function hasOtherUsers(db: Db, orgId: string, userId: string): Promise<boolean> {
  const others = await db.selectFrom('users').select('id').where('org_id', '=', orgId).where('id', '!=', userId).limit(1).execute();
  return others.length > 0;
}

/** Records a login: the first one stays the first, the last one is now. */
export async function recordLogin(db: Db, user: Pick<Row<'users'>, 'id' | 'first_login_at'>, now: number): Promise<void> {
  await db.updateTable('users').set({ first_login_at: user.first_login_at ?? now, last_login_at: now, updated_at: now }).where('id', '=', user.id).execute();
}

/**
 * Step 2 of sign-up on the user row: verified from now on, with the name and apps given; in the
 * invited organisation with the invited role, or an admin where the row is.
 */
export async function completeSignUp(
  db: Db,
  userId: string,
  values: { username: string; appsJson: string; joined?: { orgId: string; role: string } },
  now: number,
): Promise<void> {
  await db.updateTable('users').set({
    username: values.username, is_verified: 1, apps_json: values.appsJson, updated_at: now,
    ...(values.joined ? { org_id: values.joined.orgId, role: values.joined.role } : { role: 'admin' }),
  }).where('id', '=', userId).execute();
}

/** Moves a user to an organisation of their own, as its admin, no longer an invitee. */
export async function moveUserToOwnOrg(db: Db, userId: string, orgId: string, now: number): Promise<void> {
  await db.updateTable('users').set({ org_id: orgId, role: 'admin', invited_by: null, invited_at: null, updated_at: now }).where('id', '=', userId).execute();
}

/** The profile form's own fields; an absent designation is left as it is. */
export async function updateUserProfile(db: Db, userId: string, profile: { username: string; designation?: string }, now: number): Promise<void> {
  await db.updateTable('users').set({
    username: profile.username,
    ...(profile.designation !== undefined ? { designation: profile.designation } : {}),
    updated_at: now,
  }).where('id', '=', userId).execute();
}

/** Records when the test-account popup was last shown (and, when sent, whether to hide it). */
export async function saveTestAccountPopup(db: Db, userId: string, popup: { shownAt: number; hide?: boolean }, now: number): Promise<void> {
  await db.updateTable('users').set({
    last_test_acc_popup_at: popup.shownAt,
    ...(popup.hide !== undefined ? { hide_test_acc_popup: popup.hide ? 1 : 0 } : {}),
    updated_at: now,
  }).where('id', '=', userId).execute();
}

/** The user's test-account popup state. */
export async function testAccountPopupOf(db: Db, userId: string): Promise<Pick<Row<'users'>, 'last_test_acc_popup_at' | 'hide_test_acc_popup'>> {
  return db.selectFrom('users').select(['last_test_acc_popup_at', 'hide_test_acc_popup']).where('id', '=', userId).executeTakeFirstOrThrow();
}
