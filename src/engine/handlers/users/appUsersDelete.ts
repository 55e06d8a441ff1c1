import { defineHandler } from '../types.ts';
import { revokeUserSessions } from '../../services/sessions.ts';
import { revokePendingInvites } from '../../services/invites.ts';
import { targetUser } from './ownRow.ts';

// The row stays (deleted_at) so records the user made keep their author; the e-mail becomes free
// to be invited or to sign up again. Sessions and invite links stop working at once.
export const appUsersDelete = defineHandler('appUsersDelete', async ({ body }, ctx) => {
  const { orgId } = await targetUser(ctx, body.userId);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ deleted_at: now, updated_at: now }).where('id', '=', body.userId).where('org_id', '=', orgId).execute();
    await revokeUserSessions(trx, now, body.userId);
    await revokePendingInvites(trx, body.userId, now);
  });
  return { message: 'User deleted successfully' as const, userId: body.userId };
});
