import { defineHandler } from '../types.ts';
import { forbidden } from '../../errors.ts';
import { findUser, userDetails } from '../../repositories/users.ts';

export const userUserDetails = defineHandler('userUserDetails', async (_input, { db, caller }) => {
  if (caller.kind !== 'session') throw forbidden();
  const user = await findUser(db, caller.userId);
  if (!user) throw forbidden();
  return userDetails(db, user);
});
