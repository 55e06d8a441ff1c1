import { defineSessionHandler } from '../types.ts';
import { forbidden } from '../../errors.ts';
import { findUser, userDetails } from '../../repositories/users.ts';
import { findOrganisation } from '../../repositories/organisations.ts';
import { saveProfile } from '../../services/profile.ts';
import { orgFieldChanges } from './orgFields.ts';

// The schema trims and refuses blank values ('Please input valid values'); the organisation's name
// and size are the admin's to change, so another role may only resend the current values.
export const appUpdateUserProfile = defineSessionHandler('appUpdateUserProfile', async ({ body }, { db, clock, caller }) => {
  const now = clock.now();
  const org = await findOrganisation(db, caller.orgId);
  if (!org) throw forbidden();
  const orgChanges = orgFieldChanges(org, caller.role, { orgName: body.orgName, orgSize: body.orgSize });
  await saveProfile(db, { userId: caller.userId, orgId: caller.orgId }, { username: body.username, designation: body.designation }, orgChanges, now);
  const user = await findUser(db, caller.userId);
  if (!user) throw forbidden();
  return { message: 'User details updated' as const, user: await userDetails(db, user) };
});
