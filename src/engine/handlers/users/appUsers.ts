import { defineSessionHandler } from '../types.ts';
import { listOrgUsers } from '../../repositories/orgUsers.ts';

export const appUsers = defineSessionHandler('appUsers', async ({ query }, { db, caller }) => {
  const users = await listOrgUsers(db, caller.orgId, caller.userId, query.search);
  return { users, userCount: users.length };
});
