import type { SessionContext } from '../types.ts';
import type { ViewCtx } from '../../services/journeyView.ts';

/** The journey context of a dashboard caller: its organisation and the engine clock. */
export function journeyCtx({ db, config, clock, caller }: SessionContext): ViewCtx {
  return { db, config, now: clock.now(), orgId: caller.orgId };
}
