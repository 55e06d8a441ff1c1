import { cleanup, render, screen } from '@testing-library/react';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import type { ComponentType } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotFoundPage } from '../../../src/dashboard/pages/NotFoundPage.tsx';
import { api, details, encodeState, failure, getSessionAnswers, ok, ORIGIN, session } from './connectFixtures.ts';

// The /oauth callback screen: it completes the sign-in with what the app sent the window back with,
// posts the protocol's message to its opener and closes after 1.5 s; a bad state toasts and goes to
// /404; without an opener it stays open. And the authorisation screens' bad states.

const STATE = encodeState({ appId: 'sandbox-hris-oauth', isFinalStep: true, stepId: 'authorize', category: 'HRIS', reintegrate: false, authSessionToken: 'tok_1', nonce: 'n' });
let server: ReturnType<typeof setupServer>;
let pages: Record<'OAuthCallbackPage' | 'AdminAuthorizePage' | 'OAuthAuthorizePage', ComponentType>;
let callbacks: unknown[];
let opener: { postMessage: ReturnType<typeof vi.fn> } | null;
let close: ReturnType<typeof vi.spyOn>;

beforeAll(async () => {
  vi.stubEnv('VITE_ENGINE_URL', `${ORIGIN}/api`);
  server = setupServer();
  server.listen({ onUnhandledRequest: 'error' });
  const callback = await import('../../../src/dashboard/pages/oauth/OAuthCallbackPage.tsx');
  const authorize = await import('../../../src/dashboard/pages/magic/AppAuthorizePage.tsx');
  pages = { OAuthCallbackPage: callback.OAuthCallbackPage, AdminAuthorizePage: authorize.AdminAuthorizePage, OAuthAuthorizePage: authorize.OAuthAuthorizePage };
}, 60_000);
beforeEach(() => {
  // The window's close timer outlives the page (a bad state leaves for /404 first): fake timers,
  // dropped after each test, keep one test's timer from closing the next one's window.
  vi.useFakeTimers({ shouldAdvanceTime: true });
  callbacks = [];
  opener = { postMessage: vi.fn() };
  Object.defineProperty(window, 'opener', { configurable: true, get: () => opener });
  close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
  server.use(
    getSessionAnswers(() => ok(session())),
    http.post(api('connect.oauth.callback'), async ({ request }) => {
      callbacks.push(await request.json());
      return ok(details());
    }),
  );
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  vi.restoreAllMocks();
  vi.useRealTimers();
});
afterAll(() => {
  server.close();
  vi.unstubAllEnvs();
});

