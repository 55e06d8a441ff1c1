// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type BuiltChunk, patternSource, routeHintScript, screenModulesOf } from '../../../scripts/routeHints.ts';
import { screens, screensListingTheirPath } from '../../../src/dashboard/app/screens.ts';
import { SESSION_STORAGE_KEY } from '../../../src/dashboard/app/storageKeys.ts';

// index.html's route hints: on a signed-in /dashboard path, modulepreload links for the data
// starter, the shell and the path's screen (with the list starter where its first call is the
// generated list), each with its static imports, less the entry's; nothing elsewhere.
const ROOT = '/repo/src/dashboard';
const chunk = (fileName: string, module: string | null, imports: string[] = [], isEntry = false): BuiltChunk =>
  ({ type: 'chunk', fileName, facadeModuleId: module && `${ROOT}/${module}`, imports, isEntry });

const bundle: BuiltChunk[] = [
  chunk('assets/index.js', 'index.html', ['assets/react.js'], true),
  chunk('assets/react.js', null),
  chunk('assets/dashboardData.js', 'app/dashboardData.ts', ['assets/react.js', 'assets/query.js']),
  chunk('assets/query.js', null),
  chunk('assets/DashboardApp.js', 'app/DashboardApp.tsx', ['assets/query.js', 'assets/mui.js']),
  chunk('assets/mui.js', null, ['assets/react.js']),
  chunk('assets/listPreload.js', 'app/listPreload.ts', ['assets/list.js']),
  chunk('assets/list.js', null, ['assets/mui.js']),
  chunk('assets/logs.js', 'resources/logs/index.ts', ['assets/list.js', 'assets/chart.js']),
  chunk('assets/chart.js', null),
  chunk('assets/home.js', 'resources/home/index.ts', ['assets/chart.js']),
  { type: 'asset', fileName: 'assets/index.css' },
];
const script = routeHintScript(bundle, {
  root: ROOT,
  shell: ['app/dashboardData.ts', 'app/DashboardApp.tsx'],
  listStarter: 'app/listPreload.ts',
  screens: [
    { pattern: 'home', module: 'resources/home/index.ts', listing: false },
    { pattern: 'logs', module: 'resources/logs/index.ts', listing: true },
  ],
  sessionKey: SESSION_STORAGE_KEY,
});

/** The modulepreload links the script adds when the page at `path` is parsed. */
function preloadsAt(path: string, signedIn = true): string[] {
  localStorage.clear();
  if (signedIn) localStorage.setItem(SESSION_STORAGE_KEY, 'encrypted-session');
  history.replaceState(null, '', path);
  document.head.innerHTML = '';
  new Function(script)();
  return [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href')!);
}

const SHELL = ['/assets/dashboardData.js', '/assets/query.js', '/assets/DashboardApp.js', '/assets/mui.js'];

describe('route hints in index.html', () => {
  it("preloads the shell and the path's screen with their imports, less the entry's, in load order", () => {
    expect(preloadsAt('/dashboard/logs')).toEqual([...SHELL, '/assets/listPreload.js', '/assets/list.js', '/assets/logs.js', '/assets/chart.js']);
    expect(preloadsAt('/dashboard/logs/')).toEqual(preloadsAt('/dashboard/logs'));
    // Not a listing screen: no list starter.
    expect(preloadsAt('/dashboard/home')).toEqual([...SHELL, '/assets/home.js', '/assets/chart.js']);
    // A path without a screen of its own shows the generated list at its path.
    expect(preloadsAt('/dashboard/webhooks')).toEqual([...SHELL, '/assets/listPreload.js', '/assets/list.js']);
  });

  it('adds nothing off the dashboard or without a stored session', () => {
    for (const path of ['/signup', '/', '/magic/authorize', '/dashboardish']) expect(preloadsAt(path), path).toEqual([]);
    expect(preloadsAt('/dashboard/logs', false)).toEqual([]);
  });

  it('fails the build when a module it must name has no chunk', () => {
    expect(() => routeHintScript(bundle, { root: ROOT, shell: ['app/Missing.tsx'], listStarter: 'app/listPreload.ts', screens: [], sessionKey: 'k' }))
      .toThrow(/no chunk for app\/Missing.tsx/);
  });

  it("reads app/screens.ts's screens, in order, as the module itself exports them", () => {
    const read = screenModulesOf(readFileSync(join(import.meta.dirname, '../../../src/dashboard/app/screens.ts'), 'utf8'));
    expect(read.map((s) => s.pattern)).toEqual(Object.keys(screens));
    expect(read.filter((s) => s.listing).map((s) => s.pattern).sort()).toEqual([...screensListingTheirPath].sort());
    expect(read.find((s) => s.pattern === 'logs/api/:executionId')!.module).toBe('resources/logs/ApiLogShow.tsx');
  });

  it('matches a path as the router does: whole segments, one per parameter', () => {
    const matches = (pattern: string, path: string) => new RegExp(patternSource(pattern)).test(path);
    expect(matches('logs/api/:executionId', '/dashboard/logs/api/exe_1')).toBe(true);
    expect(matches('logs/api/:executionId', '/dashboard/logs/api/exe_1/more')).toBe(false);
    expect(matches('logs', '/dashboard/logsx')).toBe(false);
  });
});
