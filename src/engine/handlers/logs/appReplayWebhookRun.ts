import { defineSessionHandler } from '../types.ts';
import { replayRun } from '../../services/webhookReplay.ts';

// Replay of a run's failed deliveries (the webhook log screen), or, dry run, their count.
export const appReplayWebhookRun = defineSessionHandler('appReplayWebhookRun', async ({ body }, services) =>
  replayRun(services, services.caller.orgId, {
    runId: body.syncRunId,
    ...(body.syncIterationId ? { iterationId: body.syncIterationId } : {}),
    dryRun: body.dryRun === true,
  }));
