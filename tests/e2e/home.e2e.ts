import { expect as baseExpect, test, type Page } from '@playwright/test';
import { DEMO_ADMIN, SCREENSHOTS_WANTED, shotBoth, signedInPage } from './support.ts';

// /dashboard/home on the seeded demo (part 2 §2): the four cards with their numbers, the pie chart
// by category, and the Organizations served link with the all-time filter.

// The machine running the suite may be busy: generous waits; one signed-in page per file.
test.describe.configure({ mode: 'serial', timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });
let page: Page;

test.beforeAll(async ({ browser }) => {
  ({ page } = await signedInPage(browser, DEMO_ADMIN));
});
test.afterAll(async () => page?.close());

const numberIn = async (card: string) => Number((await page.getByTestId(card).getByTestId('stat-value').innerText()).replace(/,/g, ''));

test('home shows the cards with the numbers of the demo', async () => {
  await page.goto('/dashboard/home');
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
  for (const card of ['card-organizations', 'card-api-calls', 'card-webhooks', 'card-integrations']) {
    await expect(page.getByTestId(card).getByTestId('stat-value')).toBeVisible();
  }
  await expect(page.getByTestId('card-organizations')).toContainText('Organizations served');
  await expect(page.getByTestId('card-organizations')).toContainText('All time');
  await expect(page.getByTestId('card-api-calls')).toContainText('Api Calls');
  await expect(page.getByTestId('card-api-calls')).toContainText('Last 30 days');
  await expect(page.getByTestId('card-webhooks')).toContainText('Webhooks');
  await expect(page.getByTestId('card-integrations')).toContainText('Active Integrated accounts');
  // The seeded demo has end customers, accounts and traffic: every number is positive.
  for (const card of ['card-organizations', 'card-api-calls', 'card-webhooks', 'card-integrations']) expect(await numberIn(card)).toBeGreaterThan(0);

  // The pie chart names each category with its count; the counts add up to the card's number.
  const chart = page.getByTestId('card-integrations').getByRole('img', { name: /^Active integrated accounts by category: / });
  await expect(chart).toBeVisible();
  const label = (await chart.getAttribute('aria-label')) ?? '';
  const sum = [...label.matchAll(/ (\d+)(?:,|$)/g)].reduce((total, match) => total + Number(match[1]), 0);
  expect(sum).toBe(await numberIn('card-integrations'));
  if (SCREENSHOTS_WANTED) await page.waitForLoadState('networkidle');
  await shotBoth(page, 'home');
});

test('Organizations served opens the organizations with the all-time filter', async () => {
  await page.goto('/dashboard/home');
  const served = await numberIn('card-organizations');
  await page.getByRole('link', { name: 'View organizations' }).click();
  await expect(page).toHaveURL(/\/dashboard\/organizations\?filter=/);
  expect(JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}')).toEqual({ timeFilter: 'all' });
  await expect(page.getByTestId('list-total')).toContainText(served.toLocaleString('en-US'));
});
