import { expect, test, type Page } from '@playwright/test';
import { DEMO_ADMIN, DEMO_BILLING, logIn, MOBILE, seededMemberEmail, shot, signedInPage } from './support.ts';

// Public routes and the dashboard's routes by role (spec part 1 §2).

/** The sidebar's entries once the menu has loaded (it shows a skeleton while permissions load). */
async function menuLabels(page: Page): Promise<string[]> {
  const entries = page.getByRole('navigation', { name: 'Main menu' }).locator('[data-menu-key]');
  await expect(entries.first()).toBeVisible();
  return (await entries.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
}

test('/ redirects to /signup', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/signup$/);
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/nowhere');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  await expect(page.getByText('Sorry, the page you visited does not exist.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/dashboard/home');
  await shot(page, 'not-found-1440');
  await page.setViewportSize(MOBILE);
  await shot(page, 'not-found-390');
});

test('a logged-out visit to a dashboard path goes to login with the path as redirect', async ({ page }) => {
  await page.goto('/dashboard/syncs/job_1?tab=runs');
  await expect(page).toHaveURL(`/signup?login=true&redirect=${encodeURIComponent('/dashboard/syncs/job_1?tab=runs')}`);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
});

test('screens not built yet say so honestly', async ({ page }) => {
  for (const [path, title] of [['/fcm', 'Field Capability Matrix']] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByText(/not built yet/)).toBeVisible();
  }
});

test('the authorisation screens and the OAuth callback without a usable state toast and go to /404', async ({ page }) => {
  const noApp = Buffer.from(JSON.stringify({ authSessionToken: 'tok', sandbox: true })).toString('base64url');
  for (const path of ['/oauth/authorize', '/admin/authorize', `/admin/authorize?state=${noApp}`, '/oauth?code=abc', '/oauth?code=abc&state=%%%']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByText('Something went wrong, please try again')).toBeVisible();
  }
});

test('a member logs in through a redirect, and the admin-only routes are 404 for it', async ({ page, request }) => {
  // A real login and eight page loads: long on a busy machine.
  test.setTimeout(90_000);
  await logIn(page, request, seededMemberEmail(), `/signup?login=true&redirect=${encodeURIComponent('/dashboard/logs')}`);
  await expect(page).toHaveURL(/\/dashboard\/logs$/);
  const labels = await menuLabels(page);
  expect(labels).toContain('Home');
  expect(labels).toContain('Logs');
  for (const hidden of ['Subscription', 'User Management', 'Mapping Presets']) expect(labels).not.toContain(hidden);

  for (const path of ['/dashboard/subscription', '/dashboard/user-management', '/dashboard/presets', '/dashboard/presets/create', '/dashboard/no-such-screen']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/404$/);
  }
  // The connectors entry needs the ai_connectors flag, which the seeded member has off.
  await page.goto('/dashboard/connectors');
  await expect(page).toHaveURL(/\/404$/);

  await page.goto('/dashboard/home');
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Profile', 'Settings', 'Logout']);
});

test('a billing contact sees only its menu and routes', async ({ browser }) => {
  test.setTimeout(90_000);
  const { page } = await signedInPage(browser, DEMO_BILLING);
  await page.goto('/dashboard/home');
  // Its home is the subscription page (a cold load of the dashboard may take a while on a busy machine).
  await expect(page.getByRole('heading', { name: 'Subscription' })).toBeVisible({ timeout: 30_000 });
  expect(await menuLabels(page)).toEqual(['Subscription', 'Logs']);
  await shot(page, 'shell-billing-contact-1440');

  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Logout']);
  await page.keyboard.press('Escape');

  await page.goto('/dashboard/subscription');
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  for (const path of ['/dashboard/logs', '/dashboard/profile']) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
  for (const path of ['/dashboard/accounts', '/dashboard/syncs', '/dashboard/api-keys', '/dashboard/settings']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/404$/);
  }
  await page.setViewportSize(MOBILE);
  await page.goto('/dashboard/home');
  await expect(page.getByRole('heading', { name: 'Subscription' })).toBeVisible();
  await shot(page, 'shell-billing-contact-390');
  await page.close();
});

test("no screen of the admin's menu scrolls sideways on a phone (wide tables and code scroll in their own box)", async ({ browser }) => {
  test.setTimeout(120_000);
  const { page } = await signedInPage(browser, DEMO_ADMIN);
  await page.setViewportSize(MOBILE);
  const paths = ['/dashboard/home', '/dashboard/getting-started', '/dashboard/organizations', '/dashboard/accounts', '/dashboard/syncs', '/dashboard/logs', '/dashboard/issues', '/dashboard/api-keys'];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible({ timeout: 30_000 });
    // The screen's data is in (its list's rows, or its content) before it is measured.
    await page.waitForLoadState('networkidle');
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(sideways, path).toBeLessThanOrEqual(0);
  }
  await page.close();
});
