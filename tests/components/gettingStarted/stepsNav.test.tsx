import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type NavStep, StepsNav } from '../../../src/dashboard/resources/getting-started/StepsNav.tsx';

// While a call that changes the journey runs (enabling, the webhook, the toolkit, finishing), the
// Getting started navigation waits for its answer: steps and the embed guide are disabled and the
// navigation says it is busy; Create Magic Link, a dialog of its own, stays available.
const STEPS: NavStep[] = [
  { stepId: 'selectCategory', label: 'Select Category', done: true, locked: false, current: false },
  { stepId: 'registerWebhook', label: 'Register webhook URL', done: true, locked: false, current: false },
  { stepId: 'embedSdk', label: 'Embed UI SDK', done: false, locked: false, current: true },
  { stepId: 'fetchData', label: 'Fetch data', done: false, locked: true, current: false },
];

function renderNav(held: boolean) {
  const onOpenStep = vi.fn();
  const onOpenEmbedGuide = vi.fn();
  const onCreateMagicLink = vi.fn();
  render(<StepsNav flow="webapp" steps={STEPS} view="embedSdk" held={held} onOpenStep={onOpenStep} onOpenEmbedGuide={onOpenEmbedGuide} onCreateMagicLink={onCreateMagicLink} />);
  return { onOpenStep, onOpenEmbedGuide, onCreateMagicLink, nav: screen.getByRole('navigation', { name: 'Getting started' }) };
}

describe('Getting started navigation', () => {
  afterEach(cleanup);

  it('takes clicks on open steps and resources when no call holds it', async () => {
    const { onOpenStep, onOpenEmbedGuide, nav } = renderNav(false);
    expect(nav.getAttribute('aria-busy')).toBeNull();
    await userEvent.click(within(nav).getByRole('button', { name: /^Step 2: Register webhook URL/ }));
    expect(onOpenStep).toHaveBeenCalledWith('registerWebhook');
    await userEvent.click(within(nav).getByRole('button', { name: 'Embed the auth SDK' }));
    expect(onOpenEmbedGuide).toHaveBeenCalledOnce();
    // A locked step is disabled either way.
    expect((within(nav).getByRole('button', { name: /^Step 4: Fetch data/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('disables steps and the embed guide while a call holds it, and keeps Create Magic Link', async () => {
    const { onOpenStep, onCreateMagicLink, nav } = renderNav(true);
    expect(nav.getAttribute('aria-busy')).toBe('true');
    for (const name of [/^Step 1: Select Category/, /^Step 2: Register webhook URL/, /^Step 3: Embed UI SDK/, 'Embed the auth SDK']) {
      expect((within(nav).getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
    }
    await userEvent.click(within(nav).getByRole('button', { name: /^Step 2: Register webhook URL/ }), { pointerEventsCheck: 0 });
    expect(onOpenStep).not.toHaveBeenCalled();
    await userEvent.click(within(nav).getByRole('button', { name: 'Create Magic Link' }));
    expect(onCreateMagicLink).toHaveBeenCalledOnce();
  });
});
