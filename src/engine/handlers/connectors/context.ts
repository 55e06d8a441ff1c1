import type { SessionContext } from '../types.ts';

/** The dashboard user calling the AI service (its operations take a session, never an API key). */
export function aiCaller({ db, clock, caller }: SessionContext) {
  return { db, now: clock.now(), orgId: caller.orgId, userId: caller.userId };
}
