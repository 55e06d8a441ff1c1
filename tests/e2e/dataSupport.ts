import { expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { DESKTOP, MOBILE, optionShowing, SCREENSHOTS_WANTED, shot, signedInPage } from './support.ts';

// Helpers of the syncs, logs and issues flows. Each of those files walks its screens in order on
// one signed-in page (serial tests).

/**
 * A page signed in as `email`: a new page of the worker's signed-in context of that user
 * (support.ts's signedInContext, logged in through the screen once per worker and e-mail). Close
 * the page, not the context.
 */
export async function loggedInPage(browser: Browser, email: string): Promise<{ context: BrowserContext; page: Page }> {
  return signedInPage(browser, email);
}

/** The screen at 1440 px and at 390 px, into test-results/screenshots/. */
export async function shotBoth(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS_WANTED) return;
  await page.setViewportSize(DESKTOP);
  await shot(page, `${name}-1440`);
  await page.setViewportSize(MOBILE);
  // Let the layout settle (the sidebar becomes a drawer, charts resize).
  await page.waitForTimeout(400);
  await shot(page, `${name}-390`);
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(200);
}

/** The data rows of the list table (react-admin's DataTable body). */
export const tableRows = (page: Page): Locator => page.locator('table tbody tr.RaDataTable-row');

/** The text of one column of the list table, by header label. */
export async function columnTexts(page: Page, label: string): Promise<string[]> {
  const headers = (await page.locator('table thead th').allInnerTexts()).map((text) => text.trim().toLowerCase());
  const index = headers.indexOf(label.toLowerCase());
  expect(index, `column ${label} in ${headers.join(', ')}`).toBeGreaterThanOrEqual(0);
  return (await page.locator(`table tbody tr.RaDataTable-row td:nth-child(${index + 1})`).allInnerTexts()).map((text) => text.trim());
}

export const headerLabels = async (page: Page): Promise<string[]> => (await page.locator('table thead th').allInnerTexts()).map((text) => text.trim().toLowerCase());

/** The current page number of a list (PagePager). */
export const pageNumber = (page: Page): Locator => page.getByTestId('page-number');

/** Waits until the table shows `count` rows or more and no request is in flight. */
export async function waitForRows(page: Page, atLeast = 1): Promise<void> {
  await expect.poll(async () => tableRows(page).count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(atLeast);
}

/** Picks `option` in a react-admin select (MUI Select) labelled `label`. */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await optionShowing(page, option).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

/** The list filter of the URL (react-admin keeps it as JSON in ?filter=). */
export function urlFilter(page: Page): Record<string, unknown> {
  const raw = new URL(page.url()).searchParams.get('filter');
  return raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
}
