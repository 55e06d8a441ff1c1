import { defineHandler, type Role } from '../types.ts';
import { badRequest, forbidden } from '../../errors.ts';
import { newId } from '../../db/ids.ts';
import { normaliseEmail } from '../../repositories/users.ts';
import { findOrganisation } from '../../repositories/organisations.ts';
import { checkInviteQuota, inviteLink, issueInvite } from '../../services/invites.ts';
import { sendInviteMail, sendInviteNoticeMail } from '../../services/authMails.ts';

// Invites are all or nothing: every row is checked (in order, the first failure answers with its
// row's field) before anything is written or sent. An invitee is a user row with is_verified 0 plus
// an invites row whose id the e-mailed link signs.
export const appUsersInvite = defineHandler('appUsersInvite', async ({ body }, { db, config, mailer, clock, caller }) => {
  if (caller.kind !== 'session') throw forbidden();
  const now = clock.now();
  const entries = body.list.map((entry) => ({ email: normaliseEmail(entry.email), role: entry.role as Role }));
  const emails = entries.map((e) => e.email);
  const existing = await db.selectFrom('users')
    .leftJoin('organisations', 'organisations.id', 'users.org_id')
    .select(['users.id', 'users.email', 'users.org_id', 'users.is_verified', 'organisations.name as org_name'])
    .where('users.email', 'in', emails).where('users.deleted_at', 'is', null).execute();
  const pendingOf = new Set((await db.selectFrom('invites').select('user_id')
    .where('email', 'in', emails).where('accepted_at', 'is', null).where('revoked_at', 'is', null).execute()).map((r) => r.user_id));

  // A user who verified a code on the sign-up tab but never named an organisation is not
  // registered yet: the invite adopts that row instead of refusing the e-mail.
  const adopt = new Map<string, string>();
  // An address that belongs to another organisation is answered like a new one (its owner gets a
  // notice instead of a link), so an admin cannot learn who is registered elsewhere.
  const elsewhere = new Map<string, string>();
  entries.forEach(({ email }, i) => {
    const field = `list.${i}.email`;
    if (email === caller.email) throw badRequest('Current user email, enter a different email', field);
    if (emails.indexOf(email) < i) throw badRequest('Email already exists in invite list!', field);
    const user = existing.find((u) => u.email === email);
    if (!user) return;
    if (user.org_id === caller.orgId) throw badRequest(user.is_verified === 0 ? 'Email already exists in invite list!' : 'Email already registered!', field);
    const abandonedSignUp = user.is_verified === 0 && !pendingOf.has(user.id) && user.org_name === '';
    if (abandonedSignUp) adopt.set(email, user.id);
    else elsewhere.set(email, user.id);
  });
  await checkInviteQuota(db, caller.orgId, entries.length, now);

  const invited = await db.transaction().execute(async (trx) => {
    const out: { userId: string; email: string; role: Role; inviteId: string | undefined }[] = [];
    for (const { email, role } of entries) {
      const otherOrgUser = elsewhere.get(email);
      if (otherOrgUser) {
        await issueInvite(trx, { orgId: caller.orgId, email, role, invitedBy: caller.userId, userId: null, now });
        out.push({ userId: otherOrgUser, email, role, inviteId: undefined });
        continue;
      }
      const invitee = { org_id: caller.orgId, role, is_verified: 0 as const, invited_by: caller.userId, invited_at: now, last_invite_at: now, updated_at: now };
      let userId = adopt.get(email);
      if (userId) {
        await trx.updateTable('users').set(invitee).where('id', '=', userId).execute();
      } else {
        userId = newId('usr');
        await trx.insertInto('users').values({ id: userId, email, created_at: now, ...invitee }).execute();
      }
      const inviteId = await issueInvite(trx, { orgId: caller.orgId, email, role, invitedBy: caller.userId, userId, now });
      out.push({ userId, email, role, inviteId });
    }
    return out;
  });

  const orgName = (await findOrganisation(db, caller.orgId))?.name ?? '';
  for (const invite of invited) {
    if (invite.inviteId) sendInviteMail(mailer, invite.email, orgName, inviteLink(config.publicUrl, invite.inviteId, config.signingSecret));
    else sendInviteNoticeMail(mailer, invite.email, orgName);
  }
  return {
    message: `Invitation sent successfully to ${invited.length} people`,
    invitedCount: invited.length,
    invited: invited.map(({ userId, email, role }) => ({ userId, email, role, invitedAt: Math.floor(now / 1000) })),
  };
});
