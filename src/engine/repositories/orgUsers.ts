import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { newId } from '../db/ids.ts';
import { anyMatchesIgnoringCase, containsPattern, matchesIgnoringCase } from '../db/dialect.ts';
import type { MsgOf, Role } from '../contractTypes.ts';

// The Manage Users table: the organisation's users and pending invitees (an invite is a user row
// with is_verified 0 until its invitee signs up), shaped as OrgUserRow. A pending notice to an
// address of another organisation is listed like an invitee, under its stand-in user id, so the
// table does not tell the admin that the address is registered elsewhere.
type Db = Kysely<Database> | Transaction<Database>;
export type OrgUserRow = MsgOf<'appUsers'>['users'][number];

const PERMISSIONS: Record<Role, OrgUserRow['permissions']> = {
  admin: ['Data models', 'Integrations', 'Users', 'Billing'],
  member: ['Data models', 'Integrations'],
  billingcontact: ['Billing'],
};
/** An organisation has few users; the list is not paged but still bounded. */
const ORG_USERS_LIMIT = 500;

const seconds = (ms: number | null) => (ms === null ? null : Math.floor(ms / 1000));

function baseQuery(db: Db, orgId: string) {
  return db.selectFrom('users as u')
    .leftJoin('users as inviter', 'inviter.id', 'u.invited_by')
    .select([
      'u.id', 'u.username', 'u.email', 'u.role', 'u.is_verified', 'u.invited_at', 'u.last_invite_at', 'u.created_at',
      'inviter.email as inviter_email',
    ])
    .where('u.org_id', '=', orgId)
    .where('u.deleted_at', 'is', null);
}
type Selected = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

function toRow(row: Selected, currentUserId: string): OrgUserRow {
  const role = row.role as Role;
  const verified = row.is_verified === 1;
  return {
    userId: row.id,
    username: row.username,
    email: row.email,
    role,
    permissions: PERMISSIONS[role] ?? [],
    inviteStatus: verified ? 'verified' : 'unverified',
    isVerified: verified,
    isCurrentUser: row.id === currentUserId,
    invitedBy: row.inviter_email ?? null,
    invitedAt: seconds(row.invited_at),
    lastInvitedAt: seconds(row.last_invite_at),
    createdAt: Math.floor(row.created_at / 1000),
  };
}

function noticeQuery(db: Db, orgId: string) {
  return db.selectFrom('invites as i')
    .leftJoin('users as inviter', 'inviter.id', 'i.invited_by')
    .select([
      'i.stand_in_user_id', 'i.email', 'i.role', 'i.last_sent_at', 'inviter.email as inviter_email',
      // A resend is a new row: the first notice's time is when the admin invited the address.
      (eb) => eb.selectFrom('invites as first').select((e) => e.fn.min('first.created_at').as('t'))
        .whereRef('first.stand_in_user_id', '=', 'i.stand_in_user_id').as('first_sent_at'),
    ])
    .where('i.org_id', '=', orgId)
    .where('i.stand_in_user_id', 'is not', null)
    .where('i.accepted_at', 'is', null)
    .where('i.revoked_at', 'is', null);
}
type NoticeSelected = Awaited<ReturnType<ReturnType<typeof noticeQuery>['executeTakeFirstOrThrow']>>;

function noticeToRow(row: NoticeSelected): Selected {
  const firstSentAt = Number(row.first_sent_at ?? row.last_sent_at);
  return {
    id: row.stand_in_user_id!, username: null, email: row.email, role: row.role, is_verified: 0,
    invited_at: firstSentAt, last_invite_at: row.last_sent_at, created_at: firstSentAt, inviter_email: row.inviter_email,
  };
}

