import { defineSessionHandler } from '../types.ts';
import { findOrgUser } from '../../repositories/orgUsers.ts';
import { changeOrgUserRole } from '../../services/orgUsers.ts';
import { targetUser } from './ownRow.ts';

// The role is read from the users row on every call, so open sessions get it at their next call;
// a pending invitee's invite carries the role it joins with, so it changes too.
export const appUsersUpdate = defineSessionHandler('appUsersUpdate', async ({ body }, ctx) => {
  const { orgId, callerId, notice } = await targetUser(ctx, body.userId);
  await changeOrgUserRole(ctx.db, orgId, body.userId, notice, body.role, ctx.clock.now());
  const { user } = (await findOrgUser(ctx.db, orgId, body.userId, callerId))!;
  return { message: 'User details successfully edited' as const, user };
});
