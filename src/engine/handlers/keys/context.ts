import { forbidden } from '../../errors.ts';
import type { HandlerContext } from '../types.ts';
import type { TestCtx } from '../../repositories/webhooks.ts';

/** The organisation of a dashboard caller with the engine clock and config. */
export function keysCtx({ db, config, clock, caller }: HandlerContext): TestCtx {
  if (caller.kind !== 'session') throw forbidden();
  return { db, config, now: clock.now(), orgId: caller.orgId };
}
