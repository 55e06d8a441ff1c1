import { defineSessionHandler } from '../types.ts';
import { checkWebhookUrl } from '../../services/webhookSender.ts';
import { countWebhookTest, sendSigned, testEventPayload } from '../../services/webhookTests.ts';
import { progressOf, recordTest } from '../../repositories/webhooks.ts';
import { keysCtx } from './context.ts';

// Test button of the webhook modal: a real signed POST of a test event to the URL being edited.
// 200 makes that exact URL live for an hour; anything else (or no answer) is not live.
export const appTestWebhook = defineSessionHandler('appTestWebhook', async ({ body }, context) => {
  const ctx = keysCtx(context);
  const url = checkWebhookUrl(body.tempDestination, ctx.config, 'tempDestination');
  await countWebhookTest(ctx);
  const answer = await sendSigned(ctx, url, testEventPayload(body.category, ctx.now), 'tempDestination');
  const tested = await recordTest(ctx.db, ctx.orgId, body.category, body.tempDestination.trim(), answer.status, ctx.now);
  return {
    status: answer.status,
    statusMessage: answer.statusMessage,
    live: answer.status === 200,
    testedAt: ctx.now,
    progress: await progressOf(ctx.db, body.category, tested),
  };
});
