import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConnectScreen as ConnectScreenType } from '../../../src/dashboard/pages/magic/ConnectScreen.tsx';
import { oauthErrorMessage, oauthSuccessMessage } from '../../../src/shared/oauthWindowMessage.ts';
import { api, details, failure, fakePopup, formApp, messageFrom, oauthApp, ok, ORIGIN, session } from './connectFixtures.ts';

// The OAuth step of the connect screen, with the engine answered by MSW and the sign-in window a
// stand-in: the FORM fields before the sign-in, connect.oauth.start, the window, the one message
// of this sign-in from that window, and every way it can end (connected, closed, refused, failed,
// blocked, left).

const AUTHORIZE_URL = `${ORIGIN}/sandbox/oauth/auth?client_id=sandbox-hris-oauth&state=s1`;
let server: ReturnType<typeof setupServer>;
let ConnectScreen: typeof ConnectScreenType;
let starts: unknown[];
let popups: ReturnType<typeof fakePopup>[];
let open: ReturnType<typeof vi.fn>;

beforeAll(async () => {
  vi.stubEnv('VITE_ENGINE_URL', `${ORIGIN}/api`);
  server = setupServer();
  server.listen({ onUnhandledRequest: 'error' });
  ({ ConnectScreen } = await import('../../../src/dashboard/pages/magic/ConnectScreen.tsx'));
}, 60_000);
beforeEach(() => {
  starts = [];
  popups = [];
  let count = 0;
  server.use(http.post(api('connect.oauth.start'), async ({ request }) => {
    starts.push(await request.json());
    count += 1;
    return ok({ authorizeUrl: AUTHORIZE_URL.replace('s1', `s${count}`), state: `s${count}`, expiresAt: 1_900_000_000 });
  }));
  open = vi.fn(() => {
    const popup = fakePopup();
    popups.push(popup);
    return popup;
  });
  vi.spyOn(window, 'open').mockImplementation(open as unknown as typeof window.open);
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => {
  server.close();
  vi.unstubAllEnvs();
});

/** The connect screen at the OAuth app's setup form, its subdomain filled. */
function openOAuthApp(token = 'tok_1') {
  render(<ConnectScreen session={session()} token={token} />);
  fireEvent.click(screen.getByRole('button', { name: oauthApp.label }));
  const form = screen.getByRole('form', { name: `Connect ${oauthApp.label}` });
  return form;
}
const signInButton = (form: HTMLElement) => within(form).getByRole('button', { name: `Sign in with ${oauthApp.label}` });
const post = (source: unknown, data: unknown) => act(() => { window.dispatchEvent(messageFrom(source, data)); });

async function signIn(form: HTMLElement) {
  fireEvent.change(within(form).getByLabelText(/Your account subdomain/), { target: { value: ' globex ' } });
  fireEvent.click(signInButton(form));
  await waitFor(() => expect(open).toHaveBeenCalledTimes(starts.length));
  await screen.findByTestId('oauth-waiting');
}

describe('Sign in with {app}', () => {
  it('checks the fields before the sign-in, starts it, opens the window and connects on the message of this sign-in', async () => {
    const form = openOAuthApp();
    expect(within(form).queryByRole('button', { name: /^Connect/ })).toBeNull();
    fireEvent.click(signInButton(form));
    expect(within(form).getByText('Your account subdomain is required')).toBeTruthy();
    expect(starts).toEqual([]);

    await signIn(form);
    expect(starts).toEqual([{ authSessionToken: 'tok_1', appId: oauthApp.id, category: 'HRIS', values: { subdomain: 'globex' }, stepId: 'authorize', isFinalStep: true, reintegrate: false }]);
    const [url, name, features] = open.mock.calls[0] as [string, string, string];
    expect(url).toBe(AUTHORIZE_URL);
    expect(name).toBe('knit-oauth');
    expect(features).toMatch(/^popup=yes,width=500,height=700,left=\d+,top=\d+$/);
    expect(screen.getByTestId('oauth-waiting').textContent).toContain(`Finish signing in to ${oauthApp.label} in the window that opened.`);
    expect((signInButton(form) as HTMLButtonElement).disabled).toBe(true);
    expect((within(form).getByLabelText(/Your account subdomain/) as HTMLInputElement).disabled).toBe(true);

    // Show the window brings it to the front.
    fireEvent.click(screen.getByRole('button', { name: 'Show the window' }));
    expect(popups[0].focus).toHaveBeenCalled();

    // Someone else's messages change nothing: another window, another tag, another sign-in's state.
    const other = fakePopup();
    post(other, oauthSuccessMessage('s1', details({ integrationId: 'int_forged' })));
    post(popups[0], { ...oauthSuccessMessage('s1', details({ integrationId: 'int_forged' })), source: 'other' });
    post(popups[0], oauthSuccessMessage('s0', details({ integrationId: 'int_forged' })));
    expect(screen.getByTestId('oauth-waiting')).toBeTruthy();

    post(popups[0], oauthSuccessMessage('s1', details()));
    expect(await screen.findByRole('heading', { name: `${oauthApp.label} is connected` })).toBeTruthy();
    expect(screen.getByTestId('connect-integration-id').textContent).toBe('int_magic1');
    expect(screen.queryByText('int_forged')).toBeNull();
    // A connected window shows its success and closes by itself.
    expect(popups[0].close).not.toHaveBeenCalled();
  });

  it('says so when the window is closed before finishing, and Try again signs in anew', async () => {
    const form = openOAuthApp();
    await signIn(form);
    act(() => { popups[0].closed = true; });
    expect((await within(form).findByRole('alert')).textContent).toContain('The sign-in window was closed before finishing. Try again.');
    expect((within(form).getByLabelText(/Your account subdomain/) as HTMLInputElement).disabled).toBe(false);

    // A late message of the closed sign-in is not this one's.
    fireEvent.click(within(form).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(2));
    await screen.findByTestId('oauth-waiting');
    expect(starts).toHaveLength(2);
    post(popups[0], oauthSuccessMessage('s1', details({ integrationId: 'int_old' })));
    expect(screen.getByTestId('oauth-waiting')).toBeTruthy();
    post(popups[1], oauthSuccessMessage('s2', details()));
    expect(await screen.findByRole('heading', { name: `${oauthApp.label} is connected` })).toBeTruthy();
  }, 20_000);

  it("shows the engine's message of a failed sign-in, and the app's words of a refused one, with Try again", async () => {
    const form = openOAuthApp();
    await signIn(form);
    post(popups[0], oauthErrorMessage('s1', 'This link has already been used'));
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toContain('This link has already been used');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
    // Closed at once, so that Try again opens a new window rather than reusing the closing one.
    expect(popups[0].close).toHaveBeenCalled();

    fireEvent.click(within(form).getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('oauth-waiting');
    post(popups[1], oauthSuccessMessage('s2', details({
      success: false, errors: [{ code: 'access_denied', description: 'Access to the app was denied', resolution: 'Connect the app again and choose Allow' }],
    })));
    const refused = await within(form).findByRole('alert');
    expect(refused.textContent).toContain('Access to the app was denied');
    expect(refused.textContent).toContain('Connect the app again and choose Allow');
    expect(screen.queryByTestId('connect-done')).toBeNull();
  });

  it('offers a link to open a blocked window, which opens it from the click', async () => {
    open.mockImplementationOnce(() => null);
    const form = openOAuthApp();
    fireEvent.change(within(form).getByLabelText(/Your account subdomain/), { target: { value: 'globex' } });
    fireEvent.click(signInButton(form));
    const blocked = await screen.findByTestId('oauth-blocked');
    expect(blocked.textContent).toContain('Your browser blocked the sign-in window.');
    const link = within(blocked).getByRole('link', { name: 'Open the sign-in window' });
    expect(link.getAttribute('href')).toBe(AUTHORIZE_URL);
    fireEvent.click(link);
    expect(open).toHaveBeenCalledTimes(2);
    expect(open.mock.calls[1]?.[0]).toBe(AUTHORIZE_URL);
    await screen.findByTestId('oauth-waiting');
    post(popups[0], oauthSuccessMessage('s1', details()));
    expect(await screen.findByTestId('connect-done')).toBeTruthy();
    expect(starts).toHaveLength(1);
  });

  it('leaves a waiting sign-in with All apps (closing its window) and with Cancel', async () => {
    let form = openOAuthApp();
    await signIn(form);
    fireEvent.click(within(form).getByRole('button', { name: 'All apps' }));
    expect(popups[0].close).toHaveBeenCalled();
    expect(screen.getByRole('list', { name: 'HRIS apps' })).toBeTruthy();
    post(popups[0], oauthSuccessMessage('s1', details()));
    expect(screen.queryByTestId('connect-done')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: oauthApp.label }));
    form = screen.getByRole('form', { name: `Connect ${oauthApp.label}` });
    await signIn(form);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(popups[1].close).toHaveBeenCalled();
    expect(screen.queryByTestId('oauth-waiting')).toBeNull();
    expect((signInButton(form) as HTMLButtonElement).disabled).toBe(false);
  });

  it("puts the start's field error under its input, and opens no window", async () => {
    server.use(http.post(api('connect.oauth.start'), () => failure(400, 'Your account subdomain is required', 'values.subdomain')));
    const form = openOAuthApp();
    fireEvent.change(within(form).getByLabelText(/Your account subdomain/), { target: { value: 'x' } });
    fireEvent.click(signInButton(form));
    expect(await within(form).findByText('Your account subdomain is required')).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
    expect((signInButton(form) as HTMLButtonElement).disabled).toBe(false);
  });

  it('connects a FORM app as before, with connect.complete', async () => {
    server.use(http.post(api('connect.complete'), () => ok({ integrationId: 'int_magic1', appId: 'bamboohr', appLabel: 'BambooHR', category: 'HRIS', integrationState: 'Success', originOrgName: 'Globex Corp' })));
    render(<ConnectScreen session={session()} token="tok_1" />);
    fireEvent.click(screen.getByRole('button', { name: formApp.label }));
    const form = screen.getByRole('form', { name: 'Connect BambooHR' });
    fireEvent.change(within(form).getByLabelText(/API key/), { target: { value: 'k' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Connect BambooHR' }));
    expect(await screen.findByRole('heading', { name: 'BambooHR is connected' })).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
  });
});

describe('the admin and one-app screens', () => {
  it('admin mode opens at the named app, says it connects on behalf of the end customer, and may choose another app', () => {
    render(<ConnectScreen session={session()} token="tok_1" mode="admin" appId={oauthApp.id} />);
    expect(screen.getByText('Admin mode')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Connect an app for Globex Corp' })).toBeTruthy();
    expect(screen.getByText(/You are connecting an account on behalf of Globex Corp, the end customer of Acme\./)).toBeTruthy();
    expect(screen.getByRole('form', { name: `Connect ${oauthApp.label}` })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'All apps' }));
    expect(screen.getByRole('list', { name: 'HRIS apps' })).toBeTruthy();
  });

  it('a link for one app stays on it; an app the session does not offer leaves the choice to the end customer', () => {
    const { unmount } = render(<ConnectScreen session={session()} token="tok_1" mode="app" appId={oauthApp.id} />);
    expect(screen.getByRole('heading', { name: `Connect ${oauthApp.label} to Acme` })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'All apps' })).toBeNull();
    unmount();
    render(<ConnectScreen session={session()} token="tok_1" mode="app" appId="workday" />);
    expect(screen.getByText('The app this link names is not offered by it. Choose one of the apps below.')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'HRIS apps' })).toBeTruthy();
  });
});
