import { defineHandler } from '../types.ts';
import { forbidden } from '../../errors.ts';
import { findUser, userDetails } from '../../repositories/users.ts';
import { findOrganisation } from '../../repositories/organisations.ts';
import { orgFieldChanges } from './orgFields.ts';

// The schema trims and refuses blank values ('Please input valid values'); the organisation's name
// and size are the admin's to change, so another role may only resend the current values.
export const appUpdateUserProfile = defineHandler('appUpdateUserProfile', async ({ body }, { db, clock, caller }) => {
  if (caller.kind !== 'session') throw forbidden();
  const now = clock.now();
  const org = await findOrganisation(db, caller.orgId);
  if (!org) throw forbidden();
  const orgChanges = orgFieldChanges(org, caller.role, { orgName: body.orgName, orgSize: body.orgSize });
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({
      username: body.username,
      ...(body.designation !== undefined ? { designation: body.designation } : {}),
      updated_at: now,
    }).where('id', '=', caller.userId).execute();
    if (Object.keys(orgChanges).length > 0) {
      await trx.updateTable('organisations').set({ ...orgChanges, updated_at: now }).where('id', '=', caller.orgId).execute();
    }
  });
  const user = await findUser(db, caller.userId);
  if (!user) throw forbidden();
  return { message: 'User details updated' as const, user: await userDetails(db, user) };
});
