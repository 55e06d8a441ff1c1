import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { http, type RequestHandler } from 'msw';
import type { ComponentType } from 'react';
import { AdminContext, testDataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import type { EventObject } from 'xstate';
import type { WebhookTestEvent } from '../../../src/dashboard/machines/webhookTest/index.ts';
import type { WebhookDialogProps } from '../../../src/dashboard/resources/api-keys/webhook/WebhookDialog.tsx';
import { HOOK_URL, TYPED_URL, webhookActorEvents, webhookEventFixtures, webhookUserEvents } from '../../machines/support/webhookTestFixtures.ts';
import { httpAnswer, ORIGIN, Toasts, useEngineServer } from '../support/machinePathServer.tsx';

// Paths of the webhook-test machine's committed list (tests/machines/__paths__/webhookTest.txt),
// driven through the rendered dialog: the user's events as clicks and keys, the actors' answers as
// the engine's HTTP answers (MSW, over the generated handlers), in the order the path gives them.

const PATHS = readFileSync(join(__dirname, '../../machines/__paths__/webhookTest.txt'), 'utf8').split('\n').filter(Boolean);

/** The engine operation each actor calls. */
const OPERATION = {
  getWebhookEvents: { method: 'get', path: 'app.webhookEventDataOfCategory' },
  sendTestWebhook: { method: 'post', path: 'app.testWebhook' },
  sendTestEvent: { method: 'post', path: 'app.testWebhookEvent' },
  saveWebhook: { method: 'post', path: 'app.saveWebhook' },
} as const;
type ActorName = keyof typeof OPERATION;

const actorOf = (label: string): ActorName | undefined => (Object.keys(webhookActorEvents) as ActorName[]).find((name) => label in webhookActorEvents[name]);
const isUserEvent = (label: string) => Object.values(webhookUserEvents).some((group) => label in group);

let WebhookDialog: ComponentType<WebhookDialogProps>;
const user = userEvent.setup({ delay: null });
const { server } = useEngineServer(async () => {
  ({ WebhookDialog } = await import('../../../src/dashboard/resources/api-keys/webhook/WebhookDialog.tsx'));
});

/** The steps of a committed path, its start and its end state. */
function parsePath(description: string) {
  expect(PATHS).toContain(description);
  const match = /^\[(\w+)\] (.*) => (.+)$/.exec(description)!;
  return { start: match[1] as 'new' | 'saved', labels: match[2]!.split(' > '), end: match[3]! };
}

const urlField = () => screen.getByRole('textbox', { name: 'Webhook URL' });

/** What the user does for each of the machine's events in the paths. */
async function act(label: string) {
  const event = webhookEventFixtures[label] as WebhookTestEvent;
  switch (event.type) {
    case 'url.change':
      await user.clear(urlField());
      await user.type(urlField(), event.value);
      return;
    case 'webhook.test':
      // Enter in the field is Test, as the button is.
      await user.type(urlField(), '{Enter}');
      return;
    case 'event.send':
      await user.click(await screen.findByRole('button', { name: 'Send event' }));
      return;
    case 'webhook.save':
      await user.click(screen.getByRole('button', { name: 'Save Webhook URL' }));
      return;
    default:
      throw new Error(`no UI action for ${label}`);
  }
}

async function drive(description: string) {
  const { start, labels, end } = parsePath(description);
  // The engine answers each call with the path's next answer for that operation.
  const answers = new Map<ActorName, EventObject[]>();
  for (const label of labels) {
    const actor = actorOf(label);
    if (actor) answers.set(actor, [...(answers.get(actor) ?? []), webhookEventFixtures[label]!]);
  }
  const bodies: Record<ActorName, unknown[]> = { getWebhookEvents: [], sendTestWebhook: [], sendTestEvent: [], saveWebhook: [] };
  const handlers: RequestHandler[] = (Object.keys(OPERATION) as ActorName[]).map((actor) =>
    http[OPERATION[actor].method](`${ORIGIN}/api/${OPERATION[actor].path}`, async ({ request }) => {
      bodies[actor].push(request.method === 'GET' ? Object.fromEntries(new URL(request.url).searchParams) : await request.json());
      const next = answers.get(actor)?.shift();
      if (!next) throw new Error(`${actor} called more often than the path says`);
      return httpAnswer(next as never);
    }),
  );
  server().use(...handlers);
  const onSaved = vi.fn();
  const onClose = vi.fn();
  render(
    <AdminContext dataProvider={testDataProvider()}>
      <WebhookDialog open category={{ value: 'ATS', label: 'ATS' }} initialUrl={start === 'saved' ? HOOK_URL : undefined} onClose={onClose} onSaved={onSaved} />
      <Toasts />
    </AdminContext>,
  );
  for (const label of labels) {
    if (isUserEvent(label)) await act(label);
    else if (label === 'events loaded') await screen.findByRole('tab', { name: /Applications/ });
    else if (label === 'test 200') await screen.findByRole('button', { name: 'Live' });
  }
  return { end, bodies, onSaved, onClose, remaining: answers };
}

describe('WebhookDialog drives the webhook-test machine (paths of the committed list)', { timeout: 30_000 }, () => {
  it('[new] events loaded > url.change typed > webhook.test > test 200 > event.send > last event tested > webhook.save > save ok => saved', async () => {
    const run = await drive('[new] events loaded > url.change typed > webhook.test > test 200 > event.send > last event tested > webhook.save > save ok => saved');
    await waitFor(() => expect(run.onSaved).toHaveBeenCalledWith(HOOK_URL));
    expect(run.bodies.getWebhookEvents).toEqual([{ category: 'ATS' }]);
    // The typed text, trimmed, with the https:// prefix it was shown with.
    expect(run.bodies.sendTestWebhook).toEqual([{ tempDestination: HOOK_URL, category: 'ATS' }]);
    expect(run.bodies.sendTestEvent).toEqual([{ tempDestination: HOOK_URL, category: 'ATS', subCategory: 'ats_applications', eventType: 'record.new' }]);
    expect(run.bodies.saveWebhook).toEqual([{ destination: HOOK_URL, category: 'ATS' }]);
    // The toasts list is outside the open dialog, which hides the rest of the page from screen readers.
    const toasts = within(screen.getByRole('list', { name: 'Toasts', hidden: true }));
    expect(toasts.getByText('Webhook is live')).toBeTruthy();
    expect(toasts.getByText('ATS webhook updated successfully')).toBeTruthy();
    expect(screen.getByText('6 of 6 events tested')).toBeTruthy();
    expect([...run.remaining.values()].flat()).toEqual([]);
  });

  it("[new] events loaded > url.change typed > webhook.test > test 503 => untested: the receiver's status text, no Live", async () => {
    const run = await drive('[new] events loaded > url.change typed > webhook.test > test 503 => untested');
    expect(await screen.findByText('Service Unavailable')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Live' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Test' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: 'Send event' })).toHaveProperty('disabled', true);
    expect(run.bodies.sendTestWebhook).toEqual([{ tempDestination: HOOK_URL, category: 'ATS' }]);
  });

  it("[saved] events loaded > url.change blank > webhook.test => untested: 'Please enter a valid webhook' next to the field, nothing sent", async () => {
    const run = await drive('[saved] events loaded > url.change blank > webhook.test => untested');
    const field = urlField();
    expect(await screen.findByText('Please enter a valid webhook')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(run.bodies.sendTestWebhook).toEqual([]);
  });

  it('shows the https:// prefix until a scheme is typed, and the saved URL as written', async () => {
    await drive('[saved] (start) => loadingEvents');
    expect(urlField()).toHaveProperty('value', HOOK_URL);
    expect(screen.queryByText('https://')).toBeNull();
    await user.clear(urlField());
    await user.type(urlField(), TYPED_URL.trim());
    expect(screen.getByText('https://')).toBeTruthy();
  });
});
