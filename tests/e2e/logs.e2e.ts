import { expect, test, type Page } from '@playwright/test';
import { choose, columnTexts, headerLabels, loggedInPage, pageNumber, shotBoth, tableRows, urlFilter, waitForRows } from './dataSupport.ts';
import { DEMO_ADMIN, DEMO_BILLING } from './support.ts';

// Part 2 §2, §4, §7, §9: the logs list in its two views, the API log and webhook log details, and
// a billing contact on the log routes, on the seeded demo.

test.describe.configure({ mode: 'serial' });

const THIRTY_DAYS_MS = 2_592_000_000;

let page: Page;

test.beforeAll(async ({ browser }) => {
  ({ page } = await loggedInPage(browser, DEMO_ADMIN));
});
test.afterAll(async () => {
  await page?.close();
});

test('API Calls: the API columns only, a category filter, and pages forward and back', async () => {
  const bodies: Record<string, unknown>[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/app.getLogsDataV2')) bodies.push(request.postDataJSON() as Record<string, unknown>);
  });
  await page.goto('/dashboard/logs');
  await expect(page.getByRole('heading', { name: 'Logs', level: 1 })).toBeVisible();
  await waitForRows(page, 10);
  const headers = await headerLabels(page);
  expect(headers).toEqual(expect.arrayContaining(['method', 'url', 'status code', 'execution id']));
  expect(headers).not.toContain('data type');
  expect(headers).not.toContain('sync run id');
  // The period goes out as seconds times 1000: the last 30 days by default.
  expect(bodies[0]).toMatchObject({ isApiLogs: true, timestamp: THIRTY_DAYS_MS, pageNo: 1, limit: 10 });
  // The filter bar's boxes line up: the switch, the selects and the organisation's autocomplete.
  const tops = await page.locator('.filter-field').evaluateAll((fields) =>
    fields.map((field) => field.querySelector('.MuiOutlinedInput-root, .MuiToggleButtonGroup-root')?.getBoundingClientRect().top ?? NaN));
  expect(tops.length).toBeGreaterThanOrEqual(4);
  expect(Math.max(...tops) - Math.min(...tops)).toBeLessThanOrEqual(1);
  await shotBoth(page, 'logs-api');

  await choose(page, 'Category', 'HRIS');
  await expect.poll(() => urlFilter(page).category).toBe('HRIS');
  await expect.poll(() => bodies.at(-1)).toMatchObject({ category: 'HRIS', pageNo: 1 });
  await expect.poll(async () => (await columnTexts(page, 'Path')).every((path) => /^\/v1\.0\/(hris\.|passthrough)/.test(path))).toBe(true);

  const firstOfPage1 = (await tableRows(page).first().textContent()) ?? '';
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(pageNumber(page)).toHaveText('2');
  await expect(tableRows(page).first()).not.toHaveText(firstOfPage1);
  // Forward sends the previous page's nextCursor with pageNo 2.
  expect(bodies.at(-1)).toMatchObject({ category: 'HRIS', pageNo: 2, cursor: expect.any(String) });
  await expect(page).toHaveURL(/page=2/);
  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(pageNumber(page)).toHaveText('1');
  await expect(tableRows(page).first()).toHaveText(firstOfPage1);

  // A filter change goes back to page 1.
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(pageNumber(page)).toHaveText('2');
  await choose(page, 'Time', 'Last 60 days');
  await expect(pageNumber(page)).toHaveText('1');
  await expect.poll(() => bodies.at(-1)).toMatchObject({ timestamp: 5_184_000_000, pageNo: 1 });
});

test('on a phone the API Calls / Webhooks switch fills the filter bar\'s width, a half each', async () => {
  const wide = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await page.goto('/dashboard/logs');
    await waitForRows(page, 10);
    const group = page.getByRole('group', { name: 'API Calls / Webhooks' });
    const box = (await group.boundingBox())!;
    const api = (await group.getByRole('button', { name: 'API Calls' }).boundingBox())!;
    const webhooks = (await group.getByRole('button', { name: 'Webhooks' }).boundingBox())!;
    // No empty strip of the group beside its buttons (the bar's inputs are full width on a phone).
    expect(box.width).toBeGreaterThan(300);
    expect(Math.abs(webhooks.x + webhooks.width - (box.x + box.width))).toBeLessThanOrEqual(2);
    expect(Math.abs(api.width - webhooks.width)).toBeLessThanOrEqual(2);
  } finally {
    if (wide) await page.setViewportSize(wide);
  }
});

