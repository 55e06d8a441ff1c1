import type { Kysely, Transaction } from 'kysely';
import type { Database, Row } from '../db/schema.ts';
import { badRequest, rateLimited } from '../errors.ts';
import { newId } from '../db/ids.ts';
import { INVALID_INVITE_MESSAGE } from '../../shared/constants.ts';
import { sign, verifySigned } from './tokens.ts';

// Invite links carry a token signed with the engine's secret that names the invite row; the row
// decides whether it is still good (not accepted, not revoked, not expired, same e-mail).
type Db = Kysely<Database> | Transaction<Database>;

export const inviteToken = (inviteId: string, secret: string) => sign({ inv: inviteId }, secret);

export function inviteLink(publicUrl: string, inviteId: string, secret: string): string {
  return `${publicUrl}/signup?data=${encodeURIComponent(inviteToken(inviteId, secret))}`;
}

/** The pending invite a token names for this e-mail, or a 400 with the spec's message. */
export async function inviteFromToken(db: Db, secret: string, token: string, email: string, now: number): Promise<Row<'invites'>> {
  const payload = verifySigned<{ inv?: unknown }>(token, secret);
  const invite = typeof payload?.inv === 'string'
    ? await db.selectFrom('invites').selectAll().where('id', '=', payload.inv).executeTakeFirst()
    : undefined;
  const usable = invite && invite.accepted_at === null && invite.revoked_at === null
    && (invite.expires_at === null || invite.expires_at > now) && invite.email === email;
  if (!usable) throw badRequest(INVALID_INVITE_MESSAGE, 'data');
  return invite;
}

/** An invite link works for 7 days; a resend issues a new one and revokes the old. */
export const INVITE_VALID_MS = 7 * 86_400_000;
/** Invitation e-mails (invites and resends) an organisation may send per 24 h. */
export const INVITES_PER_DAY = 100;
const DAY_MS = 86_400_000;

/**
 * Records a new invite for the invitee's user row; the returned id is what the link signs. An
 * invite of an address that belongs to another organisation has no user row and is revoked from
 * the start: it records the notice mailed, so the organisation's daily quota counts it.
 */
export async function issueInvite(db: Db, values: { orgId: string; email: string; role: string; invitedBy: string; userId: string | null; now: number }): Promise<string> {
  const id = newId('inv');
  await db.insertInto('invites').values({
    id, org_id: values.orgId, email: values.email, role: values.role, invited_by: values.invitedBy, user_id: values.userId,
    created_at: values.now, last_sent_at: values.now, expires_at: values.now + INVITE_VALID_MS, accepted_at: null,
    revoked_at: values.userId === null ? values.now : null,
  }).execute();
  return id;
}

/** Stops every still-usable invite link of a user (resend, delete). */
export async function revokePendingInvites(db: Db, userId: string, now: number): Promise<void> {
  await db.updateTable('invites').set({ revoked_at: now })
    .where('user_id', '=', userId).where('accepted_at', 'is', null).where('revoked_at', 'is', null).execute();
}

/** Keeps an organisation under INVITES_PER_DAY invitation e-mails in any 24 h (429 with the wait). */
export async function checkInviteQuota(db: Db, orgId: string, sending: number, now: number): Promise<void> {
  const recent = await db.selectFrom('invites').select('created_at').where('org_id', '=', orgId)
    .where('created_at', '>', now - DAY_MS).orderBy('created_at', 'asc').execute();
  if (recent.length + sending <= INVITES_PER_DAY) return;
  // The wait until enough of the window's invites age out to make room for this request.
  const freeing = recent[Math.min(recent.length - 1, recent.length + sending - INVITES_PER_DAY - 1)];
  const wait = sending > INVITES_PER_DAY || !freeing ? DAY_MS : freeing.created_at + DAY_MS - now;
  throw rateLimited(`An organisation can send at most ${INVITES_PER_DAY} invitations a day. Please try again later`, Math.max(1, Math.ceil(wait / 1000)));
}
