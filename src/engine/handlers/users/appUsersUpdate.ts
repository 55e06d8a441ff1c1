import { defineHandler } from '../types.ts';
import { findOrgUser } from '../../repositories/orgUsers.ts';
import { targetUser } from './ownRow.ts';

// The role is read from the users row on every call, so open sessions get it at their next call;
// a pending invitee's invite carries the role it joins with, so it changes too.
export const appUsersUpdate = defineHandler('appUsersUpdate', async ({ body }, ctx) => {
  const { orgId, callerId } = await targetUser(ctx, body.userId);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ role: body.role, updated_at: now }).where('id', '=', body.userId).where('org_id', '=', orgId).execute();
    await trx.updateTable('invites').set({ role: body.role })
      .where('user_id', '=', body.userId).where('accepted_at', 'is', null).where('revoked_at', 'is', null).execute();
  });
  const user = (await findOrgUser(ctx.db, orgId, body.userId, callerId))!;
  return { message: 'User details successfully edited' as const, user };
});
