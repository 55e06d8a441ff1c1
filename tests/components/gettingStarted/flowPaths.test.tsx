import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { http } from 'msw';
import type { ComponentType } from 'react';
import { AdminContext, testDataProvider } from 'react-admin';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { preloadable } from '../../../src/dashboard/app/preloadable.tsx';
import type { OnboardingFlow } from '../../../src/dashboard/machines/onboarding/index.ts';
import type { GettingStartedDeps, WebhookDialogProps } from '../../../src/dashboard/resources/getting-started/gettingStartedDeps.ts';
import { onboardingActorEvents, onboardingEventFixtures } from '../../machines/support/onboardingFixtures.ts';
import { httpAnswer, ORIGIN, Toasts, useEngineServer } from '../support/machinePathServer.tsx';

// Paths of the onboarding machine's committed list (tests/machines/__paths__/onboarding.txt),
// driven through the rendered flow panel: the user's events as clicks, the actors' answers as the
// engine's HTTP answers (MSW over the generated handlers), in the order the path gives them.

const PATHS = readFileSync(join(__dirname, '../../machines/__paths__/onboarding.txt'), 'utf8').split('\n').filter(Boolean);

type ActorName = keyof typeof onboardingActorEvents;
/** The engine operation each actor calls in each flow. */
const OPERATION: Record<ActorName, { method: 'get' | 'post'; web: string; ai: string }> = {
  fetchCategories: { method: 'get', web: 'app.getCategories', ai: 'app.getCategoriesAiAgentFlow' },
  fetchJourney: { method: 'get', web: 'app.gettingStartedJourneyV3', ai: 'app.gettingStartedJourneyAiAgentFlow' },
  enableCategory: { method: 'post', web: 'app.enableCategory', ai: 'app.enableCategoryForAiAgent' },
  enableToolkit: { method: 'post', web: 'app.enableAiToolKit', ai: 'app.enableAiToolKit' },
  completeOnboarding: { method: 'post', web: 'app.completeGettingStarted', ai: 'app.completeGettingStarted' },
};

const actorOf = (label: string): ActorName | undefined => (Object.keys(onboardingActorEvents) as ActorName[]).find((name) => label in onboardingActorEvents[name]);

let FlowPanel: ComponentType<{ flow: OnboardingFlow; refreshRequest: number; onJourneyChanged: () => void }>;
let DepsContext: React.Context<GettingStartedDeps>;
let deps: GettingStartedDeps;
const user = userEvent.setup({ delay: null });

/** The webhook dialog stands in as a marker: its own paths are replayed in tests/components/apiKeys. */
const FakeWebhookDialog = preloadable<WebhookDialogProps>(async () => ({ category }: WebhookDialogProps) => <div role="dialog" aria-label={`${category.label} webhook`} />);

const { server } = useEngineServer(async () => {
  ({ FlowPanel } = await import('../../../src/dashboard/resources/getting-started/FlowPanel.tsx'));
  const depsModule = await import('../../../src/dashboard/resources/getting-started/gettingStartedDeps.ts');
  const { apiClients } = await import('../../../src/dashboard/providers/index.ts');
  const { MagicLinkDialog } = await import('../../../src/dashboard/app/screens.ts');
  DepsContext = depsModule.GettingStartedDepsContext;
  deps = { clients: apiClients, WebhookDialog: FakeWebhookDialog, MagicLinkDialog };
});

function parsePath(description: string) {
  expect(PATHS).toContain(description);
  const match = /^\[(\w+)\] (.*) => (.+)$/.exec(description)!;
  return { flow: (match[1] === 'web' ? 'webapp' : 'aiAgent') as OnboardingFlow, labels: match[2]!.split(' > '), end: match[3]! };
}

/** The radio card of a category, by its label. */
const categoryCard = (label: string) => within(screen.getByRole('radiogroup', { name: 'Categories' })).getByRole('radio', { name: new RegExp(label) });

