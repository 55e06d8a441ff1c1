import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { loggedInPage } from './dataSupport.ts';
import { DEMO_ADMIN } from './support.ts';

// The WCAG 2 A and AA rules of axe-core (the engine Lighthouse's accessibility score runs) on the
// routes the bench scores and the other data screens, as rendered in Chromium with the seeded
// demo: contrast, names of controls and progress bars, landmarks, list and table structure.
// The script is evaluated over the DevTools protocol, which the page's CSP does not apply to.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation { id: string; help: string; nodes: { html: string; failureSummary?: string }[] }

async function violations(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(AXE_SOURCE);
  const found = (await page.evaluate(`axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] }, resultTypes: ['violations'] })
    .then((result) => result.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => ({ html: n.html.slice(0, 160), failureSummary: n.failureSummary })) })))`)) as Violation[];
  return found.map((v) => `${v.id} (${v.help}): ${v.nodes.slice(0, 3).map((n) => `${n.html} — ${n.failureSummary ?? ''}`).join(' | ')}`);
}

test('sign-up has no WCAG A/AA violations', async ({ page }) => {
  await page.goto('/signup');
  await expect(page.locator('input[autocomplete="email"]')).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test.describe('signed in', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    ({ page } = await loggedInPage(browser, DEMO_ADMIN));
  });
  test.afterAll(async () => {
    await page?.close();
  });

  const screens: [path: string, ready: string][] = [
    ['/dashboard/home', '[data-testid="stat-value"]'],
    ['/dashboard/logs', 'table tbody tr.RaDataTable-row'],
    ['/dashboard/accounts', 'table tbody tr.RaDataTable-row'],
    ['/dashboard/syncs', 'table tbody tr.RaDataTable-row'],
    ['/dashboard/issues', 'table tbody tr.RaDataTable-row'],
  ];
  for (const [path, ready] of screens) {
    test(`${path} has no WCAG A/AA violations`, async () => {
      await page.goto(path);
      await expect(page.locator(ready).first()).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });
  }
});
