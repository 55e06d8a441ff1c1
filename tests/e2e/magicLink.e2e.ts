import { expect as baseExpect, test, type Page } from '@playwright/test';
import { accountsUrlFor, seededAccount } from './accountTargets.ts';
import { DEMO_ADMIN, shot, shotBoth, signedInPage, watchBriefText } from './support.ts';

// Magic links on the seeded demo (part 2 §5, §8): the Create Magic Link form with its defaults and
// messages, the result dialog with the link and the integration id, 'Copied' for 1 s, the link
// opening /magic/authorize, and the Reintegrate action of a Success account.

// The machine running the suite may be busy: generous waits; one signed-in page per file.
test.describe.configure({ mode: 'serial', timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });
let page: Page;

test.beforeAll(async ({ browser }) => {
  ({ page } = await signedInPage(browser, DEMO_ADMIN));
  await page.addLocatorHandler(page.getByRole('dialog', { name: 'Test and production accounts' }), async () => {
    await page.getByRole('button', { name: 'Got it' }).click();
  });
});
test.afterAll(async () => page?.close());

const dialog = () => page.getByRole('dialog', { name: 'Create Magic Link', exact: true });
const result = (name = 'Magic link created') => page.getByRole('dialog', { name });

test('create a magic link, copy it and open it', async () => {
  await page.goto('/dashboard/accounts');
  await page.getByRole('button', { name: 'Create Magic Link' }).click();
  const form = dialog();
  await expect(form.getByRole('textbox', { name: /origin org id/i })).toBeVisible();
  // The title's close button closes it (on a phone the form fills the screen, Cancel a scroll away).
  await form.getByRole('button', { name: 'Close' }).click();
  await expect(form).toBeHidden();
  await page.getByRole('button', { name: 'Create Magic Link' }).click();
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
  const copied = await watchBriefText(page, 'Copied');
  await shown.getByRole('button', { name: 'Copy magic link' }).click();
  // It shows, then goes away by itself (the exact second is checked on a fake clock in
  // tests/components/shell/useCopy.test.tsx: a loaded machine delays what a browser paints).
  expect(await copied.seen()).toBeGreaterThan(0);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(msg.link);
  await expect(shown.getByRole('button', { name: 'Copy magic link' })).toBeVisible();
  await shown.getByRole('button', { name: 'Copy integration id' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(msg.integrationId);

  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();

  // The end customer opens the link: the connect screen for E2E Magic Corp with the HRIS apps.
  const link = new URL(msg.link);
  expect(link.pathname).toBe('/magic/authorize');
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'Connect your apps to Acme' })).toBeVisible();
  await expect(page.getByText('E2E Magic Corp', { exact: true })).toBeVisible();
  const grid = page.getByRole('list', { name: 'HRIS apps' });
  await expect(grid.getByRole('button', { name: 'BambooHR' })).toBeVisible();
  await shotBoth(page, 'magic-authorize-apps');

  // Search, then choose the app with the keyboard.
  await page.getByRole('textbox', { name: 'Search apps' }).fill('bamboo');
  await expect(grid.getByRole('button')).toHaveCount(1);
  await grid.getByRole('button', { name: 'BambooHR' }).focus();
  await page.keyboard.press('Enter');
  const setup = page.getByRole('form', { name: 'Connect BambooHR' });
  await expect(setup).toBeVisible();

  // Connect with empty fields: the required message under the field, nothing sent.
  await setup.getByRole('button', { name: 'Connect BambooHR' }).click();
  await expect(setup.getByText('API key is required')).toBeVisible();
  await shotBoth(page, 'magic-authorize-form-errors', { fullPage: false });
  for (const input of await setup.locator('input:not([type=checkbox])').all()) await input.fill('e2e-credential');
  const connected = page.waitForResponse((r) => r.url().includes('/api/connect.complete'));
  await setup.getByRole('button', { name: 'Connect BambooHR' }).click();
  expect((await connected).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'BambooHR is connected' })).toBeVisible();
  await expect(page.getByTestId('connect-integration-id')).toHaveText(msg.integrationId);
  await shotBoth(page, 'magic-authorize-done');

  // The link is used up, and the account is on the accounts screen.
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByText('This link has already been used')).toBeVisible();
  await page.goto(accountsUrlFor({ integrationId: msg.integrationId, originOrgId: 'e2e-magic-42', organization: 'E2E Magic Corp', category: 'HRIS', appLabel: 'BambooHR' }));
  const row = page.locator('tbody tr', { hasText: msg.integrationId });
  await expect(row).toBeVisible();
  await expect(row).toContainText('E2E Magic Corp');
});

