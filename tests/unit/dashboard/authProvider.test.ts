import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClients, unwrap } from '../../../src/dashboard/providers/apiClient.ts';
import { createAuthProvider, loginRedirect } from '../../../src/dashboard/providers/authProvider.ts';
import { createSignOut } from '../../../src/dashboard/providers/signOut.ts';
import { createMemoryKeyStore, createSessionStore, type SessionState } from '../../../src/dashboard/session/index.ts';
import { engine as engineMocks } from '../../../src/generated/mocks/index.ts';
import { LOGOUT_RELOAD_MS } from '../../../src/shared/constants.ts';
import { ORIGIN, server } from './support/clients.ts';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  server.events.removeAllListeners();
});
afterAll(() => server.close());

const signedIn: SessionState = { token: 'tok_0123456789abcdef0123456789abcdef', isLoggedIn: true, isFirstLogin: false, onBoardingCompleted: true, uiVersion: '0.1.0' };

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k), items };
}

/** The wiring of providers/instances.ts, against MSW, with a memory key store and a fake reload. */
function wire(path = '/dashboard/logs?tab=api') {
  const storage = memoryStorage();
  const session = createSessionStore({ keyStore: createMemoryKeyStore(), storage });
  const reloads: number[] = [];
  const clients = createApiClients({
    session,
    onUnauthorized: () => void signOut(),
    engineBaseUrl: `${ORIGIN}/api`,
    aiBaseUrl: `${ORIGIN}/ai`,
    fetch: (r) => globalThis.fetch(r),
  });
  const signOut = createSignOut({ clients, session, reload: () => void reloads.push(Date.now()) });
  const authProvider = createAuthProvider({ clients, session, signOut, currentPath: () => path });
  return { session, storage, clients, signOut, authProvider, reloads };
}

const userDetails = (role: 'admin' | 'member' | 'billingcontact') =>
  engineMocks.getUserUserDetailsMockHandler(() => ({
    success: true,
    msg: {
      ...engineMocks.getUserUserDetailsResponseMock().msg,
      userId: 'usr_1',
      userEmail: 'dev@acme.io',
      username: 'Dana',
      orgId: 'org_1',
      orgName: 'Acme',
      role,
      featureFlags: { ai_connectors: true },
    },
  }));

describe('authProvider', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('checkAuth passes with a stored session', async () => {
    const { session, authProvider } = wire();
    await session.save(signedIn);
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
  });

  it('checkAuth without a session sends to /signup?login=true&redirect={current path}', async () => {
    const { authProvider } = wire('/dashboard/logs?tab=api');
    await expect(authProvider.checkAuth({})).rejects.toEqual({ redirectTo: '/signup?login=true&redirect=%2Fdashboard%2Flogs%3Ftab%3Dapi', message: false });
    expect(loginRedirect('/dashboard/home')).toBe('/signup?login=true&redirect=%2Fdashboard%2Fhome');
  });

  it('getIdentity and getPermissions come from user.userDetails (role, featureFlags)', async () => {
    let calls = 0;
    server.use(userDetails('billingcontact'));
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/user.userDetails')) calls += 1;
    });
    const { session, authProvider } = wire();
    await session.save(signedIn);
    const identity = await authProvider.getIdentity!();
    expect(identity).toMatchObject({ id: 'usr_1', fullName: 'Dana', email: 'dev@acme.io', orgName: 'Acme', role: 'billingcontact', featureFlags: { ai_connectors: true } });
    await expect(authProvider.getPermissions!({})).resolves.toEqual({ role: 'billingcontact', featureFlags: { ai_connectors: true } });
    expect(calls).toBe(1);
  });

  it('logout calls auth.signOut with the token, clears the session and reloads after 3 s', async () => {
    let signOutBody: unknown;
    server.use(
      engineMocks.getAuthSignOutMockHandler(async (info) => {
        signOutBody = await info.request.json();
        return { success: true, msg: { signedOut: true } } as never;
      }),
    );
    const { session, storage, authProvider, reloads } = wire();
    await session.save(signedIn);
    await expect(authProvider.logout({})).resolves.toBe('/signup?login=true');
    expect(signOutBody).toEqual({ token: signedIn.token });
    expect(session.get()).toBeNull();
    expect(storage.items.size).toBe(0);
    expect(reloads).toEqual([]);
    await vi.advanceTimersByTimeAsync(LOGOUT_RELOAD_MS - 1);
    expect(reloads).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(reloads).toHaveLength(1);
  });

  it('logout without a session neither calls the server nor reloads', async () => {
    const { authProvider, reloads } = wire();
    await expect(authProvider.logout({})).resolves.toBeUndefined();
    await vi.advanceTimersByTimeAsync(LOGOUT_RELOAD_MS);
    expect(reloads).toEqual([]);
  });

  it('a failing auth.signOut still signs out locally', async () => {
    server.use(http.post(`${ORIGIN}/api/auth.signOut`, () => HttpResponse.error()));
    const { session, authProvider, reloads } = wire();
    await session.save(signedIn);
    await authProvider.logout({});
    expect(session.get()).toBeNull();
    await vi.advanceTimersByTimeAsync(LOGOUT_RELOAD_MS);
    expect(reloads).toHaveLength(1);
  });

  it('checkError rejects a 401 (react-admin then logs out) and lets other errors through', async () => {
    const { authProvider } = wire();
    await expect(authProvider.checkError({ status: 401 })).rejects.toEqual({ status: 401 });
    await expect(authProvider.checkError({ status: 403 })).resolves.toBeUndefined();
    await expect(authProvider.checkError(new Error('x'))).resolves.toBeUndefined();
  });

  it('any 401 of a secured call signs out once and reloads, even when several calls fail together', async () => {
    let signOuts = 0;
    server.use(
      http.get(`${ORIGIN}/api/app.getApiKeys`, () => HttpResponse.json({ success: false, error: { msg: 'Please sign in again', code: 'UNAUTHORIZED' } }, { status: 401 })),
      http.post(`${ORIGIN}/api/auth.signOut`, () => {
        signOuts += 1;
        return HttpResponse.json({ success: true, msg: {} });
      }),
    );
    const { session, clients, authProvider, reloads } = wire();
    await session.save(signedIn);
    const results = await Promise.allSettled([unwrap(clients.engine.GET('/app.getApiKeys')), unwrap(clients.engine.GET('/app.getApiKeys'))]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    await authProvider.checkError((results[0] as PromiseRejectedResult).reason).catch(() => authProvider.logout({}));
    await vi.advanceTimersByTimeAsync(0);
    expect(signOuts).toBe(1);
    expect(session.get()).toBeNull();
    await vi.advanceTimersByTimeAsync(LOGOUT_RELOAD_MS);
    expect(reloads).toHaveLength(1);
  });
});