test('an API log opens with its native calls', async () => {
  await waitForRows(page, 1);
  const counts = (await columnTexts(page, 'Native API Calls')).map(Number);
  const index = counts.findIndex((count) => count > 0 && count <= 10);
  expect(index).toBeGreaterThanOrEqual(0);
  const executionId = (await columnTexts(page, 'Execution ID'))[index] ?? '';
  await tableRows(page).nth(index).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/logs/api/${executionId}$`));
  await expect(page.getByRole('heading', { name: 'API Log' })).toBeVisible();
  const header = page.getByLabel('API log');
  await expect(header).toContainText(executionId);
  await expect(header).toContainText('https://');
  await expect(tableRows(page)).toHaveCount(counts[index] ?? 0);
  expect(await headerLabels(page)).toEqual(expect.arrayContaining(['method', 'path', 'status code', 'duration (ms)']));
  await shotBoth(page, 'logs-api-detail');
});

test('Webhooks: the webhook columns only, then a webhook log, its records and a record’s native calls', async () => {
  await page.goto('/dashboard/logs');
  await waitForRows(page, 1);
  await page.getByRole('button', { name: 'Webhooks' }).click();
  await expect.poll(() => urlFilter(page)).toMatchObject({ isApiLogs: false, timestamp: THIRTY_DAYS_MS });
  await expect.poll(() => headerLabels(page)).toEqual(expect.arrayContaining(['data type', 'sync run id']));
  const headers = await headerLabels(page);
  expect(headers).not.toContain('method');
  expect(headers).not.toContain('status code');
  await waitForRows(page, 1);
  await shotBoth(page, 'logs-webhooks');

  // Replay of a time range: the confirmation counts first (the seeded history queued no deliveries, so nothing to confirm).
  await page.getByRole('button', { name: 'Replay failed deliveries…' }).click();
  const rangeReplay = page.getByRole('dialog', { name: 'Replay failed deliveries' });
  await expect(rangeReplay.getByLabel('From')).toBeVisible();
  await expect(rangeReplay).toContainText('There are no failed deliveries to replay.');
  await expect(rangeReplay.getByRole('button', { name: 'Replay', exact: true })).toBeDisabled();
  await shotBoth(page, 'logs-replay-range');
  await page.keyboard.press('Escape');
  await expect(rangeReplay).toBeHidden();

  const runId = (await columnTexts(page, 'Sync Run ID'))[0] ?? '';
  const organisation = (await columnTexts(page, 'Organization'))[0] ?? '';
  await tableRows(page).first().click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/logs/webhook/${runId}$`));
  await expect(page.getByRole('heading', { name: 'Webhook Log' })).toBeVisible();
  await expect(page.getByLabel('Webhook log')).toContainText(organisation);
  await waitForRows(page, 1);
  expect(await headerLabels(page)).toEqual(expect.arrayContaining(['record id', 'retries', 'dispatch status']));
  // Dispatch status reads as people say it; stale shows as not dispatched.
  for (const status of await columnTexts(page, 'Dispatch Status')) expect(['Dispatched', 'Not dispatched', 'Failed', 'Pending']).toContain(status);
  await shotBoth(page, 'logs-webhook-detail');
  await page.getByRole('button', { name: 'Replay failed deliveries' }).click();
  const runReplay = page.getByRole('dialog', { name: 'Replay failed deliveries' });
  await expect(runReplay).toContainText('There are no failed deliveries to replay.');
  await runReplay.getByRole('button', { name: 'Cancel' }).click();
  await expect(runReplay).toBeHidden();

  const recordId = (await columnTexts(page, 'Record ID'))[0] ?? '';
  await tableRows(page).first().click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/logs/webhook/${runId}/${recordId}$`));
  await expect(page.getByRole('heading', { name: 'Webhook Record' })).toBeVisible();
  await expect(page.getByLabel('Webhook record')).toContainText(recordId);
  await expect(tableRows(page).first().or(page.getByTestId('list-empty'))).toBeVisible();
  await shotBoth(page, 'logs-webhook-record');
  // The seeded record was never queued for delivery: the confirmation says so instead of a count.
  await page.getByRole('button', { name: 'Replay', exact: true }).click();
  const recordReplay = page.getByRole('dialog', { name: 'Replay this delivery' });
  await expect(recordReplay.getByRole('alert')).toContainText('This record was never queued for delivery, so there is nothing to replay');
  await expect(recordReplay.getByRole('button', { name: 'Replay', exact: true })).toBeDisabled();
  await shotBoth(page, 'logs-replay-record');
  await page.keyboard.press('Escape');
});

test('a billing contact can open the logs and an API log, and is offered no replay', async ({ browser }) => {
  const billing = await loggedInPage(browser, DEMO_BILLING);
  try {
    const billingPage = billing.page;
    await billingPage.goto('/dashboard/logs');
    await expect(billingPage).toHaveURL(/\/dashboard\/logs/);
    await waitForRows(billingPage, 1);
    await billingPage.getByRole('button', { name: 'Webhooks' }).click();
    await expect.poll(() => headerLabels(billingPage)).toEqual(expect.arrayContaining(['sync run id']));
    await expect(billingPage.getByRole('button', { name: /Replay/ })).toHaveCount(0);
    await billingPage.getByRole('button', { name: 'API Calls' }).click();
    await expect.poll(() => headerLabels(billingPage)).toEqual(expect.arrayContaining(['execution id']));
    await waitForRows(billingPage, 1);
    const executionId = (await columnTexts(billingPage, 'Execution ID'))[0] ?? '';
    await tableRows(billingPage).first().click();
    await expect(billingPage).toHaveURL(new RegExp(`/dashboard/logs/api/${executionId}$`));
    await expect(billingPage.getByLabel('API log')).toContainText(executionId);
  } finally {
    await billing.page.close();
  }
});
