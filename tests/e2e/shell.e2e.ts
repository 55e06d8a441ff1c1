import { expect, test, type Page } from '@playwright/test';
import { DEMO_ADMIN, DESKTOP, MOBILE, SCREENSHOTS_WANTED, shot, signedInPage } from './support.ts';

// The /dashboard shell as the seeded admin sees it (spec part 1 §2): sidebar, menus, breadcrumbs,
// generated list screens, at 1440 px and 390 px.

let page: Page;
test.beforeEach(async ({ browser }) => {
  ({ page } = await signedInPage(browser, DEMO_ADMIN));
  // The test-account popup comes up on the first accounts visit, unless a file run earlier
  // dismissed it for good: either way the walk through the screens goes on.
  await page.addLocatorHandler(page.getByRole('dialog', { name: 'Test and production accounts' }), async () => {
    await page.getByRole('button', { name: 'Got it' }).click();
  });
});
test.afterEach(async () => page?.close());

test("a cold visit paints the shell's frame before any module runs, and the app replaces it", async () => {
  // With the modules held back, what shows is index.html's own frame (app/firstPaint.ts).
  await page.route('**/assets/*.js', (route) => route.abort());
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await page.goto('/dashboard/logs');
  const frame = page.locator('#root > .first-paint');
  await expect(frame).toBeVisible();
  await expect(frame).toContainText('Knit');
  await expect(frame.getByRole('progressbar', { name: 'Loading' })).toBeVisible();
  // index.html's route hints (scripts/routeHints.ts) ask for the shell's and the screen's chunks
  // while the page is parsed, before any module has run.
  const asked = (chunk: RegExp) => requested.some((path) => chunk.test(path));
  await expect.poll(() => asked(/^\/assets\/DashboardApp-[\w-]{8}\.js$/) && asked(/^\/assets\/logs-[\w-]{8}\.js$/)).toBe(true);
  await page.unroute('**/assets/*.js');
  const listCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/app.getLogsDataV2') listCalls.push(request.url());
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Logs' })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.first-paint')).toHaveCount(0);
  // The list's first page comes from the route preload, once: not asked again as the list mounts.
  await expect(page.locator('table tbody tr.RaDataTable-row').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(listCalls).toHaveLength(1);
});

test('the admin shell: menu, collapse, breadcrumbs, lists and the mobile drawer', async () => {
  test.setTimeout(90_000);
  await page.goto('/dashboard/home');
  // A cold load of the dashboard on a busy machine may take longer than the default wait.
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible({ timeout: 30_000 });

  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await expect(nav.getByText('(Beta)')).toBeVisible();
  await expect(nav.locator('[data-menu-key="connectors"]')).toContainText('Connectors');
  await nav.getByRole('button', { name: 'Administration' }).click();
  await expect(nav.locator('[data-menu-key="user-management"]')).toBeVisible();
  await shot(page, 'shell-admin-home-1440');

  // A generated list screen with its breadcrumbs.
  await nav.locator('[data-menu-key="accounts"]').click();
  await expect(page).toHaveURL(/\/dashboard\/accounts$/);
  await expect(page.getByRole('heading', { name: 'Integrated Accounts' })).toBeVisible();
  // The table, or an honest message while the engine does not serve this list yet.
  await expect(page.getByRole('columnheader', { name: 'Status' }).or(page.getByText(/This list could not be loaded/))).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toContainText('Integrated Accounts');
  if (SCREENSHOTS_WANTED) await page.waitForLoadState('networkidle');
  await shot(page, 'shell-admin-accounts-1440');

  await nav.locator('[data-menu-key="syncs"]').click();
  await expect(page.getByRole('heading', { name: 'Syncs' })).toBeVisible();
  if (SCREENSHOTS_WANTED) await page.waitForLoadState('networkidle');
  await shot(page, 'shell-admin-syncs-1440');

  // Resources menu: documentation in a new tab and the field capability matrix.
  await page.getByRole('button', { name: 'Resources' }).click();
  await expect(page.getByRole('menuitem', { name: /Documentation/ })).toHaveAttribute('target', '_blank');
  await expect(page.getByRole('menuitem', { name: 'Field Capability Matrix' })).toHaveAttribute('href', '/fcm');
  await page.keyboard.press('Escape');

  // The logo collapses the sidebar to an icon rail and expands it again.
  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect(nav.getByText('Integrated Accounts')).toBeHidden();
  await shot(page, 'shell-admin-collapsed-1440');
  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  await expect(nav.getByText('Integrated Accounts')).toBeVisible();

  // The admin's own routes open; unknown ones go to /404.
  await page.goto('/dashboard/presets/create');
  await expect(page.getByRole('heading', { name: 'Create Preset' })).toBeVisible();
  await page.goto('/dashboard/syncs/job_1/run_1/extra');
  await expect(page).toHaveURL(/\/404$/);

  // Below md the sidebar starts closed; the logo in the header opens it.
  await page.setViewportSize(MOBILE);
  await page.goto('/dashboard/home');
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
  await shot(page, 'shell-admin-home-390');
  await page.getByRole('button', { name: 'Open sidebar' }).click();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeInViewport({ ratio: 1 });
  if (SCREENSHOTS_WANTED) await page.waitForTimeout(300); // let the drawer's slide-in finish before the picture
  await shot(page, 'shell-admin-drawer-390');
  await page.getByRole('navigation', { name: 'Main menu' }).locator('[data-menu-key="logs"]').click();
  await expect(page).toHaveURL(/\/dashboard\/logs$/);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
  if (SCREENSHOTS_WANTED) await page.waitForLoadState('networkidle');
  await shot(page, 'shell-admin-logs-390');
  // A trail wider than a phone's header: every crumb ends in an ellipsis inside its own item, none
  // runs over the next one or under the header's buttons.
  await page.goto('/dashboard/organizations/an-end-customer-with-a-rather-long-identifier-0001');
  const trail = page.getByRole('navigation', { name: 'Breadcrumbs' });
  await expect(trail).toContainText('an-end-customer-with-a-rather-long-identifier-0001');
  const items = await trail.locator('li').evaluateAll((lis) => lis.map((li) => ({
    text: li.textContent, clipped: getComputedStyle(li).overflow === 'hidden', overflows: li.scrollWidth > li.clientWidth + 1, right: li.getBoundingClientRect().right,
  })));
  for (const item of items) expect(item.clipped || !item.overflows, `crumb ${item.text} runs over its neighbours`).toBe(true);
  // The screen's title stays whole; the long id gives way.
  const organizations = trail.getByRole('link', { name: 'Organizations' });
  expect(await organizations.evaluate((link) => link.scrollWidth <= link.clientWidth)).toBe(true);
  const resources = await page.getByRole('button', { name: /Resources/ }).boundingBox();
  expect(Math.max(...items.map((item) => item.right))).toBeLessThanOrEqual(resources!.x);
  await shot(page, 'shell-admin-deep-trail-390', false);
  await page.setViewportSize(DESKTOP);
});
