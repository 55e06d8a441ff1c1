import { forbidden } from '../../errors.ts';
import type { HandlerContext } from '../types.ts';

/** The dashboard user calling the AI service (its operations take a session, never an API key). */
export function aiCaller({ db, clock, caller }: HandlerContext) {
  if (caller.kind !== 'session') throw forbidden();
  return { db, now: clock.now(), orgId: caller.orgId, userId: caller.userId };
}
