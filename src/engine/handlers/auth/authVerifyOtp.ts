import { defineHandler } from '../types.ts';
import type { Role } from '../types.ts';
import { createUser, findUserByEmail, normaliseEmail } from '../../repositories/users.ts';
import { createPendingOrganisation, findOrganisation } from '../../repositories/organisations.ts';
import { inviteFromToken } from '../../services/invites.ts';
import { verifyCode } from '../../services/otp.ts';
import { createSession } from '../../services/sessions.ts';

// A right code opens a session. A verified user is logged in; anyone else (a new sign-up, or an
// invitee) is a user with orgDetailsRequired until auth.sendOrgDetails, and the engine refuses
// their other calls until then. A brand-new user gets an unnamed organisation to hold the session.
// The answer names an inviting organisation only when the request carries its invite link.
export const authVerifyOtp = defineHandler('authVerifyOtp', async ({ body }, { db, config, clock, request }) => {
  const now = clock.now();
  const email = normaliseEmail(body.userEmail);
  const invite = body.data ? await inviteFromToken(db, config.signingSecret, body.data, email, now) : undefined;
  await verifyCode(db, config.signingSecret, now, email, body.otp, { source: request.ip, factor: config.signInThrottleFactor });

  const result = await db.transaction().execute(async (trx) => {
    let user = await findUserByEmail(trx, email);
    if (!user) {
      const orgId = await createPendingOrganisation(trx, now);
      await createUser(trx, { orgId, email, role: 'admin', now });
      user = (await findUserByEmail(trx, email))!;
    }
    const isFirstLogin = user.first_login_at === null;
    await trx.updateTable('users').set({ first_login_at: user.first_login_at ?? now, last_login_at: now, updated_at: now }).where('id', '=', user.id).execute();
    const token = await createSession(trx, config, now, user.id, user.org_id, { userAgent: request.headers['user-agent'], ip: request.ip });
    const org = await findOrganisation(trx, user.org_id);
    // Only the invite link's own token names an organisation to join, never a match on e-mail.
    const pendingInvite = user.is_verified === 0 ? invite : undefined;
    const inviter = pendingInvite?.invited_by
      ? await trx.selectFrom('users').select('email').where('id', '=', pendingInvite.invited_by).executeTakeFirst()
      : undefined;
    const invitingOrg = pendingInvite ? await findOrganisation(trx, pendingInvite.org_id) : undefined;
    return { user, org, token, isFirstLogin, pendingInvite, inviter, invitingOrg };
  });

  const { user, org, token, isFirstLogin, pendingInvite, inviter, invitingOrg } = result;
  const orgDetailsRequired = user.is_verified === 0;
  return {
    token,
    expiresAt: Math.floor(Math.min(now + config.sessionIdleSeconds * 1000, now + config.sessionAbsoluteSeconds * 1000) / 1000),
    userId: user.id,
    orgId: orgDetailsRequired ? (pendingInvite?.org_id ?? null) : user.org_id,
    role: (pendingInvite?.role ?? (orgDetailsRequired ? 'admin' : user.role)) as Role,
    isFirstLogin,
    onBoardingCompleted: (orgDetailsRequired ? invitingOrg : org)?.getting_started_completed === 1 || user.onboarding_completed === 1,
    orgDetailsRequired,
    invite: pendingInvite && invitingOrg
      ? { orgId: pendingInvite.org_id, orgName: invitingOrg.name, role: pendingInvite.role as Role, ...(inviter ? { invitedBy: inviter.email } : {}) }
      : null,
    uiVersion: config.uiVersion,
  };
});
