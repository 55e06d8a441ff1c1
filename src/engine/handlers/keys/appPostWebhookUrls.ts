import { defineSessionHandler } from '../types.ts';
import { badRequest } from '../../errors.ts';
import { categoriesWithModels, completeStep, requireEnabled } from '../../services/journey.ts';
import { checkWebhookUrl } from '../../services/webhookSender.ts';
import { countWebhookTest, sendSigned, testEventPayload } from '../../services/webhookTests.ts';
import { saveWebhookUrls } from '../../services/webhookUrls.ts';
import { recordTest, webhookMap } from '../../repositories/webhooks.ts';
import { keysCtx } from './context.ts';

// Bulk set or clear of webhook URLs for scripts: all entries are checked and every new URL is
// tested live before anything is saved, so a failure saves nothing.
export const appPostWebhookUrls = defineSessionHandler('appPostWebhookUrls', async ({ body }, context) => {
  const ctx = keysCtx(context);
  const entries = Object.entries(body.webhookUrls).map(([category, value]) => ({ category, url: value === null ? null : value.trim() }));
  for (const { category, url } of entries) {
    const field = `webhookUrls.${category}`;
    await requireEnabled(ctx.db, ctx.orgId, category, field);
    if (url !== null) checkWebhookUrl(url, ctx.config, field);
  }
  const current = await webhookMap(ctx.db, ctx.orgId);
  for (const { category, url } of entries) {
    if (url === null || current[category] === url) continue;
    await countWebhookTest(ctx);
    const answer = await sendSigned(ctx, new URL(url), testEventPayload(category, ctx.now), `webhookUrls.${category}`);
    await recordTest(ctx.db, ctx.orgId, category, url, answer.status, ctx.now);
    if (answer.status !== 200) throw badRequest('Webhook live test failed', `webhookUrls.${category}`);
  }
  const withModels = await categoriesWithModels(ctx.db);
  await saveWebhookUrls(ctx.db, ctx.orgId, entries, current, ctx.now);
  for (const { category, url } of entries) {
    if (url !== null) await completeStep(ctx, 'web', category, withModels.has(category), 'registerWebhook');
  }
  return webhookMap(ctx.db, ctx.orgId);
});
