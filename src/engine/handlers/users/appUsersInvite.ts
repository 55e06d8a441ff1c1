import { defineSessionHandler, type Role } from '../types.ts';
import { normaliseEmail } from '../../repositories/users.ts';
import { findOrganisation } from '../../repositories/organisations.ts';
import { inviteLink } from '../../services/invites.ts';
import { inviteOrgUsers } from '../../services/orgUsers.ts';
import { sendInviteMail, sendInviteNoticeMail } from '../../services/authMails.ts';

// Invites are all or nothing: every row is checked before anything is written or sent; the
// e-mails (a link, or a notice to an address of another organisation) go out once all are stored.
export const appUsersInvite = defineSessionHandler('appUsersInvite', async ({ body }, { db, config, mailer, clock, caller }) => {
  const now = clock.now();
  const entries = body.list.map((entry) => ({ email: normaliseEmail(entry.email), role: entry.role as Role }));
  const invited = await inviteOrgUsers(db, { orgId: caller.orgId, userId: caller.userId, email: caller.email }, entries, now);
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
