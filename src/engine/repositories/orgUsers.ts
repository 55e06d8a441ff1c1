import { type Kysely, type Transaction, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { MsgOf, Role } from '../handlers/types.ts';

// The Manage Users table: the organisation's users and pending invitees (an invite is a user row
// with is_verified 0 until its invitee signs up), shaped as OrgUserRow.
type Db = Kysely<Database> | Transaction<Database>;
export type OrgUserRow = MsgOf<'appUsers'>['users'][number];

const PERMISSIONS: Record<Role, OrgUserRow['permissions']> = {
  admin: ['Data models', 'Integrations', 'Users', 'Billing'],
  member: ['Data models', 'Integrations'],
  billingcontact: ['Billing'],
};
/** An organisation has few users; the list is not paged but still bounded. */
export const ORG_USERS_LIMIT = 500;

const seconds = (ms: number | null) => (ms === null ? null : Math.floor(ms / 1000));
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

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

/** The organisation's live users matching `search` (name or e-mail, case-insensitive), current user first. */
export async function listOrgUsers(db: Db, orgId: string, currentUserId: string, search?: string): Promise<OrgUserRow[]> {
  const needle = search?.trim().toLowerCase();
  const pattern = needle ? `%${likeEscape(needle)}%` : undefined;
  const rows = await baseQuery(db, orgId)
    // lower() on both sides: LIKE is case-insensitive on SQLite but not on PostgreSQL.
    .$if(pattern !== undefined, (q) => q.where(sql<boolean>`(u.email like ${pattern} escape '\\' or lower(coalesce(u.username, '')) like ${pattern} escape '\\')`))
    .orderBy(sql`case when u.id = ${currentUserId} then 0 else 1 end`)
    .orderBy('u.email')
    .limit(ORG_USERS_LIMIT)
    .execute();
  return rows.map((row) => toRow(row, currentUserId));
}

/** One live user (or pending invitee) of the organisation; undefined for another org's or a deleted one. */
export async function findOrgUser(db: Db, orgId: string, userId: string, currentUserId: string): Promise<OrgUserRow | undefined> {
  const row = await baseQuery(db, orgId).where('u.id', '=', userId).executeTakeFirst();
  return row ? toRow(row, currentUserId) : undefined;
}
