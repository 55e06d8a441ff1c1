import { defineHandler } from '../types.ts';
import { revokeSessionByToken } from '../../services/sessions.ts';

// Public and idempotent: a dashboard holding an expired token can still sign out cleanly.
export const authSignOut = defineHandler('authSignOut', async ({ body }, { db, clock }) => {
  await revokeSessionByToken(db, clock.now(), body.token);
  return { signedOut: true };
});
