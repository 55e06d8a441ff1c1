import { defineSessionHandler } from '../types.ts';
import { replayRecord } from '../../services/webhookReplay.ts';

// Replay of one record's delivery (the webhook record screen), or, dry run, whether it can be.
export const appReplayWebhookRecord = defineSessionHandler('appReplayWebhookRecord', async ({ body }, services) =>
  replayRecord(services, services.caller.orgId, { runId: body.syncRunId, recordId: body.recordId, dryRun: body.dryRun === true }));
