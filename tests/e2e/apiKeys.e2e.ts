import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DESKTOP, shotBoth, signUpNewUser, uniqueEmail } from './support.ts';
import { startReceiver, type ReceivedWebhook } from './webhookReceiver.ts';

// /dashboard/api-keys as a new customer uses it (spec part 1 §2, §4, §5, §8): copy a key, generate
// a new one (the old one is refused at once), rotate the webhook signing secret and read it once,
// then register a category's webhook against a real receiver: Test goes Live, every event is sent
// one by one and verified with the secret, Save. A failing receiver and a refused URL say why.

test.describe.configure({ timeout: 150_000 });

const CATEGORY = { value: 'ATS', label: 'ATS' };

/** A call of the customer's backend with an API key (auth.createSession takes only API keys). */
const createSessionWith = (request: APIRequestContext, apiKey: string) =>
  request.post('/api/auth.createSession', {
    headers: { Authorization: `Bearer ${apiKey}` },
    data: { originOrgId: 'cust-4711', originOrgName: 'Globex Corp', originUserEmail: 'it-admin@globex.test', originUserName: 'Hank Scorpio' },
  });

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
const eventTypeOf = (call: ReceivedWebhook) => (call.json as { eventType?: string; event?: { eventType?: string } }).event?.eventType ?? (call.json as { eventType?: string }).eventType;

