import type { SessionContext } from '../types.ts';
import type { WebhookTestCtx } from '../../services/webhookTests.ts';

/** The organisation of a dashboard caller with the engine clock and config. */
export function keysCtx({ db, config, clock, caller }: SessionContext): WebhookTestCtx {
  return { db, config, now: clock.now(), orgId: caller.orgId };
}
