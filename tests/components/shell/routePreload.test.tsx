import { beforeEach, describe, expect, it, vi } from 'vitest';

// What a cold /dashboard visit starts before React renders: the first calls at once, then the
// shell's chunk and the screen's each in a task of their own (their preload elements, made in the
// task that evaluated the entry chunk, made one long task of it), and all of it within a few ms.
const started: string[] = [];
const record = (name: string) => vi.fn(() => {
  started.push(name);
  return Promise.resolve();
});

vi.mock('../../../src/dashboard/app/App.tsx', () => {
  const page = (name: string) => ({ preload: record(name) });
  return {
    DashboardApp: page('shell'), SignUpPage: page('signup'), NotFoundPage: page('404'), NotBuiltYetPage: page('not built'),
    MagicAuthorizePage: page('magic'), AdminAuthorizePage: page('admin'), OAuthAuthorizePage: page('oauth'), OAuthCallbackPage: page('oauth callback'),
  };
});
vi.mock('../../../src/dashboard/app/screens.ts', () => ({
  screenForPath: (pathname: string) => (pathname === '/dashboard/logs' ? { pattern: '/dashboard/logs', screen: { preload: record('screen') } } : undefined),
  screensListingTheirPath: new Set(['/dashboard/logs']),
}));
vi.mock('../../../src/dashboard/app/dashboardData.ts', () => ({ startShellData: record('user details') }));
vi.mock('../../../src/dashboard/app/listPreload.ts', () => ({ preloadFirstList: record('first list call') }));

const { preloadRoute } = await import('../../../src/dashboard/app/routePreload.ts');
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('preloadRoute', () => {
  beforeEach(() => {
    started.length = 0;
  });

  it('starts the calls first, then the shell and the screen in tasks of their own', async () => {
    const done = preloadRoute({ pathname: '/dashboard/logs', search: '' }, Promise.resolve(null), true);
    // Nothing heavy in the calling task: the entry chunk's evaluation ends there.
    expect(started).toEqual([]);
    await Promise.resolve();
    await Promise.resolve();
    expect(started.filter((name) => name === 'shell' || name === 'screen')).toEqual([]);
    await nextTask();
    expect(started).toContain('shell');
    expect(started).not.toContain('screen');
    await done;
    expect(started).toEqual(expect.arrayContaining(['user details', 'first list call', 'shell', 'screen']));
    expect(started.indexOf('screen')).toBeGreaterThan(started.indexOf('shell'));
  });

  it('fetches only the sign-up page for a dashboard path without a stored session', async () => {
    await preloadRoute({ pathname: '/dashboard/logs', search: '' }, Promise.resolve(null), false);
    expect(started).toEqual(['signup']);
  });
});
