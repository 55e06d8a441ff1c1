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

/**
 * The option of an open select whose text is `text`, as the user reads it. Its accessible name
 * may differ: react-admin labels a select's empty choice "Clear value" whatever it shows ("All").
 */
export const optionShowing = (page: Page, text: string) =>
  page.getByRole('option').filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });

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
 * A new user through the sign-up screen (e-mail, code, details): the admin of an organisation of
 * their own, landing on getting started. Nothing the seeded demo's screens read changes.
 */
export async function signUpNewUser(page: Page, request: APIRequestContext, email: string, details = { name: 'Grace Hopper', organisation: 'Compilers Inc' }): Promise<void> {
  await page.goto('/signup');
  await submitEmail(page, email);
  await submitOtp(page, await latestOtp(request, email));
  await page.getByRole('textbox', { name: /name/i }).first().fill(details.name);
  await page.getByRole('textbox', { name: /organisation name/i }).fill(details.organisation);
  const apps = page.getByRole('combobox', { name: /apps you want to integrate/i });
  await apps.click();
  await apps.fill('Acme Payroll Suite');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/dashboard/getting-started');
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
 * Ends the engine's 60 s code-mail cooldown of `email` in the run's database, as if a minute had
 * passed on the engine's clock (it runs on real time; a test drives only the page's clock). The
 * row is the one services/otp.ts keeps per address; the engine reads it on every send.
 */
export function endSendCooldown(email: string): void {
  const file = process.env.E2E_SQLITE_FILE;
  if (!file) throw new Error('E2E_SQLITE_FILE is not set (playwright.config.ts sets it)');
  const db = new Database(file, { fileMustExist: true, timeout: 10_000 });
  try {
    const changed = db.prepare('UPDATE rate_limits SET next_allowed_at = NULL WHERE key = ?').run(`otp-send:${email.toLowerCase()}`).changes;
    if (changed !== 1) throw new Error(`no code-mail cooldown is kept for ${email}`);
  } finally {
    db.close();
  }
}

// One signed-in context per e-mail and worker, logged in through the screen on first use. Its
// session cannot be saved with storageState and loaded into new contexts: the dashboard keeps it
// encrypted under a non-extractable WebCrypto key in IndexedDB, which no storage-state file can
// carry. Pages of one context share that key and the ciphertext, so every file of the worker that
// needs the same user opens a page in it (a worker's files run one after another).
const signedInContexts = new Map<string, Promise<BrowserContext>>();

async function signIn(browser: Browser, email: string): Promise<BrowserContext> {
  const baseURL = test.info().project.use.baseURL;
  const context = await browser.newContext({ ...(baseURL ? { baseURL } : {}), viewport: DESKTOP });
  if (baseURL) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const page = await context.newPage();
  await logIn(page, context.request, email);
  // Without a redirect, every seeded user's login ends on its home.
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  await page.close();
  return context;
}

/** The worker's signed-in context of `email` (see above); never close it, close its pages. */
export function signedInContext(browser: Browser, email: string): Promise<BrowserContext> {
  let context = signedInContexts.get(email);
  if (!context) {
    context = signIn(browser, email);
    signedInContexts.set(email, context);
    // A failed login is tried again by the next caller instead of failing it too.
    context.catch(() => signedInContexts.delete(email));
  }
  return context;
}

/**
 * A new page of the worker's signed-in context of `email` (desktop viewport, clipboard access
 * granted). Close the page when done, not its context: other files of the worker reuse it.
 */
export async function signedInPage(browser: Browser, email: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await signedInContext(browser, email);
  const page = await context.newPage();
  // react-admin keeps each list's filters, sort and page in localStorage (its default store) and
  // restores them when a list opens without them in the URL: what an earlier file left there is
  // wiped, so every file starts from the lists' defaults as on a fresh context. The session's
  // own entry stays. (Any page of the origin gives access to its localStorage; this one is small.)
  await page.goto('/api/auth.getUiVersion');
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) if (key.startsWith('RaStore')) localStorage.removeItem(key);
  });
  return { context, page };
}

/**
 * Screenshots of the current screen at 1440 px and 390 px wide (back to 1440 afterwards): the
 * full page, or only the viewport for dialogs and menus (they are fixed to the viewport, so a
 * full-page picture would show the page below them uncovered).
 */
export async function shotBoth(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<void> {
  if (!SCREENSHOTS_WANTED) return;
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(300);
  await shot(page, `${name}-1440`, fullPage);
  await page.setViewportSize(MOBILE);
  // Layout settles (sidebar to drawer, charts re-measure) before the picture.
  await page.waitForTimeout(400);
  await shot(page, `${name}-390`, fullPage);
  await page.setViewportSize(DESKTOP);
}

/**
 * Watches, from now on, for an element whose own text is `text` (a 'Copied' shown for one
 * second): `seen()` waits until it has appeared and gone, and says for how long it showed. A poll
 * of the page can miss a one-second state on a busy machine; an observer in the page cannot.
 */
export async function watchBriefText(page: Page, text: string): Promise<{ seen: () => Promise<number> }> {
  const key = `__brief_${Math.random().toString(36).slice(2)}`;
  await page.evaluate(({ key: slot, text: wanted }) => {
    const state: { shownAt?: number; goneAt?: number } = {};
    (window as unknown as Record<string, unknown>)[slot] = state;
    // An element's own text (a button's label beside its icon counts; its children's text does not).
    const ownText = (element: Element) => [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE).map((node) => node.textContent).join('').trim();
    const present = () => [...document.querySelectorAll('body *')].some((element) => ownText(element) === wanted);
    new MutationObserver((_, observer) => {
      if (state.shownAt === undefined && present()) state.shownAt = performance.now();
      else if (state.shownAt !== undefined && !present()) {
        state.goneAt = performance.now();
        observer.disconnect();
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, { key, text });
  return {
    seen: async () => {
      let shownFor = -1;
      await expect.poll(async () => {
        const state = (await page.evaluate((slot) => (window as unknown as Record<string, { shownAt?: number; goneAt?: number }>)[slot], key)) ?? {};
        if (state.shownAt !== undefined && state.goneAt !== undefined) shownFor = state.goneAt - state.shownAt;
        return shownFor >= 0;
      }, { timeout: 15_000, message: `'${text}' appeared and went away` }).toBe(true);
      return shownFor;
    },
  };
}