/** The organisation's live users matching `search` (name or e-mail, case-insensitive), current user first. */
export async function listOrgUsers(db: Db, orgId: string, currentUserId: string, search?: string): Promise<OrgUserRow[]> {
  const pattern = containsPattern(search);
  const [users, notices] = await Promise.all([
    baseQuery(db, orgId)
      .$if(pattern !== undefined, (q) => q.where(anyMatchesIgnoringCase(['u.email', 'u.username'], pattern!)))
      .orderBy('u.email').limit(ORG_USERS_LIMIT).execute(),
    noticeQuery(db, orgId)
      .$if(pattern !== undefined, (q) => q.where(matchesIgnoringCase('i.email', pattern!)))
      .orderBy('i.email').limit(ORG_USERS_LIMIT).execute(),
  ]);
  const rows = [...users, ...notices.map(noticeToRow)]
    .sort((a, b) => Number(b.id === currentUserId) - Number(a.id === currentUserId) || (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
  return rows.slice(0, ORG_USERS_LIMIT).map((row) => toRow(row, currentUserId));
}

/**
 * One live user, pending invitee or pending notice of the organisation (`notice` says which kind
 * the id names); undefined for another org's, a deleted or a withdrawn one.
 */
export async function findOrgUser(db: Db, orgId: string, userId: string, currentUserId: string): Promise<{ user: OrgUserRow; notice: boolean } | undefined> {
  const row = await baseQuery(db, orgId).where('u.id', '=', userId).executeTakeFirst();
  if (row) return { user: toRow(row, currentUserId), notice: false };
  const notice = await noticeQuery(db, orgId).where('i.stand_in_user_id', '=', userId).executeTakeFirst();
  return notice ? { user: toRow(noticeToRow(notice), currentUserId), notice: true } : undefined;
}

/** Live users with these e-mails, with the name of the organisation each belongs to ('' before sign-up step 2). */
export async function liveUsersByEmail(db: Db, emails: string[]) {
  return db.selectFrom('users')
    .leftJoin('organisations', 'organisations.id', 'users.org_id')
    .select(['users.id', 'users.email', 'users.org_id', 'users.is_verified', 'organisations.name as org_name'])
    .where('users.email', 'in', emails).where('users.deleted_at', 'is', null).execute();
}

/** Invites and notices to these e-mails that are neither accepted nor withdrawn, in any organisation. */
export async function pendingInvitesTo(db: Db, emails: string[]) {
  return db.selectFrom('invites').select(['user_id', 'org_id', 'email', 'stand_in_user_id'])
    .where('email', 'in', emails).where('accepted_at', 'is', null).where('revoked_at', 'is', null).execute();
}

/** Who invites whom into which organisation, as the invitee's user row records it. */
interface Invitation { orgId: string; role: Role; invitedBy: string; now: number }

const inviteeColumns = (invitation: Invitation) => ({
  org_id: invitation.orgId, role: invitation.role, is_verified: 0 as const, invited_by: invitation.invitedBy,
  invited_at: invitation.now, last_invite_at: invitation.now, updated_at: invitation.now,
});

/** A new user row for an invitee (unverified until they sign up); returns its id. */
export async function insertInvitee(db: Db, email: string, invitation: Invitation): Promise<string> {
  const userId = newId('usr');
  await db.insertInto('users').values({ id: userId, email, created_at: invitation.now, ...inviteeColumns(invitation) }).execute();
  return userId;
}

/** Turns an existing unregistered user row (an abandoned sign-up) into an invitee. */
export async function adoptAsInvitee(db: Db, userId: string, invitation: Invitation): Promise<void> {
  await db.updateTable('users').set(inviteeColumns(invitation)).where('id', '=', userId).execute();
}

/** When the user's last invitation e-mail went out (null before the first). */
export async function lastInviteAtOf(db: Db, userId: string): Promise<number | null> {
  const row = await db.selectFrom('users').select('last_invite_at').where('id', '=', userId).executeTakeFirstOrThrow();
  return row.last_invite_at;
}

/**
 * Claims a resend of a pending invitee's invitation: one conditional update that succeeds only
 * while last_invite_at is still the value read before, so of two concurrent resends one wins.
 * Sets the role the invitee joins with; false when another resend (or the sign-up) came first.
 */
export async function claimInviteResend(db: Db, userId: string, lastInviteAt: number | null, role: Role, now: number): Promise<boolean> {
  const claimed = await db.updateTable('users').set({ last_invite_at: now, role, updated_at: now })
    .where('id', '=', userId).where('is_verified', '=', 0)
    .where((eb) => (lastInviteAt === null ? eb('last_invite_at', 'is', null) : eb('last_invite_at', '=', lastInviteAt)))
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** Changes a user's role in the organisation. */
export async function setOrgUserRole(db: Db, orgId: string, userId: string, role: Role, now: number): Promise<void> {
  await db.updateTable('users').set({ role, updated_at: now }).where('id', '=', userId).where('org_id', '=', orgId).execute();
}

/** The role a user's pending invite links join with. */
export async function setPendingInviteRole(db: Db, userId: string, role: Role): Promise<void> {
  await db.updateTable('invites').set({ role })
    .where('user_id', '=', userId).where('accepted_at', 'is', null).where('revoked_at', 'is', null).execute();
}

/** The role recorded on a pending notice (listed under its stand-in user id). */
export async function setNoticeRole(db: Db, orgId: string, standInUserId: string, role: Role): Promise<void> {
  await db.updateTable('invites').set({ role })
    .where('org_id', '=', orgId).where('stand_in_user_id', '=', standInUserId).where('revoked_at', 'is', null).execute();
}

/** Marks a user of the organisation deleted: the row stays so what they made keeps its author. */
export async function markOrgUserDeleted(db: Db, orgId: string, userId: string, now: number): Promise<void> {
  await db.updateTable('users').set({ deleted_at: now, updated_at: now }).where('id', '=', userId).where('org_id', '=', orgId).execute();
}
