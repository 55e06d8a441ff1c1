import type { Kysely, Transaction } from 'kysely';
import type { Database, Row } from '../db/schema.ts';
import { badRequest } from '../errors.ts';
import { claimFromWindow } from './rateLimits.ts';
import { newId } from '../db/ids.ts';
import { INVALID_INVITE_MESSAGE } from '../../shared/constants.ts';
import { DAY_MS } from '../../shared/timeWindows.ts';
import { sign, verifySigned } from './tokens.ts';
import {
  claimNoticeRevocation, findInvite, insertInvite as insertInviteRow, liveNotice, markInviteAccepted, revokePendingInvitesOf,
} from '../repositories/invites.ts';

// Invite links carry a token signed with the engine's secret that names the invite row; the row
// decides whether it is still good (not accepted, not revoked, not expired, same e-mail).
type Db = Kysely<Database> | Transaction<Database>;

const inviteToken = (inviteId: string, secret: string) => sign({ inv: inviteId }, secret);

export function inviteLink(publicUrl: string, inviteId: string, secret: string): string {
  return `${publicUrl}/signup?data=${encodeURIComponent(inviteToken(inviteId, secret))}`;
}

/** The pending invite a token names for this e-mail, or a 400 with the spec's message. */
export async function inviteFromToken(db: Db, secret: string, token: string, email: string, now: number): Promise<Row<'invites'>> {
  const payload = verifySigned<{ inv?: unknown }>(token, secret);
  const invite = typeof payload?.inv === 'string'
    ? await findInvite(db, payload.inv)
    : undefined;
  // A notice (user_id null) never had its token mailed; it is refused all the same.
  const usable = invite && invite.user_id !== null && invite.accepted_at === null && invite.revoked_at === null
    && (invite.expires_at === null || invite.expires_at > now) && invite.email === email;
  if (!usable) throw badRequest(INVALID_INVITE_MESSAGE, 'data');
  return invite;
}

/** An invite link works for 7 days; a resend issues a new one and revokes the old. */
const INVITE_VALID_MS = 7 * DAY_MS;
/** Invitation e-mails (invites and resends) an organisation may send per 24 h. */
const INVITES_PER_DAY = 100;

type InviteValues = { orgId: string; email: string; role: string; invitedBy: string | null; now: number };

/** Records a new invite for the invitee's user row; the returned id is what the link signs. */
export async function issueInvite(db: Db, values: InviteValues & { userId: string }): Promise<string> {
  return insertInvite(db, values, { userId: values.userId, standInUserId: null });
}

/**
 * Records a notice to an address that belongs to another organisation: no user row and no link,
 * listed to the inviter under `standInUserId` like any invitee.
 */
export async function issueNotice(db: Db, values: InviteValues & { standInUserId: string }): Promise<void> {
  await insertInvite(db, values, { userId: null, standInUserId: values.standInUserId });
}

async function insertInvite(db: Db, values: InviteValues, owner: { userId: string | null; standInUserId: string | null }): Promise<string> {
  const id = newId('inv');
  await insertInviteRow(db, {
    id, orgId: values.orgId, email: values.email, role: values.role, invitedBy: values.invitedBy, ...owner,
    now: values.now, expiresAt: values.now + INVITE_VALID_MS,
  });
  return id;
}

/** Stops every still-usable invite link of a user (resend, delete). */
export async function revokePendingInvites(db: Db, userId: string, now: number): Promise<void> {
  await revokePendingInvitesOf(db, userId, now);
}

/** Withdraws the pending notice listed as `standInUserId`; false when another call withdrew it first. */
export async function revokeNotice(db: Db, orgId: string, standInUserId: string, now: number): Promise<boolean> {
  return claimNoticeRevocation(db, orgId, standInUserId, now);
}

/**
 * Sends the pending notice listed as `standInUserId` again, as a new row (like an invite's resend)
 * that keeps its stand-in id and inviter. The old row is claimed by withdrawing it, so of two
 * concurrent resends one wins; false for the other.
 */
export async function reissueNotice(db: Db, values: { orgId: string; standInUserId: string; role: string; now: number }): Promise<boolean> {
  const current = await liveNotice(db, values.orgId, values.standInUserId);
  if (!current || !(await revokeNotice(db, values.orgId, values.standInUserId, values.now))) return false;
  await issueNotice(db, { ...values, email: current.email, invitedBy: current.invited_by });
  return true;
}

/** Claims room for `sending` invitation e-mails in the organisation's daily quota (429 with the wait when full). */
export async function claimInviteQuota(db: Db, orgId: string, sending: number, now: number): Promise<void> {
  await claimFromWindow(db, `invites:${orgId}`, sending, { limit: INVITES_PER_DAY, windowMs: DAY_MS }, now,
    `An organisation can send at most ${INVITES_PER_DAY} invitations a day. Please try again later`);
}

/** The invitee joined with this invite: it can no longer be used. */
export async function acceptInvite(db: Db, inviteId: string, userId: string, now: number): Promise<void> {
  await markInviteAccepted(db, inviteId, userId, now);
}
