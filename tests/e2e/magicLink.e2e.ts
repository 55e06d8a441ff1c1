import { expect as baseExpect, test, type Page } from '@playwright/test';
import { accountsUrlFor, seededAccount } from './accountTargets.ts';
import { DEMO_ADMIN, shotBoth, signedInPage } from './support.ts';

// Magic links on the seeded demo (part 2 §5, §8): the Create Magic Link form with its defaults and
// messages, the result dialog with the link and the integration id, 'Copied' for 1 s, the link
// opening /magic/authorize, and the Reintegrate action of a Success account.

// The machine running the suite may be busy: generous waits, one login per file.
test.describe.configure({ mode: 'serial', timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });
let page: Page;

test.beforeAll(async ({ browser }) => {
  ({ page } = await signedInPage(browser, DEMO_ADMIN));
  await page.addLocatorHandler(page.getByRole('dialog', { name: 'Test and production accounts' }), async () => {
    await page.getByRole('button', { name: 'Got it' }).click();
  });
});
test.afterAll(async () => page?.context().close());

const dialog = () => page.getByRole('dialog', { name: 'Create Magic Link' });
const result = (name = 'Magic link created') => page.getByRole('dialog', { name });

test('create a magic link, copy it and open it', async () => {
  await page.goto('/dashboard/accounts');
  await page.getByRole('button', { name: 'Create Magic Link' }).click();
  const form = dialog();
  await expect(form.getByRole('textbox', { name: /origin org id/i })).toBeVisible();

  // Defaults: the demo organisation creates production accounts; custom mapping shown, not required.
  await expect(form.getByRole('switch', { name: 'Test Account' })).not.toBeChecked();
  await expect(form.getByRole('switch', { name: 'Show Scope Control' })).not.toBeChecked();
  await expect(form.getByRole('switch', { name: 'Show Custom Mapping' })).toBeChecked();
  await expect(form.getByRole('switch', { name: 'Custom Mapping Required' })).not.toBeChecked();
  await expect(form.getByRole('combobox', { name: /language/i })).toContainText('English');

  // An empty form: the spec's messages.
  await form.getByRole('button', { name: 'Create Magic Link' }).click();
  for (const message of ['Origin Org ID is required', 'Origin Org Name is required', 'Origin User Email is required', 'Origin User Name is required', 'Atleast one category is required']) {
    await expect(form.getByText(message)).toBeVisible();
  }
  await shotBoth(page, 'magic-link-form-errors', { fullPage: false });

  // customMappingRequired follows showCustomMapping.
  await form.getByRole('switch', { name: 'Show Custom Mapping' }).click();
  await expect(form.getByRole('switch', { name: 'Custom Mapping Required' })).toBeDisabled();
  await form.getByRole('switch', { name: 'Show Custom Mapping' }).click();
  await expect(form.getByRole('switch', { name: 'Custom Mapping Required' })).toBeEnabled();

  // The demo organisation has a live AI connector: the AI connector types are offered, and
  // choosing one asks for connectors instead of categories.
  await form.getByRole('radio', { name: 'AI connectors' }).check();
  await expect(form.getByRole('checkbox', { name: 'HRIS' })).toBeHidden();
  await expect(form.getByRole('checkbox').first()).toBeVisible();
  await form.getByRole('radio', { name: 'Unified API sync' }).check();

  await form.getByRole('textbox', { name: /origin org id/i }).fill('  e2e-magic-42 ');
  await form.getByRole('textbox', { name: /origin org name/i }).fill('E2E Magic Corp');
  await form.getByRole('textbox', { name: /origin user email/i }).fill('jane@e2e-magic.test');
  await form.getByRole('textbox', { name: /origin user name/i }).fill('Jane Doe');
  await form.getByRole('checkbox', { name: 'HRIS' }).check();
  const created = page.waitForResponse((r) => r.url().includes('/api/app.createMagicLinkV3'));
  await form.getByRole('button', { name: 'Create Magic Link' }).click();
  const response = await created;
  expect(response.status()).toBe(200);
  const sent = response.request().postDataJSON() as Record<string, unknown>;
  expect(sent).toMatchObject({ originOrgId: 'e2e-magic-42', connectorType: 'unified-api-sync', categories: ['HRIS'], language: 'en', testAccount: false });
  const { msg } = (await response.json()) as { msg: { link: string; integrationId: string } };

  const shown = result();
  await expect(shown).toBeVisible();
  await expect(shown.getByTestId('magic-link-magic-link')).toHaveText(msg.link);
  await expect(shown.getByTestId('magic-link-integration-id')).toHaveText(msg.integrationId);
  await shotBoth(page, 'magic-link-result', { fullPage: false });

  // Copy: 'Copied' for one second, and the link is on the clipboard (the clipboard wants a focused page).
  await page.bringToFront();
  await shown.getByRole('button', { name: 'Copy magic link' }).click();
  await expect(shown.getByRole('button', { name: 'Magic link copied' })).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(msg.link);
  await expect(shown.getByRole('button', { name: 'Copy magic link' })).toBeVisible({ timeout: 2_000 });
  await shown.getByRole('button', { name: 'Copy integration id' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(msg.integrationId);

  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();

  // Opening the link reaches /magic/authorize (its screen is later work; it must not be a 404).
  const link = new URL(msg.link);
  expect(link.pathname).toBe('/magic/authorize');
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page).toHaveURL(/\/magic\/authorize\?/);
  await expect(page.getByRole('heading', { name: 'Magic Link Authorisation' })).toBeVisible();
});

test('reintegrate a Success account', async () => {
  const account = seededAccount("integration_state = 'Success'", 3);
  await page.goto(accountsUrlFor(account));
  const row = page.locator('tbody tr', { hasText: account.integrationId });
  await expect(row).toBeVisible();
  await row.getByTestId('account-actions').click();
  const created = page.waitForResponse((r) => r.url().includes('/api/app.createReIntegrateMagicLink'));
  await page.getByRole('menuitem', { name: 'Reintegrate' }).click();
  expect((await created).status()).toBe(200);
  const shown = result('Reintegration link created');
  await expect(shown).toBeVisible();
  await expect(shown.getByTestId('magic-link-integration-id')).toHaveText(account.integrationId);
  await expect(shown.getByTestId('magic-link-magic-link')).toContainText('/magic/authorize?');
  await shown.getByRole('button', { name: 'Done' }).click();
});
