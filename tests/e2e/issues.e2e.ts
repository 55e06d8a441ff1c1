import { expect, test, type Page } from '@playwright/test';
import { choose, columnTexts, loggedInPage, pageNumber, shotBoth, tableRows, urlFilter, waitForRows } from './dataSupport.ts';
import { DEMO_ADMIN } from './support.ts';

// Part 2 §2, §3, §8: the issues graph, its counters and the cursor-paged issues table, filtered by
// type, on the seeded demo.

test.describe.configure({ mode: 'serial' });

let page: Page;

test.beforeAll(async ({ browser }) => {
  ({ page } = await loggedInPage(browser, DEMO_ADMIN));
});
test.afterAll(async () => {
  await page?.close();
});

const counter = (label: string) => page.getByRole('region', { name: 'Issues overview' }).getByText(label).locator('xpath=following-sibling::*[1]');

test('the graph, the counters and the table; the type filter defaults to all', async () => {
  const graphQueries: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/app.issue.graph')) graphQueries.push(new URL(request.url()).search);
  });
  await page.goto('/dashboard/issues');
  await expect(page.getByRole('heading', { name: 'Issues', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Type' })).toHaveText('All');
  for (const label of ['Outstanding Issues', 'Resolved Issues', 'Total Issues', 'Total Issue Calls']) await expect(counter(label)).toHaveText(/^\d[\d,]*$/);
  const outstanding = Number((await counter('Outstanding Issues').innerText()).replace(/,/g, ''));
  const resolved = Number((await counter('Resolved Issues').innerText()).replace(/,/g, ''));
  const total = Number((await counter('Total Issues').innerText()).replace(/,/g, ''));
  expect(outstanding + resolved).toBe(total);
  await expect(page.getByRole('img', { name: 'Issues graph' }).locator('svg').first()).toBeVisible();
  await waitForRows(page, 10);
  expect(new Set(await columnTexts(page, 'Log Type'))).toEqual(new Set(['API', 'Webhook']));
  expect(graphQueries[0]).toContain('type=all');
  await shotBoth(page, 'issues');
});

test('filtering by type narrows the table and the counters', async () => {
  const before = await counter('Total Issues').innerText();
  await choose(page, 'Type', 'Webhook');
  await expect.poll(() => urlFilter(page).type).toBe('webhook');
  await expect.poll(async () => new Set(await columnTexts(page, 'Log Type'))).toEqual(new Set(['Webhook']));
  await expect(counter('Total Issues')).not.toHaveText(before);
  await choose(page, 'Type', 'API');
  await expect.poll(async () => new Set(await columnTexts(page, 'Log Type'))).toEqual(new Set(['API']));
});

test('the table pages forward and back with its cursor', async () => {
  await waitForRows(page, 10);
  const firstOfPage1 = (await tableRows(page).first().textContent()) ?? '';
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(pageNumber(page)).toHaveText('2');
  await expect(page).toHaveURL(/page=2/);
  await expect(tableRows(page).first()).not.toHaveText(firstOfPage1);
  const firstOfPage2 = (await tableRows(page).first().textContent()) ?? '';
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(pageNumber(page)).toHaveText('3');
  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(pageNumber(page)).toHaveText('2');
  await expect(tableRows(page).first()).toHaveText(firstOfPage2);
  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(pageNumber(page)).toHaveText('1');
  await expect(tableRows(page).first()).toHaveText(firstOfPage1);
  // The type stays in the URL while paging.
  expect(urlFilter(page).type).toBe('api');
});
