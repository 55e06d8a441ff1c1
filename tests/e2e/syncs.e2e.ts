import { expect, test, type Page } from '@playwright/test';
import { columnTexts, loggedInPage, pageNumber, shotBoth, tableRows, urlFilter, waitForRows } from './dataSupport.ts';
import { DEMO_ADMIN } from './support.ts';
import { busiestJob, customFrequencyJob, fullestRun } from './syncTargets.ts';

// Part 2 §2, §4, §5, §8: the syncs list, a job's run history, a run's records and their search,
// on the seeded demo, as the demo admin clicks them.

// The machine running the suite may be busy: generous waits, like the other data-screen files.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

/** A local day as the date inputs take it ('YYYY-MM-DD'). */
const day = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

const ALL_SYNCS = `/dashboard/syncs?filter=${encodeURIComponent('{}')}`;

/** A date as the tables show it ('19th Nov 2026, 11:20 PM') in epoch ms. */
const parseShownDate = (text: string) => Date.parse(text.replace(/(\d+)(st|nd|rd|th)/, '$1').replace(',', ''));

let page: Page;

test.beforeAll(async ({ browser }) => {
  ({ page } = await loggedInPage(browser, DEMO_ADMIN));
});
test.afterAll(async () => {
  await page?.close();
});

test('the syncs list shows Total Active Syncs and pages forward and back', async () => {
  await page.goto('/dashboard/syncs');
  await expect(page.getByRole('heading', { name: 'Syncs', level: 1 })).toBeVisible();
  await expect(page.getByTestId('list-total')).toContainText(/Total Active Syncs: \d+/);
  await waitForRows(page, 10);
  // Frequency shows STANDARD/MEDIUM/HIGH or 'Every {rate} {unit}'.
  for (const frequency of await columnTexts(page, 'Frequency')) expect(frequency).toMatch(/^(STANDARD|MEDIUM|HIGH|Every \d+ \w+)$/);
  // At 1440 px the account's ids are past the card's right edge: the edge is shaded, since an
  // overlay scrollbar shows nothing until scrolled; scrolled to the end, the left edge is instead.
  const table = page.getByRole('region', { name: 'syncs table' });
  const shaded = () => table.evaluate((box) => ['RaDataTable-moreLeft', 'RaDataTable-moreRight'].filter((mark) => box.parentElement!.classList.contains(mark)));
  await expect.poll(shaded).toEqual(['RaDataTable-moreRight']);
  await table.evaluate((box) => { box.scrollLeft = box.scrollWidth; });
  await expect.poll(shaded).toEqual(['RaDataTable-moreLeft']);
  await table.evaluate((box) => { box.scrollLeft = 0; });
  await expect.poll(shaded).toEqual(['RaDataTable-moreRight']);
  await shotBoth(page, 'syncs');

  const firstOfPage1 = (await tableRows(page).first().textContent()) ?? '';
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(pageNumber(page)).toHaveText('2');
  await expect(page).toHaveURL(/page=2/);
  await expect(tableRows(page).first()).not.toHaveText(firstOfPage1);
  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(pageNumber(page)).toHaveText('1');
  await expect(tableRows(page).first()).toHaveText(firstOfPage1);
});

test('filtering by organisation narrows the jobs and goes back to page 1', async () => {
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(pageNumber(page)).toHaveText('2');
  const organisation = (await columnTexts(page, 'Organization'))[0] ?? '';
  await page.getByRole('combobox', { name: 'Organization' }).fill(organisation);
  await page.getByRole('option', { name: organisation, exact: true }).click();
  await expect.poll(() => urlFilter(page).organization).toBeTruthy();
  await expect(pageNumber(page)).toHaveText('1');
  await expect.poll(async () => new Set(await columnTexts(page, 'Organization'))).toEqual(new Set([organisation]));
});

test("a job that never synced shows 'Syncs haven't been started properly' when no run is in the range", async () => {
  // The list remembers its filters; these tests start from none.
  await page.goto(ALL_SYNCS);
  await waitForRows(page, 10);
  const never = (await columnTexts(page, 'Last Synced At')).indexOf('—');
  test.skip(never < 0, 'every job on the first page has synced');
  await tableRows(page).nth(never).click();
  await expect(page).toHaveURL(/\/dashboard\/syncs\/job_[a-z0-9]+$/);
  await expect(page.getByLabel('Sync job')).toContainText('Last Synced At');
  // A year ago: no run of this job in that range.
  const yearAgo = new Date(Date.now() - 365 * 86_400_000);
  await page.getByLabel('From', { exact: true }).fill(day(yearAgo));
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(day(yearAgo));
  await page.getByLabel('To', { exact: true }).fill(day(yearAgo));
  await expect(page.getByText("Syncs haven't been started properly for this account. Please restart syncs and try again.")).toBeVisible();
  await shotBoth(page, 'sync-job-empty');
});