function visit(url: string) {
  const { OAuthCallbackPage, AdminAuthorizePage, OAuthAuthorizePage } = pages;
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/oauth" element={<OAuthCallbackPage />} />
        <Route path="/admin/authorize" element={<AdminAuthorizePage />} />
        <Route path="/oauth/authorize" element={<OAuthAuthorizePage />} />
        <Route path="/404" element={<NotFoundPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const toAndToast = async (toast = 'Something went wrong, please try again') => {
  expect(await screen.findByRole('heading', { name: '404' })).toBeTruthy();
  expect(screen.getByText(toast)).toBeTruthy();
};

describe('/oauth', () => {
  it('completes the sign-in, posts the details to its opener with the state as received, and closes after 1.5 s', async () => {
    visit(`/oauth?code=c0de&state=${STATE}`);
    expect(await screen.findByRole('heading', { name: 'Connected.' })).toBeTruthy();
    expect(screen.getByText('This window closes by itself.')).toBeTruthy();
    expect(callbacks).toEqual([{ state: STATE, code: 'c0de' }]);
    expect(opener!.postMessage).toHaveBeenCalledTimes(1);
    expect(opener!.postMessage).toHaveBeenCalledWith({ source: 'knit-oauth', state: STATE, details: details() }, '*');
    expect(close).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_300);
    expect(close).not.toHaveBeenCalled();
    vi.advanceTimersByTime(300);
    expect(close).toHaveBeenCalledTimes(1);
  });

  it("sends the app's error on (denied access): the refusal is posted and shown", async () => {
    const refused = details({ success: false, errors: [{ code: 'access_denied', description: 'End-User aborted interaction', resolution: 'Connect the app again and choose Allow' }] });
    server.use(http.post(api('connect.oauth.callback'), async ({ request }) => {
      callbacks.push(await request.json());
      return ok(refused);
    }));
    visit(`/oauth?error=access_denied&error_description=End-User+aborted+interaction&state=${STATE}`);
    expect(await screen.findByRole('heading', { name: 'The sign-in did not finish' })).toBeTruthy();
    expect(screen.getByText('End-User aborted interaction')).toBeTruthy();
    expect(screen.getByText('Connect the app again and choose Allow')).toBeTruthy();
    expect(callbacks).toEqual([{ state: STATE, error: 'access_denied', errorDescription: 'End-User aborted interaction' }]);
    expect(opener!.postMessage).toHaveBeenCalledWith({ source: 'knit-oauth', state: STATE, details: refused }, '*');
  });

  it('a state that does not decode toasts and goes to /404 without calling the engine', async () => {
    for (const state of ['%%%', encodeState([1]), encodeState({ appId: 'x', authSessionToken: 'tok_1' }), encodeState({ ...JSON.parse(Buffer.from(STATE, 'base64url').toString()), isFinalStep: 'yes' })]) {
      visit(`/oauth?code=c0de&state=${state}`);
      await toAndToast();
      cleanup();
    }
    visit('/oauth?code=c0de');
    await toAndToast();
    expect(callbacks).toEqual([]);
  });

  it("a state the engine refuses toasts its message, goes to /404 and tells the opener", async () => {
    server.use(http.post(api('connect.oauth.callback'), () => failure(400, 'Something went wrong, please try again', 'state')));
    visit(`/oauth?code=c0de&state=${STATE}`);
    await toAndToast();
    expect(opener!.postMessage).toHaveBeenCalledWith({ source: 'knit-oauth', state: STATE, error: 'Something went wrong, please try again' }, '*');
    vi.advanceTimersByTime(1_600);
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('a used link is posted as an error and shown, then the window closes', async () => {
    server.use(http.post(api('connect.oauth.callback'), () => failure(409, 'This link has already been used')));
    visit(`/oauth?code=c0de&state=${STATE}`);
    expect(await screen.findByRole('heading', { name: 'The sign-in did not finish' })).toBeTruthy();
    expect(screen.getByText('This link has already been used')).toBeTruthy();
    expect(opener!.postMessage).toHaveBeenCalledWith({ source: 'knit-oauth', state: STATE, error: 'This link has already been used' }, '*');
    vi.advanceTimersByTime(1_600);
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('opened without an opener, it shows the success and stays open', async () => {
    opener = null;
    visit(`/oauth?code=c0de&state=${STATE}`);
    expect(await screen.findByRole('heading', { name: 'Connected.' })).toBeTruthy();
    expect(screen.getByText('You can close this window.')).toBeTruthy();
    vi.advanceTimersByTime(5_000);
    expect(close).not.toHaveBeenCalled();
  });

  it("speaks the link's language: German", async () => {
    server.use(getSessionAnswers(() => ok(session({ language: 'de' }))));
    visit(`/oauth?code=c0de&state=${STATE}`);
    expect(await screen.findByRole('heading', { name: 'Verbunden.' })).toBeTruthy();
    expect(screen.getByText('Dieses Fenster schließt sich von selbst.')).toBeTruthy();
    expect(screen.getByText('Sichere Verbindung')).toBeTruthy();
  });

  it('completes the sign-in in English when the session cannot be read first', async () => {
    server.use(getSessionAnswers(() => failure(404, 'This link is invalid or has expired')));
    visit(`/oauth?code=c0de&state=${STATE}`);
    expect(await screen.findByRole('heading', { name: 'Connected.' })).toBeTruthy();
    expect(callbacks).toHaveLength(1);
  });
});

describe('/admin/authorize and /oauth/authorize', () => {
  const appState = (extra: Record<string, unknown> = {}) => encodeState({ authSessionToken: 'tok_1', appId: 'sandbox-hris-oauth', sandbox: true, reintegrate: false, ...extra });

  it('read the state and open the connect screen at its app, in admin mode for /admin/authorize', async () => {
    visit(`/admin/authorize?state=${appState()}`);
    expect(await screen.findByRole('heading', { name: 'Connect an app for Globex Corp' })).toBeTruthy();
    expect(screen.getByText('Admin mode')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Connect HRIS Sandbox (OAuth)' })).toBeTruthy();
    cleanup();
    visit(`/oauth/authorize?state=${appState()}`);
    expect(await screen.findByRole('heading', { name: 'Connect HRIS Sandbox (OAuth) to Acme' })).toBeTruthy();
    expect(screen.queryByText('Admin mode')).toBeNull();
  });

  it('a state that does not decode or names no app toasts and goes to /404', async () => {
    for (const url of ['/admin/authorize', `/admin/authorize?state=${encodeState({ authSessionToken: 'tok_1', sandbox: true })}`, '/oauth/authorize?state=%%%', `/oauth/authorize?state=${appState({ authSessionToken: '' })}`]) {
      visit(url);
      await toAndToast();
      cleanup();
    }
  });

  it('in German for a German link', async () => {
    server.use(getSessionAnswers(() => ok(session({ language: 'de' }))));
    visit(`/admin/authorize?state=${appState()}`);
    expect(await screen.findByRole('heading', { name: 'Eine App für Globex Corp verbinden' })).toBeTruthy();
    expect(screen.getByText('Admin-Modus')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mit HRIS Sandbox (OAuth) anmelden' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Alle Apps' })).toBeTruthy();
  });
});
