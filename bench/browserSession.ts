import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { SESSION_STORAGE_KEY } from '../src/dashboard/session/sessionStore.ts';

// Time to the first table row of /dashboard/logs, as a person opening it sees it: from the
// navigation's start (performance.timeOrigin) to the first data row of the logs table in the DOM,
// in Debian's Chromium, each run in a fresh browser context (cold HTTP cache, fresh JS heap), the
// median of 5. Usage as a function (measureFirstRow), or: tsx bench/firstRow.ts <baseUrl> [token].

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** A data row of react-admin's DataTable (its loading skeleton rows have no such class). */
export const FIRST_ROW_SELECTOR = 'table tbody tr.RaDataTable-row';

export interface FirstRowOptions {
  /** The running engine + dashboard, e.g. http://127.0.0.1:3000. */
  baseUrl: string;
  /** A session token (auth.verifyOtp's msg.token); without it, `email` logs in through the dev mailbox. */
  token?: string;
  /** Who logs in when no token is given (default the demo admin). */
  email?: string;
  /** Runs to take the median of (default 5). */
  runs?: number;
  /** The screen (default /dashboard/logs). */
  path?: string;
  /** Per-run limit in ms (default 30 s). */
  timeoutMs?: number;
}

export interface FirstRowResult {
  path: string;
  /** Median of the runs, ms from navigation start to the first rendered table row. */
  medianMs: number;
  runsMs: number[];
}

async function call<T>(baseUrl: string, path: string, init?: { body?: unknown; token?: string }): Promise<T> {
  const response = await fetch(`${baseUrl}/api/${path}`, {
    method: init?.body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(init?.token ? { authorization: `Bearer ${init.token}` } : {}) },
    ...(init?.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const body = (await response.json()) as { success: boolean; msg: T; error?: { msg?: string } };
  if (!response.ok || !body.success) throw new Error(`${path}: ${response.status} ${body.error?.msg ?? ''}`);
  return body.msg;
}

interface Mail {
  kind: string;
  otp: string | null;
}

/** Logs `email` in through the engine's dev mailbox (auth.signIn, the mailed code, auth.verifyOtp); returns the token. */
export async function loginViaMailbox(baseUrl: string, email: string): Promise<string> {
  const mails = async () => (await call<{ mails: Mail[] }>(baseUrl, `dev.mailbox?to=${encodeURIComponent(email)}`)).mails.filter((mail) => mail.kind === 'otp' && mail.otp);
  const before = (await mails()).length;
  await call(baseUrl, 'auth.signIn', { body: { userEmail: email } });
  // Within the 60 s cooldown no new code is mailed, and the newest one (unused) still verifies.
  const deadline = Date.now() + 5_000;
  let list = await mails();
  while (list.length <= before && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    list = await mails();
  }
  const otp = list[0]?.otp;
  if (!otp) throw new Error(`no login code for ${email} in the dev mailbox`);
  return (await call<{ token: string }>(baseUrl, 'auth.verifyOtp', { body: { userEmail: email, otp } })).token;
}

/**
 * Puts a session into the page's origin the way the dashboard keeps it (src/dashboard/session):
 * an AES-GCM key, non-extractable, in IndexedDB 'dashboard-session' / 'keys' / 'session-key', and
 * the encrypted session JSON under localStorage[SESSION_STORAGE_KEY] as {v, iv, data} in base64.
 */
async function injectSession(page: Page, token: string, uiVersion: string | null): Promise<void> {
  const state = { token, isLoggedIn: true, isFirstLogin: false, onBoardingCompleted: true, uiVersion };
  // A string, not a function: tsx's name helpers would not exist in the page.
  await page.evaluate(`(async () => {
    const db = await new Promise((resolve, reject) => {
      const request = indexedDB.open('dashboard-session', 1);
      request.onupgradeneeded = () => request.result.createObjectStore('keys');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    await new Promise((resolve, reject) => {
      const request = db.transaction('keys', 'readwrite').objectStore('keys').put(key, 'session-key');
      request.onsuccess = () => resolve(undefined);
      request.onerror = () => reject(request.error);
    });
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const plain = new TextEncoder().encode(${JSON.stringify(JSON.stringify(state))});
    const data = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plain));
    const base64 = (bytes) => btoa(String.fromCharCode(...bytes));
    localStorage.setItem(${JSON.stringify(SESSION_STORAGE_KEY)}, JSON.stringify({ v: 1, iv: base64(iv), data: base64(data) }));
  })()`);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** One cold run: a fresh context with the session, then the screen until its first table row. */
async function oneRun(browser: Browser, options: Required<Omit<FirstRowOptions, 'token' | 'email'>>, token: string, uiVersion: string | null): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    // A blank page of the origin to write the session into, without loading the dashboard first.
    const blank = `${options.baseUrl}/__bench_blank`;
    await page.route(blank, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>bench</title>' }));
    await page.goto(blank);
    await injectSession(page, token, uiVersion);
    // Stamp the first data row as it enters the DOM (performance.now() counts from navigation start).
    await page.addInitScript({
      content: `(() => {
        const selector = ${JSON.stringify(FIRST_ROW_SELECTOR)};
        new MutationObserver((_, observer) => {
          if (window.__firstRowMs === undefined && document.querySelector(selector)) {
            window.__firstRowMs = performance.now();
            observer.disconnect();
          }
        }).observe(document, { childList: true, subtree: true });
      })()`,
    });
    await page.goto(`${options.baseUrl}${options.path}`, { waitUntil: 'commit' });
    await page.waitForSelector(FIRST_ROW_SELECTOR, { timeout: options.timeoutMs });
    if (!new URL(page.url()).pathname.startsWith(options.path)) throw new Error(`landed on ${page.url()} instead of ${options.path} (session refused?)`);
    return (await page.evaluate('window.__firstRowMs ?? performance.now()')) as number;
  } finally {
    await context.close();
  }
}

/** Median ms from navigation start to the first rendered row of /dashboard/logs (or `path`). */
export async function measureFirstRow(options: FirstRowOptions): Promise<FirstRowResult> {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const settings = { baseUrl, runs: options.runs ?? 5, path: options.path ?? '/dashboard/logs', timeoutMs: options.timeoutMs ?? 30_000 };
  const token = options.token ?? (await loginViaMailbox(baseUrl, options.email ?? 'demo@acme.test'));
  const { uiVersion } = await call<{ uiVersion: string }>(baseUrl, 'auth.getUiVersion');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const runsMs: number[] = [];
    for (let run = 0; run < settings.runs; run += 1) runsMs.push(await oneRun(browser, settings, token, uiVersion));
    return { path: settings.path, medianMs: median(runsMs), runsMs };
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [baseUrl = 'http://127.0.0.1:3000', token] = process.argv.slice(2);
  const result = await measureFirstRow({ baseUrl, ...(token ? { token } : {}) });
  console.log(`first row of ${result.path}: median ${result.medianMs.toFixed(0)} ms (runs ${result.runsMs.map((ms) => ms.toFixed(0)).join(', ')})`);
}
