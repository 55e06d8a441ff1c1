import type { Kysely, Transaction } from 'kysely';
import type { Database, Row } from '../db/schema.ts';

// Invitations (invites): an invite names the invitee's user row and is what an invite link's token
// signs; a notice to an address of another organisation has no user row and is listed under a
// stand-in user id (services/invites.ts holds the rules, repositories/orgUsers.ts lists them).
type Db = Kysely<Database> | Transaction<Database>;

const INVITE_COLUMNS = [
  'id', 'org_id', 'email', 'role', 'invited_by', 'user_id', 'stand_in_user_id',
  'created_at', 'last_sent_at', 'expires_at', 'accepted_at', 'revoked_at',
] as const;

export async function findInvite(db: Db, inviteId: string): Promise<Row<'invites'> | undefined> {
  return db.selectFrom('invites').select(INVITE_COLUMNS).where('id', '=', inviteId).executeTakeFirst();
}

export async function insertInvite(db: Db, values: {
  id: string; orgId: string; email: string; role: string; invitedBy: string | null;
  userId: string | null; standInUserId: string | null; now: number; expiresAt: number;
}): Promise<void> {
  await db.insertInto('invites').values({
    id: values.id, org_id: values.orgId, email: values.email, role: values.role, invited_by: values.invitedBy,
    user_id: values.userId, stand_in_user_id: values.standInUserId,
    created_at: values.now, last_sent_at: values.now, expires_at: values.expiresAt, accepted_at: null, revoked_at: null,
  }).execute();
}

/** Revokes every invite of the user that is neither accepted nor revoked yet. */
export async function revokePendingInvitesOf(db: Db, userId: string, now: number): Promise<void> {
  await db.updateTable('invites').set({ revoked_at: now })
    .where('user_id', '=', userId).where('accepted_at', 'is', null).where('revoked_at', 'is', null).execute();
}

/** The e-mail and inviter of the live notice listed as `standInUserId`, or undefined. */
export async function liveNotice(db: Db, orgId: string, standInUserId: string): Promise<Pick<Row<'invites'>, 'email' | 'invited_by'> | undefined> {
  return db.selectFrom('invites').select(['email', 'invited_by'])
    .where('org_id', '=', orgId).where('stand_in_user_id', '=', standInUserId).where('revoked_at', 'is', null)
    .executeTakeFirst();
}

/** Withdraws the live notice listed as `standInUserId` in one conditional update; true for the caller that did. */
export async function claimNoticeRevocation(db: Db, orgId: string, standInUserId: string, now: number): Promise<boolean> {
  const result = await db.updateTable('invites').set({ revoked_at: now })
    .where('org_id', '=', orgId).where('stand_in_user_id', '=', standInUserId).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Marks the invite accepted by the user who joined with it. */
export async function markInviteAccepted(db: Db, inviteId: string, userId: string, now: number): Promise<void> {
  await db.updateTable('invites').set({ accepted_at: now, user_id: userId }).where('id', '=', inviteId).execute();
}