test('a job shows its header and run history; a run shows its records, searchable by Audit ID', async () => {
  // The list remembers its filters; these tests start from none.
  await page.goto(ALL_SYNCS);
  await waitForRows(page, 10);
  // A job that ran within the default range (the last 30 days) has runs to show.
  const lastSynced = await columnTexts(page, 'Last Synced At');
  const synced = lastSynced.findIndex((text) => text !== '—' && Date.now() - parseShownDate(text) < 25 * 86_400_000);
  expect(synced).toBeGreaterThanOrEqual(0);
  const organisation = (await columnTexts(page, 'Organization'))[synced] ?? '';
  // Opened from the keyboard, as a click opens it: the row takes the focus, Enter opens it.
  await tableRows(page).nth(synced).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/syncs\/job_[a-z0-9]+$/);
  await expect(page.getByRole('heading', { name: 'Sync Runs' })).toBeVisible();
  const header = page.getByLabel('Sync job');
  await expect(header).toContainText(organisation);
  await expect(header).toContainText('Last Synced At');
  // The date range defaults to the last 30 days and cannot go beyond today.
  const to = page.getByLabel('To', { exact: true });
  const today = new Date();
  await expect(to).toHaveValue(day(today));
  await expect(to).toHaveAttribute('max', day(today));
  await waitForRows(page, 1);
  // A status with its first letter capitalised; a run in progress with its records read so far.
  for (const status of await columnTexts(page, 'Status')) expect(status).toMatch(/^([A-Z][a-z]+|Running: [\d,]+ records? read)$/);
  for (const type of await columnTexts(page, 'Sync Type')) expect(type).not.toContain('_');
  await shotBoth(page, 'sync-job');

  // A narrower range goes into the URL.
  // React Router renders a navigation as a transition: the URL changes before the inputs show it.
  // Each step waits for the input too, or the next fill could type the value still on screen (a
  // no-op for React) and be lost when the pending render lands.
  const fromInput = page.getByLabel('From', { exact: true });
  const from = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 7);
  await fromInput.fill(day(from));
  await expect.poll(() => urlFilter(page).start).toBe(from.getTime());
  await expect(fromInput).toHaveValue(day(from));

  const monthAgo = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 30);
  await fromInput.fill(day(monthAgo));
  await expect.poll(() => urlFilter(page).start).toBe(monthAgo.getTime());
  await expect(fromInput).toHaveValue(day(monthAgo));
  await waitForRows(page, 1);
  await tableRows(page).first().click();
  await expect(page).toHaveURL(/\/dashboard\/syncs\/job_[a-z0-9]+\/run_[a-z0-9]+$/);
  await expect(page.getByRole('heading', { name: 'Sync Records' })).toBeVisible();
  await expect(page.getByLabel('Sync run')).toContainText(organisation);
  await waitForRows(page, 1);
  const auditIds = await columnTexts(page, 'Audit ID');
  await shotBoth(page, 'sync-run');

  const search = page.getByRole('searchbox', { name: 'Search by Audit ID' });
  const wanted = auditIds.at(-1) ?? '';
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/app.dashboard/syncRecords')) calls.push(new URL(request.url()).searchParams.get('search') ?? '');
  });
  // Two characters are ignored.
  await search.fill(wanted.slice(0, 2));
  await page.waitForTimeout(900);
  expect(calls).toEqual([]);
  await search.fill(wanted);
  await expect.poll(() => columnTexts(page, 'Audit ID')).toEqual([wanted]);
  expect(calls).toEqual([wanted]);
  await expect.poll(() => urlFilter(page).search).toBe(wanted);
  await search.fill('');
  // MEASUREMENT-ONLY
});

/** The `column` of the page on screen once it shows page `number` and has loaded. */
async function pageRows(page: Page, column: string, number: number): Promise<string[]> {
  await expect(pageNumber(page)).toHaveText(String(number));
  await expect(page).toHaveURL(number === 1 ? /^(?!.*page=[2-9])/ : new RegExp(`page=${number}(&|$)`));
  await waitForRows(page, 1);
  await expect(page.getByRole('button', { name: 'Previous page' })).toBeEnabled({ enabled: number > 1 });
  return columnTexts(page, column);
}

/**
 * Pages a cursor list forward to its last page and back to the first: every page shows rows no
 * other page showed, the URL keeps the page (a reload of a deep page shows the same rows), and
 * going back shows each page's rows again. Returns the rows of every page.
 */
