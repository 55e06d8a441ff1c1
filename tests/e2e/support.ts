import { mkdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';

// Helpers of the e2e flows: the dev mailbox (the engine's stand-in for SMTP), unique users, and
// the clicks of a login, written once.

export const SCREENSHOT_DIR = 'test-results/screenshots';
export const DESKTOP = { width: 1440, height: 900 } as const;
export const MOBILE = { width: 390, height: 844 } as const;

export const DEMO_ADMIN = 'demo@acme.test';
export const DEMO_BILLING = 'billing@acme.test';

let counter = 0;
/** A fresh address per call, unique across workers and runs. */
export function uniqueEmail(tag: string): string {
  counter += 1;
  return `e2e-${tag}-${process.pid}-${Date.now().toString(36)}-${counter}@example.test`;
}

interface Mail {
  to: string;
  kind: string;
  otp: string | null;
  link: string | null;
}

export async function mailsTo(request: APIRequestContext, email: string): Promise<Mail[]> {
  const response = await request.get(`/api/dev.mailbox?to=${encodeURIComponent(email)}`);
  expect(response.ok()).toBeTruthy();
  const body = (await response.json()) as { msg: { mails: Mail[] } };
  return body.msg.mails;
}

/** The code of the newest OTP mail, waiting until there are more than `after` OTP mails. */
export async function latestOtp(request: APIRequestContext, email: string, after = 0): Promise<string> {
  let otp: string | null = null;
  await expect
    .poll(async () => {
      const mails = (await mailsTo(request, email)).filter((mail) => mail.kind === 'otp' && mail.otp);
      // The mailbox lists the newest mail first.
      otp = mails.length > after ? (mails[0]?.otp ?? null) : null;
      return otp;
    }, { timeout: 15_000 })
    .not.toBeNull();
  return otp as unknown as string;
}

export async function otpCount(request: APIRequestContext, email: string): Promise<number> {
  return (await mailsTo(request, email)).filter((mail) => mail.kind === 'otp').length;
}

/** Screenshots are taken only when E2E_SCREENSHOTS=1 asks for them (they cost seconds a screen). */
export const SCREENSHOTS_WANTED = process.env.E2E_SCREENSHOTS === '1';

export async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  if (!SCREENSHOTS_WANTED) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage });
}

export const emailInput = (page: Page) => page.getByRole('textbox', { name: /email/i });
export const otpInput = (page: Page) => page.getByRole('textbox', { name: /code/i });

/** Step 0: type the e-mail and ask for a code. */
export async function submitEmail(page: Page, email: string): Promise<void> {
  await emailInput(page).fill(email);
  await page.getByRole('button', { name: /get started|send login code/i }).click();
  await expect(otpInput(page)).toBeVisible();
}

export async function submitOtp(page: Page, otp: string): Promise<void> {
  await otpInput(page).fill(otp);
  await page.getByRole('button', { name: 'Verify code' }).click();
}

/**
 * Runs `task` while holding a lock on `name`, shared by every worker of the run (a directory made
 * atomically beside the run's database). A lock older than `staleMs` was left by a crashed worker.
 */
export async function withRunLock<T>(name: string, task: () => Promise<T>, staleMs = 45_000): Promise<T> {
  const base = process.env.E2E_SQLITE_FILE ? dirname(process.env.E2E_SQLITE_FILE) : tmpdir();
  const lock = join(base, `${name.replace(/[^a-z0-9]/gi, '_')}.lock`);
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      try {
        if (Date.now() - statSync(lock).mtimeMs > staleMs) rmSync(lock, { recursive: true, force: true });
      } catch {
        // Released between the two calls: try again.
      }
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }
  try {
    return await task();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * A full login of an existing user through the screen; `path` may carry login=true&redirect=.
 * Logins of one e-mail run one at a time across workers: within the 60 s cooldown the engine sends
 * no new code while the newest one is unused, so two workers signing the seeded admin in at once
 * would wait for a mail that never comes. Once the newest code is used, the next sign-in gets a new one.
 */
export async function logIn(page: Page, request: APIRequestContext, email: string, path = '/signup?login=true'): Promise<void> {
  await withRunLock(`login-${email}`, async () => {
    const before = await otpCount(request, email);
    await page.goto(path);
    await submitEmail(page, email);
    await submitOtp(page, await latestOtp(request, email, before));
    await page.waitForURL(/\/dashboard\//);
  });
}

/**
 * The e-mail of the seeded member (random per seed), read from the run's fresh database. Logging
 * in as the admin to list users would start the admin's 60 s code cooldown, which the shell test's
 * own admin login then runs into.
 */
export function seededMemberEmail(): string {
  const file = process.env.E2E_SQLITE_FILE;
  if (!file) throw new Error('E2E_SQLITE_FILE is not set (playwright.config.ts sets it)');
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare("SELECT email FROM users WHERE role = 'member' AND is_verified = 1 ORDER BY created_at LIMIT 1").get() as { email: string } | undefined;
    if (!row) throw new Error('the seeded demo has no verified member');
    return row.email;
  } finally {
    db.close();
  }
}

/**
 * A signed-in browser context for a serial file (login once in beforeAll, then every test of the
 * file reuses the page): the project's baseURL and desktop viewport, clipboard access granted.
 */
export async function signedInPage(browser: Browser, email: string): Promise<{ context: BrowserContext; page: Page }> {
  const baseURL = test.info().project.use.baseURL;
  const context = await browser.newContext({ ...(baseURL ? { baseURL } : {}), viewport: DESKTOP });
  if (baseURL) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const page = await context.newPage();
  await logIn(page, context.request, email);
  return { context, page };
}

/**
 * Screenshots of the current screen at 1440 px and 390 px wide (back to 1440 afterwards): the
 * full page, or only the viewport for dialogs and menus (they are fixed to the viewport, so a
 * full-page picture would show the page below them uncovered).
 */
export async function shotBoth(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<void> {
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(300);
  await shot(page, `${name}-1440`, fullPage);
  await page.setViewportSize(MOBILE);
  // Layout settles (sidebar to drawer, charts re-measure) before the picture.
  await page.waitForTimeout(400);
  await shot(page, `${name}-390`, fullPage);
  await page.setViewportSize(DESKTOP);
}
