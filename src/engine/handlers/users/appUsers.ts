import { defineHandler } from '../types.ts';
import { forbidden } from '../../errors.ts';
import { listOrgUsers } from '../../repositories/orgUsers.ts';

export const appUsers = defineHandler('appUsers', async ({ query }, { db, caller }) => {
  if (caller.kind !== 'session') throw forbidden();
  const users = await listOrgUsers(db, caller.orgId, caller.userId, query.search);
  return { users, userCount: users.length };
});
