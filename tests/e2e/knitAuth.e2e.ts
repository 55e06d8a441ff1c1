import { expect as baseExpect, test, type Page } from '@playwright/test';
import { join } from 'node:path';
import { startExampleBackend } from '../../examples/knit-auth/backend/server.mjs';
import { accountsUrlFor } from './accountTargets.ts';
import { DEMO_ADMIN, MOBILE, shotBoth, signedInPage } from './support.ts';

// The knit-auth component on a customer's site: the plain JavaScript example page
// (examples/knit-auth/javascript) served by its example backend on another loopback port, that is
// another origin than the engine's, with the demo organisation's sandbox API key kept in that
// backend. The end customer connects a sandbox form app and a sandbox OAuth app (consent window,
// Allow), then deactivates one; the page receives the component's events, and the accounts appear
// in the dashboard.

test.describe.configure({ mode: 'serial', timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const CUSTOMER = { originOrgId: `e2e-knit-${Date.now().toString(36)}`, originOrgName: 'E2E Knit Corp', originUserEmail: 'it@e2e-knit.test', originUserName: 'Kim Knit' };
let admin: Page;
let customer: Page;
let backend: Awaited<ReturnType<typeof startExampleBackend>>;
/** The demo organisation's sandbox API key, as its backend holds it (the test accounts' key). */
let sandboxKey: string;

test.beforeAll(async ({ browser, request }) => {
  ({ page: admin } = await signedInPage(browser, DEMO_ADMIN));
  await admin.addLocatorHandler(admin.getByRole('dialog', { name: 'Test and production accounts' }), async () => {
    await admin.getByRole('button', { name: 'Got it' }).click();
  });
  // The demo admin's session, to issue a sandbox key as Generate new API key does: shown this once,
  // handed to the customer's backend only.
  const firstCall = admin.waitForRequest((r) => r.url().includes('/api/') && Boolean(r.headers().authorization));
  await admin.goto('/dashboard/api-keys');
  const authorization = (await firstCall).headers().authorization!;
  const rotated = await request.get('/api/app.getNewApiKeys?sandbox=true', { headers: { authorization } });
  expect(rotated.status()).toBe(200);
  const { newApiKey } = ((await rotated.json()) as { msg: { newApiKey: string } }).msg;
  sandboxKey = newApiKey;

  const engineUrl = test.info().project.use.baseURL!;
  backend = await startExampleBackend({ engineUrl, apiKey: newApiKey, customer: CUSTOMER, folder: join(import.meta.dirname, '../../examples/knit-auth/javascript'), port: 0 });
  expect(new URL(backend.url).origin).not.toBe(new URL(engineUrl).origin);
  customer = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
});
test.afterAll(async () => {
  await customer?.context().close();
  await admin?.close();
  await backend?.close();
});

const knit = () => customer.locator('knit-auth');
/** The details of every event of `type` the page has received, in order. */
async function received(type: string): Promise<Record<string, unknown>[]> {
  const lines = await customer.locator(`#events li[data-event="${type}"]`).allTextContents();
  return lines.map((line) => (JSON.parse(line.slice(type.length + 1)) as { integrationDetails?: Record<string, unknown> }).integrationDetails ?? {});
}
async function chooseApp(label: string) {
  await knit().getByRole('tab', { name: 'HRIS' }).click();
  const app = knit().getByRole('list', { name: 'HRIS apps' }).getByRole('button', { name: label });
  // Chosen with the keyboard.
  await app.focus();
  await customer.keyboard.press('Enter');
  return knit().getByRole('form', { name: `Connect ${label}` });
}

test('an end customer connects a sandbox form app from the component on the customer\'s page', async () => {
  const tokenCalls: string[] = [];
  customer.on('request', (r) => { if (r.url().endsWith('/api/knit/auth-session')) tokenCalls.push(r.url()); });
  await customer.goto(backend.url);
  await expect(knit().getByRole('heading', { name: /^Connect your apps to / })).toBeVisible();
  await expect(knit().getByText('E2E Knit Corp', { exact: true })).toBeVisible();
  expect(tokenCalls).toHaveLength(1);

  const form = await chooseApp('HRIS Sandbox (Form)');
  await form.getByRole('button', { name: 'Connect HRIS Sandbox (Form)' }).click();
  await expect(form.locator('[aria-invalid=true]').first()).toBeVisible();
  await expect(form.getByText(/ is required$/).first()).toBeVisible();
  for (const input of await form.locator('input:not([type=checkbox])').all()) await input.fill('e2e-credential');
  for (const box of await form.getByRole('checkbox').all()) await box.check();
  await shotBoth(customer, 'knit-auth-form');
  const connected = customer.waitForResponse((r) => r.url().endsWith('/api/connect.complete'));
  await form.getByRole('button', { name: 'Connect HRIS Sandbox (Form)' }).click();
  const answer = await connected;
  expect(answer.status()).toBe(200);
  // A cross-origin call the engine opened to every origin.
  expect(answer.headers()['access-control-allow-origin']).toBe('*');

  await expect(knit().getByRole('heading', { name: 'HRIS Sandbox (Form) is connected' })).toBeVisible();
  const integrationId = (await knit().getByTestId('knit-integration-id').textContent())!;
  await expect.poll(() => received('onFinish')).toEqual([{
    integrationId, appId: 'sandbox-hris-form', categoryId: 'HRIS', originOrgId: CUSTOMER.originOrgId, success: true, errors: [], isDeactivated: false,
  }]);
  await shotBoth(customer, 'knit-auth-done');

  // The account is on the dashboard's accounts screen.
  await admin.goto(accountsUrlFor({ integrationId, originOrgId: CUSTOMER.originOrgId, organization: CUSTOMER.originOrgName, category: 'HRIS', appLabel: 'HRIS Sandbox (Form)' }));
  const row = admin.locator('tbody tr', { hasText: integrationId });
  await expect(row).toBeVisible();
  await expect(row).toContainText('E2E Knit Corp');
});

test('connecting another app asks the page for a new session; an OAuth app signs in through its consent window', async () => {
  await knit().getByRole('button', { name: 'Connect another app' }).click();
  await expect.poll(() => received('onNewSession')).toHaveLength(1);
  // The page fetched a new token (the snippet's onNewSession listener), and the component loaded it.
  await expect(knit().getByRole('list', { name: 'Connected apps' })).toContainText('HRIS Sandbox (Form)');

  const form = await chooseApp('HRIS Sandbox (OAuth)');
  for (const input of await form.locator('input:not([type=checkbox])').all()) await input.fill('e2e-subdomain');
  const popupOpened = customer.waitForEvent('popup');
  await form.getByRole('button', { name: 'Sign in with HRIS Sandbox (OAuth)' }).click();
  const popup = await popupOpened;
  await expect(knit().getByRole('status')).toContainText('Waiting for the sign-in');
  await popup.getByRole('button', { name: 'Allow' }).click();
  // The callback page reports to the component and closes itself.
  await popup.waitForEvent('close', { timeout: 30_000 });
  await expect(knit().getByRole('heading', { name: 'HRIS Sandbox (OAuth) is connected' })).toBeVisible();
  const oauthId = (await knit().getByTestId('knit-integration-id').textContent())!;
  await expect.poll(async () => (await received('onFinish')).at(-1)).toEqual({
    integrationId: oauthId, appId: 'sandbox-hris-oauth', categoryId: 'HRIS', originOrgId: CUSTOMER.originOrgId, success: true, errors: [], isDeactivated: false,
  });
});

test('the end customer deactivates an integration, closes the component, and it works at 390 px', async () => {
  await knit().getByRole('button', { name: 'Connect another app' }).click();
  const connected = knit().getByRole('list', { name: 'Connected apps' });
  await expect(connected).toContainText('HRIS Sandbox (OAuth)');
  await customer.setViewportSize(MOBILE);
  expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
  await shotBoth(customer, 'knit-auth-apps');

  await knit().getByRole('button', { name: 'Deactivate HRIS Sandbox (Form)' }).click();
  await knit().getByRole('group', { name: 'Deactivate HRIS Sandbox (Form)' }).getByRole('button', { name: 'Deactivate' }).click();
  await expect(knit().getByRole('status').filter({ hasText: 'HRIS Sandbox (Form) is deactivated.' })).toBeVisible();
  await expect(connected).not.toContainText('HRIS Sandbox (Form)');
  const [deactivated] = await received('onDeactivate');
  expect(deactivated).toMatchObject({ appId: 'sandbox-hris-form', categoryId: 'HRIS', originOrgId: CUSTOMER.originOrgId, success: true, isDeactivated: true });

  await knit().getByRole('button', { name: 'Close' }).click();
  await expect.poll(async () => (await customer.locator('#events li[data-event="onKnitClose"]').count())).toBe(1);
  await expect(knit().getByRole('button', { name: 'Connect an app' })).toBeVisible();

  await admin.goto(accountsUrlFor({ integrationId: String(deactivated!.integrationId), originOrgId: CUSTOMER.originOrgId, organization: CUSTOMER.originOrgName, category: 'HRIS', appLabel: 'HRIS Sandbox (Form)' }));
  await expect(admin.locator('tbody tr', { hasText: String(deactivated!.integrationId) })).toBeVisible();
});

test("the customer's backend reads the OAuth app through the unified API, the call shows in API logs with its native calls, and a revoked grant turns the account to Error with an issue", async ({ request }) => {
  const oauth = (await received('onFinish')).find((details) => details.appId === 'sandbox-hris-oauth');
  const integrationId = String(oauth!.integrationId);
  const headers = { authorization: `Bearer ${sandboxKey}`, 'x-knit-integration-id': integrationId };

  // The app's employees in the unified model, read through the account's mapping.
  const read = await request.get('/v1.0/hris.employees?pageSize=5', { headers });
  expect(read.status()).toBe(200);
  const { msg } = (await read.json()) as { msg: { employees: { id: string; firstName: string; workEmail: string | null }[]; nextCursor: string | null } };
  expect(msg.employees.length).toBeGreaterThan(0);
  expect(msg.employees[0]).toMatchObject({ id: expect.any(String), firstName: expect.any(String) });
  const executionId = read.headers()['x-knit-execution-id']!;
  expect(executionId).toBeTruthy();

  // The call is in the API logs as it happened, with the native call it made to the app.
  await admin.goto(`/dashboard/logs/api/${executionId}`);
  await expect(admin.getByRole('heading', { name: 'API Log' })).toBeVisible();
  const header = admin.getByLabel('API log');
  await expect(header).toContainText(executionId);
  await expect(header).toContainText('/v1.0/hris.employees');
  const natives = admin.locator('tbody tr');
  await expect(natives.first()).toBeVisible();
  await expect(natives.first()).toContainText('GET');
  await expect(natives.first()).toContainText('200');
  await shotBoth(admin, 'unified-api-log-detail');

  // The end customer revokes the app's access at the vendor (the sandbox's control surface plays
  // the vendor here): the next call cannot renew the token, the account turns to Error with an issue.
  expect((await request.post('/sandbox/control/revoke', { data: { integrationId } })).status()).toBe(200);
  const refused = await request.get('/v1.0/hris.employees', { headers });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('ACCOUNT_AUTH_FAILED');
  await admin.goto(accountsUrlFor({ integrationId, originOrgId: CUSTOMER.originOrgId, organization: CUSTOMER.originOrgName, category: 'HRIS', appLabel: 'HRIS Sandbox (OAuth)' }));
  const row = admin.locator('tbody tr', { hasText: integrationId });
  await expect(row).toBeVisible();
  await expect(row.getByLabel(/Error/)).toBeVisible();
  await admin.goto('/dashboard/issues');
  await expect(admin.locator('tbody tr', { hasText: integrationId }).first()).toBeVisible();
  await shotBoth(admin, 'unified-api-issue');
});