test('API keys, the signing secret, and a webhook tested event by event against a real receiver', async ({ browser, request }) => {
  const baseURL = test.info().project.use.baseURL!;
  const context = await browser.newContext({ baseURL, viewport: DESKTOP });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const page = await context.newPage();
  const receiver = await startReceiver();
  try {
    await signUpNewUser(page, request, uniqueEmail('apikeys'));

    // The dashboard's own session token, to enable a category as Getting Started does (app.enableCategory).
    const firstCall = page.waitForRequest((r) => r.url().includes('/api/app.getApiKeys'));
    await page.goto('/dashboard/api-keys');
    const authorization = (await firstCall).headers().authorization!;
    await expect(page.getByRole('heading', { name: 'API Keys & Webhooks' })).toBeVisible();
    // No category yet: the list says where to enable one.
    await expect(page.getByText('No category is enabled yet. Enable a category in Getting Started to register its webhook here.')).toBeVisible();

    // The first answer created the keys: shown in full this once, with copy ('Copied', 1 s).
    const prodKey = page.getByRole('textbox', { name: 'Production API key' });
    const oldKey = await prodKey.inputValue();
    expect(oldKey).toMatch(/^sk_live_\S{32,}$/);
    await page.getByRole('button', { name: 'Copy Production API key' }).click();
    await expect(page.getByRole('button', { name: 'Production API key copied' })).toHaveText('Copied');
    expect(await clipboard(page)).toBe(oldKey);
    await expect(page.getByRole('button', { name: 'Copy Production API key' })).toHaveText('Copy', { timeout: 3_000 });
    expect((await createSessionWith(request, oldKey)).status()).toBe(200);
    await shotBoth(page, 'api-keys-new-user');

    // Generate new API key, behind a confirmation: the old key is refused at once.
    await page.getByRole('button', { name: 'Generate new production API key' }).click();
    const confirm = page.getByRole('dialog', { name: 'Generate a new production API key?' });
    await expect(confirm).toContainText('stops working at once');
    await shotBoth(page, 'api-keys-generate-confirm', { fullPage: false });
    await confirm.getByRole('button', { name: 'Generate new API key' }).click();
    await expect(confirm).toBeHidden();
    await expect(prodKey).not.toHaveValue(oldKey);
    const newKey = await prodKey.inputValue();
    expect(newKey).toMatch(/^sk_live_\S{32,}$/);
    await expect(page.getByText('New key generated: copy it now, it is shown in full only once.')).toBeVisible();
    expect((await createSessionWith(request, oldKey)).status()).toBe(401);
    expect((await createSessionWith(request, newKey)).status()).toBe(200);

    // Rotate the signing secret: the new secret is shown in full once.
    const secretField = page.getByRole('textbox', { name: 'Webhook signing secret' });
    await expect(secretField).toHaveValue(/^whsec_[A-Za-z0-9+/]{4}…$/);
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    const rotate = page.getByRole('dialog', { name: 'Rotate the signing secret?' });
    await rotate.getByRole('button', { name: 'Rotate secret' }).click();
    await expect(rotate).toBeHidden();
    await expect(secretField).toHaveValue(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const secret = await secretField.inputValue();
    await page.getByRole('button', { name: 'Copy Webhook signing secret' }).click();
    expect(await clipboard(page)).toBe(secret);
    await shotBoth(page, 'api-keys-rotated');

    // Enable a category as Getting Started would, then reload: the secret is masked from now on.
    const enabled = await request.post('/api/app.enableCategory', { headers: { authorization }, data: { category: CATEGORY.value } });
    expect(enabled.status()).toBe(200);
    await page.reload();
    await expect(secretField).toHaveValue(`${secret.slice(0, 10)}…`);
    await expect(page.getByRole('button', { name: 'Copy Webhook signing secret' })).toBeDisabled();
    await expect(page.getByTestId(`webhook-row-${CATEGORY.value}`)).toContainText('No webhook registered');

    // The webhook modal: Test sends a real POST to the receiver and goes Live on its 200.
    await page.getByRole('button', { name: `Add ${CATEGORY.label} webhook` }).click();
    const dialog = page.getByRole('dialog', { name: `${CATEGORY.label} webhook`, exact: true });
    const url = dialog.getByRole('textbox', { name: 'Webhook URL' });
    await expect(dialog.getByRole('tab').first()).toBeVisible();
    await shotBoth(page, 'api-keys-webhook-untested', { fullPage: false });
    await url.fill(`  ${receiver.url()}  `);
    await dialog.getByRole('button', { name: 'Test' }).click();
    await expect(dialog.getByRole('button', { name: 'Live' })).toBeVisible();
    await expect(page.getByText('Webhook is live')).toBeVisible();
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.json).toMatchObject({ eventType: 'webhook.test', category: CATEGORY.value });

    // Every event one by one, the progress bar filling; Save only once all are tested.
    const progress = dialog.getByRole('progressbar', { name: 'Events tested' });
    const total = Number((await dialog.getByTestId('webhook-progress-text').innerText()).match(/of (\d+) events/)![1]);
    expect(total).toBeGreaterThan(3);
    const tabs = await dialog.getByRole('tab').allInnerTexts();
    expect(tabs.length).toBeGreaterThan(1);
    const save = dialog.getByRole('button', { name: 'Save Webhook URL' });
    for (let tested = 1; tested <= total; tested += 1) {
      await expect(save).toBeDisabled();
      const selected = (await dialog.getByRole('button', { pressed: true }).innerText()).trim();
      await dialog.getByRole('button', { name: 'Send event' }).click();
      await expect(dialog.getByTestId('webhook-progress-text')).toHaveText(`${tested} of ${total} events tested`);
      await expect(progress).toHaveAttribute('aria-valuenow', String(Math.round((tested / total) * 100)));
      expect(eventTypeOf(receiver.received.at(-1)!)).toBe(selected);
      if (tested === 1) await shotBoth(page, 'api-keys-webhook-live', { fullPage: false });
    }
    await expect(save).toBeEnabled();
    await save.click();
    await expect(page.getByText(`${CATEGORY.label} webhook updated successfully`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId(`webhook-row-${CATEGORY.value}`)).toContainText(receiver.url());

    // Every request the receiver got verifies with the secret read once (and a test event per event type).
    expect(receiver.received).toHaveLength(1 + total);
    expect(receiver.allVerify(secret)).toBe(true);
    for (const call of receiver.received.slice(1)) expect(call.json).toMatchObject({ test: true });

    // A failing receiver: its status text, and no Live.
    await page.getByRole('button', { name: `Edit ${CATEGORY.label} webhook` }).click();
    await expect(url).toHaveValue(receiver.url());
    receiver.answerWith({ status: 503, statusText: 'Service Unavailable' });
    await url.fill(receiver.url('/failing'));
    await dialog.getByRole('button', { name: 'Test' }).click();
    await expect(dialog.getByText('Service Unavailable')).toBeVisible();
    await expect(url).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByRole('button', { name: 'Live' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Send event' })).toBeDisabled();
    await shotBoth(page, 'api-keys-webhook-failing', { fullPage: false });

    // A loopback URL on a port that is not allow-listed is refused next to the field; nothing is sent.
    const before = receiver.received.length;
    await url.fill('http://127.0.0.1:9/hook');
    await dialog.getByRole('button', { name: 'Test' }).click();
    await expect(dialog.locator('#webhook-url-helper-text')).toHaveText('Please enter a valid webhook');
    await expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(receiver.received.length).toBe(before);

    // An empty URL on Test.
    await url.fill('');
    await dialog.getByRole('button', { name: 'Test' }).click();
    await expect(dialog.locator('#webhook-url-helper-text')).toHaveText('Please enter a valid webhook');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  } finally {
    await receiver.close();
    await context.close();
  }
});
