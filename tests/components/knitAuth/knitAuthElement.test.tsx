import { fireEvent, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SchemaConnectApp, SchemaConnectSession, SchemaIntegrationDetails } from '../../../src/generated/api/engine.ts';
import { defineKnitAuth } from '../../../src/auth-component/define.ts';
import { KNIT_AUTH } from '../../../src/shared/embedSnippets.ts';

// <knit-auth> in a page, against a fake engine (the fetch the generated client calls): the screens,
// the four events with their IntegrationDetails, the OAuth window protocol and the keyboard.
const ENGINE = 'https://engine.example.test/api';

const formApp: SchemaConnectApp = {
  id: 'sandbox-hris-form', label: 'HRIS Sandbox (API key)', logo: null, authType: 'BASIC', sandbox: true, connectable: true, connectorId: null,
  steps: [{ stepId: 'credentials', setupType: 'FORM', fields: [{ name: 'apiKey', label: 'API key', type: 'password', required: true }, { name: 'note', label: 'Note', type: 'text', required: false }] }],
};
const oauthApp: SchemaConnectApp = {
  id: 'sandbox-hris-oauth', label: 'HRIS Sandbox (OAuth)', logo: null, authType: 'OAUTH', sandbox: true, connectable: true, connectorId: null,
  steps: [{ stepId: 'authorize', setupType: 'OAUTH', fields: [] }],
};
const session = (extra: Partial<SchemaConnectSession> = {}): SchemaConnectSession => ({
  integrationId: null, companyName: 'Acme', originOrgId: 'globex-7', originOrgName: 'Globex Corp', originUserName: 'Hank', originUserEmail: 'hank@globex.test',
  language: 'en', testAccount: true, sandbox: true, reintegrate: false, expiresAt: 1_900_000_000,
  categories: [
    { category: 'HRIS', label: 'HRIS', apps: [formApp, oauthApp] },
    { category: 'ATS', label: 'ATS', apps: [{ ...formApp, id: 'sandbox-ats-form', label: 'ATS Sandbox (API key)' }] },
  ],
  branding: { orgName: 'Acme Widgets', logoUrl: 'https://engine.example.test/api/app.uploads/default-logo.svg', tncUrl: 'https://acme.test/terms', customPoints: ['Connect in a minute', 'Encrypted credentials'] },
  integrations: [{ integrationId: 'int_old', appId: 'bamboohr', appLabel: 'BambooHR', logo: null, category: 'HRIS', integrationState: 'Success', createdAt: 1 }],
  ...extra,
});

type Answer = { status: number; body: unknown };
const ok = (msg: unknown): Answer => ({ status: 200, body: { success: true, msg } });
const failure = (status: number, msg: string, field?: string): Answer => ({ status, body: { success: false, error: { msg, code: 'X', ...(field ? { field } : {}) } } });

