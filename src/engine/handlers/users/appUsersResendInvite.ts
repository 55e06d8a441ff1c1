import { defineSessionHandler } from '../types.ts';
import { conflict, notFound } from '../../errors.ts';
import { normaliseEmail } from '../../repositories/users.ts';
import { findOrganisation } from '../../repositories/organisations.ts';
import { inviteLink } from '../../services/invites.ts';
import { resendOrgInvite } from '../../services/orgUsers.ts';
import { sendInviteMail, sendInviteNoticeMail } from '../../services/authMails.ts';
import { targetUser } from './ownRow.ts';

// A resend issues a new link (the old one stops working), at most once per 60 s from the last
// invitation e-mail. A notice to an address of another organisation is resent as a notice again.
export const appUsersResendInvite = defineSessionHandler('appUsersResendInvite', async ({ body }, ctx) => {
  const { db, config, mailer, clock } = ctx;
  const target = await targetUser(ctx, body.userId);
  const email = normaliseEmail(body.email);
  if (email !== target.user.email) throw notFound('User not found');
  if (target.user.isVerified) throw conflict('User has already signed up');
  const now = clock.now();
  const { secondsSinceLastInvite, inviteId } = await resendOrgInvite(db, target, email, body.role, now);
  const orgName = (await findOrganisation(db, target.orgId))?.name ?? '';
  if (inviteId) sendInviteMail(mailer, email, orgName, inviteLink(config.publicUrl, inviteId, config.signingSecret));
  else sendInviteNoticeMail(mailer, email, orgName);
  return { secondsSinceLastInvite, sent: true, lastInvitedAt: Math.floor(now / 1000) };
});
