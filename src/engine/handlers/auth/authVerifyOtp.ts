import { defineHandler, type Role } from '../types.ts';
import { normaliseEmail } from '../../repositories/users.ts';
import { inviteFromToken } from '../../services/invites.ts';
import { logIn } from '../../services/login.ts';
import { verifyCode } from '../../services/otp.ts';

// A right code opens a session. A verified user is logged in; anyone else (a new sign-up, or an
// invitee) is a user with orgDetailsRequired until auth.sendOrgDetails, and the engine refuses
// their other calls until then. A brand-new user gets an unnamed organisation to hold the session.
// The answer names an inviting organisation only when the request carries its invite link.
export const authVerifyOtp = defineHandler('authVerifyOtp', async ({ body }, { db, config, clock, request }) => {
  const now = clock.now();
  const email = normaliseEmail(body.userEmail);
  const invite = body.data ? await inviteFromToken(db, config.signingSecret, body.data, email, now) : undefined;
  await verifyCode(db, config.signingSecret, now, email, body.otp, { source: request.ip, factor: config.signInThrottleFactor });

  const { user, org, token, isFirstLogin, pendingInvite, inviterEmail, invitingOrg } = await logIn(db, config, {
    email, invite, now, meta: { userAgent: request.headers['user-agent'], ip: request.ip },
  });
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
      ? { orgId: pendingInvite.org_id, orgName: invitingOrg.name, role: pendingInvite.role as Role, ...(inviterEmail !== undefined ? { invitedBy: inviterEmail } : {}) }
      : null,
    uiVersion: config.uiVersion,
  };
});
