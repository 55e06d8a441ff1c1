import { fromPromise } from 'xstate';
import type { ApiClients } from '../../providers/apiClient.ts';
import { unwrap } from '../../providers/unwrap.ts';
import type {
  GetWebhookEventsCall,
  SaveWebhookCall,
  SaveWebhookResult,
  TestEventCall,
  TestEventResult,
  TestWebhookCall,
  TestWebhookResult,
  WebhookSubCategory,
} from './types.ts';

interface WebhookTestActorDeps {
  clients: Pick<ApiClients, 'engine'>;
}

/**
 * The real actors of the webhook-test machine, on the generated engine client. Pass them with
 * `webhookTestMachine.provide({ actors: createWebhookTestActors(deps) })`; tests provide fakes.
 * Every POST to the URL is made by the engine (signed, 10 s timeout): the browser never calls it.
 */
export function createWebhookTestActors(deps: WebhookTestActorDeps) {
  const { engine } = deps.clients;
  return {
    getWebhookEvents: fromPromise<WebhookSubCategory[], GetWebhookEventsCall>(async ({ input, signal }) => {
      const body = await unwrap(engine.GET('/app.webhookEventDataOfCategory', { params: { query: { category: input.category } }, signal }));
      return body.msg;
    }),
    sendTestWebhook: fromPromise<TestWebhookResult, TestWebhookCall>(async ({ input, signal }) => {
      const body = await unwrap(engine.POST('/app.testWebhook', { body: input, signal }));
      return body.msg;
    }),
    sendTestEvent: fromPromise<TestEventResult, TestEventCall>(async ({ input, signal }) => {
      const body = await unwrap(engine.POST('/app.testWebhookEvent', { body: input, signal }));
      return body.msg;
    }),
    saveWebhook: fromPromise<SaveWebhookResult, SaveWebhookCall>(async ({ input, signal }) => {
      const body = await unwrap(engine.POST('/app.saveWebhook', { body: input, signal }));
      return body.msg;
    }),
  };
}