async function drive(description: string) {
  const { flow, labels } = parsePath(description);
  const answers = new Map<ActorName, EventObject[]>();
  for (const label of labels) {
    const actor = actorOf(label);
    if (actor) answers.set(actor, [...(answers.get(actor) ?? []), onboardingEventFixtures[label]!]);
  }
  const calls: Record<ActorName, number> = { fetchCategories: 0, fetchJourney: 0, enableCategory: 0, enableToolkit: 0, completeOnboarding: 0 };
  let lastJourney: EventObject | undefined;
  server().use(
    ...(Object.keys(OPERATION) as ActorName[]).map((actor) =>
      http[OPERATION[actor].method](`${ORIGIN}/api/${OPERATION[actor][flow === 'webapp' ? 'web' : 'ai']}`, () => {
        calls[actor] += 1;
        const next = answers.get(actor)?.shift();
        // The embed and toolkit steps read the journey again once the API key is known (its
        // sub-step): a read the path does not list answers what the last read did.
        if (!next && actor === 'fetchJourney' && lastJourney) return httpAnswer(lastJourney as never);
        if (!next) throw new Error(`${actor} called more often than the path says`);
        if (actor === 'fetchJourney') lastJourney = next;
        return httpAnswer(next as never);
      }),
    ),
  );
  render(
    <AdminContext dataProvider={testDataProvider()}>
      <MemoryRouter>
        <DepsContext.Provider value={deps}>
          <FlowPanel flow={flow} refreshRequest={0} onJourneyChanged={() => undefined} />
        </DepsContext.Provider>
      </MemoryRouter>
      <Toasts />
    </AdminContext>,
  );
  let expectedReads = 0;
  for (const label of labels) {
    const event = onboardingEventFixtures[label]!;
    const actor = actorOf(label);
    if (actor) {
      if (actor === 'fetchJourney') expectedReads += 1;
      // The machine's call happens in its own time: wait for it before the user's next event.
      const wanted = labels.slice(0, labels.indexOf(label) + 1).filter((l) => actorOf(l) === actor).length;
      await waitFor(() => expect(calls[actor]).toBeGreaterThanOrEqual(wanted));
      continue;
    }
    switch (event.type) {
      case 'category.choose': {
        const { category } = event as EventObject & { category: string };
        await user.click(await waitFor(() => categoryCard(category === 'COMMS' ? 'Communication' : category)));
        break;
      }
      case 'step.next':
        await user.click(await screen.findByRole('button', { name: /^(Next|Enable Catgory)$/ }));
        break;
      case 'webhook.next':
        await user.click(await screen.findByRole('button', { name: 'Register webhook URL', exact: true } as never));
        break;
      case 'journey.refresh':
        // The step's automatic read (the API key known) may already be this refresh.
        if (calls.fetchJourney < expectedReads + 1) await user.click(await screen.findByRole('button', { name: 'Check status' }));
        break;
      case 'onboarding.finish':
        await user.click(await screen.findByRole('button', { name: 'Finish Onboarding' }));
        break;
      default:
        throw new Error(`no UI action for ${label}`);
    }
  }
  return { calls, remaining: answers };
}

describe('the getting-started flow panel drives the onboarding machine (paths of the committed list)', { timeout: 30_000 }, () => {
  it("[web] categories web fresh > choose COMMS > step.next > enable web COMMS => journey.viewing: 'Enable Catgory' enables it and opens the embed step", async () => {
    const run = await drive('[web] categories web fresh > choose COMMS > step.next > enable web COMMS => journey.viewing');
    expect(await screen.findByRole('heading', { name: 'Embed UI SDK' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Toasts' })).getByText('Communication enabled successfully')).toBeTruthy();
    expect([...run.remaining.values()].flat()).toEqual([]);
  });

  it('[web] categories web fresh > choose HRIS > step.next > journey web at webhook > webhook.next > enable web HRIS => journey.webhookDialog', async () => {
    const run = await drive('[web] categories web fresh > choose HRIS > step.next > journey web at webhook > webhook.next > enable web HRIS => journey.webhookDialog');
    expect(await screen.findByRole('dialog', { name: 'HRIS webhook' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Toasts', hidden: true })).getByText('HRIS enabled successfully')).toBeTruthy();
    expect(run.calls.enableCategory).toBe(1);
  });

  it('[web] categories web ongoing > journey web at embed > journey.refresh > journey web at fetchData > step.next > onboarding.finish > complete web => journey.completed', async () => {
    const run = await drive(
      '[web] categories web ongoing > journey web at embed > journey.refresh > journey web at fetchData > step.next > onboarding.finish > complete web => journey.completed',
    );
    const done = await screen.findByRole('dialog', { name: 'Onboarding completed successfully !' });
    expect(within(done).getByTestId('default-account-type').textContent).toBe('Test');
    expect(run.calls.completeOnboarding).toBe(1);
    expect([...run.remaining.values()].flat()).toEqual([]);
  });
});
