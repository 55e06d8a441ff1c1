import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, shotBoth, signUpNewUser, uniqueEmail } from './support.ts';
import { startReceiver } from './webhookReceiver.ts';

// Getting started as a newly signed-up organisation goes through it (spec part 1 §2, §4, §8): the
// web flow end to end (a webhook registered against a real receiver that verifies every request
// with the organisation's signing secret, a magic link for the category it enabled, syncs started
// on API trigger, Finish Onboarding), then the AI flow (toolkit, embed) to both green checks.

test.describe.configure({ timeout: 180_000 });

const stepButton = (page: Page, label: string) => page.getByRole('navigation', { name: 'Getting started' }).getByRole('button', { name: new RegExp(label) });

/** The signing secret, rotated (and so shown in full once) on the API keys page. */
async function rotateSigningSecret(page: Page): Promise<string> {
  await page.goto('/dashboard/api-keys');
  await page.getByRole('button', { name: 'Rotate secret' }).click();
  const rotate = page.getByRole('dialog', { name: 'Rotate the signing secret?' });
  await rotate.getByRole('button', { name: 'Rotate secret' }).click();
  await expect(rotate).toBeHidden();
  const secretField = page.getByRole('textbox', { name: 'Webhook signing secret' });
  await expect(secretField).toHaveValue(/^whsec_[A-Za-z0-9+/]{43}=$/);
  return secretField.inputValue();
}

/** Fills and sends the Create Magic Link form for one end customer; returns the link. */
async function createMagicLink(page: Page, category: string): Promise<string> {
  const form = page.getByRole('dialog', { name: 'Create Magic Link' });
  await expect(form).toBeVisible();
  await form.getByRole('textbox', { name: /origin org id/i }).fill('gs-e2e-1');
  await form.getByRole('textbox', { name: /origin org name/i }).fill('Initech');
  await form.getByRole('textbox', { name: /origin user email/i }).fill('peter@initech.test');
  await form.getByRole('textbox', { name: /origin user name/i }).fill('Peter Gibbons');
  // The category this organisation enabled is offered (and only enabled ones are).
  await form.getByRole('checkbox', { name: category }).check();
  const created = page.waitForResponse((r) => r.url().includes('/api/app.createMagicLinkV3'));
  await form.getByRole('button', { name: 'Create Magic Link' }).click();
  const response = await created;
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON()).toMatchObject({ categories: [category] });
  const result = page.getByRole('dialog', { name: 'Magic link created' });
  await expect(result).toBeVisible();
  const link = (await result.getByTestId('magic-link-magic-link').innerText()).trim();
  await result.getByRole('button', { name: 'Done' }).click();
  await expect(result).toBeHidden();
  return link;
}