/** The fake engine: an answer per call, and every request's path and body. */
const engine = {
  answers: new Map<string, (body: Record<string, unknown>) => Answer>(),
  calls: [] as { path: string; body: Record<string, unknown> }[],
};
beforeAll(() => {
  defineKnitAuth(ENGINE, async (request: Request) => {
    const path = new URL(request.url).pathname.replace('/api/', '');
    const body = (await request.json()) as Record<string, unknown>;
    engine.calls.push({ path, body });
    const answer = engine.answers.get(path)?.(body) ?? failure(500, 'no answer');
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  document.body.replaceChildren();
  engine.answers.clear();
  engine.calls = [];
  vi.restoreAllMocks();
});

/** A page with <knit-auth>, its events recorded in order. */
function mount(attributes: Record<string, string> = { [KNIT_AUTH.tokenAttribute]: 'as_one' }) {
  const element = document.createElement(KNIT_AUTH.tagName);
  const events: { type: string; detail: { integrationDetails?: SchemaIntegrationDetails } }[] = [];
  for (const type of KNIT_AUTH.events) element.addEventListener(type, (event) => events.push({ type, detail: (event as CustomEvent).detail }));
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.appendChild(element);
  const shadow = () => within(element.shadowRoot as unknown as HTMLElement);
  return { element, events, shadow };
}

describe('<knit-auth>', () => {
  it('loads its session, shows the intro with the Personalize branding, then the apps', async () => {
    engine.answers.set('connect.getSession', () => ok(session()));
    const { shadow, events } = mount();
    expect(await shadow().findByRole('heading', { name: 'Connect your apps to Acme Widgets' })).toBeTruthy();
    expect(engine.calls).toEqual([{ path: 'connect.getSession', body: { authSessionToken: 'as_one' } }]);
    expect(shadow().getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Connect in a minute', 'Encrypted credentials']);
    expect(shadow().getAllByRole('link', { name: 'Terms and Conditions' })[0]!.getAttribute('href')).toBe('https://acme.test/terms');
    expect(shadow().getByRole('img', { name: 'Acme Widgets logo' }).getAttribute('src')).toBe('https://engine.example.test/api/app.uploads/default-logo.svg');
    fireEvent.click(shadow().getByRole('button', { name: 'Continue' }));
    expect(shadow().getByRole('list', { name: 'HRIS apps' })).toBeTruthy();
    // The first token is the page's own: no event asks for it.
    expect(events).toEqual([]);
  });

  it('skips the intro with skipIntro, switches categories with the keyboard and filters by search', async () => {
    engine.answers.set('connect.getSession', () => ok(session()));
    const { shadow, element } = mount({ [KNIT_AUTH.tokenAttribute]: 'as_one', skipIntro: '' });
    const tab = await shadow().findByRole('tab', { name: 'HRIS' });
    expect((element as unknown as { skipIntro: boolean }).skipIntro).toBe(true);
    fireEvent.keyDown(tab, { key: 'ArrowRight' });
    expect(shadow().getByRole('tab', { name: 'ATS' }).getAttribute('aria-selected')).toBe('true');
    expect(element.shadowRoot!.activeElement?.textContent).toBe('ATS');
    fireEvent.keyDown(shadow().getByRole('tab', { name: 'ATS' }), { key: 'Home' });
    fireEvent.input(shadow().getByRole('searchbox', { name: 'Search apps' }), { target: { value: 'oauth' } });
    expect(within(shadow().getByRole('list', { name: 'HRIS apps' })).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['HRIS Sandbox (OAuth)']);
    fireEvent.input(shadow().getByRole('searchbox', { name: 'Search apps' }), { target: { value: 'zzz' } });
    expect(shadow().getByText('No HRIS app matches "zzz".')).toBeTruthy();
  });

  it("connects a form app: required fields first, then onFinish with the account's IntegrationDetails", async () => {
    engine.answers.set('connect.getSession', () => ok(session()));
    engine.answers.set('connect.complete', () => ok({ integrationId: 'int_new', appId: formApp.id, appLabel: formApp.label, category: 'HRIS', integrationState: 'Success', originOrgName: 'Globex Corp' }));
    const { shadow, events } = mount({ [KNIT_AUTH.tokenAttribute]: 'as_one', skipintro: '' });
    fireEvent.click(await shadow().findByRole('button', { name: formApp.label }));
    // Each answer renders the form anew: look it up after every step.
    const form = () => within(shadow().getByRole('form', { name: `Connect ${formApp.label}` }));
    expect(form().getByLabelText(/^API key/).getAttribute('aria-required')).toBe('true');
    expect(form().getByLabelText(/^Note/).getAttribute('aria-required')).toBeNull();
    fireEvent.click(form().getByRole('button', { name: `Connect ${formApp.label}` }));
    const apiKey = form().getByLabelText(/^API key/);
    expect(apiKey.getAttribute('aria-invalid')).toBe('true');
    expect(form().getByText('API key is required')).toBeTruthy();
    expect(engine.calls.map((c) => c.path)).toEqual(['connect.getSession']);

    fireEvent.input(apiKey, { target: { value: '  k-123  ' } });
    // Typing clears the field's error in place.
    expect(form().queryByText('API key is required')).toBeNull();
    fireEvent.click(form().getByRole('button', { name: `Connect ${formApp.label}` }));
    expect(await shadow().findByRole('heading', { name: `${formApp.label} is connected` })).toBeTruthy();
    expect(shadow().getByTestId('knit-integration-id').textContent).toBe('int_new');
    expect(engine.calls[1]).toEqual({ path: 'connect.complete', body: { authSessionToken: 'as_one', appId: formApp.id, category: 'HRIS', values: { apiKey: 'k-123' }, confirmedSteps: [] } });
    expect(events).toEqual([{ type: 'onFinish', detail: { integrationDetails: { integrationId: 'int_new', appId: formApp.id, categoryId: 'HRIS', originOrgId: 'globex-7', success: true, errors: [], isDeactivated: false } } }]);

    // Another app needs another session: the page is asked for one.
    fireEvent.click(shadow().getByRole('button', { name: 'Connect another app' }));
    expect(events.at(-1)).toEqual({ type: 'onNewSession', detail: {} });
    expect(shadow().getByText('Preparing a secure connection…', { selector: 'p' })).toBeTruthy();
  });

  it("shows the engine's field error under its field", async () => {
    engine.answers.set('connect.getSession', () => ok(session()));
    engine.answers.set('connect.complete', () => failure(400, 'API key is not valid', 'values.apiKey'));
    const { shadow } = mount({ [KNIT_AUTH.tokenAttribute]: 'as_one', skipintro: '' });
    fireEvent.click(await shadow().findByRole('button', { name: formApp.label }));
    fireEvent.input(shadow().getByLabelText(/^API key/), { target: { value: 'bad' } });
    fireEvent.click(shadow().getByRole('button', { name: `Connect ${formApp.label}` }));
    expect(await shadow().findByText('API key is not valid')).toBeTruthy();
    expect(shadow().getByLabelText(/^API key/).getAttribute('aria-invalid')).toBe('true');
    expect(shadow().getByLabelText<HTMLInputElement>(/^API key/).value).toBe('bad');
  });

  it('asks for a new session once when its token is refused, and loads the token the page sets', async () => {
    engine.answers.set('connect.getSession', (body) => (body.authSessionToken === 'as_fresh' ? ok(session()) : failure(404, 'This link is invalid or has expired')));
    const { shadow, events, element } = mount();
    expect(await shadow().findByText('This link is invalid or has expired')).toBeTruthy();
    expect(events).toEqual([{ type: 'onNewSession', detail: {} }]);
    element.setAttribute(KNIT_AUTH.tokenAttribute, 'as_one');
    await waitFor(() => expect(engine.calls).toHaveLength(2));
    await shadow().findByText('This link is invalid or has expired');
    // The same refused token again: not asked about twice (a page answering with it would loop).
    expect(events).toHaveLength(1);
    element.setAttribute(KNIT_AUTH.tokenAttribute, 'as_fresh');
    expect(await shadow().findByRole('heading', { name: 'Connect your apps to Acme Widgets' })).toBeTruthy();
  });

  it('closes with onKnitClose and asks for a new session when opened again', async () => {
    engine.answers.set('connect.getSession', () => ok(session()));
    const { shadow, events } = mount();
    fireEvent.click(await shadow().findByRole('button', { name: 'Close' }));
    expect(events).toEqual([{ type: 'onKnitClose', detail: {} }]);
    fireEvent.click(shadow().getByRole('button', { name: 'Connect an app' }));
    expect(events.at(-1)).toEqual({ type: 'onNewSession', detail: {} });
  });

  it('deactivates a connected app after confirmation, with onDeactivate', async () => {
    const deactivated: SchemaIntegrationDetails = { integrationId: 'int_old', appId: 'bamboohr', categoryId: 'HRIS', originOrgId: 'globex-7', success: true, errors: [], isDeactivated: true };
    engine.answers.set('connect.getSession', () => ok(session()));
    engine.answers.set('connect.deactivate', () => ok(deactivated));
    const { shadow, events } = mount({ [KNIT_AUTH.tokenAttribute]: 'as_one', skipintro: '' });
    fireEvent.click(await shadow().findByRole('button', { name: 'Deactivate BambooHR' }));
    const confirm = shadow().getByRole('group', { name: 'Deactivate BambooHR' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    expect(await shadow().findByText('BambooHR is deactivated.')).toBeTruthy();
    expect(engine.calls.at(-1)).toEqual({ path: 'connect.deactivate', body: { authSessionToken: 'as_one', integrationId: 'int_old' } });
    expect(events).toEqual([{ type: 'onDeactivate', detail: { integrationDetails: deactivated } }]);
    expect(shadow().queryByRole('list', { name: 'Connected apps' })).toBeNull();
  });
});

describe('<knit-auth> OAuth sign-in window', () => {
  /** A window as window.open returns it: closable, navigable. */
  const fakePopup = () => ({ closed: false, close() { this.closed = true; }, location: { href: 'about:blank' } });
  const post = (source: unknown, data: unknown) => {
    const event = new Event('message');
    Object.defineProperties(event, { source: { value: source }, data: { value: data } });
    window.dispatchEvent(event);
  };
  const signIn = async (popup: ReturnType<typeof fakePopup> | null) => {
    engine.answers.set('connect.getSession', () => ok(session()));
    engine.answers.set('connect.oauth.start', () => ok({ authorizeUrl: 'https://engine.example.test/sandbox/oauth/auth?x=1', state: 'state-1', expiresAt: 1 }));
    const open = vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
    const page = mount({ [KNIT_AUTH.tokenAttribute]: 'as_one', skipintro: '' });
    fireEvent.click(await page.shadow().findByRole('button', { name: oauthApp.label }));
    fireEvent.click(page.shadow().getByRole('button', { name: `Sign in with ${oauthApp.label}` }));
    return { ...page, open };
  };

  it("opens the window in the click, sends it to the authorize URL and takes only its own window's message", async () => {
    const popup = fakePopup();
    const { shadow, events, open } = await signIn(popup);
    expect(open).toHaveBeenCalledWith('about:blank', 'knit-oauth', expect.stringContaining('popup=yes'));
    await waitFor(() => expect(popup.location.href).toBe('https://engine.example.test/sandbox/oauth/auth?x=1'));
    expect(engine.calls.at(-1)).toEqual({ path: 'connect.oauth.start', body: { authSessionToken: 'as_one', appId: oauthApp.id, category: 'HRIS', values: {}, stepId: 'authorize', reintegrate: false, isFinalStep: true } });
    const details: SchemaIntegrationDetails = { integrationId: 'int_oauth', appId: oauthApp.id, categoryId: 'HRIS', originOrgId: 'globex-7', success: true, errors: [], isDeactivated: false };
    // Another window, another sign-in's state, another source: ignored.
    post({}, { source: 'knit-oauth', state: 'state-1', details });
    post(popup, { source: 'knit-oauth', state: 'state-0', details });
    post(popup, { source: 'other', state: 'state-1', details });
    expect(events).toEqual([]);
    post(popup, { source: 'knit-oauth', state: 'state-1', details });
    expect(await shadow().findByRole('heading', { name: `${oauthApp.label} is connected` })).toBeTruthy();
    expect(events).toEqual([{ type: 'onFinish', detail: { integrationDetails: details } }]);
  });

  it('reports a refused sign-in with onFinish success false, and a window closed before finishing', async () => {
    const popup = fakePopup();
    const { shadow, events } = await signIn(popup);
    await waitFor(() => expect(popup.location.href).not.toBe('about:blank'));
    const refused: SchemaIntegrationDetails = {
      integrationId: 'int_oauth', appId: oauthApp.id, categoryId: 'HRIS', originOrgId: 'globex-7', success: false,
      errors: [{ code: 'access_denied', description: 'Access to the app was denied', resolution: 'Connect the app again and choose Allow' }], isDeactivated: false,
    };
    post(popup, { source: 'knit-oauth', state: 'state-1', details: refused });
    expect((await shadow().findByTestId('knit-error')).textContent).toBe('Access to the app was denied. Connect the app again and choose Allow.');
    expect(events).toEqual([{ type: 'onFinish', detail: { integrationDetails: refused } }]);

    const second = fakePopup();
    vi.spyOn(window, 'open').mockImplementation(() => second as unknown as Window);
    fireEvent.click(shadow().getByRole('button', { name: `Sign in with ${oauthApp.label}` }));
    await waitFor(() => expect(second.location.href).not.toBe('about:blank'));
    second.closed = true;
    await waitFor(() => expect(shadow().getByTestId('knit-error').textContent).toBe('The sign-in window was closed before finishing. Try again.'), { timeout: 3000 });
    expect(events).toHaveLength(1);
  });

  it('offers its own button when the browser blocked the window', async () => {
    const { shadow, open } = await signIn(null);
    const again = await shadow().findByRole('button', { name: 'Open the sign-in window' });
    expect(shadow().getByText('Your browser blocked the sign-in window.', { exact: false })).toBeTruthy();
    open.mockImplementation(() => fakePopup() as unknown as Window);
    fireEvent.click(again);
    expect(open).toHaveBeenLastCalledWith('https://engine.example.test/sandbox/oauth/auth?x=1', 'knit-oauth', expect.any(String));
    expect(shadow().getByRole('status').textContent).toContain('Waiting for the sign-in');
  });
});