test('a magic link whose state cannot be decoded toasts and goes to /404', async () => {
  for (const state of ['%%%not-base64', Buffer.from('[1,2]').toString('base64url'), Buffer.from('{"sandbox":false}').toString('base64url')]) {
    await page.goto(`/magic/authorize?state=${state}`);
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByText('Something went wrong, please try again')).toBeVisible();
  }
  await shot(page, 'magic-authorize-bad-state-1440', false);
  await page.goto('/magic/authorize');
  await expect(page).toHaveURL(/\/404$/);
  // A well-formed state with an unknown token is a dead link, said plainly.
  await page.goto(`/magic/authorize?state=${Buffer.from(JSON.stringify({ authSessionToken: 'nope', sandbox: false })).toString('base64url')}`);
  await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
  await expect(page.getByText('This link is invalid or has expired')).toBeVisible();
  await shot(page, 'magic-authorize-invalid-1440', false);
});

test('reintegrate a Success account', async () => {
  // An app connected with credentials (not OAuth), so the reintegration link can be completed here.
  const account = seededAccount("integration_state = 'Success' AND app_id IN (SELECT id FROM apps WHERE auth_type IN ('BASIC', 'OTHER') AND is_sandbox = 0)", 3);
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
  const link = new URL((await shown.getByTestId('magic-link-magic-link').textContent())!);
  await shown.getByRole('button', { name: 'Done' }).click();

  // The reintegration link goes straight to the account's app, and reconnects the same account.
  await page.goto(`${link.pathname}${link.search}`);
  const setup = page.getByRole('form', { name: `Connect ${account.appLabel}` });
  await expect(setup).toBeVisible();
  await expect(page.getByRole('heading', { name: new RegExp(`^Reconnect ${account.appLabel}`) })).toBeVisible();
  await expect(page.getByRole('button', { name: 'All apps' })).toHaveCount(0);
  for (const input of await setup.locator('input:not([type=checkbox])').all()) await input.fill('e2e-credential');
  for (const box of await setup.getByRole('checkbox').all()) await box.check();
  await setup.getByRole('button', { name: `Connect ${account.appLabel}` }).click();
  await expect(page.getByRole('heading', { name: `${account.appLabel} is reconnected` })).toBeVisible();
  await expect(page.getByTestId('connect-integration-id')).toHaveText(account.integrationId);
});

test('connect an OAuth sandbox app from a German magic link: the sign-in window, consent, and the account', async () => {
  // The demo admin creates a test-account link (it offers the sandbox apps too) in German.
  await page.goto('/dashboard/accounts');
  await page.getByRole('button', { name: 'Create Magic Link' }).click();
  const form = dialog();
  await form.getByRole('textbox', { name: /origin org id/i }).fill('e2e-oauth-7');
  await form.getByRole('textbox', { name: /origin org name/i }).fill('E2E OAuth GmbH');
  await form.getByRole('textbox', { name: /origin user email/i }).fill('max@e2e-oauth.test');
  await form.getByRole('textbox', { name: /origin user name/i }).fill('Max Muster');
  await form.getByRole('switch', { name: 'Test Account' }).check();
  await form.getByRole('checkbox', { name: 'HRIS' }).check();
  await form.getByRole('combobox', { name: /language/i }).click();
  await page.getByRole('option', { name: 'Deutsch' }).click();
  const created = page.waitForResponse((r) => r.url().includes('/api/app.createMagicLinkV3'));
  await form.getByRole('button', { name: 'Create Magic Link' }).click();
  const response = await created;
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON()).toMatchObject({ language: 'de', testAccount: true, categories: ['HRIS'] });
  const { msg } = (await response.json()) as { msg: { link: string; integrationId: string } };
  await result().getByRole('button', { name: 'Done' }).click();

  // The end customer opens it: the connect screen in German, and picks the sandbox's OAuth app.
  const link = new URL(msg.link);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'Verbinden Sie Ihre Apps mit Acme' })).toBeVisible();
  const appLabel = 'HRIS Sandbox (OAuth)';
  await page.getByRole('list', { name: 'HRIS-Apps' }).getByRole('button', { name: appLabel }).click();
  const setup = page.getByRole('form', { name: `${appLabel} verbinden` });
  await expect(setup).toBeVisible();
  // The steps before the sign-in (a subdomain, for some apps) are filled as for any app.
  for (const input of await setup.locator('input').all()) await input.fill('e2e-oauth');
  await shotBoth(page, 'magic-authorize-oauth-de');

  // "Sign in with": the app's window opens on the sandbox vendor's consent page.
  const opened = page.waitForEvent('popup');
  await setup.getByRole('button', { name: `Mit ${appLabel} anmelden` }).click();
  const popup = await opened;
  await expect(setup.getByTestId('oauth-waiting')).toContainText(`Schließen Sie die Anmeldung bei ${appLabel} in dem geöffneten Fenster ab.`);
  await expect(popup.getByRole('heading', { name: `Allow access to your ${appLabel} account?` })).toBeVisible();
  expect(new URL(popup.url()).pathname.startsWith('/sandbox/')).toBe(true);
  await shot(page, 'magic-authorize-oauth-waiting-1440', false);
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Allow' }).click();

  // The app sends the window to /oauth, which completes the sign-in in German, tells the page and closes itself.
  await expect(popup.getByRole('heading', { name: 'Verbunden.' })).toBeVisible();
  await expect(popup.getByText('Dieses Fenster schließt sich von selbst.')).toBeVisible();
  // The used code and the state are gone from the window's address and history.
  expect(new URL(popup.url()).pathname).toBe('/oauth');
  expect(new URL(popup.url()).search).toBe('');
  // The window may close while its picture is taken: the picture is a by-product, not a check.
  await shot(popup, 'oauth-callback-connected-de', false).catch(() => undefined);
  await closed;
  await expect(page.getByRole('heading', { name: `${appLabel} ist verbunden` })).toBeVisible();
  await expect(page.getByTestId('connect-integration-id')).toHaveText(msg.integrationId);
  await shotBoth(page, 'magic-authorize-oauth-done');

  // The new account is on the accounts screen.
  await page.goto(accountsUrlFor({ integrationId: msg.integrationId, originOrgId: 'e2e-oauth-7', organization: 'E2E OAuth GmbH', category: 'HRIS', appLabel }));
  const row = page.locator('tbody tr', { hasText: msg.integrationId });
  await expect(row).toBeVisible();
  await expect(row).toContainText('E2E OAuth GmbH');
});

