import { expect as baseExpect, test, type Page } from '@playwright/test';
import { DEMO_ADMIN, SCREENSHOTS_WANTED, shotBoth, signedInPage } from './support.ts';

// /dashboard/organizations and /dashboard/organizations/{orgId} on the seeded demo (part 2 §2):
// the total, the time filter kept in the URL, paging forward and back, the API-call link to the
// logs with the spec's period, and the integrations of one organisation.

// The machine running the suite may be busy: generous waits; one signed-in page per file.
test.describe.configure({ mode: 'serial', timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });
let page: Page;

test.beforeAll(async ({ browser }) => {
  ({ page } = await signedInPage(browser, DEMO_ADMIN));
});
test.afterAll(async () => page?.close());

const DAY = 86_400_000;
const urlFilter = () => JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}') as Record<string, unknown>;
const firstCell = () => page.locator('tbody tr').first().locator('td').first();
const total = async () => Number((await page.getByTestId('list-total').innerText()).replace(/\D/g, ''));
const listResponse = () => page.waitForResponse((r) => r.url().includes('/api/app.getOrganizations') && r.ok());

test('the organizations list: total, time filter in the URL, API-call links to the logs', async () => {
  await page.goto('/dashboard/organizations');
  await expect(page.getByRole('heading', { name: 'Organizations', level: 1 })).toBeVisible();
  await expect(page.getByTestId('list-total')).toContainText('Organizations');
  for (const column of ['Organization', 'Integrated Accounts', 'API Calls', 'Events Emitted', 'Events Consumed', 'Issues']) {
    await expect(page.getByRole('columnheader', { name: column })).toBeVisible();
  }
  const allTime = await total();
  expect(allTime).toBeGreaterThan(10);

  // All time: the API-call link uses last180 (logs have no 'all').
  const link = page.locator('tbody tr').first().getByRole('link');
  const href = new URL((await link.getAttribute('href')) ?? '', 'http://x');
  expect(href.pathname).toBe('/dashboard/logs');
  expect(JSON.parse(href.searchParams.get('filter') ?? '{}')).toMatchObject({ isApiLogs: true, timestamp: 180 * DAY });
  await shotBoth(page, 'organizations');

  // Last 30 days: fewer or as many organisations, the filter in the URL, the link with the same period.
  const reload = listResponse();
  await page.getByRole('combobox', { name: 'Time' }).click();
  await page.getByRole('option', { name: 'Last 30 days' }).click();
  await reload;
  await expect.poll(() => urlFilter().timeFilter).toBe('last30');
  await expect.poll(total).toBeLessThanOrEqual(allTime);
  const href30 = new URL((await page.locator('tbody tr').first().getByRole('link').getAttribute('href')) ?? '', 'http://x');
  expect(JSON.parse(href30.searchParams.get('filter') ?? '{}').timestamp).toBe(30 * DAY);

  // Last 1 year links with last180 again.
  await page.getByRole('combobox', { name: 'Time' }).click();
  await page.getByRole('option', { name: 'Last 1 year' }).click();
  await expect.poll(() => urlFilter().timeFilter).toBe('last365');
  await expect
    .poll(async () => JSON.parse(new URL((await page.locator('tbody tr').first().getByRole('link').getAttribute('href')) ?? '', 'http://x').searchParams.get('filter') ?? '{}').timestamp)
    .toBe(180 * DAY);

  // A reload keeps the filter (it lives in the URL).
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Time' })).toContainText('Last 1 year');
});

test('pages forward and back', async () => {
  await page.goto('/dashboard/organizations?filter=%7B%22timeFilter%22%3A%22all%22%7D');
  await expect(firstCell()).toBeVisible();
  const first = await firstCell().innerText();
  await page.getByRole('button', { name: /next page/i }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(firstCell()).not.toHaveText(first);
  const second = await firstCell().innerText();
  await page.getByRole('button', { name: /previous page/i }).click();
  await expect(firstCell()).toHaveText(first);
  await page.goBack();
  await expect(page).toHaveURL(/page=2/);
  await expect(firstCell()).toHaveText(second);
});

test('a row opens the integrations of its organisation', async () => {
  await page.goto('/dashboard/organizations?filter=%7B%22timeFilter%22%3A%22all%22%7D');
  const row = page.locator('tbody tr').first();
  const name = await row.locator('td').first().innerText();
  await row.locator('td').first().click();
  await expect(page).toHaveURL(/\/dashboard\/organizations\/[^/?]+/);
  await expect(page.getByTestId('org-name')).toHaveText(name);
  for (const column of ['App', 'Integration ID', 'API Calls', 'Events Emitted', 'Events Consumed']) {
    await expect(page.getByRole('columnheader', { name: column })).toBeVisible();
  }
  await expect(page.locator('tbody tr').first()).toContainText(name);
  await expect(page.getByTestId('list-total')).toBeVisible();

  // The detail's time filter is kept in the URL too.
  await page.getByRole('combobox', { name: 'Time' }).click();
  await page.getByRole('option', { name: 'Last 6 months' }).click();
  await expect.poll(() => urlFilter().timeFilter).toBe('last180');
  if (SCREENSHOTS_WANTED) await page.waitForLoadState('networkidle');
  await shotBoth(page, 'organization-detail');

  await page.getByRole('link', { name: 'All organizations' }).click();
  await expect(page).toHaveURL(/\/dashboard\/organizations(\?|$)/);
});

test('an unknown organisation shows an error, not a blank table', async () => {
  await page.goto('/dashboard/organizations/no-such-org');
  await expect(page.getByText(/could not be loaded|not found/i).first()).toBeVisible();
});
