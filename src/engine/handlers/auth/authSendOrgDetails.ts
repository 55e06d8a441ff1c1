import { defineSessionHandler, type Role } from '../types.ts';
import { badRequest, conflict, forbidden } from '../../errors.ts';
import { findUser, normaliseEmail } from '../../repositories/users.ts';
import { findOrganisation } from '../../repositories/organisations.ts';
import { inviteFromToken } from '../../services/invites.ts';
import { type AppChoice, chosenApps, saveOrgDetails } from '../../services/signUp.ts';
import { INVALID_INVITE_MESSAGE } from '../../../shared/constants.ts';

// Step 2 of sign-up. A new user names the organisation created for their session and starts its
// trial; an invitee joins the inviting organisation with the invited role. Either way the user is
// verified from here on and the rest of the engine opens to them.
export const authSendOrgDetails = defineSessionHandler('authSendOrgDetails', async ({ body }, { db, config, clock, caller }) => {
  const now = clock.now();
  if (normaliseEmail(body.userEmail) !== caller.email) throw forbidden('userEmail must be the signed-in user');
  const user = await findUser(db, caller.userId);
  if (!user) throw forbidden();
  if (user.is_verified === 1) throw conflict('Your details were already sent');

  const apps = await chosenApps(db, body.apps as AppChoice[]);

  // Only the invite link's token joins an organisation; without it the user founds their own.
  const invite = body.data ? await inviteFromToken(db, config.signingSecret, body.data, caller.email, now) : undefined;
  // The link names one organisation: an orgId that is not the invite's is a tampered sign-up form.
  if (invite && body.orgId && body.orgId !== invite.org_id) throw badRequest(INVALID_INVITE_MESSAGE, 'data');

  const founded = await saveOrgDetails(db, user, invite, {
    username: body.username, apps, orgName: body.orgName, orgSize: body.orgSize ?? null, goLivePlan: body.goLivePlan ?? null, planId: body.planId,
  }, now);

  const orgId = invite?.org_id ?? founded.orgId;
  const org = await findOrganisation(db, orgId);
  return {
    userId: user.id,
    orgId,
    orgName: org?.name ?? body.orgName,
    role: (invite?.role ?? 'admin') as Role,
    isFirstLogin: user.last_login_at === user.first_login_at,
    onBoardingCompleted: org?.getting_started_completed === 1,
    subscriptionId: founded.subscriptionId,
  };
});
