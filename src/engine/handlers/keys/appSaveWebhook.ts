import { defineSessionHandler } from '../types.ts';
import { ApiFailure } from '../../errors.ts';
import { categoryLabel } from '../../repositories/catalog.ts';
import { eventsOfCategory, liveState, progressOf, saveWebhookUrl } from '../../repositories/webhooks.ts';
import { categoriesWithModels, completeStep, requireEnabled } from '../../services/journey.ts';
import { checkWebhookUrl } from '../../services/webhookSender.ts';
import { EVENTS_UNTESTED, NOT_LIVE } from '../../services/webhookTests.ts';
import { keysCtx } from './context.ts';

// Save Webhook URL: only a URL that is live and answered every event of the category can be
// saved. Saving completes the category's Register webhook URL step.
export const appSaveWebhook = defineSessionHandler('appSaveWebhook', async ({ body }, context) => {
  const ctx = keysCtx(context);
  const { category } = body;
  checkWebhookUrl(body.destination, ctx.config, 'destination');
  const destination = body.destination.trim();
  await requireEnabled(ctx.db, ctx.orgId, category);
  const tested = await liveState(ctx.db, ctx.orgId, category, destination, ctx.now);
  if (!tested) throw new ApiFailure(409, 'WEBHOOK_NOT_LIVE', NOT_LIVE);
  const progress = await progressOf(ctx.db, category, tested);
  if (!progress.allTested) throw new ApiFailure(409, 'WEBHOOK_EVENTS_UNTESTED', EVENTS_UNTESTED);

  const events = await eventsOfCategory(ctx.db, category);
  const values = progress.tested.map((t) => events.find((e) => e.subcategory === t.subCategory && e.event_type === t.eventType)!.value);
  await saveWebhookUrl(ctx.db, ctx.orgId, category, destination, values, ctx.now);
  const hasModels = (await categoriesWithModels(ctx.db)).has(category);
  await completeStep(ctx, 'web', category, hasModels, 'registerWebhook');
  return { category, destination, message: `${await categoryLabel(ctx.db, category)} webhook updated successfully`, updatedAt: ctx.now };
});
