import { act, cleanup, render, screen } from '@testing-library/react';
import { AdminContext, testDataProvider, type AuthProvider } from 'react-admin';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ShellLayout } from '../../../src/dashboard/layout/ShellLayout.tsx';
// Loaded up front: the shell loads the notice lazily, and a module already in the cache arrives
// without real I/O, which fake timers could not wait for.
import { VersionCheckDepsContext, type VersionCheckDeps } from '../../../src/dashboard/layout/VersionNotice.tsx';
import { VERSION_WATCH_START_MS } from '../../../src/dashboard/layout/versionWatch.ts';
import { DASHBOARD_VERSION, VERSION_MISMATCH_MESSAGE, VERSION_RELOAD_DELAY_MS } from '../../../src/dashboard/machines/versionCheck/index.ts';

// Part 1 §4: a version change shows 'Dashboard is currently on older version, Please wait...'
// and only then logs out (major or minor, on a dashboard page) or reloads (patch). The shell is
// rendered as the dashboard renders it; only the version call, the sign-out and the reload are fakes.
afterEach(cleanup);
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const authProvider: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => ({ role: 'admin', featureFlags: {} }),
  getIdentity: async () => ({ id: 'usr_1', fullName: 'Dana Developer', email: 'dana@acme.io' }),
};

/** The version the server answers: this build's with one part raised. */
function bumped(part: 'major' | 'minor' | 'patch'): string {
  const [major, minor, patch] = DASHBOARD_VERSION.split('.').map(Number);
  return part === 'major' ? `${major + 1}.0.0` : part === 'minor' ? `${major}.${minor + 1}.0` : `${major}.${minor}.${patch + 1}`;
}

/** The notice as a user sees it: an open dialog (not a hidden backdrop) with the message. */
const noticeShown = () => screen.queryByRole('alertdialog')?.textContent === VERSION_MISMATCH_MESSAGE;

function renderShell(serverVersion: string) {
  const calls: { action: 'signOut' | 'reload'; at: number; noticeShown: boolean }[] = [];
  const started = Date.now();
  const deps: VersionCheckDeps = {
    clients: {
      engine: {
        GET: vi.fn(async () => ({ data: { success: true, msg: { uiVersion: serverVersion } }, response: new Response(null, { status: 200 }) })),
      } as never,
    },
    signOut: vi.fn(async () => void calls.push({ action: 'signOut', at: Date.now() - started, noticeShown: noticeShown() })),
    reload: vi.fn(() => void calls.push({ action: 'reload', at: Date.now() - started, noticeShown: noticeShown() })),
  };
  render(
    <MemoryRouter initialEntries={['/dashboard/home']}>
      <AdminContext dataProvider={testDataProvider()} authProvider={authProvider}>
        <VersionCheckDepsContext.Provider value={deps}>
          <ShellLayout>
            <p>Home page</p>
          </ShellLayout>
        </VersionCheckDepsContext.Provider>
      </AdminContext>
    </MemoryRouter>,
  );
  return { deps, calls };
}

/** The user comes back to the tab: what starts the version check (versionWatch.ts). */
async function focusWindow() {
  await act(async () => void window.dispatchEvent(new Event('focus')));
}

/** Moves the clock in small steps, letting React render and promises settle between them. */
async function advance(ms: number, step = 50) {
  for (let passed = 0; passed < ms; passed += step) {
    await act(() => vi.advanceTimersByTimeAsync(Math.min(step, ms - passed)));
  }
}

describe('the version notice in the shell', { timeout: 20_000 }, () => {
  it.each(['major', 'minor'] as const)('a %s change shows the message for the reload delay, then logs out and reloads', async (part) => {
    const { deps, calls } = renderShell(bumped(part));
    await focusWindow();
    await advance(200);
    expect(screen.getByText('Home page')).toBeTruthy();
    expect(deps.clients.engine.GET).toHaveBeenCalledWith('/auth.getUiVersion', expect.anything());
    expect(noticeShown()).toBe(true);
    expect(calls).toEqual([]);

    // Spec part 1 §9: reload delays 1 to 3 s; the message stays up all that time.
    expect(VERSION_RELOAD_DELAY_MS).toBeGreaterThanOrEqual(1_000);
    expect(VERSION_RELOAD_DELAY_MS).toBeLessThanOrEqual(3_000);
    await advance(VERSION_RELOAD_DELAY_MS - 300);
    expect(noticeShown()).toBe(true);
    expect(calls).toEqual([]);

    await advance(200);
    expect(calls.map(({ action, noticeShown: shown }) => ({ action, shown }))).toEqual([
      { action: 'signOut', shown: true },
      { action: 'reload', shown: true },
    ]);
    expect(calls[0].at).toBeGreaterThanOrEqual(VERSION_RELOAD_DELAY_MS);
  });

  it('a patch change shows the message, then reloads without logging out', async () => {
    const { deps, calls } = renderShell(bumped('patch'));
    await focusWindow();
    await advance(200);
    expect(noticeShown()).toBe(true);
    await advance(VERSION_RELOAD_DELAY_MS);
    expect(deps.signOut).not.toHaveBeenCalled();
    expect(calls).toEqual([{ action: 'reload', at: expect.any(Number), noticeShown: true }]);
    expect(calls[0].at).toBeGreaterThanOrEqual(VERSION_RELOAD_DELAY_MS);
  });

  it('the same version shows nothing and does nothing', async () => {
    const { deps, calls } = renderShell(DASHBOARD_VERSION);
    await focusWindow();
    await advance(VERSION_RELOAD_DELAY_MS * 2);
    expect(deps.clients.engine.GET).toHaveBeenCalledTimes(1);
    expect(noticeShown()).toBe(false);
    expect(screen.queryByText(VERSION_MISMATCH_MESSAGE)).toBeNull();
    expect(calls).toEqual([]);
  });

  it('is not fetched on the first visit: it starts on focus, on another page, or a minute after the shell opened', async () => {
    const { deps } = renderShell(bumped('major'));
    await advance(VERSION_WATCH_START_MS - 1_000, 1_000);
    expect(deps.clients.engine.GET).not.toHaveBeenCalled();
    expect(noticeShown()).toBe(false);
    await advance(1_200, 100);
    expect(deps.clients.engine.GET).toHaveBeenCalledWith('/auth.getUiVersion', expect.anything());
    expect(noticeShown()).toBe(true);
  });
});