test('a new organisation completes the web flow, then the AI flow', async ({ browser, request }) => {
  const baseURL = test.info().project.use.baseURL!;
  const context = await browser.newContext({ baseURL, viewport: DESKTOP });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const page = await context.newPage();
  const receiver = await startReceiver();
  try {
    await signUpNewUser(page, request, uniqueEmail('getting-started'), { name: 'Ada Lovelace', organisation: 'Analytical Engines' });
    // The welcome dialog: nothing has started yet.
    const welcome = page.getByRole('dialog', { name: 'Proceed with onboarding' });
    await expect(welcome).toBeVisible();
    await shotBoth(page, 'getting-started-welcome', { fullPage: false });
    const secret = await rotateSigningSecret(page);
    await page.goto('/dashboard/getting-started');
    await page.getByRole('dialog', { name: 'Proceed with onboarding' }).getByRole('button', { name: /Unified APIs and Syncs/ }).click();
    await expect(page.getByRole('tab', { name: 'Unified APIs and Syncs' })).toHaveAttribute('aria-selected', 'true');

    // Select Category: a category without sync data is enabled by the step itself ('Enable
    // Catgory', the spec's spelling); one with data continues with its webhook ('Next').
    const categories = page.getByRole('radiogroup', { name: 'Categories' });
    await categories.getByRole('radio', { name: /Communication/ }).click();
    await expect(page.getByRole('button', { name: 'Enable Catgory' })).toBeVisible();
    await categories.getByRole('radio', { name: /HRIS/ }).click();
    await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeVisible();
    await shotBoth(page, 'getting-started-select-category');
    // Later steps are locked until the earlier ones are done.
    await expect(stepButton(page, 'Fetch data')).toBeDisabled();
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    // Register webhook URL: the dialog tests the URL live, every event one by one, then saves.
    await expect(page.getByRole('heading', { name: 'Register webhook URL' })).toBeVisible();
    await page.getByRole('button', { name: 'Register webhook URL', exact: true }).click();
    await expect(page.getByText('HRIS enabled successfully')).toBeVisible();
    const dialog = page.getByRole('dialog', { name: 'HRIS webhook', exact: true });
    await dialog.getByRole('textbox', { name: 'Webhook URL' }).fill(receiver.url('/hris'));
    await dialog.getByRole('button', { name: 'Test' }).click();
    await expect(dialog.getByRole('button', { name: 'Live' })).toBeVisible();
    const total = Number((await dialog.getByTestId('webhook-progress-text').innerText()).match(/of (\d+) events/)![1]);
    for (let tested = 1; tested <= total; tested += 1) {
      await dialog.getByRole('button', { name: 'Send event' }).click();
      await expect(dialog.getByTestId('webhook-progress-text')).toHaveText(`${tested} of ${total} events tested`);
    }
    await dialog.getByRole('button', { name: 'Save Webhook URL' }).click();
    await expect(page.getByText('HRIS webhook updated successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(receiver.received).toHaveLength(1 + total);
    expect(receiver.allVerify(secret)).toBe(true);
    // Saving completes the step and opens the next one; the saved URL shows on the step.
    await expect(page.getByRole('heading', { name: 'Embed UI SDK' })).toBeVisible();
    await expect(stepButton(page, 'Register webhook URL, completed')).toBeVisible();
    await stepButton(page, 'Register webhook URL').click();
    await expect(page.getByTestId('saved-webhook-url')).toHaveText(receiver.url('/hris'));
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    // Embed UI SDK: the magic-link path completes the step once a link for HRIS is generated.
    await expect(page.getByRole('heading', { name: 'Embed UI SDK' })).toBeVisible();
    await shotBoth(page, 'getting-started-embed');
    await page.getByRole('region', { name: 'Create a magic link' }).getByRole('button', { name: 'Create Magic Link' }).click();
    const link = await createMagicLink(page, 'HRIS');
    expect(new URL(link).pathname).toBe('/magic/authorize');
    await expect(page.getByRole('region', { name: 'Create a magic link' }).getByText('Done')).toBeVisible();
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    // Fetch data: default models stay checked; syncs start on API trigger after the confirm
    // dialog shows the call; then Finish Onboarding.
    await expect(page.getByRole('heading', { name: 'Fetch data' })).toBeVisible();
    const models = page.getByRole('region', { name: 'Data models' });
    const defaults = models.getByRole('checkbox', { checked: true, disabled: true });
    await expect(defaults.first()).toBeVisible();
    await page.getByRole('radio', { name: /Start syncs on API trigger/ }).check();
    await page.getByRole('button', { name: 'Enable Syncs' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'v1.0/sync.start' });
    await expect(confirm).toContainText(`POST ${new URL('/v1.0/sync.start', baseURL).toString()}`);
    await shotBoth(page, 'getting-started-sync-start-confirm', { fullPage: false });
    await confirm.getByRole('button', { name: /Enable|Confirm|Start/ }).last().click();
    await expect(page.getByText('Syncs are enabled for HRIS: they start on API trigger.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Syncs' })).toHaveAttribute('href', '/dashboard/syncs');
    await page.getByRole('button', { name: 'Finish Onboarding' }).click();
    const done = page.getByRole('dialog', { name: 'Onboarding completed successfully !' });
    await expect(done).toBeVisible();
    await expect(done.getByTestId('default-account-type')).toBeVisible();
    await shotBoth(page, 'getting-started-completed', { fullPage: false });
    await done.getByRole('button', { name: 'Close' }).click();
    await expect(done).toBeHidden();
    await expect(page.getByRole('tab', { name: 'Unified APIs and Syncs' }).getByRole('img', { name: 'Completed' })).toBeVisible();

    // The AI flow: another category through the toolkit, then the embed step.
    await page.getByRole('tab', { name: 'AI Agents Toolkit' }).click();
    await expect(page.getByRole('tab', { name: 'AI Agents Toolkit' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('radiogroup', { name: 'Categories' }).getByRole('radio', { name: /ATS/ }).click();
    await page.getByRole('button', { name: 'Enable Catgory' }).click();
    await expect(page.getByText('ATS enabled successfully')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Use toolkit with LLMs' })).toBeVisible();
    await page.getByRole('group', { name: 'Framework' }).getByRole('button', { name: 'LangChain' }).click();
    await expect(page.getByRole('region', { name: 'LangChain usage code' })).toContainText(/langchain/i);
    await shotBoth(page, 'getting-started-toolkit');
    await page.getByRole('button', { name: /Enable toolkit/i }).click();
    await expect(page.getByRole('heading', { name: 'Embed SDK' })).toBeVisible();
    await page.getByRole('region', { name: 'Create a magic link' }).getByRole('button', { name: 'Create Magic Link' }).click();
    await createMagicLink(page, 'ATS');
    const aiDone = page.getByRole('dialog', { name: 'Onboarding completed successfully !' });
    await page.getByRole('button', { name: /Finish Onboarding/ }).click();
    await expect(aiDone).toBeVisible();
    await aiDone.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('tab', { name: 'AI Agents Toolkit' }).getByRole('img', { name: 'Completed' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Unified APIs and Syncs' }).getByRole('img', { name: 'Completed' })).toBeVisible();
    await shotBoth(page, 'getting-started-both-done');
  } finally {
    await receiver.close();
    await context.close();
  }
});
