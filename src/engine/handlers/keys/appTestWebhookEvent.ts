import { defineSessionHandler } from '../types.ts';
import { ApiFailure, badRequest } from '../../errors.ts';
import { eventsOfCategory, liveState, progressOf, recordTestedEvent } from '../../repositories/webhooks.ts';
import { checkWebhookUrl } from '../../services/webhookSender.ts';
import { countWebhookTest, NOT_LIVE, sampleEventPayload, sendSigned } from '../../services/webhookTests.ts';
import { keysCtx } from './context.ts';

// Send event: POSTs the event type's sample payload as a delivery of it would look now (fresh
// event id and time, marked as a test), signed like a real delivery, to the live URL of the modal;
// a 200 answer marks the event tested for that URL.
export const appTestWebhookEvent = defineSessionHandler('appTestWebhookEvent', async ({ body }, context) => {
  const ctx = keysCtx(context);
  const { category, subCategory, eventType } = body;
  const url = checkWebhookUrl(body.tempDestination, ctx.config, 'tempDestination');
  const destination = body.tempDestination.trim();
  const events = (await eventsOfCategory(ctx.db, category)).filter((e) => e.subcategory === subCategory);
  if (events.length === 0) throw badRequest(`Unknown subcategory '${subCategory}' for ${category}`, 'subCategory');
  const event = events.find((e) => e.event_type === eventType);
  if (!event) throw badRequest(`Unknown event type '${eventType}' for ${subCategory}`, 'eventType');
  if (!(await liveState(ctx.db, ctx.orgId, category, destination, ctx.now))) throw new ApiFailure(409, 'WEBHOOK_NOT_LIVE', NOT_LIVE);

  await countWebhookTest(ctx);
  const answer = await sendSigned(ctx, url, sampleEventPayload(event.code_snippet, ctx.now), 'tempDestination');
  const tested = answer.status === 200
    ? await recordTestedEvent(ctx.db, ctx.orgId, category, destination, { subCategory, eventType }, ctx.now)
    : (await liveState(ctx.db, ctx.orgId, category, destination, ctx.now)) ?? [];
  return {
    status: answer.status,
    statusMessage: answer.statusMessage,
    tested: answer.status === 200,
    subCategory,
    eventType,
    testedAt: ctx.now,
    progress: await progressOf(ctx.db, category, tested),
  };
});
