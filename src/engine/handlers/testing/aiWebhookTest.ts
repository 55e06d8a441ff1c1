import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { defineSessionHandler } from '../types.ts';
import { badRequest } from '../../errors.ts';
import { findConnectorAccount } from '../../repositories/connectorAccounts.ts';
import { recordWebhookTest } from '../../repositories/connectorTests.ts';
import { parseConfig, requireConnector } from '../../repositories/connectors.ts';
import { sendSigned } from '../../services/webhookTests.ts';
import { consumeWindow } from '../../services/rateLimits.ts';
import { checkWebhookUrl } from '../../services/webhookSender.ts';
import { aiCaller } from '../connectors/context.ts';

// A real test delivery of one of the connector's webhook events: posted and signed by the same
// sender as the webhook modal's test (services/webhookSender.ts), its answer stored as the
// connector's latest test. The event carries who it is about, not app records: those come from
// running the connector's workflow against the app, which this engine does not do.
export const aiWebhookTest = defineSessionHandler('aiWebhookTest', async ({ body }, ctx) => {
  const { db, orgId, now } = aiCaller(ctx);
  const connector = await requireConnector(db, orgId, body.connectorId);
  if (!(parseConfig(connector.config_json).webhookEvents ?? []).includes(body.eventType)) {
    throw badRequest('Not an event type of this connector', 'eventType');
  }
  const account = body.integrationId ? await findConnectorAccount(db, orgId, connector.id, body.integrationId) : undefined;
  if (body.integrationId && !account) throw badRequest('Not an account of this connector', 'integrationId');
  const url = checkWebhookUrl(body.destination, ctx.config, 'destination');
  await consumeWindow(db, `ai-webhook-test:${connector.id}`, 1, 1000, now, 'One webhook test per second, please wait a moment');

  const payload = {
    id: `evt_test_${randomUUID()}`,
    eventType: body.eventType,
    test: true,
    connectorId: connector.id,
    connectorName: connector.name,
    integration: account
      ? { integrationId: account.id, originOrgId: account.origin_org_id, originOrgName: account.origin_org_name, appId: account.app_id, appLabel: account.app_label }
      : null,
    triggeredAt: now,
  };
  // The round trip is measured on the monotonic clock: the engine clock stands still in tests.
  const started = performance.now();
  const answer = await sendSigned({ db, config: ctx.config, now, orgId }, url, payload, 'destination');
  const durationMs = Math.max(0, Math.round(performance.now() - started));
  const result = await recordWebhookTest(db, {
    orgId, connectorId: connector.id, connectorVersion: connector.version, sessionId: null, integrationId: account?.id ?? null,
    eventType: body.eventType, destination: body.destination, statusCode: answer.status === 0 ? null : answer.status,
    statusMessage: answer.statusMessage, durationMs, payload, sentAt: now,
  });
  return { result };
});
