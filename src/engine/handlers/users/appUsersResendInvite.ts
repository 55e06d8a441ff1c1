import { defineHandler } from '../types.ts';
import { conflict, notFound, rateLimited } from '../../errors.ts';
import { INVITE_RESEND_THRESHOLD_SECONDS } from '../../../shared/constants.ts';
import { normaliseEmail } from '../../repositories/users.ts';
import { findOrganisation } from '../../repositories/organisations.ts';
import { checkInviteQuota, inviteLink, issueInvite, revokePendingInvites } from '../../services/invites.ts';
import { sendInviteMail } from '../../services/authMails.ts';
import { targetUser } from './ownRow.ts';

// A resend issues a new link (the old one stops working). The 60 s cooldown runs from the last
// invitation e-mail and is claimed with a conditional update, so two quick clicks send one mail.
export const appUsersResendInvite = defineHandler('appUsersResendInvite', async ({ body }, ctx) => {
  const { db, config, mailer, clock } = ctx;
  const { orgId, callerId, user } = await targetUser(ctx, body.userId);
  const email = normaliseEmail(body.email);
  if (email !== user.email) throw notFound('User not found');
  if (user.isVerified) throw conflict('User has already signed up');
  const now = clock.now();
  const row = await db.selectFrom('users').select(['last_invite_at', 'invited_at', 'created_at']).where('id', '=', user.userId).executeTakeFirstOrThrow();
  const last = row.last_invite_at ?? row.invited_at ?? row.created_at;
  const since = Math.max(0, Math.floor((now - last) / 1000));
  const tooSoon = () => {
    const wait = Math.max(1, INVITE_RESEND_THRESHOLD_SECONDS - since);
    return rateLimited(`Invitation already sent to ${email}! Retry after ${wait} sec!`, wait);
  };
  if (since < INVITE_RESEND_THRESHOLD_SECONDS) throw tooSoon();
  await checkInviteQuota(db, orgId, 1, now);

  const inviteId = await db.transaction().execute(async (trx) => {
    const claimed = await trx.updateTable('users').set({ last_invite_at: now, role: body.role, updated_at: now })
      .where('id', '=', user.userId).where('is_verified', '=', 0)
      .where((eb) => (row.last_invite_at === null ? eb('last_invite_at', 'is', null) : eb('last_invite_at', '=', row.last_invite_at)))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw tooSoon();
    await revokePendingInvites(trx, user.userId, now);
    return issueInvite(trx, { orgId, email, role: body.role, invitedBy: callerId, userId: user.userId, now });
  });
  const orgName = (await findOrganisation(db, orgId))?.name ?? '';
  sendInviteMail(mailer, email, orgName, inviteLink(config.publicUrl, inviteId, config.signingSecret));
  return { secondsSinceLastInvite: since, sent: true, lastInvitedAt: Math.floor(now / 1000) };
});