test('a sign-in window closed before finishing says so, and signing in again connects', async () => {
  await page.goto('/dashboard/accounts');
  await page.getByRole('button', { name: 'Create Magic Link' }).click();
  const form = dialog();
  await form.getByRole('textbox', { name: /origin org id/i }).fill('e2e-oauth-8');
  await form.getByRole('textbox', { name: /origin org name/i }).fill('E2E OAuth Ltd');
  await form.getByRole('textbox', { name: /origin user email/i }).fill('ann@e2e-oauth.test');
  await form.getByRole('textbox', { name: /origin user name/i }).fill('Ann Lee');
  await form.getByRole('switch', { name: 'Test Account' }).check();
  await form.getByRole('checkbox', { name: 'HRIS' }).check();
  const created = page.waitForResponse((r) => r.url().includes('/api/app.createMagicLinkV3'));
  await form.getByRole('button', { name: 'Create Magic Link' }).click();
  const { msg } = (await (await created).json()) as { msg: { link: string; integrationId: string } };
  await result().getByRole('button', { name: 'Done' }).click();

  const link = new URL(msg.link);
  const appLabel = 'HRIS Sandbox (OAuth)';

  // The same session in admin mode (/admin/authorize, its state names the app): the customer's
  // admin connecting for the end customer starts at the app and is told so.
  const { authSessionToken } = JSON.parse(Buffer.from(link.searchParams.get('state')!, 'base64url').toString('utf8')) as { authSessionToken: string };
  const adminState = Buffer.from(JSON.stringify({ authSessionToken, appId: 'sandbox-hris-oauth', sandbox: false, reintegrate: false })).toString('base64url');
  await page.goto(`/admin/authorize?state=${adminState}`);
  await expect(page.getByRole('heading', { name: 'Connect an app for E2E OAuth Ltd' })).toBeVisible();
  await expect(page.getByText('Admin mode')).toBeVisible();
  await expect(page.getByRole('form', { name: `Connect ${appLabel}` })).toBeVisible();
  await shot(page, 'admin-authorize-1440', false);

  await page.goto(`${link.pathname}${link.search}`);
  await page.getByRole('list', { name: 'HRIS apps' }).getByRole('button', { name: appLabel }).click();
  const setup = page.getByRole('form', { name: `Connect ${appLabel}` });
  for (const input of await setup.locator('input').all()) await input.fill('e2e-oauth');

  // The end customer closes the window on the consent page.
  let opened = page.waitForEvent('popup');
  await setup.getByRole('button', { name: `Sign in with ${appLabel}` }).click();
  let popup = await opened;
  await expect(popup.getByRole('button', { name: 'Allow' })).toBeVisible();
  await popup.close();
  await expect(setup.getByRole('alert')).toHaveText(/The sign-in window was closed before finishing\. Try again\./);

  // Try again opens a new sign-in; Deny is the app's refusal, in its words, and the link stays usable.
  opened = page.waitForEvent('popup');
  await setup.getByRole('button', { name: 'Try again' }).click();
  popup = await opened;
  await popup.getByRole('button', { name: 'Deny' }).click();
  await expect(setup.getByRole('alert')).toContainText('Connect the app again and choose Allow');

  opened = page.waitForEvent('popup');
  await setup.getByRole('button', { name: `Sign in with ${appLabel}` }).click();
  popup = await opened;
  await popup.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByRole('heading', { name: `${appLabel} is connected` })).toBeVisible();
  await expect(page.getByTestId('connect-integration-id')).toHaveText(msg.integrationId);
});
