import { defineSessionHandler } from '../types.ts';
import { forbidden } from '../../errors.ts';
import { findUser, userDetails } from '../../repositories/users.ts';

export const userUserDetails = defineSessionHandler('userUserDetails', async (_input, { db, caller }) => {
  const user = await findUser(db, caller.userId);
  if (!user) throw forbidden();
  return userDetails(db, user);
});
