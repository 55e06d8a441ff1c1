import { defineSessionHandler } from '../types.ts';
import { deleteOrgUser } from '../../services/orgUsers.ts';
import { targetUser } from './ownRow.ts';

// The row stays (deleted_at) so records the user made keep their author; the e-mail becomes free
// to be invited or to sign up again. Sessions and invite links stop working at once.
export const appUsersDelete = defineSessionHandler('appUsersDelete', async ({ body }, ctx) => {
  const { orgId, notice } = await targetUser(ctx, body.userId);
  await deleteOrgUser(ctx.db, orgId, body.userId, notice, ctx.clock.now());
  return { message: 'User deleted successfully' as const, userId: body.userId };
});