async function pageForwardAndBack(page: Page, column: string): Promise<string[][]> {
  const pages = [await pageRows(page, column, 1)];
  const next = page.getByRole('button', { name: 'Next page' });
  while (pages.length < 20) {
    // Fetching disables both buttons: wait for the page to settle before asking about the next.
    await expect(page.getByRole('button', { name: 'Previous page' })).toBeEnabled({ enabled: pages.length > 1 });
    await page.waitForLoadState('networkidle');
    if (!(await next.isEnabled())) break;
    await next.click();
    const rows = await pageRows(page, column, pages.length + 1);
    for (const earlier of pages) expect(rows.filter((row) => earlier.includes(row)), `page ${pages.length + 1} repeats rows`).toEqual([]);
    pages.push(rows);
  }
  expect(pages.length).toBeGreaterThanOrEqual(3);
  // The position lives in the URL: reloading the last page shows it again.
  await page.reload();
  expect(await pageRows(page, column, pages.length)).toEqual(pages.at(-1));
  for (let number = pages.length - 1; number >= 1; number -= 1) {
    await page.getByRole('button', { name: 'Previous page' }).click();
    expect(await pageRows(page, column, number)).toEqual(pages[number - 1]);
  }
  return pages;
}

test("a job opened by its URL shows its custom frequency as 'Every {rate} {unit}'", async () => {
  const job = customFrequencyJob();
  await page.goto(`/dashboard/syncs/${job.jobId}`);
  const header = page.getByLabel('Sync job');
  await expect(header).toContainText(`Every ${job.rate} ${job.unit}`);
  await expect(header).not.toContainText('custom');
});

test("a job's runs page forward and back, 10 at a time, and the URL keeps the page", async () => {
  const job = busiestJob();
  expect(job.runs).toBeGreaterThan(20);
  await page.goto(`/dashboard/syncs/${job.jobId}`);
  await expect(page.getByRole('heading', { name: 'Sync Runs' })).toBeVisible();
  await waitForRows(page, 10);
  const pages = await pageForwardAndBack(page, 'Run ID');
  for (const rows of pages.slice(0, -1)) expect(rows).toHaveLength(10);
  const runs = pages.flat();
  expect(new Set(runs).size).toBe(runs.length);
  expect(runs.length).toBeGreaterThanOrEqual(job.runs);
  await shotBoth(page, 'sync-job-paged');
});

test("a run's records page forward and back, and the Audit ID search still finds one record", async () => {
  const run = fullestRun();
  expect(run.records).toBeGreaterThan(20);
  await page.goto(`/dashboard/syncs/${run.jobId}/${run.runId}`);
  await expect(page.getByRole('heading', { name: 'Sync Records' })).toBeVisible();
  await waitForRows(page, 10);
  // At 1440 px every column fits: a record's many models end in an ellipsis (all of them on hover)
  // instead of running past the table's edge.
  const overflow = await page.getByRole('region', { name: 'sync-records table' }).evaluate((table) => table.scrollWidth - table.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await page.locator('.RaDataTable-moreLeft, .RaDataTable-moreRight').count()).toBe(0);
  // The search's minimum is said under it, visibly (react-admin's filter bar hides helper texts).
  await expect(page.getByText('At least 3 characters')).toBeVisible();
  const pages = await pageForwardAndBack(page, 'Audit ID');
  // Every record of the run once, on pages of 10.
  expect(pages.map((rows) => rows.length)).toEqual(Array.from({ length: Math.ceil(run.records / 10) }, (_, i) => Math.min(10, run.records - i * 10)));
  expect(new Set(pages.flat()).size).toBe(run.records);

  // A record of a later page is found by its Audit ID from page 1, and clearing the search brings page 1 back.
  const wanted = pages[1]?.[3] ?? '';
  await page.getByRole('searchbox', { name: 'Search by Audit ID' }).fill(wanted);
  await expect.poll(() => columnTexts(page, 'Audit ID')).toEqual([wanted]);
  await expect.poll(() => urlFilter(page).search).toBe(wanted);
  await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
  await page.getByRole('searchbox', { name: 'Search by Audit ID' }).fill('');
  // MEASUREMENT-ONLY
});

test("a job that is not found toasts 'Sync details not found.' and goes back to the syncs", async () => {
  await page.goto('/dashboard/syncs/job_does_not_exist');
  await expect(page.getByText('Sync details not found.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/syncs\/$/);
  await page.goto('/dashboard/syncs/job_does_not_exist/run_nope');
  await expect(page.getByText('Sync details not found.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/syncs\/$/);
});
