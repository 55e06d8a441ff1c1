import { defineSessionHandler } from '../types.ts';
import { replayRange } from '../../services/webhookReplay.ts';

// Replay of the organisation's failed deliveries of a time range (the logs' Webhooks view), or, dry run, their count.
export const appReplayWebhookDeliveries = defineSessionHandler('appReplayWebhookDeliveries', async ({ body }, services) =>
  replayRange(services, services.caller.orgId, {
    start: body.start,
    end: body.end,
    ...(body.category ? { category: body.category } : {}),
    ...(body.originOrgId ? { originOrgId: body.originOrgId } : {}),
    ...(body.integrationId ? { integrationId: body.integrationId } : {}),
    dryRun: body.dryRun === true,
  }));
