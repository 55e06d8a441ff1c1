import type { Page } from '@playwright/test';
import { SESSION_STORAGE_KEY } from '../src/dashboard/session/sessionStore.ts';

// What the browser benches share: Debian's Chromium and its flags, a login through the engine's
// dev mailbox, and a session written into a page's origin the way the dashboard keeps it, so a
// measured run opens a dashboard route already signed in.

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

/** A call to the engine API; returns its msg, throws on a failure. */
export async function call<T>(baseUrl: string, path: string, init?: { body?: unknown; token?: string }): Promise<T> {
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
export async function injectSession(page: Page, token: string, uiVersion: string | null): Promise<void> {
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

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
