import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Role } from '../contractTypes.ts';
import { INVITE_RESEND_THRESHOLD_SECONDS } from '../../shared/constants.ts';
import { badRequest, rateLimited } from '../errors.ts';
import { newId } from '../db/ids.ts';
import {
  adoptAsInvitee, claimInviteResend, insertInvitee, lastInviteAtOf, liveUsersByEmail, markOrgUserDeleted, type OrgUserRow,
  pendingInvitesTo, setNoticeRole, setOrgUserRole, setPendingInviteRole,
} from '../repositories/orgUsers.ts';
import { claimInviteQuota, issueInvite, issueNotice, reissueNotice, revokeNotice, revokePendingInvites } from './invites.ts';
import { revokeUserSessions } from './sessions.ts';

// An admin's changes to the organisation's users and invitees (Manage Users). Each runs in one
// transaction; the invitation e-mails are the caller's to send once it has committed.
interface Inviter { orgId: string; userId: string; email: string }
interface Invited { userId: string; email: string; role: Role; inviteId: string | undefined }

/**
 * Invites are all or nothing: every entry is checked (in order, the first failure answers with its
 * entry's field) before anything is written. An invitee is a user row with is_verified 0 plus an
 * invites row whose id the e-mailed link signs; an address that belongs to another organisation
 * gets a notice instead (inviteId undefined), listed under a stand-in user id.
 */
export async function inviteOrgUsers(db: Kysely<Database>, inviter: Inviter, entries: { email: string; role: Role }[], now: number): Promise<Invited[]> {
  const { orgId } = inviter;
  const emails = entries.map((e) => e.email);
  const existing = await liveUsersByEmail(db, emails);
  const pending = await pendingInvitesTo(db, emails);
  const pendingOf = new Set(pending.map((r) => r.user_id));
  const noticePending = new Set(pending.filter((r) => r.org_id === orgId && r.stand_in_user_id !== null).map((r) => r.email));

  // A user who verified a code on the sign-up tab but never named an organisation is not
  // registered yet: the invite adopts that row instead of refusing the e-mail.
  const adopt = new Map<string, string>();
  // An address that belongs to another organisation is answered like a new one (its owner gets a
  // notice instead of a link), so an admin cannot learn who is registered elsewhere.
  const elsewhere = new Set<string>();
  entries.forEach(({ email }, i) => {
    const field = `list.${i}.email`;
    if (email === inviter.email) throw badRequest('Current user email, enter a different email', field);
    if (emails.indexOf(email) < i) throw badRequest('Email already exists in invite list!', field);
    if (noticePending.has(email)) throw badRequest('Email already exists in invite list!', field);
    const user = existing.find((u) => u.email === email);
    if (!user) return;
    if (user.org_id === orgId) throw badRequest(user.is_verified === 0 ? 'Email already exists in invite list!' : 'Email already registered!', field);
    const abandonedSignUp = user.is_verified === 0 && !pendingOf.has(user.id) && user.org_name === '';
    if (abandonedSignUp) adopt.set(email, user.id);
    else elsewhere.add(email);
  });

  return db.transaction().execute(async (trx) => {
    await claimInviteQuota(trx, orgId, entries.length, now);
    const out: Invited[] = [];
    for (const { email, role } of entries) {
      if (elsewhere.has(email)) {
        const standInUserId = newId('usr');
        await issueNotice(trx, { orgId, email, role, invitedBy: inviter.userId, standInUserId, now });
        out.push({ userId: standInUserId, email, role, inviteId: undefined });
        continue;
      }
      const invitation = { orgId, role, invitedBy: inviter.userId, now };
      let userId = adopt.get(email);
      if (userId) await adoptAsInvitee(trx, userId, invitation);
      else userId = await insertInvitee(trx, email, invitation);
      const inviteId = await issueInvite(trx, { orgId, email, role, invitedBy: inviter.userId, userId, now });
      out.push({ userId, email, role, inviteId });
    }
    return out;
  });
}

interface ResendTarget { orgId: string; callerId: string; user: OrgUserRow; notice: boolean }

/**
 * A resend issues a new link (the old one stops working), or a notice again for an address of
 * another organisation. The 60 s cooldown runs from the last invitation e-mail and is claimed with
 * a conditional update, so two quick clicks send one mail (429 with the wait for the other).
 * Returns the seconds since the last e-mail and, for an invite, the new invite's id.
 */
export async function resendOrgInvite(
  db: Kysely<Database>, target: ResendTarget, email: string, role: Role, now: number,
): Promise<{ secondsSinceLastInvite: number; inviteId: string | undefined }> {
  const { orgId, callerId, user, notice } = target;
  const last = (user.lastInvitedAt ?? user.invitedAt ?? user.createdAt) * 1000;
  const since = Math.max(0, Math.floor((now - last) / 1000));
  const tooSoon = () => {
    const wait = Math.max(1, INVITE_RESEND_THRESHOLD_SECONDS - since);
    return rateLimited(`Invitation already sent to ${email}! Retry after ${wait} sec!`, wait);
  };
  if (since < INVITE_RESEND_THRESHOLD_SECONDS) throw tooSoon();
  if (notice) {
    await db.transaction().execute(async (trx) => {
      if (!(await reissueNotice(trx, { orgId, standInUserId: user.userId, role, now }))) throw tooSoon();
      await claimInviteQuota(trx, orgId, 1, now);
    });
    return { secondsSinceLastInvite: since, inviteId: undefined };
  }
  const lastInviteAt = await lastInviteAtOf(db, user.userId);
  const inviteId = await db.transaction().execute(async (trx) => {
    if (!(await claimInviteResend(trx, user.userId, lastInviteAt, role, now))) throw tooSoon();
    await claimInviteQuota(trx, orgId, 1, now);
    await revokePendingInvites(trx, user.userId, now);
    return issueInvite(trx, { orgId, email, role, invitedBy: callerId, userId: user.userId, now });
  });
  return { secondsSinceLastInvite: since, inviteId };
}

/**
 * The role is read from the users row on every call, so open sessions get it at their next call;
 * a pending invitee's invite carries the role it joins with, so it changes too.
 */
export async function changeOrgUserRole(db: Kysely<Database>, orgId: string, userId: string, notice: boolean, role: Role, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (notice) {
      await setNoticeRole(trx, orgId, userId, role);
      return;
    }
    await setOrgUserRole(trx, orgId, userId, role, now);
    await setPendingInviteRole(trx, userId, role);
  });
}

/**
 * The row stays (deleted_at) so records the user made keep their author; the e-mail becomes free
 * to be invited or to sign up again. Sessions and invite links stop working at once. A notice is
 * withdrawn.
 */
export async function deleteOrgUser(db: Kysely<Database>, orgId: string, userId: string, notice: boolean, now: number): Promise<void> {
  if (notice) {
    await revokeNotice(db, orgId, userId, now);
    return;
  }
  await db.transaction().execute(async (trx) => {
    await markOrgUserDeleted(trx, orgId, userId, now);
    await revokeUserSessions(trx, now, userId);
    await revokePendingInvites(trx, userId, now);
  });
}
